import { afterEach, describe, expect, it } from "vitest";
import type { Run } from "../../src/core/model.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const daily = (hour: number) => ({ kind: "cron" as const, expr: `0 ${hour} * * *`, timezone: "UTC" });
const at = (iso: string) => Date.parse(iso);
const hhmm = (t: number) => new Date(t).toISOString().slice(5, 16);

async function runsOf(jobId: string): Promise<Run[]> {
  return (await h.store.listJobRuns(jobId, { limit: 50 })).items.reverse();
}
const shown = (runs: Run[]) => runs.map((r) => [hhmm(r.scheduled_at), r.status, r.skip_reason, r.origin]);

describe("updating a task", () => {
  it("moves its future runs to the new schedule in one change, and records it in its history", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    const updated = await h.engine.jobs.update("alice", job.id, { schedule: daily(9), title: "later digest" }, { expectedVersion: job.version });
    expect(updated.changed).toEqual(["title", "schedule"]);
    expect(updated.after).toMatchObject({ version: job.version + 1, title: "later digest", next_run_at: at("2026-06-02T09:00:00Z") });
    expect(updated.cancelled_runs.map((r) => hhmm(r.scheduled_at))).toEqual(["06-02T08:00"]);
    expect(updated.next_before.next.map(hhmm)).toEqual(["06-02T08:00", "06-03T08:00", "06-04T08:00"]);
    expect(updated.next_after.next.map(hhmm)).toEqual(["06-02T09:00", "06-03T09:00", "06-04T09:00"]);
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-02T08:00", "cancelled", null, "schedule"],
      ["06-02T09:00", "pending", null, "schedule"],
    ]);
    const detail = await h.engine.jobs.get("alice", job.id);
    expect(detail.history).toEqual([
      {
        job_id: job.id,
        at: at("2026-06-01T10:00:00Z"),
        change: "updated",
        version: job.version + 1,
        before: { title: "digest", schedule: daily(8) },
        after: { title: "later digest", schedule: daily(9) },
        detail: "1 upcoming run(s) of the old plan removed",
      },
    ]);
    h.clock.set("2026-06-02T09:00:01Z");
    await h.engine.step();
    expect(shown(await runsOf(job.id)).slice(1)).toEqual([
      ["06-02T09:00", "succeeded", null, "schedule"],
      ["06-03T09:00", "pending", null, "schedule"],
    ]);
  });

  it("takes over the old run's row when the new plan runs at the same time, so no run is lost", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    const there = await h.engine.jobs.update("alice", job.id, { schedule: daily(9) });
    await h.engine.jobs.update("alice", job.id, { schedule: daily(8) }, { expectedVersion: there.after.version });
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-02T08:00", "pending", null, "schedule"],
      ["06-02T09:00", "cancelled", null, "schedule"],
    ]);
    h.clock.set("2026-06-02T08:00:01Z");
    await h.engine.step();
    expect((await runsOf(job.id))[0]!.status).toBe("succeeded");
  });

  it("refuses a stale expected version, a cancelled task, and a schedule create would refuse, changing nothing", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    await h.engine.jobs.update("alice", job.id, { title: "renamed" });
    await expect(h.engine.jobs.update("alice", job.id, { title: "again" }, { expectedVersion: job.version })).rejects.toMatchObject({
      code: "conflict",
      field: "expected_version",
    });
    await expect(h.engine.jobs.update("alice", job.id, { schedule: { kind: "cron", expr: "0 8 30 2 *", timezone: "UTC" } })).rejects.toMatchObject({
      code: "beyond_horizon",
    });
    await expect(h.engine.jobs.update("alice", job.id, { schedule: { kind: "once", at: at("2026-05-01T00:00:00Z"), timezone: "UTC" } })).rejects.toMatchObject({
      code: "in_the_past",
    });
    await expect(h.engine.jobs.update("alice", job.id, { end_at: at("2026-06-01T11:00:00Z") })).rejects.toMatchObject({
      code: "invalid_argument",
      field: "end_at",
    });
    const stored = await h.store.getJob(job.id);
    expect(stored).toMatchObject({ title: "renamed", version: job.version + 1, schedule: daily(8) });
    expect(shown(await runsOf(job.id))).toEqual([["06-02T08:00", "pending", null, "schedule"]]);
    await h.engine.jobs.cancel("alice", job.id);
    await expect(h.engine.jobs.update("alice", job.id, { title: "x" })).rejects.toMatchObject({ code: "conflict", field: "task_id" });
  });

  it("previews a change without writing it (dry run)", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    const preview = await h.engine.jobs.update("alice", job.id, { schedule: daily(9) }, { dryRun: true });
    expect(preview).toMatchObject({ dry_run: true, changed: ["schedule"] });
    expect(preview.next_after.next[0]).toBe(at("2026-06-02T09:00:00Z"));
    expect(await h.store.getJob(job.id)).toEqual(job);
    expect(shown(await runsOf(job.id))).toEqual([["06-02T08:00", "pending", null, "schedule"]]);
    expect((await h.engine.jobs.get("alice", job.id)).history).toEqual([]);
  });

  it("lets a run already running finish, and changes nothing when nothing differs", async () => {
    h = await openHarness("2026-06-02T07:59:50Z", { shard_count: 2, lease_ms: 600_000 });
    const pending: (() => void)[] = [];
    h.actions.behaviour = () => new Promise((r) => pending.push(() => r({ text: "done" })));
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    h.clock.set("2026-06-02T08:00:00Z");
    await h.engine.watcher.tick();
    const first = h.engine.worker.runOnce();
    await new Promise((r) => setImmediate(r));
    const same = await h.engine.jobs.update("alice", job.id, { title: "digest" });
    expect(same.changed).toEqual([]);
    const moved = await h.engine.jobs.update("alice", job.id, { schedule: daily(9) });
    for (const p of pending) p();
    await first;
    expect(moved.cancelled_runs.map((r) => hhmm(r.scheduled_at))).toEqual(["06-03T08:00"]);
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-02T08:00", "succeeded", null, "schedule"],
      ["06-02T09:00", "pending", null, "schedule"],
      ["06-03T08:00", "cancelled", null, "schedule"],
    ]);
  });
});

