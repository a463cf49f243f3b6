import { z } from "zod";
import { DomainError } from "../../../core/errors.js";
import { runKeyString } from "../../../core/keys.js";
import { Job, JobEvent, type RetryPolicy, Run, RunEvent, type RunPolicy } from "../../../core/model.js";
import { parseJson, parseStored } from "../stored-record.js";

/**
 * What a NULL `retry` or `policy` column means (schema version 11 on): these policies, exactly.
 * They are core's defaults as they were when NULL took this meaning, written out rather than
 * taken from core, so that a later change of a default does not change what a stored task
 * says: a task with another policy, the new default included, is stored as JSON. Never change
 * them: migration 11 converted stored rows by this text.
 */
export const STORED_DEFAULT_RETRY: RetryPolicy = Object.freeze({ max_attempts: 3, base_delay_ms: 5_000, factor: 5, max_delay_ms: 3_600_000 });
export const STORED_DEFAULT_POLICY: RunPolicy = Object.freeze({
  misfire_grace_ms: 600_000,
  catch_up: "latest",
  catch_up_window_ms: 43_200_000,
  overlap: "skip",
  window_ms: 0,
});

/** `value` as its column stores it: NULL for the stored default (nothing to parse when read), else its JSON. */
function policyText<T extends object>(value: T, storedDefault: T): string | null {
  return sameFields(value, storedDefault) ? null : JSON.stringify(value);
}

/** Whether two flat objects hold the same fields with the same values. */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  for (const k of keys) if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  return true;
}

/**
 * The schema a job row is validated with, by which of its policies are NULL: a stored default is
 * handed out as the frozen object above (valid by construction, and a test says so) instead of
 * being validated again for every task read; a policy stored as JSON is validated as ever.
 */
const storedDefaultRetry = z.custom<RetryPolicy>((v) => v === STORED_DEFAULT_RETRY);
const storedDefaultPolicy = z.custom<RunPolicy>((v) => v === STORED_DEFAULT_POLICY);
const JOB_SCHEMAS = {
  both: Job.extend({ retry: storedDefaultRetry, policy: storedDefaultPolicy }),
  retry: Job.extend({ retry: storedDefaultRetry }),
  policy: Job.extend({ policy: storedDefaultPolicy }),
};
const jobSchemaFor = (row: JobRow): z.ZodType<Job> =>
  row.retry === null ? (row.policy === null ? JOB_SCHEMAS.both : JOB_SCHEMAS.retry) : row.policy === null ? JOB_SCHEMAS.policy : Job;

/** A `jobs` row. JSON columns hold the nested parts; everything else is a plain column. */
export interface JobRow {
  id: string;
  owner: string;
  title: string;
  status: string;
  action: string;
  schedule: string;
  /** JSON, or null for STORED_DEFAULT_RETRY. */
  retry: string | null;
  /** JSON, or null for STORED_DEFAULT_POLICY. */
  policy: string | null;
  created_at: number;
  updated_at: number;
  end_at: number | null;
  max_runs: number | null;
  run_count: number;
  next_run_at: number | null;
  version: number;
  fingerprint: string | null;
  pause_note: string | null;
  /** JSON array of epoch ms. */
  skips: string;
}

/** A `runs` row. `result`, `error` and `checkpoint` are JSON text or null. */
export interface RunRow {
  job_id: string;
  scheduled_at: number;
  owner: string;
  bucket: string;
  shard: number;
  status: string;
  attempt: number;
  due_at: number;
  wake_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  started_at: number | null;
  finished_at: number | null;
  result: string | null;
  error: string | null;
  skip_reason: string | null;
  executions: number;
  checkpoint: string | null;
  created_at: number;
  updated_at: number;
  origin: string;
  /** 0 or 1. */
  booked: number;
}

/** A `run_events` row; `from`/`to` are SQL keywords, hence `from_status`/`to_status`. */
export interface EventRow {
  job_id: string;
  scheduled_at: number;
  at: number;
  from_status: string | null;
  to_status: string;
  attempt: number;
  detail: string | null;
}

