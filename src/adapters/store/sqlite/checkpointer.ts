import { Worker } from "node:worker_threads";
import { driverModule, type SqliteDb, type SqliteDriver } from "./driver.js";

/**
 * Copies the WAL back into the database file from a worker thread, on its own connection.
 *
 * Why: with `synchronous = NORMAL` a commit does not fsync, but a checkpoint fsyncs the WAL and
 * then the database file. Left to SQLite's autocheckpoint, that happens inside whichever commit
 * crosses the threshold, on the event loop: batches of 500 claims stalled up to 300 ms on this
 * project's VM disk, against ~80 ms with the checkpoint moved off-thread. A PASSIVE checkpoint
 * never blocks readers or writers, so a second connection can run it while the main one commits.
 *
 * The thread starts only once the store has been busy: `COMMITS_BEFORE_START` commits within
 * `BUSY_WINDOW_MS`. A worker costs ~60 ms to start and stop, which short-lived stores in tests
 * should not pay, and ~9 MB of memory for as long as it runs (its own V8 isolate and malloc arena,
 * bench/README.md, Desktop), which a desktop service running a few hundred tasks a day should not
 * pay either: it reaches 1,000 commits in a few days, never within a minute. Until then SQLite
 * checkpoints as usual. It checkpoints when told, at most once per interval and only after
 * commits: an idle store wakes neither thread.
 */
export interface Checkpointer {
  /** Counts committed transactions; starts the thread when there have been enough within a minute. */
  noteCommits(count: number): void;
  stop(): Promise<void>;
}

const COMMITS_BEFORE_START = 1000;
const BUSY_WINDOW_MS = 60_000;
/** The main connection's own checkpoint once the thread runs: only a backstop (64 MiB of 4 KiB pages). */
const BACKSTOP_PAGES = 16_384;

/** CommonJS, because `eval` workers are; the driver (better-sqlite3's path, or node:sqlite) comes from the parent. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const native = workerData.driver === "node:sqlite";
const db = native ? new (require("node:sqlite").DatabaseSync)(workerData.path) : new (require(workerData.driver))(workerData.path);
parentPort.on("message", (m) => {
  if (m === "checkpoint") {
    try { db.exec("PRAGMA wal_checkpoint(PASSIVE)"); } catch {}
    return;
  }
  db.close();
  parentPort.close();
});
`;

/** `now`: a monotonic clock in ms, to tell a busy store from a long-lived one. @default performance.now */
export function createCheckpointer(db: SqliteDb, path: string, intervalMs: number, driver: SqliteDriver, now = () => performance.now()): Checkpointer {
  let untilStart = COMMITS_BEFORE_START;
  let windowStart = now();
  let thread: Thread | null = null;
  /** A checkpoint is asked for within the interval: commits since the last one wait for it. */
  let due: NodeJS.Timeout | null = null;
  return {
    noteCommits(count) {
      if (thread) {
        due ??= setTimeout(() => {
          due = null;
          thread?.checkpoint();
        }, intervalMs);
        due.unref();
        return;
      }
      const t = now();
      if (t - windowStart > BUSY_WINDOW_MS) {
        windowStart = t;
        untilStart = COMMITS_BEFORE_START;
      }
      untilStart -= count;
      if (untilStart > 0) return;
      thread = startThread(path, driverModule(driver));
      db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    },
    async stop() {
      if (due) clearTimeout(due);
      due = null;
      await thread?.stop();
    },
  };
}

interface Thread {
  checkpoint(): void;
  stop(): Promise<void>;
}

function startThread(path: string, driver: string): Thread {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  // A thread that fails leaves the main connection's autocheckpoint as the backstop.
  worker.on("error", () => {});
  // Never what keeps a process alive...
  worker.unref();
  return {
    checkpoint: () => worker.postMessage("checkpoint"),
    async stop() {
      // ...except while stopping, or a process with nothing else to do would exit mid-await.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}

/** For `:memory:` stores and `checkpointIntervalMs: 0`. */
export const noCheckpointer: Checkpointer = { noteCommits() {}, stop: async () => {} };
