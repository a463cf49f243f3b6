// duely adapter for the peer benchmark harness (../shared/bench-peers, copied to bench/peers by
// bench/run.sh). Same contract as adapters/bullmq.mjs: see that folder's README.
// duely runs in-process on the embedded default: a SQLite file (WAL, synchronous=NORMAL, so an
// acknowledged create survives kill -9) and the local delay queue.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const root = process.env.DUELY_ROOT || new URL("../../..", import.meta.url).pathname;
const dist = (p) => import(join(root, "dist", p));

// duely as it runs itself: its service's launchers give node the build's SERVICE_NODE_FLAGS (the
// heap's sizing, read only at start). The harness starts every workload as `node workloads/…`, so
// a process without them runs the same workload again under them and ends with its exit code.
// DUELY_BENCH_NODE_FLAGS=as-given measures the flags on the command line instead (experiments).
const spec = join(root, "dist", "service", "units", "spec.js");
const SERVICE_FLAGS = existsSync(spec) ? ((await import(spec)).SERVICE_NODE_FLAGS ?? []) : [];
const missing = SERVICE_FLAGS.filter((f) => !process.execArgv.includes(f));
if (missing.length > 0 && process.env.DUELY_BENCH_NODE_FLAGS !== "as-given") {
  const child = spawn(process.execPath, [...process.execArgv, ...missing, ...process.argv.slice(1)], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  const code = await new Promise((done) => child.on("exit", (c) => done(c ?? 1)));
  // The profilers preloaded in both (alloc-profile.mjs, gc-phases.mjs) write at exit: not this one's.
  process.env.DUELY_BENCH_LAUNCHER = "1";
  process.exit(code);
}
const { openSqliteStore } = await dist("adapters/store/sqlite/sqlite-store.js");
const { LocalDelayQueue } = await dist("adapters/queue/local/local-queue.js");
const { Engine } = await dist("app/engine/engine.js");
const { DEFAULT_SETTINGS } = await dist("app/settings.js");

const OWNER = "bench";

export async function createAdapter({ concurrency = 50, args = {} }) {
  const dir = mkdtempSync(join(tmpdir(), "duely-bench-"));
  // --cache-mib: SQLite's page cache (the store's default unless given), native memory in the peak RSS.
  const store = await openSqliteStore({ path: join(dir, "bench.db"), ...(args["cache-mib"] && { cacheSizeMiB: Number(args["cache-mib"]) }) });
  const clock = { now: () => Date.now() };
  const settings = {
    ...DEFAULT_SETTINGS,
    concurrency,
    claim_batch: Number(args["claim-batch"] || 500),
    poll_interval_ms: Number(args["poll-ms"] || 1000),
    // The engine default unless asked: a 60 s window puts the watcher's enqueue of the next
    // minute (and its chain inserts) on the very moment an every-minute slot fires.
    look_ahead_ms: Number(args["look-ahead-ms"] || DEFAULT_SETTINGS.look_ahead_ms),
    // --claim-ahead-ms: how long before its time a run is claimed (the engine default unless given).
    claim_ahead_ms: Number(args["claim-ahead-ms"] ?? DEFAULT_SETTINGS.claim_ahead_ms),
    max_active_jobs_per_owner: 10_000_000,
    dedupe_window_ms: 0,
  };
  let onStartFn = () => {};
  let onCompleteFn = () => {};
  // job id -> the workload's i (or k), from its action's start until its outcome is written, to
  // report that completion: only the runs in flight, not a map of every task created (100,000
  // entries held through a spike would be the bench's memory in duely's peak RSS).
  const started = new Map();
  // Phase marks for bench/gc-phases.mjs (a hundred a spike): creates, first start, close.
  let firstStart = true;
  let firstCreate = true;
  const actions = {
    async run(action, ctx) {
      if (firstStart) {
        firstStart = false;
        performance.mark("duely:first-start");
      }
      const i = Number(action.message);
      started.set(ctx.jobId, i);
      onStartFn(i, ctx.scheduledAt);
      return { text: "" };
    },
  };
  // The service's logger writes no debug lines by default and says so (`enabled`): one that does
  // not say would have the engine build the dispatch trace's strings for every run.
  const engine = new Engine(
    {
      store,
      queue: new LocalDelayQueue(clock, { leadMs: settings.claim_ahead_ms }),
      clock,
      random: Math.random,
      actions,
      log: { log() {}, enabled: () => false },
      settings,
    },
    {
      // As the peers: a watcher and a worker, no reconciliation sweep walking every job mid-spike.
      roles: ["watcher", "worker"],
    },
  );
  // Completion = the moment the store has the run's outcome: the engine's change stream announces
  // a run's move once its write has landed (the worker's batched write returned).
  engine.changes.subscribe((changes) => {
    const t = Date.now();
    for (const c of changes) {
      if (c.type !== "run:moved" || c.to !== "succeeded") continue;
      onCompleteFn(started.get(c.run.job_id), t);
      started.delete(c.run.job_id);
    }
  });
  const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  const task = (i, schedule) => ({ title: `b${i}`, action: { type: "notify", message: String(i) }, schedule, retry: { max_attempts: 1 } });

  return {
    peer: "duely",
    version,
    backend: "sqlite (better-sqlite3, WAL, synchronous=NORMAL) + in-process delay queue",
    settings: {
      concurrency,
      claim_batch: settings.claim_batch,
      poll_interval_ms: settings.poll_interval_ms,
      look_ahead_ms: settings.look_ahead_ms,
      claim_ahead_ms: settings.claim_ahead_ms,
      node_flags: process.execArgv.join(" "),
    },
    reportsCompletion: true,
    serverPids: () => [],
    serverPeakMemKb: async () => null,

    async enqueue(batch) {
      if (firstCreate) {
        firstCreate = false;
        performance.mark("duely:create-start");
      }
      // The steady workload's due times are fractional ms; a schedule's are whole ms. lateOk: a
      // due time the producer's lag has just passed still runs, late, as scheduled.
      await engine.jobs.createMany(
        OWNER,
        batch.map((j) => task(j.i, { kind: "once", at: Math.round(j.runAt), timezone: "UTC" })),
        { lateOk: true },
      );
      performance.mark("duely:created");
    },

    async startWorker(onStart, onComplete) {
      onStartFn = onStart;
      if (onComplete) onCompleteFn = onComplete;
      engine.start();
    },

    async addRecurring(count, spec) {
      if (spec.cron.trim().split(/\s+/).length !== 5) throw new Error("duely takes 5-field cron only (minute resolution)");
      for (let k = 0; k < count; k += 1000) {
        const n = Math.min(1000, count - k);
        await engine.jobs.createMany(
          OWNER,
          Array.from({ length: n }, (_, x) => task(k + x, { kind: "cron", expr: spec.cron, timezone: "UTC" })),
        );
      }
    },
    async removeRecurring() {
      let cursor = null;
      do {
        const page = await store.listJobs(OWNER, { limit: 1000, cursor, statuses: ["active"] });
        for (const job of page.items) await engine.jobs.cancel(OWNER, job.id);
        cursor = page.cursor;
      } while (cursor);
    },

    async close() {
      performance.mark("duely:close");
      await engine.stop(2_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
