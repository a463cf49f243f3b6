import { DomainError } from "../../../core/errors.js";
import { bucketOf, runKeyString, shardOf } from "../../../core/keys.js";
import { IN_FLIGHT_RUN_STATUSES, isTerminal, Job, JobEvent, Run, RunEvent, type RunKey } from "../../../core/model.js";
import { parseJson, parseStored } from "../stored-record.js";
import { TTL_ATTRIBUTE } from "./tables.js";

/** A DynamoDB item as the document client reads and writes it. */
export type Item = Record<string, unknown>;

const DAY_S = 86_400;

/** 15 digits hold every epoch-ms instant until the year 33658, so the string order is the time order. */
const padTime = (ms: number) => {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new DomainError("invalid_argument", `a run's scheduled time must be a non-negative epoch ms, got ${ms}`, { field: "scheduled_at" });
  return String(ms).padStart(15, "0");
};

/** Runs sort by (scheduled_at, job_id) inside a bucket: the seeds' sort key. */
export const runSortKey = (scheduledAt: number, jobId: string) => `${padTime(scheduledAt)}#${jobId}`;

/** Bounds for a sort-key range over [from, to]: '#' < '$' and every key is `<time>#<id>`. */
export const sortKeyFloor = (ms: number) => `${padTime(Math.max(0, ms))}#`;
export const sortKeyCeiling = (ms: number) => `${padTime(Math.max(0, ms))}$`;

/** The primary key of a run, from its key alone: the shard is a hash of the job id. */
export const runPrimaryKey = (key: RunKey, shards: number) => ({
  pk: bucketOf(key.scheduled_at, shardOf(key.job_id, shards)),
  sk: runSortKey(key.scheduled_at, key.job_id),
});

export const eventRunKey = (key: RunKey) => runKeyString(key);

export const jobToItem = (job: Job): Item => ({ ...job });

export function jobFromItem(item: Item): Job {
  return parseStored(Job, `job ${String(item.id)}`, item);
}

/**
 * The item holds every run field, except that:
 * - `bucket` is the partition key `pk`;
 * - `wake_at` is absent rather than null (it keys the sparse `waking` index, and a key
 *   attribute cannot be NULL); `pending_bucket` is present only while pending (sparse `pending`),
 *   `in_flight_job` only while queued or running (sparse `in_flight`);
 * - `result` and `checkpoint` are JSON text: what an action returns or saves is arbitrary, and
 *   DynamoDB maps limit nesting to 32 levels and numbers to 38 digits, so they are stored opaque;
 * - a finished run carries `expires_at` (TTL, epoch seconds) when a retention is configured.
 */
export function runToItem(run: Run, ttlDays: number | null): Item {
  const { bucket, wake_at, result, checkpoint, ...rest } = run;
  const item: Item = {
    pk: bucket,
    sk: runSortKey(run.scheduled_at, run.job_id),
    ...rest,
    result: result === null ? null : JSON.stringify(result),
    checkpoint: checkpoint === null ? null : JSON.stringify(checkpoint),
  };
  if (wake_at !== null) item.wake_at = wake_at;
  if (run.status === "pending") item.pending_bucket = bucket;
  if (IN_FLIGHT_RUN_STATUSES.includes(run.status)) item.in_flight_job = run.job_id;
  if (ttlDays !== null && isTerminal(run.status)) item[TTL_ATTRIBUTE] = Math.floor((run.finished_at ?? run.updated_at) / 1000) + ttlDays * DAY_S;
  return item;
}

export function runFromItem(item: Item): Run {
  const what = `run ${String(item.job_id)}@${String(item.scheduled_at)}`;
  const { pk, sk: _sk, pending_bucket: _p, in_flight_job: _f, [TTL_ATTRIBUTE]: _ttl, result, wake_at, checkpoint, executions, ...rest } = item;
  return parseStored(Run, what, {
    ...rest,
    bucket: pk,
    wake_at: wake_at ?? null,
    result: typeof result === "string" ? parseJson(result, "result", what) : result,
    // Items written before these fields existed: every claim then started the action.
    executions: executions ?? rest.attempt,
    checkpoint: typeof checkpoint === "string" ? parseJson(checkpoint, "checkpoint", what) : (checkpoint ?? null),
  });
}

/**
 * An event expires `ttlDays` after its own time or its run's scheduled time, whichever is later:
 * a run planned further ahead than the retention keeps its early history (created, planned)
 * until it has run, about as long as the run item itself, whose retention starts when it
 * finishes. (A run finishing long after its scheduled time, after many retries, may lose its
 * earliest events up to that much before the run item.)
 */
export function eventToItem(event: RunEvent, seq: string, ttlDays: number | null): Item {
  const item: Item = { run_key: eventRunKey(event), seq, ...event };
  if (ttlDays !== null) item[TTL_ATTRIBUTE] = Math.floor(Math.max(event.at, event.scheduled_at) / 1000) + ttlDays * DAY_S;
  return item;
}

export function eventFromItem(item: Item): RunEvent {
  const { run_key, seq: _seq, [TTL_ATTRIBUTE]: _ttl, ...rest } = item;
  return parseStored(RunEvent, `event of run ${String(run_key)}`, rest);
}

/**
 * A job's history lives in the events table under its own partition, `job#<id>`: run keys are
 * `<id>@<time>` and ids are ULIDs, so the two never meet. No TTL: the history lasts as long as
 * the job. `before`/`after` are JSON text, like a run's result.
 */
export const jobEventKey = (jobId: string) => `job#${jobId}`;

export function jobEventToItem(event: JobEvent, seq: string): Item {
  return { run_key: jobEventKey(event.job_id), seq, ...event, before: JSON.stringify(event.before), after: JSON.stringify(event.after) };
}

export function jobEventFromItem(item: Item): JobEvent {
  const { run_key: _k, seq: _seq, before, after, ...rest } = item;
  const what = `history entry of job ${String(item.job_id)}`;
  return parseStored(JobEvent, what, {
    ...rest,
    before: typeof before === "string" ? parseJson(before, "before", what) : before,
    after: typeof after === "string" ? parseJson(after, "after", what) : after,
  });
}

/**
 * Page cursors: base64url of `[kind, LastEvaluatedKey]`. The kind stops a cursor of one
 * listing from being passed to another.
 */
export type CursorKind = "owner_jobs" | "all_jobs" | "job_runs";

export const encodeCursor = (kind: CursorKind, key: Item | undefined): string | null =>
  key ? Buffer.from(JSON.stringify([kind, key])).toString("base64url") : null;

export function decodeCursor(cursor: string | null | undefined, kind: CursorKind): Item | undefined {
  if (cursor === null || cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = null;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 2 &&
    decoded[0] === kind &&
    typeof decoded[1] === "object" &&
    decoded[1] !== null &&
    !Array.isArray(decoded[1])
  ) {
    return decoded[1] as Item;
  }
  throw new DomainError("invalid_argument", "the cursor was not issued by this listing", {
    field: "cursor",
    expected: "the cursor returned with the previous page, unchanged, or null for the first page",
  });
}
