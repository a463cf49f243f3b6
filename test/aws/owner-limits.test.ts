import { beforeAll, describe, expect, it } from "vitest";
import { meterRequests } from "../../src/adapters/aws/request-meter.js";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { dynamoLimitState } from "../../src/adapters/store/dynamodb/dynamodb-limit-state.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import type { TableNames } from "../../src/adapters/store/dynamodb/tables.js";
import { Engine } from "../../src/app/engine/engine.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { Job } from "../../src/core/model.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { Tx } from "../../src/ports/store.js";
import { dynamoClient } from "../support/aws/clients.js";
import { awsFixture } from "../support/aws/fixture.js";
import { makeJob, T0 } from "../support/builders.js";
import { ScriptedActions } from "../support/engine-harness.js";
import { FakeClock } from "../support/fake-clock.js";

const aws = awsFixture();
let tables: TableNames;
beforeAll(async () => {
  tables = await aws.tables("limits");
});

const create = (job: Job, max: number): Tx => ({ writes: [{ op: "put_job", job, expectVersion: null }], cap: { owner: job.owner, max } });

describe("the active-task cap on DynamoDB", () => {
  it("lets exactly one of ten concurrent creates through when one slot is left, from two store instances", async () => {
    const stores = [1, 2].map(() => openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 }));
    expect(await stores[0]!.commit(create(makeJob({ owner: "alice" }), 3))).toBe(true);
    expect(await stores[1]!.commit(create(makeJob({ owner: "alice" }), 3))).toBe(true);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => stores[i % 2]!.commit(create(makeJob({ owner: "alice" }), 3))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stores[0]!.countJobs("alice", ["active", "paused"])).toBe(3);
    // Another owner's cap is their own.
    expect(await stores[0]!.commit(create(makeJob({ owner: "bob" }), 3))).toBe(true);
  });

  const leave = (job: Job, status: "cancelled" | "completed"): Tx => ({
    writes: [{ op: "put_job", job: { ...job, status, version: job.version + 1 }, expectVersion: job.version }],
  });

  it("frees a cancelled task's slot at once, and only once", async () => {
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 });
    const jobs = [makeJob({ owner: "carol" }), makeJob({ owner: "carol" })];
    for (const job of jobs) expect(await store.commit(create(job, 2))).toBe(true);
    expect(await store.commit(create(makeJob({ owner: "carol" }), 2))).toBe(false);
    expect(await store.commit(leave(jobs[0]!, "cancelled"))).toBe(true);
    expect(await store.commit(create(makeJob({ owner: "carol" }), 2))).toBe(true);
    expect(await store.commit(create(makeJob({ owner: "carol" }), 2))).toBe(false);
    // A write to a task already out of the live statuses gives back nothing more.
    const cancelled = { ...jobs[0]!, status: "cancelled" as const, version: jobs[0]!.version + 1 };
    expect(await store.commit(leave(cancelled, "cancelled"))).toBe(true);
    expect(await store.commit(create(makeJob({ owner: "carol" }), 2))).toBe(false);
  }, 15_000);

  it("counts live tasks only in a burst: one-shots that finish as fast as they are created never fill the cap", async () => {
    const stores = [1, 2].map(() => openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 }));
    let created = 0;
    for (let round = 0; round < 5; round++) {
      const jobs = Array.from({ length: 6 }, () => makeJob({ owner: "hank" }));
      const results = await Promise.all(jobs.map((job, i) => stores[i % 2]!.commit(create(job, 3))));
      // Every round starts with 0 live: exactly the cap's 3 pass, whatever finished before.
      expect(results.filter(Boolean)).toHaveLength(3);
      created += 3;
      await Promise.all(jobs.filter((_, i) => results[i]).map((job, i) => stores[i % 2]!.commit(leave(job, "completed"))));
    }
    expect(created).toBe(15);
    expect(await stores[0]!.countJobs("hank", ["active", "paused"])).toBe(0);
  }, 30_000);

  it("never lets live tasks past the cap while creates and cancels race", async () => {
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 });
    const live = Array.from({ length: 3 }, () => makeJob({ owner: "gina" }));
    for (const job of live) expect(await store.commit(create(job, 3))).toBe(true);
    const creates = Array.from({ length: 8 }, () => makeJob({ owner: "gina" }));
    const [cancels, made] = await Promise.all([
      Promise.all(live.slice(0, 2).map((job) => store.commit(leave(job, "cancelled")))),
      Promise.all(creates.map((job) => store.commit(create(job, 3)))),
    ]);
    expect(cancels).toEqual([true, true]);
    const passed = made.filter(Boolean).length;
    expect(passed).toBeLessThanOrEqual(2);
    // Whatever the interleaving, the counter ends exact: the slots left are the cap less the live tasks.
    const more = await Promise.all(Array.from({ length: 5 }, () => store.commit(create(makeJob({ owner: "gina" }), 3))));
    expect(1 + passed + more.filter(Boolean).length).toBe(3);
  }, 30_000);

  it("seeds the counter from the owner's existing live tasks (a deployment from before the cap)", async () => {
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 });
    for (let i = 0; i < 2; i++) expect(await store.commit({ writes: [{ op: "put_job", job: makeJob({ owner: "dave" }), expectVersion: null }] })).toBe(true);
    expect(await store.commit(create(makeJob({ owner: "dave" }), 2))).toBe(false);
    expect(await store.commit(create(makeJob({ owner: "dave" }), 3))).toBe(true);
  });
});