describe("running a task now", () => {
  it("adds one manual run now and leaves the regular next run as it was", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    const { run } = await h.engine.jobs.runNow("alice", job.id);
    expect(run).toMatchObject({ scheduled_at: at("2026-06-01T10:00:00Z"), status: "queued", origin: "manual" });
    await h.engine.step();
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-01T10:00", "succeeded", null, "manual"],
      ["06-02T08:00", "pending", null, "schedule"],
    ]);
    const detail = await h.engine.jobs.get("alice", job.id);
    expect(detail).toMatchObject({ next_run_at: at("2026-06-02T08:00:00Z"), last_run: { origin: "manual", status: "succeeded" } });
    expect(detail.history.map((e) => e.change)).toEqual(["run_now"]);
    expect((await h.store.getJob(job.id))?.run_count).toBe(job.run_count);
  });

  it("runs on a paused task, which stays paused", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    await h.engine.jobs.pause("alice", job.id, { note: "on leave" });
    await h.engine.jobs.runNow("alice", job.id);
    await h.engine.step();
    expect(h.actions.calls).toHaveLength(1);
    expect((await h.store.getJob(job.id))?.status).toBe("paused");
  });

  it("never takes the key of a regular occurrence due at the same millisecond", async () => {
    h = await openHarness("2026-06-02T07:59:30Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    h.clock.set("2026-06-02T08:00:00Z");
    const { run } = await h.engine.jobs.runNow("alice", job.id);
    expect(run.scheduled_at).toBe(at("2026-06-02T08:00:00Z") + 1);
    h.clock.advance(1);
    await h.engine.step();
    expect(shown(await runsOf(job.id)).slice(0, 2)).toEqual([
      ["06-02T08:00", "succeeded", null, "schedule"],
      ["06-02T08:00", "succeeded", null, "manual"],
    ]);
  });

  it("does not complete a one-off task whose own run is still ahead", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "once",
      action: notify,
      schedule: { kind: "once", at: at("2026-06-03T10:00:00Z"), timezone: "UTC" },
    });
    await h.engine.jobs.runNow("alice", job.id);
    await h.engine.step();
    expect((await h.store.getJob(job.id))?.status).toBe("active");
    h.clock.set("2026-06-03T10:00:01Z");
    await h.engine.step();
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
    await expect(h.engine.jobs.runNow("alice", job.id)).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("skipping an occurrence", () => {
  it("skips the next one, keeps the chain going, and undoes it before it falls due", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    const skipped = await h.engine.jobs.skip("alice", job.id, {});
    expect(skipped).toMatchObject({ at: at("2026-06-02T08:00:00Z"), changed: true, skipped: [at("2026-06-02T08:00:00Z")] });
    expect(skipped.next.next.map(hhmm)).toEqual(["06-03T08:00", "06-04T08:00", "06-05T08:00"]);
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-02T08:00", "skipped", "skipped_by_user", "schedule"],
      ["06-03T08:00", "pending", null, "schedule"],
    ]);
    const undone = await h.engine.jobs.skip("alice", job.id, { undo: true });
    expect(undone).toMatchObject({ at: at("2026-06-02T08:00:00Z"), changed: true, skipped: [] });
    h.clock.set("2026-06-02T08:00:01Z");
    await h.engine.step();
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-02T08:00", "succeeded", null, "schedule"],
      ["06-03T08:00", "pending", null, "schedule"],
    ]);
    expect((await h.engine.jobs.get("alice", job.id)).history.map((e) => e.change)).toEqual(["skip_undone", "skipped"]);
  });

  it("skips one further ahead when the chain gets there, and never enqueues it", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8) });
    const third = { from: at("2026-06-04T00:00:00Z"), to: at("2026-06-04T23:59:59Z") };
    expect(await h.engine.jobs.skip("alice", job.id, { within: third })).toMatchObject({ at: at("2026-06-04T08:00:00Z"), changed: true });
    expect((await h.engine.jobs.skip("alice", job.id, { within: third })).changed).toBe(false);
    await h.runFor(4 * 86_400_000, 300_000);
    expect(shown(await runsOf(job.id))).toEqual([
      ["06-02T08:00", "succeeded", null, "schedule"],
      ["06-03T08:00", "succeeded", null, "schedule"],
      ["06-04T08:00", "skipped", "skipped_by_user", "schedule"],
      ["06-05T08:00", "succeeded", null, "schedule"],
      ["06-06T08:00", "pending", null, "schedule"],
    ]);
    expect(h.actions.calls).toHaveLength(3);
    expect((await h.store.getJob(job.id))?.skips).toEqual([]);
  });

  it("refuses a time that is not one of its occurrences, the last run, and undoing once it has passed", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily(8), max_runs: 2 });
    await expect(h.engine.jobs.skip("alice", job.id, { within: { from: at("2026-06-02T12:00:00Z"), to: at("2026-06-02T12:01:00Z") } })).rejects.toMatchObject({
      code: "invalid_argument",
      field: "at",
    });
    await expect(h.engine.jobs.skip("alice", job.id, { within: { from: at("2026-06-03T08:00:00Z"), to: at("2026-06-03T08:00:00Z") } })).rejects.toMatchObject({
      code: "conflict",
      field: "at",
    });
    await h.engine.jobs.skip("alice", job.id, {});
    h.clock.set("2026-06-02T08:00:01Z");
    await expect(h.engine.jobs.skip("alice", job.id, { undo: true })).rejects.toMatchObject({ code: "conflict" });
    const once = await h.engine.jobs.create("alice", {
      title: "once",
      action: notify,
      schedule: { kind: "once", at: at("2026-06-03T10:00:00Z"), timezone: "UTC" },
    });
    await expect(h.engine.jobs.skip("alice", once.job.id, {})).rejects.toMatchObject({ code: "conflict", field: "task_id" });
  });
});
