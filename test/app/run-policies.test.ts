import { afterEach, describe, expect, it } from "vitest";
import type { Run } from "../../src/core/model.js";
import { startOffsetMs } from "../../src/core/start-window.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const everyMinute = { kind: "cron" as const, expr: "* * * * *", timezone: "UTC" };
const hhmmss = (t: number) => new Date(t).toISOString().slice(11, 19);

async function runsOf(jobId: string): Promise<Run[]> {
  return (await h.store.listJobRuns(jobId, { limit: 50 })).items.reverse();
}

/** Lets the worker started without awaiting claim and start its runs. */
const settle = () => new Promise((r) => setImmediate(r));

describe("overlap buffer_one", () => {
  it("lets one occurrence wait behind the running one and run after it; a further one is skipped", async () => {
    h = await openHarness("2026-06-01T00:00:30Z", { shard_count: 2, lease_ms: 600_000 });
    const release: (() => void)[] = [];
    h.actions.behaviour = () => new Promise((r) => release.push(() => r({ text: "done" })));
    const { job } = await h.engine.jobs.create("alice", { title: "every minute", action: notify, schedule: everyMinute, policy: { overlap: "buffer_one" } });

    h.clock.set("2026-06-01T00:01:00Z");
    await h.engine.watcher.tick();
    const first = h.engine.worker.runOnce();
    await settle();
    h.clock.set("2026-06-01T00:02:00Z");
    await h.engine.watcher.tick();
    const b = h.engine.newWorker("worker-b");
    expect(await b.runOnce()).toBe(0); // 00:02 waits
    h.clock.set("2026-06-01T00:03:00Z");
    await h.engine.watcher.tick();
    expect(await b.runOnce()).toBe(0); // 00:02 still waits (re-sent), 00:03 is skipped
    let runs = await runsOf(job.id);
    expect(runs.slice(0, 3).map((r) => [hhmmss(r.scheduled_at), r.status, r.skip_reason])).toEqual([
      ["00:01:00", "running", null],
      ["00:02:00", "queued", null],
      ["00:03:00", "skipped", "overlap"],
    ]);

    release.shift()!();
    await first;
    h.clock.set("2026-06-01T00:03:05Z");
    await h.engine.watcher.tick();
    const second = b.runOnce();
    await settle();
    runs = await runsOf(job.id);
    expect(runs[1]).toMatchObject({ status: "running", started_at: Date.parse("2026-06-01T00:03:05Z") });
    for (const r of release) r();
    release.length = 0;
    await second;
    expect((await runsOf(job.id))[1]!.status).toBe("succeeded");
  });
});

describe("the flexible start window", () => {
  it("starts each run at the task's own fixed point within the window, and spreads tasks due together", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    const daily8 = { kind: "cron" as const, expr: "0 8 * * *", timezone: "UTC" };
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => h.engine.jobs.create("alice", { title: `t${i}`, action: notify, schedule: daily8, policy: { window_ms: 600_000 } })),
    );
    const offsets = created.map(({ job }) => job.next_run_at! - Date.parse("2026-06-01T08:00:00Z"));
    for (const [i, { job }] of created.entries()) expect(offsets[i]).toBe(startOffsetMs(job.id, 600_000));
    expect(offsets.every((o) => o >= 0 && o < 600_000 && o % 1000 === 0)).toBe(true);
    expect(new Set(offsets).size).toBeGreaterThan(1);

    await h.runFor(2 * 3_600_000, 5_000);
    const runs = await runsOf(created[0]!.job.id);
    expect(runs.map((r) => [r.scheduled_at - Date.parse("2026-06-01T08:00:00Z"), r.status])).toEqual([
      [offsets[0], "succeeded"],
      [offsets[0]! + 86_400_000, "pending"],
    ]);
    expect(runs[0]!.started_at! - runs[0]!.scheduled_at).toBeLessThan(5_000);
  });

  it("refuses a window as long as the time between two runs", async () => {
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 });
    await expect(
      h.engine.jobs.create("alice", {
        title: "t",
        action: notify,
        schedule: { kind: "cron", expr: "*/5 * * * *", timezone: "UTC" },
        policy: { window_ms: 300_000 },
      }),
    ).rejects.toMatchObject({ code: "invalid_argument", field: "policy.window_ms" });
  });
});

describe("catch_up all", () => {
  it("runs every missed occurrence late after downtime, up to the catch-up cap", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2, catch_up_cap: 3 });
    const hourly = { kind: "cron" as const, expr: "0 * * * *", timezone: "UTC" };
    const { job } = await h.engine.jobs.create("alice", { title: "hourly", action: notify, schedule: hourly, policy: { catch_up: "all" } });
    // Down from 00:00 to 05:30; a restarted process sweeps first, then steps.
    h.clock.set("2026-06-01T05:30:00Z");
    await h.engine.sweeper.sweep();
    await h.engine.step();
    const statuses = Object.fromEntries((await runsOf(job.id)).map((r) => [hhmmss(r.scheduled_at), r.status]));
    // The stored head (01:00) runs late as well (the sweeper asks catch-up too); of the occurrences
    // planned after it, the newest 3 run: 02:00 is over the cap, not run, and has no row of its own
    // (the 03:00 run's event says so).
    expect(statuses).toEqual({ "01:00:00": "succeeded", "03:00:00": "succeeded", "04:00:00": "succeeded", "05:00:00": "succeeded", "06:00:00": "pending" });
    expect(h.actions.calls).toHaveLength(4);
    const noted = await h.store.listEvents({ job_id: job.id, scheduled_at: Date.parse("2026-06-01T03:00:00Z") });
    expect(noted.map((e) => e.detail)).toContain(
      "late by 2 h 30 min after downtime (catch_up all); earlier occurrences up to 2026-06-01T02:00:00.000Z were not run either (over the catch-up cap, no row each)",
    );
  });
});
