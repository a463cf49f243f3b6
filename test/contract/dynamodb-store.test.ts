import { DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meterRequests } from "../../src/adapters/aws/request-meter.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import type { TableNames } from "../../src/adapters/store/dynamodb/tables.js";
import { PartialCommit, type Store, type Tx } from "../../src/ports/store.js";
import { dynamoClient, freshTables } from "../support/aws/clients.js";
import { dynamoTampering } from "../support/aws/corrupt-dynamodb.js";
import { makeEvent, makeJob, makeRun, SHARDS, T0 } from "../support/builders.js";
import { describeStoreContract } from "./store-contract.js";

const DAY_MS = 86_400_000;
const client = dynamoClient();
const doc = DynamoDBDocumentClient.from(client);
afterAll(() => client.destroy());

// The fixtures are dated March 2026: with a retention, every event would be written already
// expired, and DynamoDB Local's TTL job (about once a second) would delete it before it is read.
// Retention has its own test below, on times near now.
describeStoreContract("dynamodb", async (opts) => {
  const { tables, drop } = await freshTables(client, "store");
  const store = openDynamoStore({ client, tables, ttlDays: null, ...opts });
  const cleanup = async () => {
    await store.close();
    await drop();
  };
  // The stored item as it is but for one field: it stays in every index it was in.
  const { corruptRun, corruptJob } = dynamoTampering(client, tables, SHARDS);
  return { store, cleanup, corruptRun, corruptJob };
});

