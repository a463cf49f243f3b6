import { describe, expect, it } from "vitest";
import { dynamoPresence, dynamoShardLeases } from "../../src/adapters/lease/dynamodb-leases.js";
import { openSqsQueue } from "../../src/adapters/queue/sqs/sqs-queue.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { WatcherAlarm } from "../../src/app/engine/liveness.js";
import { checkStatus, type StatusDeps } from "../../src/app/engine/status.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { Logger, LogLevel } from "../../src/ports/logger.js";
import { awsFixture } from "../support/aws/fixture.js";
import { makeJob, makeRun, SHARDS, T0 } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";

const aws = awsFixture({ queues: true });

async function fresh(label: string) {
  const tables = await aws.tables(label);
  const presence = dynamoPresence({ client: aws.ddb, table: tables.leases });
  const leases = dynamoShardLeases({ client: aws.ddb, table: tables.leases });
  return { tables, presence, leases };
}

const LEASE_MS = 10_000;

describe("who runs the scheduler, from the leases table", () => {
  it("lists watchers with their shards and when they renewed, and workers by heartbeat; a worker that stops is gone at once", async () => {
    const { presence, leases } = await fresh("presence");
    await leases.acquire("watcher-1", SHARDS, LEASE_MS, T0);
    await presence.beat("worker-1", T0 + 500, 3_000);
    await presence.beat("worker-2", T0 + 700, 3_000);
    expect(await presence.members(T0 + 1_000)).toEqual([
      { role: "watcher", id: "watcher-1", seenAt: T0, until: T0 + LEASE_MS, shards: Array.from({ length: SHARDS }, (_, i) => i) },
      { role: "worker", id: "worker-1", seenAt: T0 + 500, until: T0 + 3_500, shards: [] },
      { role: "worker", id: "worker-2", seenAt: T0 + 700, until: T0 + 3_700, shards: [] },
    ]);
    await presence.leave("worker-2");
    const later = await presence.members(T0 + 20_000);
    // Past their leases: still listed (with `until` in the past), a watcher without shards.
    expect(later.map((m) => [m.id, m.until > T0 + 20_000, m.shards.length])).toEqual([
      ["watcher-1", false, 0],
      ["worker-1", false, 0],
    ]);
    expect(await presence.members(T0 + 2 * 3_600_000)).toEqual([]);
  });

  it("warns once when no watcher has held a lease for two lease periods, and says so when one is back", async () => {
    const { presence, leases } = await fresh("alarm");
    const clock = new FakeClock(T0);
    const lines: { level: LogLevel; message: string }[] = [];
    const log: Logger = { log: (level, message) => lines.push({ level, message }) };
    const settings = { ...DEFAULT_SETTINGS, poll_interval_ms: 100 }; // a watcher's lease: 1 s
    const alarm = new WatcherAlarm({ clock, log, settings }, presence);
    expect(await alarm.check()).toBe(false);
    clock.advance(1_999);
    await alarm.check();
    expect(lines).toEqual([]);
    clock.advance(1);
    await alarm.check();
    clock.advance(5_000);
    await alarm.check();
    expect(lines).toEqual([{ level: "warn", message: expect.stringMatching(/^no watcher holds a shard lease: no run is queued.*duely watcher/) }]);
    await leases.acquire("watcher-1", SHARDS, 1_000, clock.now());
    expect(await alarm.check()).toBe(true);
    expect(lines[1]).toEqual({ level: "info", message: expect.stringMatching(/a watcher holds the shard leases again/) });
  });
});

