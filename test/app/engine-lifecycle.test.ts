import { afterEach, describe, expect, it } from "vitest";
import type { Run } from "../../src/core/model.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "call mom" };
const iso = (ms: number) => new Date(ms).toISOString();

async function runsOf(jobId: string): Promise<Run[]> {
  return (await h.store.listJobRuns(jobId, { limit: 1000 })).items.reverse();
}

describe("engine: one-shot tasks", () => {
  it("runs a task created for now at once, and completes it", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 4 });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    expect(await h.engine.worker.runOnce()).toBe(1);
    const [run] = await runsOf(job.id);
    expect(run).toMatchObject({ status: "succeeded", attempt: 1, scheduled_at: Date.parse("2026-06-01T10:00:00Z") });
    expect(run!.result?.text).toBe("call mom");
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
  });

  it("holds a once-task in the store until the window reaches it, then runs it at its time, not before", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 4, look_ahead_ms: 60_000 });
    const at = Date.parse("2026-06-01T10:20:00Z");
    const { job } = await h.engine.jobs.create("alice", { title: "in 20", action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    expect((await runsOf(job.id)).map((r) => r.status)).toEqual(["pending"]);
    h.clock.set("2026-06-01T10:19:30Z");
    expect((await h.engine.watcher.tick()).enqueued).toBe(1);
    expect(await h.engine.worker.runOnce()).toBe(0);
    h.clock.set("2026-06-01T10:20:00Z");
    expect(await h.engine.worker.runOnce()).toBe(1);
    const [run] = await runsOf(job.id);
    expect(run).toMatchObject({ status: "succeeded", started_at: at });
    expect(h.actions.calls[0]!.ctx.idempotencyKey).toBe(`${job.id}:2026-06-01T10:20:00.000Z`);
  });

  it("records every transition of a run as an event, in order", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 4 });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    const events = await h.store.listEvents({ job_id: job.id, scheduled_at: Date.parse("2026-06-01T10:00:00Z") });
    expect(events.map((e) => `${e.from}->${e.to}`)).toEqual(["null->queued", "queued->running", "running->succeeded"]);
  });
});

describe("engine: recurrence", () => {
  it("runs a daily 08:00 Asia/Taipei task once a day and always keeps exactly one future pending run", async () => {
    h = await openHarness("2026-06-01T00:30:00Z", { shard_count: 4 });
    const { job, next } = await h.engine.jobs.create("alice", {
      title: "digest",
      action: { type: "summarize", topic: "finance news" },
      schedule: { kind: "cron", expr: "0 8 * * *", timezone: "Asia/Taipei" },
    });
    expect(next.map(iso)).toEqual(["2026-06-02T00:00:00.000Z", "2026-06-03T00:00:00.000Z", "2026-06-04T00:00:00.000Z"]);
    for (let day = 0; day < 4; day++) {
      await h.runFor(86_400_000, 60_000);
      const runs = await runsOf(job.id);
      const future = runs.filter((r) => r.scheduled_at > h.clock.now());
      expect(future.map((r) => r.status)).toEqual(["pending"]);
    }
    const ran = (await runsOf(job.id)).filter((r) => r.status === "succeeded");
    expect(ran.map((r) => iso(r.scheduled_at))).toEqual([
      "2026-06-02T00:00:00.000Z",
      "2026-06-03T00:00:00.000Z",
      "2026-06-04T00:00:00.000Z",
      "2026-06-05T00:00:00.000Z",
    ]);
    expect(ran.every((r) => r.started_at! - r.scheduled_at < 60_000)).toBe(true);
  }, 20_000);

  it("stops creating runs at max_runs and completes the task", async () => {
    h = await openHarness("2026-06-01T00:00:30Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "three times",
      action: notify,
      schedule: { kind: "every", every: 10, unit: "minute", anchor: Date.parse("2026-06-01T00:10:00Z"), timezone: "UTC" },
      max_runs: 3,
    });
    await h.runFor(3_600_000, 30_000);
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [iso(r.scheduled_at), r.status])).toEqual([
      ["2026-06-01T00:10:00.000Z", "succeeded"],
      ["2026-06-01T00:20:00.000Z", "succeeded"],
      ["2026-06-01T00:30:00.000Z", "succeeded"],
    ]);
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
  });

  it("records a DST gap under the skip policy as a skipped run saying why", async () => {
    h = await openHarness("2026-03-07T12:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "2:30",
      action: notify,
      schedule: { kind: "cron", expr: "30 2 * * *", timezone: "America/New_York", dst: { gap: "skip" } },
    });
    await h.runFor(2 * 86_400_000, 300_000);
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [iso(r.scheduled_at), r.status, r.skip_reason])).toEqual([
      ["2026-03-08T07:00:00.000Z", "skipped", "dst_gap"],
      ["2026-03-09T06:30:00.000Z", "succeeded", null],
      ["2026-03-10T06:30:00.000Z", "pending", null],
    ]);
  });
});

