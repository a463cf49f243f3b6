import { afterEach, describe, expect, it } from "vitest";
import { skipped, updateStep } from "../../src/app/runs.js";
import { DomainError } from "../../src/core/errors.js";
import { shardOf } from "../../src/core/keys.js";
import type { Run } from "../../src/core/model.js";
import { openHarness } from "../support/engine-harness.js";
import { FaultPlan } from "../support/faults.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const daily = { kind: "cron" as const, expr: "0 8 * * *", timezone: "UTC" };
const iso = (ms: number) => new Date(ms).toISOString();

async function runsOf(jobId: string): Promise<Run[]> {
  return (await h.store.listJobRuns(jobId, { limit: 100 })).items.reverse();
}

describe("a task that cannot be read for a moment is not a broken task", () => {
  // Four simulated days in 5-minute steps: seconds of CPU, more on a busy machine.
  it("leaves the run for the next tick when the watcher cannot read its task, and the daily task runs every day after", { timeout: 30_000 }, async () => {
    const faults = new FaultPlan();
    h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2 }, { faults });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily });
    h.clock.set("2026-06-01T07:59:30Z"); // the head is inside the look-ahead window now
    // A socket hang up, a throttled read: the batched read fails, and so does the single one after it.
    faults.script("getJobs", "error");
    faults.script("getJob", "error");
    await h.engine.watcher.tick();
    expect((await runsOf(job.id)).map((r) => r.status)).toEqual(["pending"]);
    await h.runFor(3 * 86_400_000 + 3_600_000, 300_000);
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [iso(r.scheduled_at).slice(0, 10), r.status])).toEqual([
      ["2026-06-01", "succeeded"],
      ["2026-06-02", "succeeded"],
      ["2026-06-03", "succeeded"],
      ["2026-06-04", "succeeded"],
      ["2026-06-05", "pending"],
    ]);
    expect(runs.every((r) => r.error === null)).toBe(true);
  });

  it("defers a delivered run whose task cannot be read now, and runs it once the read succeeds", async () => {
    const faults = new FaultPlan();
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2, call_timeout_ms: 50 }, { faults });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    // Never answers: the engine's deadline gives up on it, the read with the runs, the batched read and then the single one.
    faults.script("getRunsWithJobs", "timeout");
    faults.script("getJobs", "timeout");
    faults.script("getJob", "timeout");
    await h.engine.worker.runOnce();
    const [run] = await runsOf(job.id);
    expect(run).toMatchObject({ status: "queued", executions: 0, error: null });
    expect(h.actions.calls).toHaveLength(0);
    h.clock.advance(1_000);
    expect(await h.engine.worker.runOnce()).toBe(1);
    expect((await runsOf(job.id))[0]).toMatchObject({ status: "succeeded", executions: 1 });
  });

  it("still fails, saying why, the runs of a task whose stored record does not parse", async () => {
    h = await openHarness(
      "2026-06-01T10:00:00Z",
      { shard_count: 2 },
      {
        wrapStore: (s) => ({
          ...s,
          getJob: async () => Promise.reject(corrupt()),
          getJobs: async () => Promise.reject(corrupt()),
          getRunsWithJobs: async () => Promise.reject(corrupt()),
        }),
      },
    );
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    expect((await runsOf(job.id))[0]).toMatchObject({ status: "failed", error: { kind: "permanent", message: expect.stringContaining("is malformed") } });
  });
});

async function threeTasksDueNow() {
  const jobs = [];
  for (const title of ["a", "b", "c"]) jobs.push((await h.engine.jobs.create("alice", { title, action: notify, schedule: { kind: "immediate" } })).job);
  return jobs;
}

