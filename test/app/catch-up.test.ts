import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { catchUp } from "../../src/app/catch-up.js";
import { WakeWatch } from "../../src/app/engine/wake-watch.js";
import { DEFAULT_RUN_POLICY, type RunPolicy } from "../../src/core/model.js";
import { startOffsetMs } from "../../src/core/start-window.js";
import { makeJob } from "../support/builders.js";
import { openHarness } from "../support/engine-harness.js";
import { FakeClock } from "../support/fake-clock.js";
import { waitFor } from "../support/processes/children.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const HOUR = 3_600_000;
const digest = { type: "summarize" as const, topic: "finance news" };
const at8 = { kind: "cron" as const, expr: "0 8 * * *", timezone: "UTC" };
const hhmm = (t: number) => new Date(t).toISOString().slice(5, 16);

async function createDaily(policy?: Partial<RunPolicy>) {
  const { job } = await h.engine.jobs.create("alice", { title: "Morning finance digest", action: digest, schedule: at8, ...(policy && { policy }) });
  return job;
}

/** Every run of the job, oldest first, as [MM-DDTHH:MM, status, skip reason]. */
async function runsOf(jobId: string) {
  const runs = (await h.store.listJobRuns(jobId, { limit: 100 })).items.reverse();
  return runs.map((r) => [hhmm(r.scheduled_at), r.status, r.skip_reason]);
}

/** What a process does when it wakes (src/app/engine/engine.ts afterWake): a sweep, a watcher tick and the worker. */
async function afterWake(): Promise<void> {
  await h.engine.sweeper.sweep();
  await h.engine.step();
}

describe("catch-up after the computer slept across a task's time", () => {
  it("runs the 08:00 digest once, late, saying how late, under the default catch_up latest", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    const job = await createDaily();
    expect(job.policy).toMatchObject({ catch_up: "latest", catch_up_window_ms: 12 * HOUR });
    await h.runFor(60_000);
    h.clock.advance(10 * HOUR); // asleep from 07:01 to 17:01
    await afterWake();
    await h.runFor(5 * 60_000);
    expect(await runsOf(job.id)).toEqual([
      ["06-01T08:00", "succeeded", null],
      ["06-02T08:00", "pending", null],
    ]);
    expect(h.actions.calls).toHaveLength(1);
    const events = await h.store.listEvents({ job_id: job.id, scheduled_at: Date.parse("2026-06-01T08:00:00Z") });
    expect(events.map((e) => e.detail)).toContain("late by 9 h 1 min after downtime (catch_up latest)");
  });

  it("never runs it under catch_up skip: the occurrence is recorded missed", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    const job = await createDaily({ catch_up: "skip" });
    await h.runFor(60_000);
    h.clock.advance(10 * HOUR);
    await afterWake();
    await h.runFor(5 * 60_000);
    expect(await runsOf(job.id)).toEqual([
      ["06-01T08:00", "skipped", "missed"],
      ["06-02T08:00", "pending", null],
    ]);
    expect(h.actions.calls).toHaveLength(0);
  });

  it("runs only the newest of several missed occurrences, and none older than the catch-up window", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    const job = await createDaily();
    h.clock.advance(30 * HOUR); // asleep until 06-02 13:00: 06-01 08:00 is 29 h late, 06-02 08:00 is 5 h late
    await afterWake();
    await h.runFor(60_000);
    expect(await runsOf(job.id)).toEqual([
      ["06-01T08:00", "skipped", "missed"],
      ["06-02T08:00", "succeeded", null],
      ["06-03T08:00", "pending", null],
    ]);
  });

  it("records a miss older than the window as missed even under catch_up latest", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    const job = await createDaily();
    h.clock.advance(14 * HOUR); // 08:00 is 13 h late, past the 12 h window
    await afterWake();
    await h.runFor(60_000);
    expect(await runsOf(job.id)).toEqual([
      ["06-01T08:00", "skipped", "missed"],
      ["06-02T08:00", "pending", null],
    ]);
    expect(h.actions.calls).toHaveLength(0);
  });

  it("runs a run queued just before the computer slept when it wakes, if catch-up lets it", async () => {
    h = await openHarness("2026-06-01T07:59:30Z", { shard_count: 2 });
    const job = await createDaily();
    await h.engine.watcher.tick(); // 08:00 is inside the look-ahead window: queued
    expect((await runsOf(job.id))[0]).toEqual(["06-01T08:00", "queued", null]);
    h.clock.advance(10 * HOUR);
    await h.engine.worker.runOnce();
    expect((await runsOf(job.id))[0]).toEqual(["06-01T08:00", "succeeded", null]);
  });
});