describe("engine: pause, resume, cancel", () => {
  it("skips occurrences while paused with a row each, and resumes from now without a flood", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "hourly", action: notify, schedule: { kind: "cron", expr: "30 * * * *", timezone: "UTC" } });
    await h.runFor(3_600_000, 60_000); // 00:30 runs
    await h.engine.jobs.pause("alice", job.id);
    await h.runFor(3 * 3_600_000, 60_000); // 01:30, 02:30, 03:30 skipped (paused)
    await h.engine.jobs.resume("alice", job.id);
    await h.runFor(3_600_000, 60_000); // 04:30 runs
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [iso(r.scheduled_at).slice(11, 16), r.status, r.skip_reason])).toEqual([
      ["00:30", "succeeded", null],
      ["01:30", "skipped", "paused"],
      ["02:30", "skipped", "paused"],
      ["03:30", "skipped", "paused"],
      ["04:30", "succeeded", null],
      ["05:30", "pending", null],
    ]);
    expect(h.actions.calls).toHaveLength(2);
  });

  it("resuming long after the head's time records it paused and runs nothing late", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "daily", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    await h.engine.jobs.pause("alice", job.id);
    h.clock.set("2026-06-03T12:00:00Z"); // nothing ticked meanwhile (process was down)
    await h.engine.jobs.resume("alice", job.id);
    await h.engine.step();
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [iso(r.scheduled_at).slice(0, 10), r.status, r.skip_reason])).toEqual([
      ["2026-06-01", "skipped", "paused"],
      ["2026-06-02", "skipped", "paused"],
      ["2026-06-03", "skipped", "paused"],
      ["2026-06-04", "pending", null],
    ]);
    expect(h.actions.calls).toHaveLength(0);
  });

  it("cancel leaves no future run and says what it removed", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "daily", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    const out = await h.engine.jobs.cancel("alice", job.id);
    expect(out.cancelled_runs.map((r) => iso(r.scheduled_at))).toEqual(["2026-06-01T09:00:00.000Z"]);
    await h.runFor(2 * 86_400_000, 600_000);
    const runs = await runsOf(job.id);
    expect(runs.map((r) => r.status)).toEqual(["cancelled"]);
    expect(h.actions.calls).toHaveLength(0);
  });

  it("lets a running run finish after cancel", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    let release!: () => void;
    h.actions.behaviour = () => new Promise((r) => (release = () => r({ text: "done" })));
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    const pass = h.engine.worker.runOnce();
    await new Promise((r) => setImmediate(r));
    await h.engine.jobs.cancel("alice", job.id);
    release();
    await pass;
    expect((await runsOf(job.id)).map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("never lets one owner see, pause or cancel another owner's task", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "mine", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    for (const op of [
      () => h.engine.jobs.get("mallory", job.id),
      () => h.engine.jobs.pause("mallory", job.id),
      () => h.engine.jobs.cancel("mallory", job.id),
    ]) {
      await expect(op()).rejects.toMatchObject({ code: "not_found", field: "task_id" });
    }
    expect((await h.engine.jobs.list("mallory", { limit: 10 })).items).toEqual([]);
    expect((await h.store.getJob(job.id))?.status).toBe("active");
  });
});