describe("one unreadable record among a batch of reads", () => {
  it("fails only the runs of the task that does not parse; the others of the same claim batch run", async () => {
    let bad = "";
    // As the real stores do (the Store contract pins it): one unparseable record fails a batched read whole.
    h = await openHarness(
      "2026-06-01T10:00:00Z",
      { shard_count: 2 },
      {
        wrapStore: (s) => ({
          ...s,
          getJob: async (id) => (id === bad ? Promise.reject(corrupt()) : s.getJob(id)),
          getJobs: async (ids) => (ids.includes(bad) ? Promise.reject(corrupt()) : s.getJobs(ids)),
          getRunsWithJobs: async (keys) => (keys.some((k) => k.job_id === bad) ? Promise.reject(corrupt()) : s.getRunsWithJobs(keys)),
        }),
      },
    );
    const jobs = await threeTasksDueNow();
    bad = jobs[1]!.id;
    expect(await h.engine.worker.runOnce()).toBe(2);
    const statuses = await Promise.all(jobs.map(async (j) => (await runsOf(j.id))[0]?.status));
    expect(statuses).toEqual(["succeeded", "failed", "succeeded"]);
  });

  it("drops only the delivered run that does not parse; the others of the batch are claimed", async () => {
    let bad = "";
    h = await openHarness(
      "2026-06-01T10:00:00Z",
      { shard_count: 2 },
      {
        wrapStore: (s) => ({
          ...s,
          getRun: async (key) => (key.job_id === bad ? Promise.reject(corrupt()) : s.getRun(key)),
          getRuns: async (keys) => (keys.some((k) => k.job_id === bad) ? Promise.reject(corrupt()) : s.getRuns(keys)),
          getRunsWithJobs: async (keys) => (keys.some((k) => k.job_id === bad) ? Promise.reject(corrupt()) : s.getRunsWithJobs(keys)),
        }),
      },
    );
    const jobs = await threeTasksDueNow();
    bad = jobs[0]!.id;
    expect(await h.engine.worker.runOnce()).toBe(2);
    expect(h.actions.calls).toHaveLength(2);
  });
});

describe("recovery at start: one shard that cannot be read does not hold back the others", () => {
  it("sends again the queued runs of the shards it can read, and logs the one it cannot", async () => {
    const lines: string[] = [];
    let failShard0 = false;
    h = await openHarness(
      "2026-06-01T10:00:00Z",
      { shard_count: 2 },
      {
        exclusive: true,
        log: { log: (_level, message) => lines.push(message) },
        wrapStore: (s) => ({
          ...s,
          listWaking: async (q) => (failShard0 && q.shard === 0 ? Promise.reject(new Error("socket hang up")) : s.listWaking(q)),
        }),
      },
    );
    const shards = new Set<number>();
    const inShard1: string[] = [];
    for (let i = 0; shards.size < 2 && i < 50; i++) {
      const { job } = await h.engine.jobs.create("alice", { title: `t${i}`, action: notify, schedule: { kind: "immediate" } });
      const shard = shardOf(job.id, 2);
      shards.add(shard);
      if (shard === 1) inShard1.push(job.id);
    }
    h.restart();
    failShard0 = true;
    expect(await h.engine.recover()).toEqual({ resent: inShard1.length, reaped: 0 });
    expect(lines).toContain("cannot read a shard's runs to recover; the watcher takes them over");
  });
});

describe("sweeper: every active recurring task has a future run", () => {
  it("plans the next run of a task whose head run ended without the chain moving on", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", { title: "digest", action: notify, schedule: daily });
    // The head settled without a next occurrence (as the watcher used to leave a run it failed).
    const head = (await runsOf(job.id))[0]!;
    const settled = updateStep(head, { ...skipped(head, "missed", h.clock.now()), status: "failed", skip_reason: null }, h.clock.now());
    expect(await h.store.commit({ writes: [settled.write] })).toBe(true);
    h.clock.set("2026-06-01T12:00:00Z");
    expect((await h.engine.sweeper.sweep()).repaired).toBe(1);
    expect((await runsOf(job.id)).map((r) => [iso(r.scheduled_at), r.status])).toEqual([
      ["2026-06-01T08:00:00.000Z", "failed"],
      ["2026-06-02T08:00:00.000Z", "pending"],
    ]);
    expect((await h.engine.sweeper.sweep()).repaired).toBe(0);
  });

  it("marks completed a one-shot task whose only run has ended while the task stayed active", async () => {
    h = await openHarness("2026-06-01T00:00:00Z", { shard_count: 2 });
    const { job } = await h.engine.jobs.create("alice", {
      title: "once",
      action: notify,
      schedule: { kind: "once", at: Date.parse("2026-06-01T01:00:00Z"), timezone: "UTC" },
    });
    const head = (await runsOf(job.id))[0]!;
    await h.store.commit({ writes: [updateStep(head, skipped(head, "missed", h.clock.now()), h.clock.now()).write] });
    h.clock.set("2026-06-01T02:00:00Z");
    expect(await h.engine.sweeper.sweep()).toMatchObject({ completed: 1, repaired: 0 });
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
  });
});

const corrupt = () => new DomainError("corrupt_record", "stored job x is malformed: status: Invalid option", { field: "status" });
