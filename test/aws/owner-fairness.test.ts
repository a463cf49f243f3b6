// One owner's flood next to another owner's run, on DynamoDB Local and SQS (fauxqs): the watcher
// keeps each owner's unclaimed runs in the queue within the queue's owner window, so the other
// owner's run is never behind more than that many of the flood's in SQS (which hands messages out
// in the order they became visible, as fauxqs does strictly).
import { DeleteMessageBatchCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { describe, expect, it } from "vitest";
import { openSqsQueue } from "../../src/adapters/queue/sqs/sqs-queue.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { Watcher } from "../../src/app/engine/watcher.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { Jobs } from "../../src/app/tasks/jobs.js";
import { runKeyString } from "../../src/core/keys.js";
import type { Run, RunKey } from "../../src/core/model.js";
import type { ActionRunner } from "../../src/ports/action.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { DelayQueue } from "../../src/ports/queue.js";
import type { Store } from "../../src/ports/store.js";
import { awsFixture } from "../support/aws/fixture.js";
import { makeJobInShard, makeRun, SHARDS, T0 } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";

const aws = awsFixture({ queues: true });

const noActions: ActionRunner = {
  run: async () => {
    throw new Error("no actions in this test");
  },
};

/** The owner window: a worker's read-ahead. Small here, so the flood is many windows long. */
const WINDOW = 10;
/** Of it, what the create path may send at once (a fifth), and the watchers' part, the rest. */
const CREATE_SHARE = 2;
const WATCHERS_SHARE = WINDOW - CREATE_SHARE;
const FLOOD = 60;

interface Message {
  owner: string;
  key: RunKey;
  receipt: string;
}

/** DynamoDB Local tables and a fauxqs queue of their own, a fake clock mid-hour, and what reads them. */
async function openScene(opts: { queue?: (q: DelayQueue) => DelayQueue } = {}) {
  const sqs = aws.sqs();
  const { queueUrl } = await aws.queues("fair", { visibilityMs: 30_000, maxReceiveCount: 10 });
  const store = openDynamoStore({ client: aws.ddb, tables: await aws.tables("fair"), ttlDays: 30 });
  // Mid-hour, a short look-back: each tick scans one hour's buckets, in shard order.
  const clock = new FakeClock(T0 + 30 * 60_000);
  const settings = { ...DEFAULT_SETTINGS, shard_count: SHARDS, look_back_ms: 60_000, max_active_jobs_per_owner: 1_000, dedupe_window_ms: 0 };
  const sqsQueue = openSqsQueue({ client: sqs, queueUrl, visibilityMs: 30_000, readAhead: WINDOW, now: () => clock.now() });
  const deps = (queue: DelayQueue) => ({ store, queue, clock, random: () => 0.5, actions: noActions, log: silentLogger, settings });
  const watcher = () => new Watcher(deps(sqsQueue));
  /** The task use cases of a process serving creates, sending through `opts.queue` (to cut a send off). */
  const jobs = () => new Jobs(deps(opts.queue ? opts.queue(sqsQueue) : sqsQueue));
  /** Every message visible in SQS, in the order SQS hands them out; each deleted once read. */
  const drain = async (): Promise<Message[]> => {
    const out: Message[] = [];
    for (;;) {
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
      if (Messages.length === 0) return out;
      for (const m of Messages) {
        const body = JSON.parse(m.Body!) as { owner: string; key: RunKey };
        out.push({ owner: body.owner, key: body.key, receipt: m.ReceiptHandle! });
      }
      await sqs.send(
        new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }),
      );
    }
  };
  return { store, clock, watcher, jobs, drain, close: () => sqsQueue.close(), settings };
}

async function setUp() {
  const scene = await openScene();
  const { store, clock } = scene;
  // The flood's tasks all in shard 0 and the other owner's in the last shard: a tick scans the
  // flood's bucket first and, uncapped, sends all of it ahead of the other run.
  const flood = Array.from({ length: FLOOD }, () => makeJobInShard(0, { owner: "flood" }));
  const steady = makeJobInShard(SHARDS - 1, { owner: "steady" });
  const due = clock.now();
  const runs = [...flood.map((j) => makeRun(j, due)), makeRun(steady, due + 1_000)];
  const ok = await store.commitEach(
    [...flood, steady].map((job, i) => ({
      writes: [
        { op: "put_job", job, expectVersion: null },
        { op: "insert_run", run: runs[i]! },
      ],
    })),
  );
  expect(ok.every(Boolean)).toBe(true);
  clock.advance(1_000); // both due now: sent without a delay
  return { ...scene, floodRuns: runs.slice(0, FLOOD), steadyRun: runs[FLOOD]! };
}