describe("duely status's checks on DynamoDB + SQS", () => {
  async function statusDeps(label: string, clock: FakeClock) {
    const { tables, presence, leases } = await fresh(label);
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 1, shards: SHARDS });
    const { queueUrl, dlqUrl } = await aws.queues(label, { visibilityMs: 2_000, maxReceiveCount: 3 });
    const queue = openSqsQueue({ client: aws.sqs(), queueUrl, dlqUrl, visibilityMs: 2_000 });
    const deps: StatusDeps = { store, queue, presence, schedulerRunning: null, clock, settings: { ...DEFAULT_SETTINGS, shard_count: SHARDS } };
    return { deps, store, queue, leases, presence };
  }

  it("needs attention with no watcher, no worker and a pending run past its time; none once they run and the run is queued", async () => {
    const clock = new FakeClock(T0 + 30 * 60_000);
    const { deps, store, queue, leases, presence } = await statusDeps("status", clock);
    const job = makeJob({ owner: "ann" });
    const late = makeRun(job, clock.now() - 5 * 60_000);
    expect(
      await store.commit({
        writes: [
          { op: "put_job", job, expectVersion: null },
          { op: "insert_run", run: late },
        ],
      }),
    ).toBe(true);

    const before = await checkStatus(deps);
    expect(before.store).toEqual({ ok: true });
    expect(before.queue).toEqual({ ok: true, depth: 0, dead_lettered: 0 });
    expect(before.watchers).toEqual([]);
    expect(before.workers).toEqual([]);
    expect(before.runs?.oldest_overdue_pending).toEqual({
      run_key: `${job.id}@${late.scheduled_at}`,
      owner: "ann",
      due_at: new Date(late.due_at).toISOString(),
      late_s: 300,
    });
    expect(before.attention).toEqual([
      expect.stringMatching(/^No watcher is running/),
      expect.stringMatching(/^No worker is running/),
      expect.stringMatching(/^A pending run is 300 s past its time/),
    ]);

    await leases.acquire("watcher-1", SHARDS, LEASE_MS, clock.now() - 2_000);
    await presence.beat("worker-1", clock.now() - 1_000, 30_000);
    const queued = { ...late, status: "queued" as const, due_at: clock.now() - 10_000, wake_at: clock.now() + 20_000 };
    expect(await store.commit({ writes: [{ op: "update_run", run: queued, expect: { status: "pending", attempt: 0 } }] })).toBe(true);
    await queue.send([{ key: { job_id: job.id, scheduled_at: late.scheduled_at }, owner: "ann", dueAt: Date.now() }]);
    const after = await checkStatus(deps);
    expect(after.watchers).toEqual([{ id: "watcher-1", shards: Array.from({ length: SHARDS }, (_, i) => i), lease_age_s: 2 }]);
    expect(after.workers).toEqual([{ id: "worker-1", heartbeat_age_s: 1 }]);
    expect(after.queue).toMatchObject({ ok: true, depth: 1 });
    expect(after.runs).toMatchObject({ oldest_overdue_pending: null, oldest_unclaimed: { owner: "ann", late_s: 10 }, failed_last_hour: 0 });
    expect(after.attention).toEqual([]);
    await queue.close();
  }, 30_000);

  it("flags a worker and a watcher whose heartbeat stopped without a graceful stop, or that were found dead on their host, and the runs waiting on the dead worker", async () => {
    const clock = new FakeClock(T0 + 30 * 60_000);
    const { deps, store, queue, leases, presence } = await statusDeps("stopped", clock);
    const now = clock.now();
    // Alive: a watcher and a worker renewing; a worker that stopped gracefully is gone.
    await leases.acquire("watcher-live", SHARDS, LEASE_MS, now - 1_000);
    await presence.beat("worker-live", now - 1_000, 30_000);
    await presence.beat("worker-left", now - 1_000, 30_000);
    await presence.leave("worker-left");
    // Killed 40 s ago: their lease and heartbeat lapsed.
    await leases.acquire("watcher-dead", SHARDS, 5_000, now - 40_000);
    await presence.beat("worker-dead", now - 40_000, 30_000);
    // Killed a second ago and found dead on its host: its beat is fresh, but it is not live.
    await presence.beat("worker-buried", now - 1_000, 30_000);
    await presence.bury("worker", "worker-buried");
    const job = makeJob({ owner: "bea" });
    const held = makeRun(job, now - 45_000, {
      status: "running",
      attempt: 1,
      executions: 1,
      lease_owner: "worker-dead",
      lease_until: now + 5_000,
      wake_at: now + 5_000,
      started_at: now - 45_000,
    });
    expect(
      await store.commit({
        writes: [
          { op: "put_job", job, expectVersion: null },
          { op: "insert_run", run: held },
        ],
      }),
    ).toBe(true);
    const report = await checkStatus(deps);
    expect(report.workers?.map((w) => w.id)).toEqual(["worker-live"]);
    expect(report.stopped).toEqual([
      { role: "worker", id: "worker-buried", last_seen_s: 1 },
      { role: "watcher", id: "watcher-dead", last_seen_s: 40 },
      { role: "worker", id: "worker-dead", last_seen_s: 40 },
    ]);
    expect(report.held_by_stopped_workers).toEqual([{ run_key: `${job.id}@${held.scheduled_at}`, owner: "bea", worker: "worker-dead", lease_expires_in_s: 5 }]);
    expect(report.attention).toEqual([
      expect.stringMatching(/^The worker worker-buried stopped renewing its heartbeat 1 s ago/),
      expect.stringMatching(/^The watcher watcher-dead stopped renewing its lease 40 s ago without a graceful stop/),
      expect.stringMatching(/^The worker worker-dead stopped renewing its heartbeat 40 s ago/),
      expect.stringMatching(/^1 run wait on a worker whose heartbeat stopped/),
    ]);
    await queue.close();
  }, 30_000);

  it("flags a live role that announced other settings than most roles", async () => {
    const clock = new FakeClock(T0 + 30 * 60_000);
    const { deps, queue, leases, presence } = await statusDeps("digest", clock);
    const now = clock.now();
    await leases.acquire("watcher-1", SHARDS, LEASE_MS, now - 1_000, { config: "aaaaaaaaaaaa" });
    await presence.beat("worker-1", now - 1_000, 30_000, { config: "aaaaaaaaaaaa" });
    await presence.beat("worker-2", now - 1_000, 30_000, { config: "bbbbbbbbbbbb" });
    const report = await checkStatus(deps);
    expect(report.configured_differently).toEqual([{ role: "worker", id: "worker-2", config: "bbbbbbbbbbbb", most_have: "aaaaaaaaaaaa" }]);
    expect(report.attention).toEqual([expect.stringMatching(/^The worker worker-2 runs with other settings than most roles/)]);
    await presence.beat("worker-2", now - 500, 30_000, { config: "aaaaaaaaaaaa" });
    const fixed = await checkStatus(deps);
    expect(fixed.configured_differently).toEqual([]);
    expect(fixed.attention).toEqual([]);
    await queue.close();
  }, 30_000);

  it("lists the runs that failed within the hour without calling them a problem, and calls an unreachable store one", async () => {
    const clock = new FakeClock(T0 + 30 * 60_000);
    const { deps, store, leases, presence, queue } = await statusDeps("failed", clock);
    await leases.acquire("watcher-1", SHARDS, LEASE_MS, clock.now());
    await presence.beat("worker-1", clock.now(), 30_000);
    const job = makeJob({ owner: "bob" });
    const failed = makeRun(job, clock.now() - 20 * 60_000, {
      status: "failed",
      attempt: 3,
      finished_at: clock.now() - 10 * 60_000,
      error: { message: "upstream down", kind: "retryable" },
    });
    expect(
      await store.commit({
        writes: [
          { op: "put_job", job, expectVersion: null },
          { op: "insert_run", run: failed },
        ],
      }),
    ).toBe(true);
    const report = await checkStatus(deps);
    expect(report.runs).toMatchObject({
      failed_last_hour: 1,
      failed_recent: [{ run_key: `${job.id}@${failed.scheduled_at}`, owner: "bob", error: "upstream down" }],
    });
    expect(report.attention).toEqual([]);

    const gone = openDynamoStore({ client: aws.ddb, tables: { ...(await fresh("none")).tables, jobs: "no-such-table" }, ttlDays: 1, shards: SHARDS });
    const broken = await checkStatus({ ...deps, store: gone });
    expect(broken.store).toMatchObject({ ok: false, error: expect.stringMatching(/non-existent table|not found/i) });
    expect(broken.runs).toBeNull();
    expect(broken.attention[0]).toMatch(/^The store cannot be reached/);
    await queue.close();
  }, 30_000);
});
