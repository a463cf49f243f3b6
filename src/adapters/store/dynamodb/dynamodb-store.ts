import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { monotonicFactory } from "ulid";
import { IN_FLIGHT_RUN_STATUSES, LIVE_JOB_STATUSES, type Run, type RunEvent } from "../../../core/model.js";
import { type Logger, silentLogger } from "../../../ports/logger.js";
import { PartialCommit, type Store, type Tx } from "../../../ports/store.js";
import { positive } from "../limit.js";
import { parseEach, type Unreadable } from "../quarantine.js";
import { batchGetAll, keyLoader, mapLimit } from "./batch.js";
import { createCommitter, type TxOutcome } from "./commit.js";
import {
  decodeCursor,
  encodeCursor,
  eventFromItem,
  eventRunKey,
  type Item,
  jobEventFromItem,
  jobEventKey,
  jobFromItem,
  runFromItem,
  runPrimaryKey,
  runSortKey,
  sortKeyCeiling,
  sortKeyFloor,
} from "./items.js";
import { createCapCommitter } from "./owner-cap.js";
import { dynamoQuarantine } from "./quarantine-items.js";
import { INDEX, type TableNames } from "./tables.js";

export interface DynamoStoreOptions {
  /** The caller owns it (region, endpoint, credentials) and destroys it after close(). */
  client: DynamoDBClient;
  tables: TableNames;
  /**
   * Retention (DynamoDB TTL): a finished run expires this many days after it finished, an event
   * this many days after the later of its time and its run's scheduled time; null keeps them.
   */
  ttlDays: number | null;
  /** MUST equal the engine's `shard_count`: a run's partition key is computed from it. @default 16 */
  shards?: number;
  /**
   * Where the events of a single-write tx go. "after" (default): one BatchWriteItem after the
   * write succeeds, shared by a whole commitEach: 1 WCU per event, not atomic with the write.
   * "transaction": inside a TransactWriteItems with the write: atomic, 2 WCU per item.
   * bench/aws-cost.ts measures both.
   */
  singleWriteEvents?: "after" | "transaction";
  /** Independent transactions of a commitEach in flight at once. @default 16 */
  concurrency?: number;
  /** Reads the time the owner-cap counter is judged by (owner-cap.ts), and stamps quarantine entries. @default Date.now */
  now?: () => number;
  /** Where the store says what it quarantined. @default silent */
  log?: Logger;
}

/**
 * The Store port on DynamoDB (layout in tables.ts). Reads that decide a state change (getRun,
 * getJob, listEvents) are strongly consistent; listings served from a GSI are eventually
 * consistent, which the engine tolerates because every state change is a compare-and-set.
 */
