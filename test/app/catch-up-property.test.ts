import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { CATCH_UP_POLICIES } from "../../src/core/model.js";
import { nextOccurrence } from "../../src/core/schedule/index.js";
import type { Schedule } from "../../src/core/schedule/model.js";
import { openHarness } from "../support/engine-harness.js";

// Catch-up after an outage, compared with a model written from docs/service.md ("Catch-up after
// sleep or downtime"), not from the code: of the occurrences that fell in the outage,
// - latest: the newest runs once (on time within the 10-minute grace, else late, up to 12 h);
//   every older one is recorded missed;
// - skip: the newest runs only when it is within the grace; every other one is missed;
// - all: each runs once, up to 12 h late; of those past the grace, the newest catch_up_cap.
// Whether the process was killed (restarted, its in-memory queue gone) or the computer slept
// (the same process, its timers stopped) makes no difference. Nothing runs twice.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GRACE = 10 * MINUTE;
const WINDOW = 12 * HOUR;
const CAP = 100;
const START = Date.parse("2026-06-01T00:00:30Z");

type CatchUpPolicy = (typeof CATCH_UP_POLICIES)[number];

const FREQUENCIES: Record<string, { schedule: Schedule; interval: number }> = {
  minutely: { schedule: { kind: "cron", expr: "* * * * *", timezone: "UTC" }, interval: MINUTE },
  hourly: { schedule: { kind: "cron", expr: "0 * * * *", timezone: "UTC" }, interval: HOUR },
  daily: { schedule: { kind: "cron", expr: "0 8 * * *", timezone: "Europe/Berlin" }, interval: 24 * HOUR },
  weekly: { schedule: { kind: "cron", expr: "30 9 * * 1", timezone: "America/New_York" }, interval: 7 * 24 * HOUR },
};

function occurrences(schedule: Schedule, from: number, to: number): number[] {
  const out: number[] = [];
  for (let o = nextOccurrence(schedule, from); o && o.at <= to; o = nextOccurrence(schedule, o.at)) out.push(o.at);
  return out;
}

/**
 * The outage's occurrences (oldest first) that get a row each, seen from `up`: those within the
 * catch-up window, of which only the newest `catch_up_cap` past the grace (a row before them says
 * how many more there were).
 */
function withRows(missed: number[], up: number): number[] {
  const inWindow = missed.filter((at) => up - at <= WINDOW);
  return [...inWindow.filter((at) => up - at > GRACE).slice(-CAP), ...inWindow.filter((at) => up - at <= GRACE)];
}

/** The docs' model: which of the outage's occurrences (oldest first) run, seen from `up`. */
function expectedToRun(policy: CatchUpPolicy, missed: number[], up: number): number[] {
  const newest = missed.at(-1);
  if (newest === undefined) return [];
  if (policy === "latest") return up - newest <= WINDOW ? [newest] : [];
  if (policy === "skip") return up - newest <= GRACE ? [newest] : [];
  return withRows(missed, up);
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe("catch-up after an outage, against the documented model", () => {
  it("runs exactly the occurrences the policy names, once each, for outages of 30 s to 3 days, killed or asleep", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("minutely", "hourly", "daily", "weekly"),
        fc.constantFrom<CatchUpPolicy>("latest", "skip", "all"),
        fc.constantFrom("kill", "sleep"),
        fc.integer({ min: 30_000, max: 3 * 24 * HOUR }),
        fc.integer({ min: 0, max: 26 * HOUR }),
        async (frequency, policy, how, outage, before) => {
          const { schedule, interval } = FREQUENCIES[frequency]!;
          const h = await openHarness(new Date(START).toISOString(), { shard_count: 2 }, { exclusive: true });
          close = () => h.close();
          try {
            const { job } = await h.engine.jobs.create("alice", {
              title: frequency,
              action: { type: "notify", message: "x" },
              schedule,
              policy: { catch_up: policy },
            });
            // Up and stepping (within the grace) until the outage, a day at most.
            const step = interval === MINUTE ? 15_000 : 5 * MINUTE;
            const down = START + Math.min(before, 2 * interval, 26 * HOUR);
            await h.runFor(down - START, step);
            const ranBefore = h.actions.calls.length;
            const up = down + outage;
            if (how === "kill") {
              h.restart();
              h.clock.set(up);
              await h.engine.recover();
            } else h.clock.set(up);
            // What a process does on start or on waking: a sweep, a watcher tick, the worker.
            await h.engine.sweeper.sweep();
            await h.engine.step();
            await h.runFor(2 * MINUTE, 15_000);
            const missed = occurrences(schedule, down, up);
            // Runs queued before the outage (inside the watcher's look-ahead) are decided at their
            // claim, one by one; the model treats them the same way.
            const ran = h.actions.calls.slice(ranBefore).map((c) => c.ctx.scheduledAt);
            const inOutage = ran.filter((at) => at > down && at <= up).sort((a, b) => a - b);
            expect(inOutage.map((t) => new Date(t).toISOString())).toEqual(expectedToRun(policy, missed, up).map((t) => new Date(t).toISOString()));
            // Nothing ran twice, and every occurrence of the outage has a row.
            expect(new Set(ran).size).toBe(ran.length);
            const rows = (await h.store.listJobRuns(job.id, { limit: 1_000 })).items.filter((r) => r.scheduled_at > down && r.scheduled_at <= up);
            const rowTimes = new Set(rows.map((r) => r.scheduled_at));
            for (const at of withRows(missed, up)) expect(rowTimes.has(at)).toBe(true);
            for (const r of rows) if (!inOutage.includes(r.scheduled_at)) expect(r.status).toBe("skipped");
          } finally {
            await h.close();
            close = null;
          }
        },
      ),
      { numRuns: 40, seed: 20261202 },
    );
  });
});
