// A process sharing one SQLite file with another, for the cross-process limit tests. It opens
// the real adapters, prints "ready", waits for the GO file (so both start their burst within a
// millisecond or so of each other), makes COUNT calls as fast as it can, and prints one
// `result {json}` line: how many were let through, refused at the limit, or failed otherwise.
// MODE=rate: creates charged to the SQLite limit state (burst BURST, no refill: the clock stands).
// MODE=cap: tasks created through the real use case on the SQLite store, at most CAP live.
import { existsSync } from "node:fs";
import { LocalDelayQueue } from "../../../src/adapters/queue/local/local-queue.js";
import { openSqliteLimitState } from "../../../src/adapters/store/sqlite/sqlite-limit-state.js";
import { openSqliteStore } from "../../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../../src/app/engine.js";
import { DEFAULT_LIMITS } from "../../../src/app/limit-settings.js";
import { Limits } from "../../../src/app/limits.js";
import { DEFAULT_SETTINGS } from "../../../src/app/settings.js";
import { isDomainError } from "../../../src/core/errors.js";
import type { Clock } from "../../../src/ports/clock.js";
import { silentLogger } from "../../../src/ports/logger.js";

const { DB, MODE, GO, COUNT = "200", BURST = "100", CAP = "50", PARALLEL = "1" } = process.env;
if (!DB || !GO || (MODE !== "rate" && MODE !== "cap")) throw new Error("DB, GO and MODE=rate|cap are required");
const START = Date.parse("2026-03-03T10:00:00Z");
const clock: Clock = { now: () => START };

let call: () => Promise<unknown>;
let close: () => Promise<void>;
if (MODE === "rate") {
  const state = openSqliteLimitState({ path: DB, now: clock.now });
  const limits = new Limits(state, { ...DEFAULT_LIMITS, creates: { burst: Number(BURST), per_minute: 1 } }, clock);
  call = () => limits.chargeCreate("alice");
  close = () => state.close();
} else {
  const store = await openSqliteStore({ path: DB, now: clock.now });
  const engine = new Engine({
    store,
    queue: new LocalDelayQueue(clock),
    clock,
    random: Math.random,
    actions: { run: async () => ({ text: "" }) },
    log: silentLogger,
    settings: { ...DEFAULT_SETTINGS, max_active_jobs_per_owner: Number(CAP), dedupe_window_ms: 0 },
  });
  let i = 0;
  call = () =>
    engine.jobs.create("alice", {
      title: `from ${process.pid} #${i++}`,
      action: { type: "notify", message: "x" },
      schedule: { kind: "once", at: START + 86_400_000, timezone: "UTC" },
    });
  close = () => store.close();
}

process.stdout.write("ready\n");
while (!existsSync(GO)) await new Promise((r) => setTimeout(r, 1));
const counts = { ok: 0, limit: 0, other: [] as string[] };
const one = async () => {
  try {
    await call();
    counts.ok++;
  } catch (e) {
    if (isDomainError(e) && e.code === "limit_exceeded") counts.limit++;
    else counts.other.push(String(e));
  }
};
// PARALLEL calls at a time: concurrent within the process as well as across the two.
for (let n = 0; n < Number(COUNT); n += Number(PARALLEL)) await Promise.all(Array.from({ length: Math.min(Number(PARALLEL), Number(COUNT) - n) }, one));
await close();
process.stdout.write(`result ${JSON.stringify({ ...counts, other: counts.other.slice(0, 5), otherCount: counts.other.length })}\n`);
process.exit(0);
