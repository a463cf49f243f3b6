// Where a burst's start lateness goes: N one-shot tasks due at one instant T on the embedded
// default (a SQLite file, the local queue, concurrency 50, a no-op action), then a timeline read
// from the runs' own events: claims, start writes, action starts, outcomes, and the engine's CPU
// from T until the last outcome was written (robust to a loaded machine, which latency is not).
//   npm run build && node bench/slot-trace.mjs [--root <a build's root>] [--n 10000] [--lead-ms 3000] [--claim-ahead-ms 2000]
// --lead-ms: T is this long after the first create. A long lead and a long --claim-ahead-ms
// claim every run before T, so the slot holds only what happens at T. Prints one JSON line.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values: a } = parseArgs({
  options: { root: { type: "string" }, n: { type: "string" }, "lead-ms": { type: "string" }, "claim-ahead-ms": { type: "string" } },
});
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
    starts.push(Date.now() - ctx.scheduledAt);
    return { text: "" };
  },
};
const engine = new Engine(
  { store, queue: new LocalDelayQueue(clock, { leadMs: settings.claim_ahead_ms }), clock, random: Math.random, log: { log() {} }, settings, actions },
  // onFinished: builds before the engine's change stream reported outcomes through it.
  { roles: ["watcher", "worker"], onFinished: (runs) => (finished += runs.length) },
);
engine.changes?.subscribe((changes) => {
  for (const c of changes) if (c.type === "run:moved" && c.to === "succeeded") finished++;
});
const T = Date.now() + Number(a["lead-ms"] ?? 3_000);
engine.start();
let cpuAtT = null;
setTimeout(() => (cpuAtT = process.cpuUsage()), T - Date.now());
for (let k = 0; k < N; k += 1000) {
  const batch = Array.from({ length: Math.min(1000, N - k) }, (_, x) => ({
    title: `b${k + x}`,
    action: { type: "notify", message: "m" },
    schedule: { kind: "once", at: T, timezone: "UTC" },
    retry: { max_attempts: 1 },
  }));
  await engine.jobs.createMany("bench", batch, { lateOk: true });
}
const createdBeforeT = T - Date.now();
while (finished < N) await new Promise((r) => setTimeout(r, 50));
const cpu = process.cpuUsage(cpuAtT ?? undefined);
const slotWallMs = Date.now() - T;
await engine.stop(2000);

const db = new Database(path, { readonly: true });
const events = db.prepare("SELECT from_status f, to_status t, detail d, at FROM run_events").all();
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
    claims: stats(claims),
    claimed_after_T: claims.filter((x) => x > 0).length,
    start_writes: stats(since((e) => e.f === "running" && e.t === "running" && e.d === "started")),
    action_starts: stats(starts),
    outcomes: stats(since((e) => e.f === "running" && e.t === "succeeded")),
  }),
);
process.exit(0);
