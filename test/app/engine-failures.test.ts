import { afterEach, describe, expect, it } from "vitest";
import type { Run } from "../../src/core/model.js";
import { ActionFailure } from "../../src/ports/action.js";
import { corruptSqliteRun } from "../support/corrupt-sqlite-run.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const NOW = "2026-06-01T10:00:00Z";

async function onlyRun(jobId: string): Promise<Run> {
  const runs = (await h.store.listJobRuns(jobId, { limit: 10 })).items;
  expect(runs).toHaveLength(1);
  return runs[0]!;
}

describe("engine: retries and dead letters", () => {
  it("retries a retryable failure with jittered exponential backoff, then succeeds", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    h.setRandom(0.5);
    let calls = 0;
    h.actions.behaviour = () => {
      calls++;
      if (calls < 3) throw new ActionFailure("upstream 503", { permanent: false });
      return { text: "ok" };
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    let run = await onlyRun(job.id);
    // attempt 1 failed: full jitter below 5 s with random 0.5 → 2.5 s
    expect(run).toMatchObject({ status: "retrying", attempt: 1, due_at: Date.parse(NOW) + 2_500, error: { kind: "retryable", message: "upstream 503" } });
    h.clock.advance(2_499);
    await h.engine.step();
    expect((await onlyRun(job.id)).status).toBe("queued");
    expect(await h.engine.worker.runOnce()).toBe(0);
    h.clock.advance(1);
    await h.engine.step();
    run = await onlyRun(job.id);
    // attempt 2 failed: below 25 s → 12.5 s
    expect(run).toMatchObject({ status: "retrying", attempt: 2, due_at: Date.parse(NOW) + 2_500 + 12_500 });
    h.clock.advance(12_500);
    await h.engine.step();
    run = await onlyRun(job.id);
    expect(run).toMatchObject({ status: "succeeded", attempt: 3, result: { text: "ok" } });
    expect(h.actions.calls.map((c) => c.ctx.attempt)).toEqual([1, 2, 3]);
    expect(new Set(h.actions.calls.map((c) => c.ctx.idempotencyKey)).size).toBe(1);
  });

  it("dead-letters after max_attempts retryable failures", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    h.actions.behaviour = () => {
      throw new Error("boom");
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" }, retry: { max_attempts: 3 } });
    await h.runFor(10 * 60_000, 5_000);
    const run = await onlyRun(job.id);
    expect(run).toMatchObject({ status: "failed", attempt: 3, error: { kind: "retryable", message: "boom" } });
    expect(h.actions.calls).toHaveLength(3);
    const events = await h.store.listEvents(run);
    expect(events.at(-1)).toMatchObject({ to: "failed", detail: "dead-lettered" });
  });

  it("does not retry a permanent failure", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    h.actions.behaviour = () => {
      throw new ActionFailure("400 bad request", { permanent: true });
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.runFor(60_000, 5_000);
    expect(await onlyRun(job.id)).toMatchObject({ status: "failed", attempt: 1, error: { kind: "permanent" } });
  });

  it("aborts an action that runs past action_timeout_ms and retries it as a timeout", async () => {
    h = await openHarness(NOW, { shard_count: 2, action_timeout_ms: 100 });
    h.actions.behaviour = (_a, ctx) => new Promise((_r, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    expect(await onlyRun(job.id)).toMatchObject({ status: "retrying", attempt: 1, error: { kind: "timeout", message: "action timed out" } });
  });

  it("honours an action's retry-after over a shorter backoff", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    h.setRandom(0);
    h.actions.behaviour = () => {
      throw new ActionFailure("429", { permanent: false, retryAfterMs: 30_000 });
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    expect(await onlyRun(job.id)).toMatchObject({ status: "retrying", due_at: Date.parse(NOW) + 30_000 });
  });
});

describe("engine: leases and fencing", () => {
  it("returns an expired lease to retry, and rejects the zombie's late write", async () => {
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 });
    h.setRandom(0);
    let releaseZombie!: () => void;
    h.actions.behaviour = (_a, ctx) =>
      ctx.attempt === 1 ? new Promise((r) => (releaseZombie = () => r({ text: "zombie result" }))) : { text: "second attempt" };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    // attempt 1 hangs on a worker of another process, as if that process were frozen
    const zombie = h.engine.newWorker("worker-a").runOnce();
    await new Promise((r) => setImmediate(r));
    expect((await onlyRun(job.id)).status).toBe("running");
    h.clock.advance(10_001);
    expect((await h.engine.watcher.tick()).reaped).toBe(1);
    expect(await onlyRun(job.id)).toMatchObject({ status: "retrying", attempt: 1, error: { kind: "interrupted" } });
    const survivor = h.engine.newWorker("worker-b");
    await h.engine.watcher.tick(); // retrying → queued
    expect(await survivor.runOnce()).toBe(1); // attempt 2 on another worker
    expect(await onlyRun(job.id)).toMatchObject({ status: "succeeded", attempt: 2, result: { text: "second attempt" } });
    releaseZombie();
    await zombie;
    const run = await onlyRun(job.id);
    expect(run).toMatchObject({ status: "succeeded", attempt: 2, result: { text: "second attempt" } });
    const events = await h.store.listEvents(run);
    expect(events.some((e) => e.detail?.startsWith("fenced: late write") && e.attempt === 1)).toBe(true);
  });

  it("rejects the zombie's late write that lands while attempt 2 is still running, by its attempt alone", async () => {
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 });
    h.setRandom(0);
    const release: Record<number, () => void> = {};
    const started: number[] = [];
    h.actions.behaviour = (_a, ctx) => {
      started.push(ctx.attempt);
      return new Promise((r) => (release[ctx.attempt] = () => r({ text: `attempt ${ctx.attempt}` })));
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    const zombie = h.engine.newWorker("worker-a").runOnce();
    while (!started.includes(1)) await new Promise((r) => setImmediate(r));
    h.clock.advance(10_001);
    expect((await h.engine.watcher.tick()).reaped).toBe(1);
    await h.engine.watcher.tick(); // retrying → queued
    const survivor = h.engine.newWorker("worker-b").runOnce();
    while (!started.includes(2)) await new Promise((r) => setImmediate(r));
    // Attempt 2 is running: the run's status is the one the zombie expects, only its attempt differs.
    expect(await onlyRun(job.id)).toMatchObject({ status: "running", attempt: 2 });
    release[1]!();
    await zombie;
    expect(await onlyRun(job.id)).toMatchObject({ status: "running", attempt: 2 });
    release[2]!();
    await survivor;
    const run = await onlyRun(job.id);
    expect(run).toMatchObject({ status: "succeeded", attempt: 2, result: { text: "attempt 2" } });
    const events = await h.store.listEvents(run);
    expect(events.some((e) => e.detail?.startsWith("fenced: late write") && e.attempt === 1)).toBe(true);
    expect(events.filter((e) => e.to === "succeeded").map((e) => e.attempt)).toEqual([2]);
  });

  it("re-sends a queued run whose message was lost (process restart), and runs it once", async () => {
    h = await openHarness(NOW, { shard_count: 2, stale_queued_ms: 5_000 });
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.queue.receive(100, 0); // the message is taken and lost, as in a crash
    h.clock.advance(5_000);
    expect((await h.engine.watcher.tick()).resent).toBe(1);
    expect(await h.engine.worker.runOnce()).toBe(1);
    expect((await onlyRun(job.id)).status).toBe("succeeded");
    expect(h.actions.calls).toHaveLength(1);
  });

  it("ignores a duplicate delivery of a run that already ran", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    await h.queue.send([{ key: { job_id: job.id, scheduled_at: Date.parse(NOW) }, owner: "alice", dueAt: Date.parse(NOW) }]);
    expect(await h.engine.worker.runOnce()).toBe(0);
    expect(h.actions.calls).toHaveLength(1);
  });
});

