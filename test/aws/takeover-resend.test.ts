// A watcher killed between the commit that marks runs queued and their send to SQS leaves them
// queued without a message. The watcher that takes its shards (its lease expired, or it was found
// dead) sends them again at once, on DynamoDB Local and SQS (fauxqs), rather than
// `stale_queued_ms` (30 s) after their time; a copy of a run whose first message did go out is
// claimed by no one (the claim is a compare-and-set) and acknowledged.
import { describe, expect, it } from "vitest";
import { openSqsQueue } from "../../src/adapters/queue/sqs/sqs-queue.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { Watcher } from "../../src/app/engine/watcher.js";
import { Worker } from "../../src/app/engine/worker.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { Job, Run } from "../../src/core/model.js";
import type { ActionRunner } from "../../src/ports/action.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { DelayQueue } from "../../src/ports/queue.js";
import type { ShardLeases } from "../../src/ports/shard-lease.js";
import { awsFixture } from "../support/aws/fixture.js";
import { makeJobInShard, makeRun, SHARDS, T0 } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";

const aws = awsFixture({ queues: true });

/** The owner window (a worker's read-ahead), and of it the watchers' part: the create path has a fifth. */
const WINDOW = 10;
const WATCHERS_SHARE = 8;
const ALL_SHARDS = Array.from({ length: SHARDS }, (_, i) => i);

/** Leases as the dead watcher's successor sees them: every shard, taken over from `watcher-a` at the first acquire. */
function successorLeases(): ShardLeases {
  let first = true;
  return {
    acquire: async () => {
      const takenOver = first ? ALL_SHARDS.map((shard) => ({ shard, from: "watcher-a" })) : [];
      first = false;
      return { shards: ALL_SHARDS, takenOver };
    },
    release: async () => {},
  };
}

/** A queue whose sends never reach SQS: the process was killed after its commit, before its send. */
const killedBeforeSend = (queue: DelayQueue): DelayQueue => ({
  ...queue,
  ownerWindow: queue.ownerWindow!,
  send: async () => {
    throw new Error("killed before its send");
  },
});

async function openScene() {
  const { queueUrl } = await aws.queues("takeover", { visibilityMs: 30_000, maxReceiveCount: 10 });
  const store = openDynamoStore({ client: aws.ddb, tables: await aws.tables("takeover"), ttlDays: 30 });
  const clock = new FakeClock(T0 + 30 * 60_000);
  const settings = { ...DEFAULT_SETTINGS, shard_count: SHARDS, look_back_ms: 60_000, max_active_jobs_per_owner: 1_000, dedupe_window_ms: 0 };
  const queue = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 30_000, readAhead: WINDOW, now: () => clock.now() });
  const calls: string[] = [];
  const actions: ActionRunner = {
    run: async (_action, ctx) => {
      calls.push(`${ctx.jobId}@${ctx.scheduledAt}`);
      return { text: "done" };
    },
  };
  const deps = (q: DelayQueue) => ({ store, queue: q, clock, random: () => 0.5, actions, log: silentLogger, settings });
  /** The watcher that dies: it commits its runs queued; with `killed`, its sends never happen. */
  const dying = (killed: boolean) => new Watcher(deps(killed ? killedBeforeSend(queue) : queue), { id: "watcher-a" });
  const successor = () => new Watcher(deps(queue), { id: "watcher-b", leases: successorLeases() });
  const worker = () => new Worker(deps(queue), { id: "worker-1" });
  /** Tasks of `owner`, each with one run due a second ago (sent without a delay), in the store. */
  const seed = async (n: number, owner: string): Promise<Run[]> => {
    const jobs: Job[] = Array.from({ length: n }, (_, i) => makeJobInShard(i % SHARDS, { owner }));
    const runs = jobs.map((j, i) => makeRun(j, clock.now() - 1_000 + i));
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
  return { store, queue, clock, calls, dying, successor, worker, seed, close: () => queue.close() };
}

describe("a shard taken over from a dead watcher", () => {
  it("has the runs its watcher committed queued and never sent sent again, each claimed and run once", async () => {
    const s = await openScene();
    try {
      const [run] = await s.seed(1, "steady");
      expect((await s.dying(true).tick()).errors).toBe(1);
      expect((await s.store.getRun(run!))?.status).toBe("queued");
      expect(await s.queue.size()).toBe(0);

      // Without the takeover's re-send nothing is in SQS until the run is `stale_queued_ms` late.
      expect((await s.successor().tick()).resent).toBe(1);
      expect(await s.queue.size()).toBe(1);
      expect(await s.worker().runOnce()).toBe(1);
      expect(s.calls).toEqual([`${run!.job_id}@${run!.scheduled_at}`]);
      expect((await s.store.getRun(run!))?.status).toBe("succeeded");
      expect(await s.queue.size()).toBe(0);
    } finally {
      await s.close();
    }
  }, 60_000);

  it("acknowledges the copy of a run whose first message did go out, without a second run", async () => {
    const s = await openScene();
    try {
      const [run] = await s.seed(1, "steady");
      expect((await s.dying(false).tick()).enqueued).toBe(1);
      expect((await s.successor().tick()).resent).toBe(1);
      expect(await s.queue.size()).toBe(2);
      const worker = s.worker();
      // Both copies are handed out (one receive may not return both): one claims, the other is refused and acknowledged.
      for (let i = 0; i < 5 && (await s.queue.size()) > 0; i++) await worker.runOnce();
      expect(s.calls).toEqual([`${run!.job_id}@${run!.scheduled_at}`]);
      const after = await s.store.getRun(run!);
      expect(after?.status).toBe("succeeded");
      expect(after?.attempt).toBe(1);
      expect(await s.queue.size()).toBe(0);
    } finally {
      await s.close();
    }
  }, 60_000);

  it("re-sends an owner's runs only as far as its share of the window, counting the copies", async () => {
    const s = await openScene();
    try {
      // 6 of the owner's runs queued and sent by the watcher that died; its successor's share is
      // 8, so 2 copies fit (the earliest due), and SQS holds at most the share of the owner.
      const runs = await s.seed(6, "flood");
      expect((await s.dying(false).tick()).enqueued).toBe(6);
      expect(await s.queue.size()).toBe(6);
      expect((await s.successor().tick()).resent).toBe(2);
      expect(await s.queue.size()).toBe(WATCHERS_SHARE);
      expect(runs).toHaveLength(6);
    } finally {
      await s.close();
    }
  }, 60_000);
});