describe("DynamoDB store, beyond the port", () => {
  let tables: TableNames;
  let drop: () => Promise<void>;
  let store: Store;

  beforeAll(async () => {
    ({ tables, drop } = await freshTables(client, "extra"));
  });
  afterAll(() => drop());
  beforeEach(() => {
    store = openDynamoStore({ client, tables, ttlDays: null });
  });
  afterEach(() => store.close());

  /** Writes behind the store's back, as a bad manual edit or another tool would. */
  const tamper = (table: string, item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: table, Item: item }));

  it("rejects a job item whose status the domain does not know, naming the job and the field", async () => {
    const job = makeJob();
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    await tamper(tables.jobs, { ...job, status: "archived" });
    const failure = { code: "corrupt_record", field: "status", message: expect.stringContaining(`stored job ${job.id} is malformed`) };
    await expect(store.getJob(job.id)).rejects.toMatchObject(failure);
    await expect(store.getJobs([makeJob().id, job.id])).rejects.toMatchObject(failure);
    const ids = (page: { items: { id: string }[] }) => page.items.map((j) => j.id);
    expect(ids(await store.listJobs(job.owner, { limit: 10 }))).not.toContain(job.id);
    expect(ids(await store.scanJobs({ limit: 10 }))).not.toContain(job.id);
  });

  it("reads job and run items written before pause notes, skips and manual runs existed, with their defaults", async () => {
    const job = makeJob();
    const run = makeRun(job, T0, { status: "queued", wake_at: T0 });
    await store.commit({
      writes: [
        { op: "put_job", job, expectVersion: null },
        { op: "insert_run", run },
      ],
    });
    const { pause_note: _n, skips: _s, ...oldJob } = job;
    await tamper(tables.jobs, oldJob);
    const { origin: _o, ...oldRun } = withoutBucket(run);
    await tamper(tables.runs, { pk: run.bucket, sk: `${String(T0).padStart(15, "0")}#${run.job_id}`, ...oldRun });
    expect(await store.getJob(job.id)).toEqual(job);
    expect(await store.getRun(run)).toEqual(run);
  });

  it("rejects a run item whose result is not JSON or whose status is unknown", async () => {
    const run = makeRun(makeJob(), T0, { status: "queued", wake_at: T0 });
    await store.commit({ writes: [{ op: "insert_run", run }] });
    const key = { pk: run.bucket, sk: `${String(T0).padStart(15, "0")}#${run.job_id}` };
    await tamper(tables.runs, { ...key, ...withoutBucket(run), status: "zombie" });
    const failure = { code: "corrupt_record", field: "status", message: expect.stringContaining(`stored run ${run.job_id}@${T0} is malformed`) };
    await expect(store.getRun(run)).rejects.toMatchObject(failure);
    await expect(store.getRuns([{ job_id: run.job_id, scheduled_at: T0 + 1 }, run])).rejects.toMatchObject(failure);
    expect((await store.listWaking({ shard: run.shard, before: T0, limit: 10 })).map((r) => r.job_id)).not.toContain(run.job_id);

    await tamper(tables.runs, { ...key, ...withoutBucket(run), result: "{not json" });
    await expect(store.getRun(run)).rejects.toMatchObject({ code: "corrupt_record", field: "result" });
  });

  // 150 runs and their events are several batch writes against DynamoDB Local; on a busy runner that takes longer than the default 5 s.
  it("commits a transaction of more than DynamoDB's 100 items: the conditional writes atomically, the extra inserts after", { timeout: 30_000 }, async () => {
    const job = makeJob({ owner: "big-tx" });
    const runs = Array.from({ length: 150 }, (_, i) => makeRun(job, T0 + i * 60_000));
    const events = runs.map((r) => makeEvent(r, "pending", { from: null }));
    const tx: Tx = { writes: [{ op: "put_job", job, expectVersion: null }, ...runs.map((run) => ({ op: "insert_run" as const, run }))], events };
    expect(await store.commit(tx)).toBe(true);
    expect(await store.getJob(job.id)).toEqual(job);
    expect((await store.listJobRuns(job.id, { limit: 200 })).items).toHaveLength(150);
    expect(await store.listEvents(runs[149]!)).toEqual([events[149]]);
    // Replayed, the job's condition fails first: nothing of it lands twice.
    expect(await store.commit(tx)).toBe(false);
    expect(await store.listEvents(runs[0]!)).toHaveLength(1);
  });

  it("writes an unreadable run to the quarantine once, however often its listings meet it", async () => {
    const metered = dynamoClient();
    const meter = meterRequests(metered);
    const counted = openDynamoStore({ client: metered, tables, ttlDays: null });
    // Earlier than every other run in these tables: the listing meets this one alone.
    const at = T0 - 10 * DAY_MS;
    const run = makeRun(makeJob({ owner: "metered" }), at, { status: "queued", wake_at: at });
    await store.commit({ writes: [{ op: "insert_run", run }] });
    await tamper(tables.runs, { pk: run.bucket, sk: `${String(at).padStart(15, "0")}#${run.job_id}`, ...withoutBucket(run), result: "{not json" });
    for (let i = 0; i < 5; i++) expect(await counted.listWaking({ shard: run.shard, before: at, limit: 10 })).toEqual([]);
    expect(meter.stats().requests).toEqual({ Query: 5, PutItem: 1 });
    metered.destroy();
  });

  it("counts requests and the capacity DynamoDB reports when metered", async () => {
    const metered = dynamoClient();
    const meter = meterRequests(metered);
    const counted = openDynamoStore({ client: metered, tables, ttlDays: null });
    const run = makeRun(makeJob(), T0 + 7 * 60_000);
    await counted.commit({ writes: [{ op: "insert_run", run }], events: [makeEvent(run, "pending", { from: null })] });
    await counted.getRun(run);
    const stats = meter.stats();
    expect(stats.requests).toEqual({ PutItem: 1, BatchWriteItem: 1, GetItem: 1 });
    expect(stats.writeUnits).toBeGreaterThan(0);
    expect(stats.readUnits).toBeGreaterThan(0);
    metered.destroy();
  });

  it("keeps the events of a run planned past the retention until that long after the run is due", async () => {
    const retained = openDynamoStore({ client, tables, ttlDays: 30 });
    const now = Date.now();
    const run = makeRun(makeJob(), now + 60 * DAY_MS);
    const event = makeEvent(run, "pending", { from: null, at: now });
    expect(await retained.commit({ writes: [{ op: "insert_run", run }], events: [event] })).toBe(true);
    const { Items = [] } = await doc.send(
      new QueryCommand({
        TableName: tables.events,
        KeyConditionExpression: "run_key = :k",
        ExpressionAttributeValues: { ":k": `${run.job_id}@${run.scheduled_at}` },
      }),
    );
    expect(Items.map((i) => i.expires_at)).toEqual([Math.floor((run.scheduled_at + 30 * DAY_MS) / 1000)]);
    expect(await retained.listEvents(run)).toEqual([event]);
    await retained.close();
  });

  it("reports per transaction a commitEach in which one request failed while the others landed", async () => {
    const job = makeJob({ owner: "partial" });
    const [a, b, c] = [0, 1, 2].map((i) => makeRun(job, T0 + i * 60_000, { status: "queued" }));
    await store.commitEach([a!, b!, c!].map((run) => ({ writes: [{ op: "insert_run", run }] })));
    const claim = (run: NonNullable<typeof a>, extra: Partial<typeof run> = {}): Tx => ({
      writes: [{ op: "update_run", run: { ...run, status: "running", attempt: 1, ...extra }, expect: { status: "queued", attempt: 0 } }],
    });
    // An item over DynamoDB's 400 KB limit fails its request; its neighbours' requests land.
    const failure = await store.commitEach([claim(a!), claim(b!, { result: { text: "x".repeat(450_000) } }), claim(c!)]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PartialCommit);
    expect((failure as PartialCommit).results).toEqual([true, null, true]);
    expect((await store.getRun(a!))?.status).toBe("running");
    expect((await store.getRun(b!))?.status).toBe("queued");
    expect((await store.getRun(c!))?.status).toBe("running");
  });

  it("reads a run item written before executions and checkpoints existed", async () => {
    const run = makeRun(makeJob(), T0, { status: "succeeded", attempt: 2, executions: 2, finished_at: T0 });
    const { executions: _e, checkpoint: _c, wake_at: _w, ...old } = withoutBucket(run);
    await tamper(tables.runs, { pk: run.bucket, sk: `${String(T0).padStart(15, "0")}#${run.job_id}`, ...old });
    expect(await store.getRun(run)).toEqual(run);
  });

  it("rejects a cursor it did not issue", async () => {
    await expect(store.listJobs("owner-a", { limit: 10, cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "invalid_argument", field: "cursor" });
    const jobs = [makeJob({ owner: "cursor-owner" }), makeJob({ owner: "cursor-owner" })];
    await store.commit({ writes: jobs.map((job) => ({ op: "put_job", job, expectVersion: null })) });
    const { cursor } = await store.listJobs("cursor-owner", { limit: 1 });
    expect(cursor).not.toBeNull();
    await expect(store.listJobRuns("j", { limit: 1, cursor })).rejects.toMatchObject({ code: "invalid_argument", field: "cursor" });
  });
});

const withoutBucket = ({ bucket: _b, ...rest }: ReturnType<typeof makeRun>) => rest;