describe("engine: misfires and overlap", () => {
  it("after downtime records missed occurrences and goes on with the chain (catch_up skip)", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "hourly",
      action: notify,
      schedule: { kind: "cron", expr: "0 * * * *", timezone: "UTC" },
      policy: { catch_up: "skip" },
    });
    h.clock.set("2026-06-01T04:30:00Z"); // down from 00:00 to 04:30
    await h.engine.sweeper.sweep(); // what a restarted process runs first
    await h.engine.step();
    const runs = (await h.store.listJobRuns(job.id, { limit: 50 })).items.reverse();
    expect(runs.map((r) => [new Date(r.scheduled_at).toISOString().slice(11, 16), r.status, r.skip_reason])).toEqual([
      ["01:00", "skipped", "missed"],
      ["02:00", "skipped", "missed"],
      ["03:00", "skipped", "missed"],
      ["04:00", "skipped", "missed"],
      ["05:00", "pending", null],
    ]);
    expect(h.actions.calls).toHaveLength(0);
  });

  it("runs only the latest missed occurrence, late, under catch_up latest", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "hourly",
      action: notify,
      schedule: { kind: "cron", expr: "0 * * * *", timezone: "UTC" },
      policy: { catch_up: "latest" },
    });
    h.clock.set("2026-06-01T04:30:00Z");
    await h.engine.sweeper.sweep();
    await h.engine.step();
    const runs = (await h.store.listJobRuns(job.id, { limit: 50 })).items.reverse();
    expect(runs.map((r) => [new Date(r.scheduled_at).toISOString().slice(11, 16), r.status])).toEqual([
      ["01:00", "skipped"],
      ["02:00", "skipped"],
      ["03:00", "skipped"],
      ["04:00", "succeeded"],
      ["05:00", "pending"],
    ]);
  });

  it("runs a run found late but within its grace window once, late", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "once",
      action: notify,
      schedule: { kind: "once", at: Date.parse("2026-06-01T01:00:00Z"), timezone: "UTC" },
    });
    h.clock.set("2026-06-01T01:05:00Z");
    await h.engine.step();
    expect(await onlyRun(job.id)).toMatchObject({ status: "succeeded", started_at: Date.parse("2026-06-01T01:05:00Z") });
  });

  /** An every-minute task whose 00:01 run a slow action holds running until `finish`. */
  async function slowEveryMinute(leaseMs: number) {
    h = await openHarness("2026-06-01T00:00:30Z", { shard_count: 2, lease_ms: leaseMs });
    const pending: (() => void)[] = [];
    h.actions.behaviour = () => new Promise((r) => pending.push(() => r({ text: "slow" })));
    const { job } = await h.engine.jobs.create("alice", {
      title: "every minute",
      action: notify,
      schedule: { kind: "cron", expr: "* * * * *", timezone: "UTC" },
    });
    h.clock.set("2026-06-01T00:01:00Z");
    await h.engine.watcher.tick();
    const first = h.engine.worker.runOnce();
    await new Promise((r) => setImmediate(r));
    const finish = async () => {
      for (const p of pending) p();
      await first;
    };
    return { job, finish };
  }

  it("skips an occurrence while the previous run of the same task is still running (overlap skip)", async () => {
    const { job, finish } = await slowEveryMinute(600_000);
    h.clock.set("2026-06-01T00:02:00Z");
    await h.engine.watcher.tick();
    expect(await h.engine.newWorker("worker-b").runOnce()).toBe(0);
    const runs = (await h.store.listJobRuns(job.id, { limit: 10 })).items.reverse();
    expect(runs.slice(0, 2).map((r) => [r.status, r.skip_reason])).toEqual([
      ["running", null],
      ["skipped", "overlap"],
    ]);
    await finish();
  });

  it("keeps skipping occurrences for as long as the earlier run runs, however many were skipped since", async () => {
    const { job, finish } = await slowEveryMinute(3_600_000);
    for (let minute = 2; minute <= 9; minute++) {
      h.clock.set(`2026-06-01T00:0${minute}:00Z`);
      await h.engine.watcher.tick();
      expect(await h.engine.newWorker("worker-b").runOnce()).toBe(0);
    }
    const runs = (await h.store.listJobRuns(job.id, { limit: 20 })).items.reverse();
    expect(runs.slice(0, 9).map((r) => [r.status, r.skip_reason])).toEqual([["running", null], ...Array(8).fill(["skipped", "overlap"])]);
    await finish();
  });

  it("claims every task's runs when one task's earlier run in flight is unreadable: that run is quarantined, not counted in flight", async () => {
    h = await openHarness("2026-06-01T00:00:30Z", { shard_count: 2 });
    const every = { action: notify, schedule: { kind: "cron" as const, expr: "* * * * *", timezone: "UTC" } };
    const { job: broken } = await h.engine.jobs.create("alice", { title: "broken", ...every });
    const { job: fine } = await h.engine.jobs.create("alice", { title: "fine", ...every });
    const earlier = { ...(await h.store.getRun({ job_id: broken.id, scheduled_at: broken.next_run_at! }))!, scheduled_at: Date.parse("2026-06-01T00:00:10Z") };
    await h.store.commit({
      writes: [{ op: "insert_run", run: { ...earlier, status: "running", attempt: 1, lease_owner: "gone", lease_until: Date.parse("2026-06-01T00:09:00Z") } }],
    });
    await corruptSqliteRun(h.path)(earlier);
    h.clock.set("2026-06-01T00:01:00Z");
    await h.engine.watcher.tick();
    await h.engine.worker.runOnce();
    expect((await h.store.getRun({ job_id: fine.id, scheduled_at: Date.parse("2026-06-01T00:01:00Z") }))?.status).toBe("succeeded");
    // Counted in flight, the unreadable run would defer its task's runs for ever (overlap skip).
    expect((await h.store.getRun({ job_id: broken.id, scheduled_at: Date.parse("2026-06-01T00:01:00Z") }))?.status).toBe("succeeded");
    expect((await h.store.quarantined({ limit: 10 })).map((q) => [q.kind, q.key])).toEqual([["run", `${broken.id}@${earlier.scheduled_at}`]]);
  });
});