describe("rate limits on DynamoDB", () => {
  it("lets exactly `burst` of many concurrent charges through, across two processes' clients", async () => {
    // The wall clock's time, frozen: DynamoDB's TTL deletes an item whose expiry is in the real past.
    const at = Date.now();
    const clock = { now: () => at };
    const settings = { ...DEFAULT_LIMITS, creates: { burst: 5, per_minute: 1 } };
    const limits = [1, 2].map(() => new Limits(dynamoLimitState({ client: aws.ddb, table: tables.events, now: clock.now }), settings, clock));
    const outcomes = await Promise.allSettled(Array.from({ length: 24 }, (_, i) => limits[i % 2]!.chargeCreate("erin")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: { code: "limit_exceeded", retryAfterS: 60 } });
  });

  it("charges a claim batch's 50 runs of one owner with one conditional write, each booked a token of its own", async () => {
    const at = Date.now();
    const clock = { now: () => at };
    const metered = dynamoClient();
    const meter = meterRequests(metered);
    try {
      const settings = { ...DEFAULT_LIMITS, executions: { burst: 40, per_minute: 120 } };
      const limits = new Limits(dynamoLimitState({ client: metered, table: tables.events, now: clock.now }), settings, clock);
      const waits = await Promise.all(Array.from({ length: 50 }, () => limits.reserveExecution("flood")));
      expect(waits.filter((w) => w === 0)).toHaveLength(40);
      expect(waits.slice(40)).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 500));
      // One read and one write: 50 updates racing on the owner's item would lose races and retry.
      expect(meter.stats().requests).toEqual({ GetItem: 1, PutItem: 1 });
    } finally {
      metered.destroy();
    }
  });

  it("keeps a limit item out of every run's event listing", async () => {
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 });
    await new Limits(dynamoLimitState({ client: aws.ddb, table: tables.events, now: () => T0 }), DEFAULT_LIMITS, { now: () => T0 }).chargeCreate("frank");
    expect(await store.listEvents({ job_id: "frank", scheduled_at: T0 })).toEqual([]);
  });
});

describe("the execution rate on DynamoDB", () => {
  it("holds a run over the owner's rate back, queued with its attempt and executions unused, and runs it when a token is there", async () => {
    // From the wall clock's time: DynamoDB's TTL deletes an item whose expiry is in the real past.
    const clock = new FakeClock(Date.now());
    const t0 = clock.now();
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 30, now: () => clock.now() });
    const actions = new ScriptedActions();
    const settings = { ...DEFAULT_LIMITS, executions: { burst: 2, per_minute: 6 } };
    const engine = new Engine({
      store,
      queue: new LocalDelayQueue(clock),
      clock,
      random: () => 0.5,
      actions,
      log: silentLogger,
      settings: DEFAULT_SETTINGS,
      limits: new Limits(dynamoLimitState({ client: aws.ddb, table: tables.events, now: () => clock.now() }), settings, clock),
    });
    const action = { type: "notify" as const, message: "hi" };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await engine.jobs.create("grace", { title: `n${i}`, action, schedule: { kind: "immediate" } })).job.id);
    const lastRuns = () => Promise.all(ids.map((id) => store.listJobRuns(id, { limit: 1 }).then((p) => p.items[0]!)));
    expect(await engine.worker.runOnce()).toBe(2);
    const held = (await lastRuns()).filter((r) => r.status === "queued");
    expect(held).toMatchObject([{ attempt: 0, executions: 0, due_at: t0 + 10_000 }]);
    clock.advance(10_000);
    expect(await engine.worker.runOnce()).toBe(1);
    expect((await lastRuns()).map((r) => [r.status, r.attempt, r.executions])).toEqual(ids.map(() => ["succeeded", 1, 1]));
    expect(actions.calls).toHaveLength(3);
    await engine.stop();
  });
});
