import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meterRequests } from "../../src/adapters/aws/request-meter.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import type { TableNames } from "../../src/adapters/store/dynamodb/tables.js";
import type { Store, Tx } from "../../src/ports/store.js";
import { dynamoClient, freshTables } from "../support/aws/clients.js";
import { makeEvent, makeJob, makeRun, T0 } from "../support/builders.js";
import { describeStoreContract } from "./store-contract.js";

const client = dynamoClient();
afterAll(() => client.destroy());

describeStoreContract("dynamodb", async () => {
  const { tables, drop } = await freshTables(client, "store");
  const store = openDynamoStore({ client, tables, ttlDays: 30 });
  return { store, cleanup: async () => (await store.close(), await drop()) };
});

describe("DynamoDB store, beyond the port", () => {
  let tables: TableNames;
  let drop: () => Promise<void>;
  let store: Store;
  const doc = DynamoDBDocumentClient.from(client);

  beforeAll(async () => {
    ({ tables, drop } = await freshTables(client, "extra"));
  });
  afterAll(() => drop());
  beforeEach(() => {
    store = openDynamoStore({ client, tables, ttlDays: 7 });
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
    await expect(store.listJobs(job.owner, { limit: 10 })).rejects.toMatchObject(failure);
    await expect(store.scanJobs({ limit: 10 })).rejects.toMatchObject({ code: "corrupt_record" });
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
    await expect(store.listWaking({ shard: run.shard, before: T0, limit: 10 })).rejects.toMatchObject(failure);

    await tamper(tables.runs, { ...key, ...withoutBucket(run), result: "{not json" });
    await expect(store.getRun(run)).rejects.toMatchObject({ code: "corrupt_record", field: "result" });
  });

  it("commits a transaction of more than DynamoDB's 100 items: the conditional writes atomically, the extra inserts after", async () => {
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

  it("counts requests and the capacity DynamoDB reports when metered", async () => {
    const metered = dynamoClient();
    const meter = meterRequests(metered);
    const counted = openDynamoStore({ client: metered, tables, ttlDays: 7 });
    const run = makeRun(makeJob(), T0 + 7 * 60_000);
    await counted.commit({ writes: [{ op: "insert_run", run }], events: [makeEvent(run, "pending", { from: null })] });
    await counted.getRun(run);
    const stats = meter.stats();
    expect(stats.requests).toEqual({ PutItem: 1, BatchWriteItem: 1, GetItem: 1 });
    expect(stats.writeUnits).toBeGreaterThan(0);
    expect(stats.readUnits).toBeGreaterThan(0);
    metered.destroy();
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
