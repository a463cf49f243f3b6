import type { Job, JobEvent, JobStatus, Run, RunEvent, RunKey, RunStatus } from "../core/model.js";

/**
 * One write inside a transaction.
 * - `put_job`: write the whole job; `expectVersion: null` means it MUST NOT exist yet, a number
 *   means the stored version MUST equal it.
 * - `insert_run`: insert unless a run with the same key exists; an existing key is NOT a
 *   conflict, the write is simply skipped (the deterministic key makes duplicates impossible).
 * - `update_run`: replace the run only if the stored status and attempt equal `expect`
 *   (compare-and-set; `attempt` is the fencing token), and, with `leaseExpiredBy`, only if the
 *   stored run holds a lease that ended at or before that instant: a reaper that read a stale
 *   copy (an eventually consistent index) then cannot take a run whose lease was extended.
 */
export type Write =
  | { op: "put_job"; job: Job; expectVersion: number | null }
  | { op: "insert_run"; run: Run }
  | { op: "update_run"; run: Run; expect: RunExpectation };

export interface RunExpectation {
  status: RunStatus;
  attempt: number;
  leaseExpiredBy?: number;
}

export interface Tx {
  writes: Write[];
  /** Appended when, and only when, the writes commit. */
  events?: RunEvent[];
  /**
   * The per-owner cap on live tasks (LIVE_JOB_STATUSES), checked atomically with the writes:
   * the tx MUST NOT commit (false) when, with its inserted live jobs, `owner` would have more
   * than `max` of them. Two concurrent txs at the cap MUST NOT both commit.
   */
  cap?: { owner: string; max: number };
  /** Entries of jobs' histories; appended like `events`. */
  jobEvents?: JobEvent[];
}

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to get the next page. null when there is none. */
  cursor: string | null;
}

/**
 * A stored job or run that does not parse, as the store's quarantine records it. The record
 * itself stays where it is, untouched; the entry says where, and why it cannot be read.
 */
export interface Quarantined {
  kind: "job" | "run";
  /** The job id, or the run key `<job_id>@<scheduled_at>`. */
  key: string;
  /** The owner the record names, when it names one that reads as a string; else null. */
  owner: string | null;
  /** Why it does not parse: the `corrupt_record` message, naming the field. */
  reason: string;
  /** Where the record is, in the backend's own terms (the table and key), for an operator to fix it there. */
  location: string;
  /** When a store first found it unreadable (epoch ms). */
  since: number;
}

/**
 * The storage port, written from the engine's access patterns so that a key-value store
 * (DynamoDB) fits it as well as SQL.
 *
 * Unreadable records (a job or run that does not parse: a bad manual edit, another build's
 * write, a faulty disk) cost only themselves:
 * - A read by key (`getJob`, `getRun`, `getJobs`, `getRuns`, `getRunsWithJobs`) MUST reject with a DomainError
 *   `corrupt_record` naming the item, rather than return it; the caller settles that one record.
 * - A listing or scan of jobs or runs (`listJobs`, `scanJobs`, `queryBucket`, `listWaking`,
 *   `listJobRuns`, `listInFlightRuns`) MUST NOT reject for one: it leaves the record out and
 *   returns the readable ones, as if the unreadable one were not there.
 * - Whichever read meets an unreadable job or run records it in the store's quarantine
 *   (`quarantined`), once: meeting it again writes nothing and reports nothing new. A failure to
 *   record it MUST NOT fail the read.
 * - A run or job history entry that does not parse (`listEvents`, `listJobEvents`) still rejects
 *   the call with `corrupt_record`: history decides nothing.
 */
export interface Store {
  getJob(id: string): Promise<Job | null>;
  /** The owner's jobs, newest first (ids are ULIDs), optionally of some statuses. */
  listJobs(owner: string, opts: { statuses?: readonly JobStatus[]; limit: number; cursor?: string | null }): Promise<Page<Job>>;
  /** Every job, in no particular order, a page at a time: for the reconciliation sweeper. */
  scanJobs(opts: { limit: number; cursor?: string | null }): Promise<Page<Job>>;
  countJobs(owner: string, statuses: readonly JobStatus[]): Promise<number>;

