import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Copies the WAL back into the database file from a worker thread, on its own connection.
 *
 * Why: with `synchronous = NORMAL` a commit does not fsync, but a checkpoint fsyncs the WAL and
 * then the database file. Left to SQLite's autocheckpoint, that happens inside whichever commit
 * crosses the threshold, on the event loop; on this project's VM disk it halved the batched
 * claim rate. A PASSIVE checkpoint never blocks readers or writers, so a second connection
 * can do it while the main one keeps committing.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** CommonJS, because `eval` workers are; the driver path comes from the parent's resolution. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma("busy_timeout = 0");
const timer = setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {}
}, workerData.intervalMs);
parentPort.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startCheckpointer(path: string, intervalMs: number): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, intervalMs } });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  // A checkpointer that fails leaves the main connection's autocheckpoint as the backstop.
  worker.on("error", () => {});
  // Never what keeps a process alive; close() stops it properly.
  worker.unref();
  return {
    async stop() {
      worker.postMessage("stop");
      await exited;
    },
  };
}