describe("engine: reconciliation", () => {
  it("re-creates the missing head run of an active recurring task", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "daily", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    const head = await h.store.getRun({ job_id: job.id, scheduled_at: job.next_run_at! });
    // Lose the head: point the job at an occurrence that has no run, as a half-applied write would.
    const stored = (await h.store.getJob(job.id))!;
    await h.store.commit({
      writes: [{ op: "put_job", job: { ...stored, next_run_at: head!.scheduled_at + 86_400_000, version: stored.version + 1 }, expectVersion: stored.version }],
    });
    expect((await h.engine.sweeper.sweep()).repaired).toBe(1);
    const runs = (await h.store.listJobRuns(job.id, { limit: 10 })).items;
    expect(runs.map((r) => [new Date(r.scheduled_at).toISOString(), r.status])).toEqual([
      ["2026-06-02T09:00:00.000Z", "pending"],
      ["2026-06-01T09:00:00.000Z", "pending"],
    ]);
    expect((await h.engine.sweeper.sweep()).repaired).toBe(0);
  });

  it("gives an active recurring task with no chain at all its next run", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "daily", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    const stored = (await h.store.getJob(job.id))!;
    await h.engine.jobs.cancel("alice", job.id); // its only run is now cancelled…
    const cancelledJob = (await h.store.getJob(job.id))!;
    // …and the job is flipped back to active with no head, as a bad manual edit would leave it.
    await h.store.commit({
      writes: [
        { op: "put_job", job: { ...stored, status: "active", next_run_at: null, version: cancelledJob.version + 1 }, expectVersion: cancelledJob.version },
      ],
    });
    h.clock.set("2026-06-01T12:00:00Z");
    expect((await h.engine.sweeper.sweep()).repaired).toBe(1);
    const runs = (await h.store.listJobRuns(job.id, { limit: 10 })).items;
    expect(runs.map((r) => [new Date(r.scheduled_at).toISOString(), r.status])).toEqual([
      ["2026-06-02T09:00:00.000Z", "pending"],
      ["2026-06-01T09:00:00.000Z", "cancelled"],
    ]);
  });
});

