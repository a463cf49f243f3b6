import { beforeEach, describe, expect, it } from "vitest";
import { meterRequests } from "../../src/adapters/aws/request-meter.js";
import { dynamoShardLeases } from "../../src/adapters/lease/dynamodb-leases.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import type { TableNames } from "../../src/adapters/store/dynamodb/tables.js";
import { Watcher } from "../../src/app/engine/watcher.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { ActionRunner } from "../../src/ports/action.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { DelayQueue, QueueItem } from "../../src/ports/queue.js";
import type { ShardLeases } from "../../src/ports/shard-lease.js";
import { dynamoClient } from "../support/aws/clients.js";
import { awsFixture } from "../support/aws/fixture.js";
import { MINUTE_MS, makeJobInShard, makeRun, SHARDS, T0 } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";

const aws = awsFixture();

async function freshLeases(): Promise<{ leases: ShardLeases; tables: TableNames }> {
  const tables = await aws.tables("leases");
  return { leases: dynamoShardLeases({ client: aws.ddb, table: tables.leases }), tables };
}

const ALL = Array.from({ length: SHARDS }, (_, i) => i);
const LEASE_MS = 10_000;

describe("DynamoDB shard leases", () => {
  let leases: ShardLeases;
  let now: number;
  beforeEach(async () => {
    ({ leases } = await freshLeases());
    now = T0;
  });

  /** Every watcher acquires once per round, the clock stepping a second between rounds. */
  async function rounds(owners: string[], n: number): Promise<Record<string, number[]>> {
    const held: Record<string, number[]> = {};
    for (let r = 0; r < n; r++) {
      now += 1_000;
      for (const o of owners) held[o] = (await leases.acquire(o, SHARDS, LEASE_MS, now)).shards;
    }
    return held;
  }

  it("gives a lone watcher every shard", async () => {
    expect(await leases.acquire("a", SHARDS, LEASE_MS, now)).toEqual({ shards: ALL, takenOver: [] });
  });

  it("splits the shards evenly between two watchers, with no shard held by both", async () => {
    await leases.acquire("a", SHARDS, LEASE_MS, now);
    const held = await rounds(["a", "b"], 3);
    expect(held.a).toHaveLength(8);
    expect(held.b).toHaveLength(8);
    expect([...held.a!, ...held.b!].sort((x, y) => x - y)).toEqual(ALL);
  });

  it("splits between three watchers within one shard of each other", async () => {
    const held = await rounds(["a", "b", "c"], 4);
    expect(
      Object.values(held)
        .map((h) => h.length)
        .sort(),
    ).toEqual([5, 5, 6]);
    expect(
      Object.values(held)
        .flat()
        .sort((x, y) => x - y),
    ).toEqual(ALL);
  });

  it("never lets two watchers racing from an empty table win the same shard", async () => {
    const [a, b] = await Promise.all([leases.acquire("a", SHARDS, LEASE_MS, now), leases.acquire("b", SHARDS, LEASE_MS, now)]);
    expect(a.shards.filter((s) => b.shards.includes(s))).toEqual([]);
  });

  it("hands a dead watcher's shards to the survivor within one lease period, saying whose they were", async () => {
    const before = await rounds(["a", "b"], 3);
    const lastSeenA = now;
    // a stops renewing (crashed or frozen); b keeps polling.
    now = lastSeenA + 1_000;
    expect((await leases.acquire("b", SHARDS, LEASE_MS, now)).shards).toHaveLength(8);
    now = lastSeenA + LEASE_MS;
    const after = await leases.acquire("b", SHARDS, LEASE_MS, now);
    expect(after.shards).toEqual(ALL);
    expect(after.takenOver).toEqual(before.a!.map((shard) => ({ shard, from: "a" })));
  });

  it("renews a watcher's hold with one write, not one per shard, once a third of the lease has passed", async () => {
    const metered = dynamoClient();
    const meter = meterRequests(metered);
    const { tables } = await freshLeases();
    const own = dynamoShardLeases({ client: metered, table: tables.leases });
    expect((await own.acquire("a", SHARDS, LEASE_MS, now)).shards).toEqual(ALL);
    meter.reset();
    await own.acquire("a", SHARDS, LEASE_MS, now + LEASE_MS / 4);
    expect(meter.stats().requests).toEqual({ Scan: 1 });
    meter.reset();
    expect((await own.acquire("a", SHARDS, LEASE_MS, now + LEASE_MS / 2)).shards).toEqual(ALL);
    expect(meter.stats().requests).toEqual({ Scan: 1, PutItem: 1 });
    metered.destroy();
  });

  it("lets the others take a released watcher's shards at once, as a handover rather than a takeover", async () => {
    await rounds(["a", "b"], 3);
    await leases.release("a");
    expect(await leases.acquire("b", SHARDS, LEASE_MS, now + 1)).toEqual({ shards: ALL, takenOver: [] });
  });
});