/** A `job_events` row; `before`/`after` are SQL keywords, hence the `_fields` suffix. Both are JSON objects. */
export interface JobEventRow {
  job_id: string;
  at: number;
  change: string;
  version: number;
  before_fields: string;
  after_fields: string;
  detail: string | null;
}

/**
 * Column orders for positional parameters. better-sqlite3 binds `?` several times faster than
 * `@name` on an 18-column row, and the run writes are the scheduler's hot path.
 */
export const JOB_COLUMNS = [
  "id",
  "owner",
  "title",
  "status",
  "action",
  "schedule",
  "retry",
  "policy",
  "created_at",
  "updated_at",
  "end_at",
  "max_runs",
  "run_count",
  "next_run_at",
  "version",
  "fingerprint",
  "pause_note",
  "skips",
] as const satisfies readonly (keyof JobRow)[];

/** The key, the partition and the origin come first: an update never changes them. */
const RUN_KEY_COLUMNS = ["job_id", "scheduled_at", "bucket", "shard", "origin"] as const satisfies readonly (keyof RunRow)[];
export const RUN_MUTABLE_COLUMNS = [
  "owner",
  "status",
  "attempt",
  "due_at",
  "wake_at",
  "lease_owner",
  "lease_until",
  "started_at",
  "finished_at",
  "result",
  "error",
  "skip_reason",
  "executions",
  "checkpoint",
  "created_at",
  "updated_at",
  "booked",
] as const satisfies readonly (keyof RunRow)[];
export const RUN_COLUMNS = [...RUN_KEY_COLUMNS, ...RUN_MUTABLE_COLUMNS];
/**
 * The mutable columns less the status, for an update that keeps it (a start, a lease extension, a
 * checkpoint): SQLite maintains a partial index whenever a column of its WHERE is set, even to
 * the same value, and three of the runs' indexes are partial on the status.
 */
export const RUN_SAME_STATUS_COLUMNS = RUN_MUTABLE_COLUMNS.filter((c) => c !== "status");

export const EVENT_COLUMNS = ["job_id", "scheduled_at", "at", "from_status", "to_status", "attempt", "detail"] as const satisfies readonly (keyof EventRow)[];
export const JOB_EVENT_COLUMNS = [
  "job_id",
  "at",
  "change",
  "version",
  "before_fields",
  "after_fields",
  "detail",
] as const satisfies readonly (keyof JobEventRow)[];

export const jobValues = (j: Job): unknown[] => jobRowValues(jobToRow(j));
/** A job row's values in JOB_COLUMNS order (a loop, not a map: this runs once per job written). */
export function jobRowValues(row: JobRow): unknown[] {
  const values = new Array<unknown>(JOB_COLUMNS.length);
  for (let i = 0; i < JOB_COLUMNS.length; i++) values[i] = row[JOB_COLUMNS[i]!];
  return values;
}
export const runValues = (r: Run): unknown[] => {
  const row = runToRow(r);
  return RUN_COLUMNS.map((c) => row[c]);
};
export const runMutableValues = (r: Run): unknown[] => {
  const row = runToRow(r);
  return RUN_MUTABLE_COLUMNS.map((c) => row[c]);
};
export const runSameStatusValues = (r: Run): unknown[] => {
  const row = runToRow(r);
  return RUN_SAME_STATUS_COLUMNS.map((c) => row[c]);
};
export const eventValues = (e: RunEvent): unknown[] => {
  const row = eventToRow(e);
  return EVENT_COLUMNS.map((c) => row[c]);
};
export const jobEventValues = (e: JobEvent): unknown[] => {
  const row: JobEventRow = {
    job_id: e.job_id,
    at: e.at,
    change: e.change,
    version: e.version,
    before_fields: JSON.stringify(e.before),
    after_fields: JSON.stringify(e.after),
    detail: e.detail,
  };
  return JOB_EVENT_COLUMNS.map((c) => row[c]);
};

export function jobEventFromRow(row: JobEventRow): JobEvent {
  const what = `history entry of job ${row.job_id}`;
  return parseStored(JobEvent, what, {
    job_id: row.job_id,
    at: row.at,
    change: row.change,
    version: row.version,
    before: parseJson(row.before_fields, "before", what),
    after: parseJson(row.after_fields, "after", what),
    detail: row.detail,
  });
}

