// Where a burst's start lateness goes: N one-shot tasks due at one instant T on the embedded
// default (a SQLite file, the local queue, concurrency 50, a no-op action), then a timeline read
// from the runs' own events: claims, start writes, action starts, outcomes, and the engine's CPU
// from T until the last outcome was written (robust to a loaded machine, which latency is not).
//   npm run build && node bench/slot-trace.mjs [--root <a build's root>] [--n 10000] [--lead-ms 3000] [--claim-ahead-ms 2000]
// --lead-ms: T is this long after the first create. A long lead and a long --claim-ahead-ms
// claim every run before T, so the slot holds only what happens at T. Prints one JSON line.
// --cron: N tasks on `* * * * *` instead; T is the first minute whose runs the watcher moves to the
// queue (its look-ahead window opens after the last create), the steady state of a cron slot, and
// the line adds when the watcher enqueued T's runs and inserted the next minute's.
// --phases: a V8 profile from 1 s before the claim-ahead window until the last outcome, its
// samples' time by the engine's part on their stack (see startProfiler), before T (the claims
// ahead) and from T (the slot). Started ahead: starting the profiler holds the thread ~0.1 s.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values: a } = parseArgs({
  options: {
    root: { type: "string" },
    n: { type: "string" },
    "lead-ms": { type: "string" },
    "claim-ahead-ms": { type: "string" },
    cron: { type: "boolean" },
    phases: { type: "boolean" },
  },
});
/** The engine parts --phases attributes CPU to (see startProfiler). */
const PARTS = new Set(["chain", "watcher", "claims", "starts", "completer", "lease-keeper", "changes", "worker", "local-queue"]);
const root = a.root ?? new URL("..", import.meta.url).pathname;
const N = Number(a.n ?? 10_000);
const dist = (p) => import(join(root, "dist", p));
const { openSqliteStore } = await dist("adapters/store/sqlite/sqlite-store.js");
const { LocalDelayQueue } = await dist("adapters/queue/local/local-queue.js");
const { Engine } = await dist("app/engine/engine.js");
const { DEFAULT_SETTINGS } = await dist("app/settings.js");

const dir = mkdtempSync(join(tmpdir(), "duely-trace-"));
const path = join(dir, "trace.db");
const store = await openSqliteStore({ path });
const clock = { now: () => Date.now() };
const settings = {
  ...DEFAULT_SETTINGS,
  concurrency: 50,
  claim_batch: 500,
  max_active_jobs_per_owner: 10_000_000,
  dedupe_window_ms: 0,
  claim_ahead_ms: Number(a["claim-ahead-ms"] ?? DEFAULT_SETTINGS.claim_ahead_ms),
};
const starts = [];
let finished = 0;
const actions = {
  async run(_action, ctx) {
    if (ctx.scheduledAt === T) starts.push(Date.now() - ctx.scheduledAt);
    return { text: "" };
  },
};
const engine = new Engine(
  { store, queue: new LocalDelayQueue(clock, { leadMs: settings.claim_ahead_ms }), clock, random: Math.random, log: { log() {} }, settings, actions },
  // onFinished: builds before the engine's change stream reported outcomes through it.
  { roles: ["watcher", "worker"], onFinished: (runs) => (finished += runs.length) },
);
engine.changes?.subscribe((changes) => {
  for (const c of changes) if (c.type === "run:moved" && c.to === "succeeded" && c.run.scheduled_at === T) finished++;
});
const cron = a.cron === true;
let T = cron ? Infinity : Date.now() + Number(a["lead-ms"] ?? 3_000);
engine.start();
for (let k = 0; k < N; k += 1000) {
  const batch = Array.from({ length: Math.min(1000, N - k) }, (_, x) => ({
    title: `b${k + x}`,
    action: { type: "notify", message: "m" },
    schedule: cron ? { kind: "cron", expr: "* * * * *", timezone: "UTC" } : { kind: "once", at: T, timezone: "UTC" },
    retry: { max_attempts: 1 },
  }));
  await engine.jobs.createMany("bench", batch, { lateOk: true });
}
// A cron slot whose runs the watcher enqueues: its window (look_ahead_ms before it) opens after the last create.
if (cron) T = Math.ceil((Date.now() + settings.look_ahead_ms + 1_000) / 60_000) * 60_000;
const createdBeforeT = T - Date.now();
const finishedBefore = finished;
const profiler = a.phases ? await startProfiler(T - settings.claim_ahead_ms - 1_000, T) : null;
let cpuAtT = null;
await new Promise((r) => setTimeout(r, T - Date.now()));
cpuAtT = process.cpuUsage();
while (finished - finishedBefore < N) await new Promise((r) => setTimeout(r, 50));
const cpu = process.cpuUsage(cpuAtT);
const slotWallMs = Date.now() - T;
const phases = profiler ? await profiler.stop() : undefined;
await engine.stop(2000);