describe("watchers sharing shards through leases", () => {
  const noActions: ActionRunner = { run: async () => ({ text: "unused" }) };

  class RecordingQueue implements DelayQueue {
    sent: QueueItem[] = [];
    async send(items: QueueItem[]) {
      this.sent.push(...items);
    }
    async receive() {
      return [];
    }
    async ack() {}
    async extend() {}
    async size() {
      return this.sent.length;
    }
    async close() {}
  }

  it("enqueue each run once between them, and the survivor takes over a stopped watcher's shards", async () => {
    const { leases, tables } = await freshLeases();
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 30 });
    // Mid-hour with a short look-back: each tick scans one hour's buckets.
    const clock = new FakeClock(T0 + 30 * MINUTE_MS);
    const settings = { ...DEFAULT_SETTINGS, shard_count: SHARDS, poll_interval_ms: 1_000, look_back_ms: 60_000 };
    const open = (id: string) => {
      const queue = new RecordingQueue();
      const watcher = new Watcher({ store, queue, clock, random: () => 0.5, actions: noActions, log: silentLogger, settings }, { leases, id });
      return { watcher, queue };
    };
    const a = open("watcher-a");
    const b = open("watcher-b");
    const tickBoth = async () => {
      clock.advance(1_000);
      await a.watcher.tick();
      await b.watcher.tick();
    };
    /** One pending run due soon in every shard. */
    const addRuns = async (at: number) => {
      const jobs = ALL.map((s) => makeJobInShard(s));
      const runs = jobs.map((j) => makeRun(j, at));
      const ok = await store.commitEach(
        jobs.map((job, i) => ({
          writes: [
            { op: "put_job", job, expectVersion: null },
            { op: "insert_run", run: runs[i]! },
          ],
        })),
      );
      expect(ok.every(Boolean)).toBe(true);
      return runs;
    };
    const shardsOf = (items: QueueItem[]) =>
      [...new Set(items.map((i) => makeRun({ id: i.key.job_id, owner: i.owner }, i.key.scheduled_at).shard))].sort((x, y) => x - y);

    for (let i = 0; i < 3; i++) await tickBoth(); // the split settles
    const first = await addRuns(clock.now() + 30_000);
    await tickBoth();
    expect(a.queue.sent).toHaveLength(8);
    expect(b.queue.sent).toHaveLength(8);
    expect(shardsOf(a.queue.sent).filter((s) => shardsOf(b.queue.sent).includes(s))).toEqual([]);
    expect([...a.queue.sent, ...b.queue.sent].map((i) => i.key.job_id).sort()).toEqual(first.map((r) => r.job_id).sort());

    // watcher-a stops ticking without releasing (a crash); one lease period later b holds all.
    const second = await addRuns(clock.now() + 30_000);
    clock.advance(settings.poll_interval_ms * 10);
    b.queue.sent = [];
    await b.watcher.tick();
    // The second runs once each, and a copy of the runs a had queued in the shards b takes over
    // (a may have died between their commit and their send: see test/aws/takeover-resend.test.ts).
    const queuedByA = a.queue.sent.map((i) => i.key.job_id);
    expect(queuedByA).toHaveLength(8);
    expect(b.queue.sent.map((i) => i.key.job_id).sort()).toEqual([...second.map((r) => r.job_id), ...queuedByA].sort());
    await store.close();
  }, 20_000);
});