describe("engine: fairness and bad input", () => {
  it("hands a quiet owner's run out in the first batch even behind another owner's thousand", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 4, max_active_jobs_per_owner: 5_000, dedupe_window_ms: 0 });
    const at = Date.parse("2026-06-01T00:00:30Z");
    await h.engine.jobs.createMany(
      "big",
      Array.from({ length: 1000 }, (_, i) => ({ title: `b${i}`, action: notify, schedule: { kind: "once" as const, at, timezone: "UTC" } })),
    );
    await h.engine.jobs.create("quiet", { title: "q", action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    h.clock.set(at);
    const batch = await h.queue.receive(10, 0);
    expect(batch.map((m) => m.owner)).toContain("quiet");
  });

  it.each([
    ["invalid_schedule", { kind: "cron", expr: "61 * * * *", timezone: "UTC" }, "schedule.expr"],
    ["unknown_timezone", { kind: "cron", expr: "0 8 * * *", timezone: "Mars/Olympus" }, "schedule.timezone"],
    ["in_the_past", { kind: "once", at: Date.parse("2026-05-31T00:00:00Z"), timezone: "UTC" }, "schedule.at"],
    ["beyond_horizon", { kind: "once", at: Date.parse("2028-01-01T00:00:00Z"), timezone: "UTC" }, "schedule.at"],
  ] as const)("rejects %s with its field and writes nothing", async (code, schedule, field) => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    await expect(h.engine.jobs.create("alice", { title: "t", action: notify, schedule })).rejects.toMatchObject({ code, field, expected: expect.any(String) });
    expect(await h.store.countJobs("alice", ["active", "paused", "completed", "cancelled"])).toBe(0);
  });

  it("refuses a schedule firing more often than the minimum interval, saying the cap", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2, min_interval_ms: 300_000 });
    await expect(
      h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "cron", expr: "* * * * *", timezone: "UTC" } }),
    ).rejects.toMatchObject({
      code: "limit_exceeded",
      field: "schedule",
      expected: "at least 5 minute(s) between fires",
    });
  });

  it("refuses a task over the per-owner cap, and counts only that owner's live tasks", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2, max_active_jobs_per_owner: 2 });
    const mk = (title: string) => ({ title, action: notify, schedule: { kind: "cron" as const, expr: "0 9 * * *", timezone: "UTC" } });
    await h.engine.jobs.create("alice", mk("a"));
    await h.engine.jobs.create("alice", mk("b"));
    await h.engine.jobs.create("bob", mk("c"));
    await expect(h.engine.jobs.create("alice", mk("d"))).rejects.toMatchObject({
      code: "limit_exceeded",
      expected: "at most 2 active or paused tasks per owner",
    });
    expect(await h.store.countJobs("alice", ["active"])).toBe(2);
  });

  it("answers a repeated identical create with the existing task, marked deduplicated", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const input = { title: "t", action: notify, schedule: { kind: "cron" as const, expr: "0 9 * * *", timezone: "UTC" } };
    const first = await h.engine.jobs.create("alice", input);
    h.clock.advance(60_000);
    const second = await h.engine.jobs.create("alice", input);
    expect(second).toMatchObject({ deduplicated: true, job: { id: first.job.id } });
    expect(await h.store.countJobs("alice", ["active"])).toBe(1);
    h.clock.advance(10 * 60_000);
    expect((await h.engine.jobs.create("alice", input)).deduplicated).toBe(false);
  });
});

describe("engine: bulk create", () => {
  it("with lateOk keeps a once-task whose time just passed and runs it at once, keeping its time; without it, refuses", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    const at = Date.parse("2026-06-01T09:59:59.990Z");
    const input = { title: "t", action: notify, schedule: { kind: "once" as const, at, timezone: "UTC" } };
    await expect(h.engine.jobs.createMany("alice", [input])).rejects.toMatchObject({ code: "in_the_past", field: "[0].schedule.at" });
    const [job] = await h.engine.jobs.createMany("alice", [input], { lateOk: true });
    expect(await h.engine.worker.runOnce()).toBe(1);
    expect(await onlyRun(job!.id)).toMatchObject({ scheduled_at: at, status: "succeeded" });
    const old = { ...input, schedule: { ...input.schedule, at: Date.parse("2026-06-01T09:00:00Z") } };
    await expect(h.engine.jobs.createMany("alice", [old], { lateOk: true })).rejects.toMatchObject({ code: "in_the_past" });
  });
});