const db = new Database(path, { readonly: true });
const events = db.prepare("SELECT from_status f, to_status t, detail d, at, scheduled_at s FROM run_events").all();
const next = events.filter((e) => e.s === T + 60_000 && e.f === null).map((e) => e.at - T);
// The slot's own runs only (a cron trace also has the minutes before and after it).
events.splice(0, events.length, ...events.filter((e) => e.s === T));
db.close();
rmSync(dir, { recursive: true, force: true });
const since = (pick) => events.filter(pick).map((e) => e.at - T);
const stats = (xs) => {
  const v = [...xs].sort((x, y) => x - y);
  const q = (p) => (v.length ? v[Math.min(v.length - 1, Math.floor(p * v.length))] : null);
  return { n: v.length, min: q(0), p50: q(0.5), p99: q(0.99), max: q(1) };
};
const claims = since((e) => e.f === "queued" && e.t === "running");
console.log(
  JSON.stringify({
    root,
    n: N,
    claim_ahead_ms: settings.claim_ahead_ms,
    load: loadavg()[0],
    created_ms_before_T: createdBeforeT,
    slot_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    slot_wall_ms: slotWallMs,
    ...(cron && { enqueued: stats(since((e) => e.f === "pending" && e.t === "queued")), next_inserted: stats(next) }),
    claims: stats(claims),
    claimed_after_T: claims.filter((x) => x > 0).length,
    start_writes: stats(since((e) => e.f === "running" && e.t === "running" && e.d === "started")),
    action_starts: stats(starts),
    outcomes: stats(since((e) => e.f === "running" && e.t === "succeeded")),
    ...(phases && { ahead_phases_ms: phases.ahead, slot_phases_ms: phases.slot }),
  }),
);
process.exit(0);

/**
 * Starts the V8 profiler at `at`; stop() gives the time of the samples taken since, in ms, before
 * `split` and from it (both wall times), by the engine part each sample's stack was in: the
 * innermost frame in one of PARTS's files (the claims, the starts, the completer, the watcher,
 * chain planning, the lease keeper, the change stream, the worker's own loop, the local queue),
 * else "other" (the store's statements count for the part that called them; GC, idle and V8's
 * own work are listed apart). A sample's time is the wall time to the next one: on a loaded
 * machine it includes time the thread waited for a core, so read the parts as shares.
 * SLOT_PROFILE=<file> also writes the profile.
 */
async function startProfiler(at, split) {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const part = (id) => {
        let keeper = false;
        for (let x = id; x !== undefined; x = parent.get(x)) {
          const { url, functionName } = byId.get(x).callFrame;
          if (functionName === "(garbage collector)") return "gc";
          if (functionName === "(idle)" || functionName === "(program)") return functionName.slice(1, -1);
          const m = /dist\/.*?([\w-]+)\.js$/.exec(url);
          // The lease keeper writes the starts too (startHeld commits through it): a start's write counts as the start's.
          if (m?.[1] === "lease-keeper") keeper = true;
          else if (m && PARTS.has(m[1])) return m[1];
        }
        return keeper ? "lease-keeper" : "other";
      };
      if (process.env.SLOT_PROFILE) (await import("node:fs")).writeFileSync(process.env.SLOT_PROFILE, JSON.stringify(profile));
      // The profile's timestamps are the monotonic clock's (µs), as process.hrtime's: `split` in it.
      const splitAt = split * 1000 + (Number(process.hrtime.bigint() / 1000n) - Date.now() * 1000);
      const out = { ahead: {}, slot: {} };
      let t = profile.startTime;
      profile.samples.forEach((id, i) => {
        t += profile.timeDeltas[i] ?? 0;
        const into = t < splitAt ? out.ahead : out.slot;
        const p = part(id);
        into[p] = (into[p] ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000;
      });
      const ms = (o) =>
        Object.fromEntries(
          Object.entries(o)
            .map(([k, v]) => [k, Math.round(v)])
            .sort((x, y) => y[1] - x[1]),
        );
      return { ahead: ms(out.ahead), slot: ms(out.slot) };
    },
  };
}