  getRun(key: RunKey): Promise<Run | null>;
  /**
   * `getJob` for many ids in one call: the answer is in the order of `ids`, null where a job does
   * not exist. One unparseable record rejects the whole call with `corrupt_record`, as `getJob`
   * would; a caller that must tell the others apart reads them one by one then.
   */
  getJobs(ids: readonly string[]): Promise<(Job | null)[]>;
  /**
   * The stored `version` of each job, in the order of `ids`, null where a job does not exist:
   * nothing else of the record is read or validated. For a caller holding a job it read (and
   * validated) before, to learn cheaply whether it changed since; a changed one is read in full.
   */
  getJobVersions(ids: readonly string[]): Promise<(number | null)[]>;
  /** `getRun` for many keys in one call, in the order of `keys`, as `getJobs` is. */
  getRuns(keys: readonly RunKey[]): Promise<(Run | null)[]>;
  /**
   * `getRuns` with each run's job, in one call: a claim's read. In the order of `keys`, null where
   * the run does not exist, else the run and its job (null where the job does not exist). One
   * unparseable record, run or job, rejects the whole call with `corrupt_record`, as `getRuns`
   * and `getJobs` would; the caller reads them apart then.
   */
  getRunsWithJobs(keys: readonly RunKey[]): Promise<({ run: Run; job: Job | null } | null)[]>;
  /**
   * Runs of one bucket (`YYYYMMDDHH#SS`) with `status`, scheduled in [from, to], ordered by
   * (scheduled_at, job_id) ascending, starting strictly after `after` when given: `limit` of
   * them, fewer only when no more readable ones match (unreadable ones do not shorten it).
   */
  queryBucket(q: { bucket: string; status: RunStatus; from: number; to: number; limit: number; after?: RunKey }): Promise<Run[]>;
  /** Runs of one shard whose `wake_at` is at or before `before`, earliest first; `limit` of them as `queryBucket` counts. */
  listWaking(q: { shard: number; before: number; limit: number }): Promise<Run[]>;
  /** Runs of one job, newest scheduled_at first. */
  listJobRuns(jobId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<Run>>;
  /**
   * Every in-flight run (IN_FLIGHT_RUN_STATUSES: queued or running) of each of `jobIds`, however
   * old and however many finished runs came after it: the overlap rule's read, once per claim
   * batch. Each id given is a key of the map, its runs by scheduled_at ascending; a job with no
   * run in flight, or no such job, maps to an empty array. It MUST NOT return a run in another
   * status; a backend whose index lags its writes (DynamoDB) MAY miss a run queued a moment ago.
   */
  listInFlightRuns(jobIds: readonly string[]): Promise<Map<string, Run[]>>;
  listEvents(key: RunKey): Promise<RunEvent[]>;
  /** A job's history (changes the owner made), newest first, at most `limit` entries. */
  listJobEvents(jobId: string, opts: { limit: number }): Promise<JobEvent[]>;

  /**
   * The quarantine, oldest first, at most `limit` entries. Each record is read again first: one
   * that now parses, or no longer exists, leaves the quarantine (for good) and is not returned,
   * so fixing or deleting the record and then reading this clears its entry.
   */
  quarantined(opts: { limit: number }): Promise<Quarantined[]>;

  /**
   * OPTIONAL capability of a store one process owns (embedded SQLite), so its watcher can sleep
   * until it has work instead of polling: the earliest `scheduled_at` of a pending run strictly
   * after `after` (`kind: "pending"`), or the earliest `wake_at` strictly after `after`
   * (`kind: "waking"`); null when there is none. Unreadable runs MAY count. A store without it
   * is polled.
   */
  earliest?(q: { kind: "pending" | "waking"; after: number }): Promise<number | null>;

  /** All writes and events atomically; false (and nothing written) when any condition fails. */
  commit(tx: Tx): Promise<boolean>;
  /**
   * Each tx on its own, as by `commit`, in one round trip where the backend allows. When some
   * txs fail with an error (not a condition) while others may have landed, it MUST reject with a
   * PartialCommit saying what it knows of each, rather than a bare error.
   */
  commitEach(txs: Tx[]): Promise<boolean[]>;

  close(): Promise<void>;
}

/**
 * A commitEach that failed for some of its txs: `results[i]` is what tx i came to when known
 * (true landed, false its condition failed), null when its request failed and it may or may not
 * have landed. The caller reads back what it needs to know.
 */
export class PartialCommit extends Error {
  readonly results: readonly (boolean | null)[];
  constructor(results: (boolean | null)[], cause: unknown) {
    super(`${results.filter((r) => r === null).length} of ${results.length} transactions failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = "PartialCommit";
    this.results = results;
  }
}