export const jobToRow = (j: Job): JobRow => ({
  id: j.id,
  owner: j.owner,
  title: j.title,
  status: j.status,
  action: JSON.stringify(j.action),
  schedule: JSON.stringify(j.schedule),
  retry: policyText(j.retry, STORED_DEFAULT_RETRY),
  policy: policyText(j.policy, STORED_DEFAULT_POLICY),
  created_at: j.created_at,
  updated_at: j.updated_at,
  end_at: j.end_at,
  max_runs: j.max_runs,
  run_count: j.run_count,
  next_run_at: j.next_run_at,
  version: j.version,
  fingerprint: j.fingerprint,
  pause_note: j.pause_note,
  skips: JSON.stringify(j.skips),
});

/** The nested parts of a job as their columns store them (jobToRow): the rest are stored as they are. */
const JOB_NESTED_COLUMNS: Partial<Record<keyof JobRow, (value: never) => string | null>> = {
  action: JSON.stringify,
  schedule: JSON.stringify,
  retry: (r: RetryPolicy) => policyText(r, STORED_DEFAULT_RETRY),
  policy: (p: RunPolicy) => policyText(p, STORED_DEFAULT_POLICY),
  skips: JSON.stringify,
};

/**
 * `after` as a row, built on `before` (the same job as stored, and the Job read from that row),
 * and the positions in JOB_COLUMNS of the columns whose stored value changes. A nested part that
 * is the very object `before.job` holds (a write made by spreading the job it read) is unchanged
 * without being serialized; another is serialized and compared with the stored text.
 */
export function changedJobRow(before: { row: JobRow; job: Job }, after: Job): { row: JobRow; changed: number[] } {
  const row = { ...before.row };
  const changed: number[] = [];
  for (let i = 1; i < JOB_COLUMNS.length; i++) {
    const c = JOB_COLUMNS[i]!;
    let stored: unknown = after[c];
    const toText = JOB_NESTED_COLUMNS[c];
    if (toText) {
      if (stored === before.job[c]) continue;
      stored = toText(stored as never);
    }
    if (stored === before.row[c]) continue;
    (row as Record<string, unknown>)[c] = stored;
    changed.push(i);
  }
  return { row, changed };
}

export function jobFromRow(row: JobRow): Job {
  const what = `job ${row.id}`;
  return parseStored(jobSchemaFor(row), what, {
    ...row,
    action: parseJson(row.action, "action", what),
    schedule: parseJson(row.schedule, "schedule", what),
    retry: row.retry === null ? STORED_DEFAULT_RETRY : parseJson(row.retry, "retry", what),
    policy: row.policy === null ? STORED_DEFAULT_POLICY : parseJson(row.policy, "policy", what),
    skips: parseJson(row.skips, "skips", what),
  });
}

/** The run's hot path (claim, heartbeat, complete) mostly has null result, error and checkpoint: no JSON work then. */
export const runToRow = (r: Run): RunRow => ({
  job_id: r.job_id,
  scheduled_at: r.scheduled_at,
  owner: r.owner,
  bucket: r.bucket,
  shard: r.shard,
  status: r.status,
  attempt: r.attempt,
  due_at: r.due_at,
  wake_at: r.wake_at,
  lease_owner: r.lease_owner,
  lease_until: r.lease_until,
  started_at: r.started_at,
  finished_at: r.finished_at,
  result: r.result === null ? null : JSON.stringify(r.result),
  error: r.error === null ? null : JSON.stringify(r.error),
  skip_reason: r.skip_reason,
  executions: r.executions,
  checkpoint: r.checkpoint === null ? null : JSON.stringify(r.checkpoint),
  created_at: r.created_at,
  updated_at: r.updated_at,
  origin: r.origin,
  booked: r.booked ? 1 : 0,
});

/**
 * The run row in `values` from `at` on, in RUN_COLUMNS order (a raw read's row). An object
 * literal, not a loop over the names: built with one shape it cost next to nothing, where the
 * loop added 2.5 µs a run to a 500-run read (bench/README.md, fifth pass).
 */