/** What a worker's claim does to the store: queued → running, attempt + 1, a lease. */
async function claim(store: Store, keys: RunKey[], now: number): Promise<void> {
  const runs = (await store.getRuns(keys)) as Run[];
  const ok = await store.commitEach(
    runs.map((run) => ({
      writes: [
        {
          op: "update_run",
          run: { ...run, status: "running", attempt: run.attempt + 1, lease_owner: "worker-test", lease_until: now + 30_000, updated_at: now },
          expect: { status: "queued", attempt: run.attempt },
        },
      ],
    })),
  );
  expect(ok.every(Boolean)).toBe(true);
}

describe("owner fairness before the SQS queue", () => {
  it("puts at most the owner window of one owner's flood ahead of another owner's run due a second later", async () => {
    const s = await setUp();
    try {
      await s.watcher().tick();
      const order = await s.drain();
      const steadyAt = order.findIndex((m) => m.owner === "steady");
      // Uncapped, all 60 of the flood's runs are sent first (shard 0 is scanned first).
      expect(steadyAt).toBeGreaterThanOrEqual(0);
      expect(steadyAt).toBeLessThanOrEqual(WINDOW);
      expect(order.filter((m) => m.owner === "flood")).toHaveLength(WATCHERS_SHARE);
      // The rest of the flood waits in the store, pending and due.
      const waiting = await s.store.getRuns(s.floodRuns);
      expect(waiting.filter((r) => r?.status === "pending")).toHaveLength(FLOOD - WATCHERS_SHARE);
    } finally {
      await s.close();
    }
  }, 60_000);

  it("sends the rest of the flood as its earlier runs are claimed, each run once, across a watcher that dies holding some back", async () => {
    const s = await setUp();
    try {
      const sent = new Map<string, number>();
      let watcher = s.watcher();
      for (let round = 0; round < 20 && sent.size < FLOOD + 1; round++) {
        // Halfway, the watcher dies holding most of the flood back; a new one (knowing nothing of its sends) takes over.
        if (round === 3) watcher = s.watcher();
        s.clock.advance(1_000);
        await watcher.tick();
        const batch = await s.drain();
        // A watcher never has more than the window of the flood unclaimed in the queue; one just
        // started may add its own window to what its predecessor sent (here all claimed).
        expect(batch.filter((m) => m.owner === "flood").length).toBeLessThanOrEqual(WINDOW);
        for (const m of batch) sent.set(runKeyString(m.key), (sent.get(runKeyString(m.key)) ?? 0) + 1);
        await claim(
          s.store,
          batch.map((m) => m.key),
          s.clock.now(),
        );
      }
      expect(sent.size).toBe(FLOOD + 1);
      expect([...sent.values()].every((n) => n === 1)).toBe(true);
      const after = await s.store.getRuns([...s.floodRuns, s.steadyRun]);
      expect(after.every((r) => r?.status === "running")).toBe(true);
    } finally {
      await s.close();
    }
  }, 120_000);

  it("counts the runs a dead watcher sent: its successor adds none of the flood while they wait unclaimed", async () => {
    const s = await setUp();
    try {
      await s.watcher().tick();
      const first = await s.drain();
      expect(first.filter((m) => m.owner === "flood")).toHaveLength(WATCHERS_SHARE);
      // The watcher dies with the flood's window unclaimed in the queue; a new one takes over.
      s.clock.advance(1_000);
      await s.watcher().tick();
      expect(await s.drain()).toEqual([]);
    } finally {
      await s.close();
    }
  }, 60_000);

  it("holds nothing back when the owner's earlier runs stay unclaimed past half the look-back: the cap delays a run, never hands it to the sweeper", async () => {
    const s = await setUp();
    try {
      await s.watcher().tick();
      await s.drain();
      // Nobody claims: past half the look-back (30 s here), the rest go whatever the cap.
      s.clock.advance(31_000);
      await s.watcher().tick();
      await s.drain();
      const after = await s.store.getRuns(s.floodRuns);
      expect(after.filter((r) => r?.status === "queued")).toHaveLength(FLOOD);
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe("owner fairness on the create path", () => {
  const CREATED = 250;
  const once = (title: string, at: number) => ({
    title,
    action: { type: "notify" as const, message: title },
    schedule: { kind: "once" as const, at, timezone: "UTC" },
  });
  /** The owner's runs of its tasks, read from the store. */
  const runsOf = async (store: Store, owner: string): Promise<Run[]> => {
    const out: Run[] = [];
    for (const job of (await store.listJobs(owner, { limit: 1_000 })).items) out.push(...(await store.listJobRuns(job.id, { limit: 10 })).items);
    return out;
  };

  it("one owner creating 250 one-shots due in a second puts at most the owner window in SQS, the rest sent as earlier ones are claimed; another owner's run is not behind them", async () => {
    const s = await openScene();
    try {
      const jobs = s.jobs();
      // Due within the second, so SQS delays none of them (whole seconds, rounded down).
      const at = s.clock.now() + 900;
      // 25 creates at a time, as a busy API process serves them: they share the one cap.
      for (let k = 0; k < CREATED; k += 25) await Promise.all(Array.from({ length: 25 }, (_, i) => jobs.create("flood", once(`f${k + i}`, at))));
      await jobs.create("steady", once("s", at));
      const byCreate = await s.drain();
      // Uncapped, the create path sent all 250 of the flood straight to SQS.
      expect(byCreate.filter((m) => m.owner === "flood")).toHaveLength(CREATE_SHARE);
      expect(byCreate.filter((m) => m.owner === "steady")).toHaveLength(1);
      const flood = await runsOf(s.store, "flood");
      expect(flood.filter((r) => r.status === "pending")).toHaveLength(CREATED - CREATE_SHARE);

      // The runs fall due; the watcher adds its share, and counts the create's runs still queued
      // (shards new to it are counted from the store), so the flood has at most the window in SQS.
      s.clock.advance(1_000);
      const watcher = s.watcher();
      await watcher.tick();
      const first = await s.drain();
      expect(first.filter((m) => m.owner === "flood")).toHaveLength(WATCHERS_SHARE - CREATE_SHARE);

      // As they are claimed, the rest go, each exactly once.
      const sent = new Map<string, number>();
      for (const m of [...byCreate, ...first]) sent.set(runKeyString(m.key), (sent.get(runKeyString(m.key)) ?? 0) + 1);
      await claim(
        s.store,
        [...byCreate, ...first].map((m) => m.key),
        s.clock.now(),
      );
      for (let round = 0; round < 60 && sent.size < CREATED + 1; round++) {
        s.clock.advance(500);
        await watcher.tick();
        const batch = await s.drain();
        expect(batch.filter((m) => m.owner === "flood").length).toBeLessThanOrEqual(WATCHERS_SHARE);
        for (const m of batch) sent.set(runKeyString(m.key), (sent.get(runKeyString(m.key)) ?? 0) + 1);
        await claim(
          s.store,
          batch.map((m) => m.key),
          s.clock.now(),
        );
      }
      expect(sent.size).toBe(CREATED + 1);
      expect([...sent.values()].every((n) => n === 1)).toBe(true);
      expect((await runsOf(s.store, "flood")).every((r) => r.status === "running")).toBe(true);
    } finally {
      await s.close();
    }
  }, 180_000);

  it("puts another owner's run created after the flood within the owner window of the head of SQS", async () => {
    const s = await openScene();
    try {
      const jobs = s.jobs();
      const at = s.clock.now() + 900;
      for (let k = 0; k < 60; k += 20) await Promise.all(Array.from({ length: 20 }, (_, i) => jobs.create("flood", once(`f${k + i}`, at))));
      s.clock.advance(1_000);
      await s.watcher().tick();
      // Created after the flood fell due and after the watcher sent its share, due in a second.
      await jobs.create("steady", once("s", s.clock.now() + 900));
      const order = await s.drain();
      const steadyAt = order.findIndex((m) => m.owner === "steady");
      expect(steadyAt).toBeGreaterThanOrEqual(0);
      expect(steadyAt).toBeLessThanOrEqual(WINDOW);
    } finally {
      await s.close();
    }
  }, 120_000);

  it("loses no run when the process dies after a create's commit and before its send: the waking scan sends it once stale", async () => {
    // The send never happens: the process died between the commit and it.
    const s = await openScene({ queue: (q) => ({ ...q, send: async () => {} }) });
    try {
      const at = s.clock.now() + 900;
      const { job } = await s.jobs().create("steady", once("s", at));
      expect(await s.drain()).toEqual([]);
      const [run] = await runsOf(s.store, "steady");
      expect(run).toMatchObject({ job_id: job.id, status: "queued" });
      // Past its stale time the watcher sends it again.
      s.clock.advance(900 + s.settings.stale_queued_ms + 1);
      await s.watcher().tick();
      expect((await s.drain()).map((m) => m.key)).toEqual([{ job_id: job.id, scheduled_at: at }]);
    } finally {
      await s.close();
    }
  }, 60_000);
});