export function openDynamoStore(opts: DynamoStoreOptions): Store {
  const { tables } = opts;
  const shards = opts.shards ?? 16;
  const doc = DynamoDBDocumentClient.from(opts.client, { marshallOptions: { removeUndefinedValues: true } });
  const nextSeq = monotonicFactory();
  const committer = createCommitter({
    doc,
    tables,
    ttlDays: opts.ttlDays,
    seq: (at) => nextSeq(at),
    singleWriteEvents: opts.singleWriteEvents ?? "after",
    releasesOf: (writes) => capped.releasesOf(writes),
  });
  const concurrency = opts.concurrency ?? 16;
  const loadJob = keyLoader(doc, tables.jobs, (k) => String(k.id), true);
  const loadRun = keyLoader(doc, tables.runs, (k) => `${String(k.pk)}|${String(k.sk)}`, true);
  const {
    quarantine,
    unreadableJob,
    unreadableRun,
    list: listQuarantine,
  } = dynamoQuarantine({
    doc,
    tables,
    shards,
    log: opts.log ?? silentLogger,
    now: opts.now ?? Date.now,
  });

  /** A listing's items parsed, the unreadable ones left out and quarantined. */
  async function readable<T>(items: Item[], parse: (item: Item) => T, describe: (item: Item, reason: string) => Unreadable): Promise<T[]> {
    const { items: parsed, unreadable } = parseEach(items, parse, describe);
    if (unreadable.length > 0) await quarantine.note(unreadable);
    return parsed;
  }

  /** Up to `limit` readable runs of a query: an unreadable one does not take a place, so a short answer means the range ended. */
  async function collectRuns(input: QueryCommandInput, limit: number): Promise<Run[]> {
    const runs: Run[] = [];
    const unreadable: Unreadable[] = [];
    await collect(input, limit, (item) => {
      const parsed = parseEach([item], runFromItem, unreadableRun);
      runs.push(...parsed.items);
      unreadable.push(...parsed.unreadable);
      return parsed.items.length > 0;
    });
    if (unreadable.length > 0) await quarantine.note(unreadable);
    return runs.slice(0, limit);
  }

  /** Pages a query until `limit` items passed `accept` or the key range ends. */
  async function collect(
    input: QueryCommandInput,
    limit: number,
    accept: (item: Item) => boolean = () => true,
  ): Promise<{ items: Item[]; last: Item | undefined }> {
    const items: Item[] = [];
    let start = input.ExclusiveStartKey;
    let last: Item | undefined;
    do {
      const out = await doc.send(new QueryCommand({ ...input, Limit: limit - items.length, ...(start && { ExclusiveStartKey: start }) }));
      for (const item of out.Items ?? []) if (accept(item)) items.push(item);
      last = out.LastEvaluatedKey;
      start = last;
    } while (start && items.length < limit);
    return { items, last };
  }

  /** Every item of a query, page after page. */
  async function queryAll(input: QueryCommandInput): Promise<Item[]> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const out = await doc.send(new QueryCommand({ ...input, ...(start && { ExclusiveStartKey: start }) }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /**
   * The txs are independent requests: one may fail (throttled, timed out) while others land. Each
   * is settled on its own, and a failure is reported per tx (PartialCommit), never as one error
   * that hides what landed.
   */
  async function commitAll(txs: Tx[]): Promise<boolean[]> {
    type Settled = { outcome: TxOutcome; error: null } | { outcome: null; error: unknown };
    const settled = new Array<Settled>(txs.length);
    // Txs under one owner's cap go one after another, in order: each sees the creates before it
    // land, so the first ones of a batch win (in parallel, any of them might). Others run at once.
    await mapLimit(lanesOf(txs), concurrency, async (lane) => {
      for (const i of lane) {
        settled[i] = await commitOne(txs[i]!).then(
          (outcome): Settled => ({ outcome, error: null }),
          (error: unknown): Settled => ({ outcome: null, error }),
        );
      }
    });
    const results = settled.map((s) => s.outcome?.ok ?? null);
    const firstError = settled.find((s) => s.outcome === null)?.error;
    try {
      await committer.appendEvents(settled.flatMap((s) => s.outcome?.deferred ?? []));
    } catch (e) {
      // The writes are stored; only history entries are missing. Say what landed all the same.
      throw new PartialCommit(results, e);
    }
    if (firstError !== undefined) throw new PartialCommit(results, firstError);
    return results as boolean[];
  }

  /** Indices of txs grouped so that txs capped for the same owner share a lane, in order. */
  function lanesOf(txs: Tx[]): number[][] {
    const lanes: number[][] = [];
    const byOwner = new Map<string, number[]>();
    txs.forEach((tx, i) => {
      const owner = tx.cap?.owner;
      const lane = owner === undefined ? undefined : byOwner.get(owner);
      if (lane) lane.push(i);
      else {
        const fresh = [i];
        lanes.push(fresh);
        if (owner !== undefined) byOwner.set(owner, fresh);
      }
    });
    return lanes;
  }

  /** A tx carrying the owner cap goes into one transaction with the owner's counter (owner-cap.ts). */
  async function commitOne(tx: Tx): Promise<TxOutcome> {
    return tx.cap ? { ok: await capped.commit({ ...tx, cap: tx.cap }), deferred: [] } : committer.commit(tx);
  }

  const capped = createCapCommitter({
    doc,
    tables,
    ttlDays: opts.ttlDays,
    seq: (at) => nextSeq(at),
    countLive: (owner) => store.countJobs(owner, LIVE_JOB_STATUSES),
    now: opts.now ?? Date.now,
  });

  const statusFilter = (statuses: readonly string[]) => ({
    FilterExpression: `#status IN (${statuses.map((_, i) => `:s${i}`).join(", ")})`,
    ExpressionAttributeNames: { "#status": "status" },
    values: Object.fromEntries(statuses.map((s, i) => [`:s${i}`, s])),
  });

  const store: Store = {
    async getJob(id) {
      const item = await loadJob({ id });
      return item
        ? quarantine.read(
            () => jobFromItem(item),
            (reason) => unreadableJob(item, reason),
          )
        : null;
    },

    async listJobs(owner, { statuses, limit, cursor }) {
      const filter = statuses && statuses.length > 0 ? statusFilter(statuses) : null;
      if (statuses && statuses.length === 0) return { items: [], cursor: null };
      const { items: keys, last } = await collect(
        {
          TableName: tables.jobs,
          IndexName: INDEX.byOwner,
          KeyConditionExpression: "#owner = :o",
          ScanIndexForward: false,
          ...(filter && { FilterExpression: filter.FilterExpression }),
          ExpressionAttributeNames: { "#owner": "owner", ...filter?.ExpressionAttributeNames },
          ExpressionAttributeValues: { ":o": owner, ...filter?.values },
          ExclusiveStartKey: decodeCursor(cursor, "owner_jobs"),
        },
        positive(limit),
      );
      // The index holds keys and status; the jobs themselves are read by key, 100 per request.
      const found = new Map(
        (
          await batchGetAll(
            doc,
            tables.jobs,
            keys.map((k) => ({ id: k.id })),
            false,
          )
        ).map((item) => [String(item.id), item]),
      );
      const jobs = await readable(
        keys.map((k) => found.get(String(k.id))).filter((item) => item !== undefined),
        jobFromItem,
        unreadableJob,
      );
      return { items: statuses ? jobs.filter((j) => statuses.includes(j.status)) : jobs, cursor: encodeCursor("owner_jobs", last) };
    },

    async scanJobs({ limit, cursor }) {
      const out = await doc.send(new ScanCommand({ TableName: tables.jobs, Limit: positive(limit), ExclusiveStartKey: decodeCursor(cursor, "all_jobs") }));
      return { items: await readable(out.Items ?? [], jobFromItem, unreadableJob), cursor: encodeCursor("all_jobs", out.LastEvaluatedKey) };
    },

    async countJobs(owner, statuses) {
      if (statuses.length === 0) return 0;
      const filter = statusFilter(statuses);
      let count = 0;
      let start: Item | undefined;
      do {
        const out = await doc.send(
          new QueryCommand({
            TableName: tables.jobs,
            IndexName: INDEX.byOwner,
            Select: "COUNT",
            KeyConditionExpression: "#owner = :o",
            FilterExpression: filter.FilterExpression,
            ExpressionAttributeNames: { "#owner": "owner", ...filter.ExpressionAttributeNames },
            ExpressionAttributeValues: { ":o": owner, ...filter.values },
            ...(start && { ExclusiveStartKey: start }),
          }),
        );
        count += out.Count ?? 0;
        start = out.LastEvaluatedKey;
      } while (start);
      return count;
    },

    async getRun(key) {
      const item = await loadRun(runPrimaryKey(key, shards));
      return item
        ? quarantine.read(
            () => runFromItem(item),
            (reason) => unreadableRun(item, reason),
          )
        : null;
    },

    // The single reads issued together are already coalesced into BatchGetItem requests (keyLoader).
    async getJobs(ids) {
      return Promise.all(ids.map((id) => store.getJob(id)));
    },

    // The whole item is fetched (a projection costs the same read units) but not decoded.
    async getJobVersions(ids) {
      return Promise.all(
        ids.map(async (id) => {
          const item = await loadJob({ id });
          return item ? Number(item.version) : null;
        }),
      );
    },

    async getRuns(keys) {
      return Promise.all(keys.map((key) => store.getRun(key)));
    },

    // A key names its run's job, so both are read at once (the same BatchGetItem requests).
    async getRunsWithJobs(keys) {
      const ids = [...new Set(keys.map((k) => k.job_id))];
      const [runs, jobs] = await Promise.all([store.getRuns(keys), store.getJobs(ids)]);
      const byId = new Map(ids.map((id, i) => [id, jobs[i]!]));
      return runs.map((run) => run && { run, job: byId.get(run.job_id) ?? null });
    },

    async queryBucket({ bucket, status, from, to, limit, after }) {
      positive(limit);
      if (from > to) return [];
      const lo = sortKeyFloor(from);
      const hi = sortKeyCeiling(to);
      // Resume after a run's key; DynamoDB rejects a start key outside the key condition.
      const afterSk = after ? runSortKey(after.scheduled_at, after.job_id) : null;
      if (afterSk !== null && afterSk >= hi) return [];
      const start = afterSk !== null && afterSk > lo ? afterSk : null;
      // Pending runs come from the sparse `pending` index: the scan never reads finished runs.
      const pending = status === "pending";
      return collectRuns(
        {
          TableName: tables.runs,
          ...(pending ? { IndexName: INDEX.pending } : { ConsistentRead: true }),
          KeyConditionExpression: `${pending ? "pending_bucket" : "pk"} = :b AND sk BETWEEN :lo AND :hi`,
          FilterExpression: "#status = :s",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":b": bucket, ":lo": lo, ":hi": hi, ":s": status },
          ...(start !== null && { ExclusiveStartKey: pending ? { pending_bucket: bucket, pk: bucket, sk: start } : { pk: bucket, sk: start } }),
        },
        limit,
      );
    },

    async listWaking({ shard, before, limit }) {
      return collectRuns(
        {
          TableName: tables.runs,
          IndexName: INDEX.waking,
          KeyConditionExpression: "#shard = :sh AND wake_at <= :b",
          ExpressionAttributeNames: { "#shard": "shard" },
          ExpressionAttributeValues: { ":sh": shard, ":b": before },
        },
        positive(limit),
      );
    },

    async listJobRuns(jobId, { limit, cursor }) {
      const out = await doc.send(
        new QueryCommand({
          TableName: tables.runs,
          IndexName: INDEX.byJob,
          KeyConditionExpression: "job_id = :j",
          ExpressionAttributeValues: { ":j": jobId },
          ScanIndexForward: false,
          Limit: positive(limit),
          ExclusiveStartKey: decodeCursor(cursor, "job_runs"),
        }),
      );
      const keys = (out.Items ?? []).map((k) => ({ pk: k.pk, sk: k.sk }));
      const found = new Map((await batchGetAll(doc, tables.runs, keys, true)).map((item) => [String(item.sk), item]));
      const runs = await readable(
        keys.map((k) => found.get(String(k.sk))).filter((item) => item !== undefined),
        runFromItem,
        unreadableRun,
      );
      return { items: runs, cursor: encodeCursor("job_runs", out.LastEvaluatedKey) };
    },

    // One Query per task, all at once, on the sparse in_flight index (keys only, a handful per
    // task: half a read unit each), then one BatchGetItem per 100 runs found, strongly consistent
    // (a unit per run). The index lags its writes: what it lists is read again, its status checked.
    async listInFlightRuns(jobIds) {
      const out = new Map<string, Run[]>(jobIds.map((id) => [id, []]));
      const keys = await Promise.all(
        [...out.keys()].map((id) =>
          queryAll({
            TableName: tables.runs,
            IndexName: INDEX.inFlight,
            KeyConditionExpression: "in_flight_job = :j",
            ExpressionAttributeValues: { ":j": id },
          }),
        ),
      );
      const items = await batchGetAll(
        doc,
        tables.runs,
        keys.flat().map((k) => ({ pk: k.pk, sk: k.sk })),
        true,
      );
      for (const run of await readable(items, runFromItem, unreadableRun)) if (IN_FLIGHT_RUN_STATUSES.includes(run.status)) out.get(run.job_id)?.push(run);
      for (const runs of out.values()) runs.sort((a, b) => a.scheduled_at - b.scheduled_at);
      return out;
    },

    async listEvents(key): Promise<RunEvent[]> {
      const items = await queryAll({
        TableName: tables.events,
        KeyConditionExpression: "run_key = :k",
        ExpressionAttributeValues: { ":k": eventRunKey(key) },
        ConsistentRead: true,
      });
      return items.map(eventFromItem);
    },

    async listJobEvents(jobId, { limit }) {
      const { items } = await collect(
        {
          TableName: tables.events,
          KeyConditionExpression: "run_key = :k",
          ExpressionAttributeValues: { ":k": jobEventKey(jobId) },
          ScanIndexForward: false,
          ConsistentRead: true,
        },
        positive(limit),
      );
      return items.map(jobEventFromItem);
    },

    async quarantined({ limit }) {
      return listQuarantine(positive(limit));
    },

    async commit(tx) {
      const outcome = await commitOne(tx);
      await committer.appendEvents(outcome.deferred);
      return outcome.ok;
    },

    async commitEach(txs) {
      return txs.length === 0 ? [] : commitAll(txs);
    },

    async close() {},
  };
  return store;
}
