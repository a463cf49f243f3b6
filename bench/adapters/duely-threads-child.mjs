// One thread of duely-threads.mjs: the duely adapter, its starts and completions sent to the main
// thread once per turn of the event loop (one message per run would cost more than the run).
import { parentPort, workerData } from "node:worker_threads";

const { createAdapter } = await import("./duely.mjs");
const adapter = await createAdapter({ concurrency: workerData.concurrency, args: workerData.args });
let started = [];
let completed = [];
let flushScheduled = false;
function note(list, i) {
  list.push(i);
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(() => {
    flushScheduled = false;
    parentPort.postMessage({ t: "events", started, completed, at: Date.now() });
    started = [];
    completed = [];
  });
}
parentPort.on("message", async (m) => {
  if (m.t === "enqueue") await adapter.enqueue(m.batch);
  else if (m.t === "start")
    await adapter.startWorker(
      (i) => note(started, i),
      (i) => note(completed, i),
    );
  else if (m.t === "close") await adapter.close();
  parentPort.postMessage({ t: "done", id: m.id });
});
parentPort.postMessage({ t: "ready" });
