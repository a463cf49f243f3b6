// An experiment, not a configuration duely offers: N independent duely engines, each in its own
// worker thread on its own SQLite file (the adapter in duely.mjs, once per thread), the workload's
// runs split between them by index and the concurrency shared out. It measures the most that
// splitting the embedded store by task over N writers could give on this machine: no routing, no
// shared engine, no cross-file reads. `DUELY_THREADS` sets N (default 2).
import { Worker } from "node:worker_threads";

const N = Number(process.env.DUELY_THREADS || 2);
const CHILD = new URL("./duely-threads-child.mjs", import.meta.url);

export async function createAdapter({ concurrency = 50, args = {} }) {
  let onStart = () => {};
  let onComplete = () => {};
  const threads = await Promise.all(
    Array.from({ length: N }, (_, k) => {
      const worker = new Worker(CHILD, { workerData: { concurrency: Math.ceil((concurrency - k) / N), args } });
      const pending = new Map();
      let seq = 0;
      return new Promise((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (m) => {
          if (m.t === "ready") resolve({ worker, call });
          else if (m.t === "events") {
            for (const i of m.started) onStart(i);
            for (const i of m.completed) onComplete(i, m.at);
          } else if (m.t === "done") {
            pending.get(m.id)();
            pending.delete(m.id);
          }
        });
        function call(msg) {
          return new Promise((r) => {
            const id = ++seq;
            pending.set(id, r);
            worker.postMessage({ ...msg, id });
          });
        }
      });
    }),
  );
  return {
    peer: "duely-threads",
    version: "experiment",
    backend: `${N} worker threads, each a duely engine on its own SQLite file`,
    settings: { concurrency, threads: N },
    reportsCompletion: true,
    serverPids: () => [],
    serverPeakMemKb: async () => null,
    async enqueue(batch) {
      const parts = threads.map(() => []);
      for (const j of batch) parts[j.i % N].push(j);
      await Promise.all(threads.map((t, k) => t.call({ t: "enqueue", batch: parts[k] })));
    },
    async startWorker(started, completed) {
      onStart = started;
      if (completed) onComplete = completed;
      await Promise.all(threads.map((t) => t.call({ t: "start" })));
    },
    async close() {
      await Promise.all(threads.map((t) => t.call({ t: "close" })));
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