describe("catch-up with a start window: runs are keyed by their start", () => {
  // Hourly, starting a fixed 43 min 18 s into a 50-minute window (the offset of this id).
  const job = makeJob({
    id: "01WINDOW",
    schedule: { kind: "cron", expr: "0 * * * *", timezone: "UTC" },
    policy: { ...DEFAULT_RUN_POLICY, window_ms: 50 * 60_000 },
  });
  const offset = startOffsetMs(job.id, job.policy.window_ms);
  const run3 = Date.parse("2026-06-01T03:00:00Z") + offset;

  it("runs a missed start late while the next start is not yet due", () => {
    expect(offset).toBeGreaterThan(job.policy.misfire_grace_ms); // so the nominal 04:00 is past while the 04:xx start is not
    expect(catchUp(job, run3, run3, run3 + HOUR - 60_000)).toMatchObject({ kind: "run", detail: "late by 59 min after downtime (catch_up latest)" });
  });

  it("records it missed once the next start is due too (that one is the newest)", () => {
    expect(catchUp(job, run3, run3, run3 + HOUR)).toMatchObject({ kind: "missed", detail: expect.stringMatching(/^superseded by the occurrence at /) });
  });
});

describe("tasks stored before catch-up windows existed", () => {
  it("read back with the 12 h window and keep the catch_up they were stored with", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    const job = await createDaily();
    const db = new Database(join(h.dir, "duely.db"));
    db.prepare("UPDATE jobs SET policy = ? WHERE id = ?").run(JSON.stringify({ misfire_grace_ms: 600_000, catch_up: "skip", overlap: "skip" }), job.id);
    db.close();
    expect((await h.store.getJob(job.id))?.policy).toEqual({
      misfire_grace_ms: 600_000,
      catch_up: "skip",
      catch_up_window_ms: 12 * HOUR,
      overlap: "skip",
      window_ms: 0,
    });
  });
});

describe("noticing a wake", () => {
  it("reports a wall-clock jump far beyond the check period, and not an ordinary tick", () => {
    const clock = new FakeClock("2026-06-01T07:00:00Z");
    const woke: number[] = [];
    const watch = new WakeWatch({ clock, periodMs: 2_000, onWake: (ms) => woke.push(ms) });
    watch.check();
    clock.advance(2_100);
    watch.check();
    clock.advance(25_000); // a slow tick under load
    watch.check();
    clock.advance(10 * HOUR);
    watch.check();
    clock.advance(-HOUR); // the clock set back
    watch.check();
    expect(woke).toEqual([10 * HOUR]);
  });

  it("a running engine sweeps at once after a wake, so a miss beyond the watcher's look-back runs without waiting for the next sweep", async () => {
    // Real timers on a stepped clock: the sweep interval is a day, so only the wake can sweep.
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2, sweep_interval_ms: 86_400_000, wake_check_ms: 100, poll_interval_ms: 100 });
    const job = await createDaily();
    h.engine.start();
    await waitFor(async () => (await runsOf(job.id)).length === 1, 5_000, "the first sweep and tick");
    h.clock.advance(10 * HOUR);
    await waitFor(async () => (await runsOf(job.id))[0]?.[1] === "succeeded", 5_000, "the 08:00 digest to run after the wake");
    expect(h.actions.calls).toHaveLength(1);
  }, 15_000);
});