export const runRowAt = (v: readonly unknown[], at: number): RunRow => ({
  job_id: v[at] as string,
  scheduled_at: v[at + 1] as number,
  bucket: v[at + 2] as string,
  shard: v[at + 3] as number,
  origin: v[at + 4] as string,
  owner: v[at + 5] as string,
  status: v[at + 6] as string,
  attempt: v[at + 7] as number,
  due_at: v[at + 8] as number,
  wake_at: v[at + 9] as number | null,
  lease_owner: v[at + 10] as string | null,
  lease_until: v[at + 11] as number | null,
  started_at: v[at + 12] as number | null,
  finished_at: v[at + 13] as number | null,
  result: v[at + 14] as string | null,
  error: v[at + 15] as string | null,
  skip_reason: v[at + 16] as string | null,
  executions: v[at + 17] as number,
  checkpoint: v[at + 18] as string | null,
  created_at: v[at + 19] as number,
  updated_at: v[at + 20] as number,
  booked: v[at + 21] as number,
});

/** The job row in `values` from `at` on, in JOB_COLUMNS order, as runRowAt. */
export const jobRowAt = (v: readonly unknown[], at: number): JobRow => ({
  id: v[at] as string,
  owner: v[at + 1] as string,
  title: v[at + 2] as string,
  status: v[at + 3] as string,
  action: v[at + 4] as string,
  schedule: v[at + 5] as string,
  retry: v[at + 6] as string | null,
  policy: v[at + 7] as string | null,
  created_at: v[at + 8] as number,
  updated_at: v[at + 9] as number,
  end_at: v[at + 10] as number | null,
  max_runs: v[at + 11] as number | null,
  run_count: v[at + 12] as number,
  next_run_at: v[at + 13] as number | null,
  version: v[at + 14] as number,
  fingerprint: v[at + 15] as string | null,
  pause_note: v[at + 16] as string | null,
  skips: v[at + 17] as string,
});

export function runFromRow(row: RunRow): Run {
  const what = `run ${runKeyString(row)}`;
  return parseStored(Run, what, {
    ...row,
    result: row.result === null ? null : parseJson(row.result, "result", what),
    error: row.error === null ? null : parseJson(row.error, "error", what),
    checkpoint: row.checkpoint === null ? null : parseJson(row.checkpoint, "checkpoint", what),
    // Anything but 0 or 1 goes to the schema as it is, which refuses it: not a run duely wrote.
    booked: row.booked === 1 ? true : row.booked === 0 ? false : row.booked,
  });
}

const eventToRow = (e: RunEvent): EventRow => ({
  job_id: e.job_id,
  scheduled_at: e.scheduled_at,
  at: e.at,
  from_status: e.from,
  to_status: e.to,
  attempt: e.attempt,
  detail: e.detail,
});

export const eventFromRow = (row: EventRow): RunEvent =>
  parseStored(RunEvent, `event of run ${runKeyString(row)}`, {
    job_id: row.job_id,
    scheduled_at: row.scheduled_at,
    at: row.at,
    from: row.from_status,
    to: row.to_status,
    attempt: row.attempt,
    detail: row.detail,
  });

/**
 * Page cursors: base64url of `[kind, last key]`. The kind stops a cursor from one listing being
 * passed to another; the key is where the next page starts (exclusive).
 */
export type CursorKind = "owner_jobs" | "all_jobs" | "job_runs";

export const encodeCursor = (kind: CursorKind, key: string | number): string => Buffer.from(JSON.stringify([kind, key])).toString("base64url");

export function decodeCursor(cursor: string, kind: "owner_jobs" | "all_jobs"): string;
export function decodeCursor(cursor: string, kind: "job_runs"): number;
export function decodeCursor(cursor: string, kind: CursorKind): string | number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = null;
  }
  const expectedType = kind === "job_runs" ? "number" : "string";
  if (Array.isArray(decoded) && decoded.length === 2 && decoded[0] === kind && typeof decoded[1] === expectedType) {
    return decoded[1] as string | number;
  }
  throw new DomainError("invalid_argument", "the cursor was not issued by this listing", {
    field: "cursor",
    expected: "the cursor returned with the previous page, unchanged, or null for the first page",
  });
}
