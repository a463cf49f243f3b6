import { runKeyString } from "../../../core/keys.js";
import { IN_FLIGHT_RUN_STATUSES, type Job, LIVE_JOB_STATUSES, type Run } from "../../../core/model.js";
import { type Logger, silentLogger } from "../../../ports/logger.js";
import type { PeriodicChecks } from "../../../ports/periodic-checks.js";
import type { Page, Quarantined, Store, Tx, Write } from "../../../ports/store.js";
import { positive } from "../limit.js";
import { ownerIn, parseEach, Quarantine, runKeyOf, stillUnreadable, type Unreadable } from "../quarantine.js";
import { createCheckpointer, noCheckpointer } from "./checkpointer.js";
import { checkDatabasePath, openFailure } from "./data-dir.js";
import { connect, type SqliteDb, type SqliteDriver, type Statement } from "./driver.js";
import { noFileWatch, watchFile } from "./file-watch.js";
import { addsLiveJob, LiveCounts } from "./live-counts.js";
import { migrate } from "./migrations.js";
import {
  changedJobRow,
  decodeCursor,
  EVENT_COLUMNS,
  type EventRow,
  encodeCursor,
  eventFromRow,
  eventValues,
  JOB_COLUMNS,
  JOB_EVENT_COLUMNS,
  type JobEventRow,
  type JobRow,
  jobEventFromRow,
  jobEventValues,
  jobFromRow,
  jobRowAt,
  jobRowValues,
  jobToRow,
  RUN_COLUMNS,
  RUN_MUTABLE_COLUMNS,
  RUN_SAME_STATUS_COLUMNS,
  type RunRow,
  runFromRow,
  runMutableValues,
  runRowAt,
  runSameStatusValues,
  runValues,
} from "./rows.js";

export interface SqliteStoreOptions {
  /** The database file; its directory is created. `:memory:` gives a throwaway store. */
  path: string;
  /** How long a write waits for another process's lock before failing. @default 5000 */
  busyTimeoutMs?: number;
  /**
   * SQLite's page cache, native memory outside the JS heap. SQLite's own 2 MiB thrashes once the
   * run indexes outgrow it, which a spike of 100,000 runs does; 8 MiB does not, and on that spike
   * it used less CPU than 64 MiB as well as ~65 MB less peak RSS (bench/README.md, fifth pass).
   * @default 8
   */
  cacheSizeMiB?: number;
  /** At most how often a worker thread checkpoints the WAL after commits (see checkpointer.ts); 0 leaves it to SQLite. @default 250 */
  checkpointIntervalMs?: number;
  /** @default better-sqlite3 when its addon loads in this process, else node:sqlite (driver.ts) */
  driver?: SqliteDriver;
  /** Where the store says what it quarantined, and that its file was lost. @default silent */
  log?: Logger;
  /** The time quarantine entries are stamped with. @default Date.now */
  now?: () => number;
  /**
   * How often the file is checked for having been deleted or replaced (file-watch.ts), besides
   * before every commit (which is what keeps a write from being lost): the timer only reports a
   * loss sooner in an idle process, so it is long, to wake that process seldom. @default 300_000
   */
  fileCheckMs?: number;
  /** The process's one timer for periodic checks, which the file check runs on. @default a timer of the store's own */
  periodic?: PeriodicChecks;
}

const LIVE_STATUSES = JSON.stringify(LIVE_JOB_STATUSES);
// Spelled as runs_in_flight's WHERE (migrations.ts) spells it: SQLite uses a partial index only
// for a query whose terms match it, which the migration test checks with EXPLAIN QUERY PLAN.
const IN_FLIGHT = `status IN (${IN_FLIGHT_RUN_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/** Thrown inside a transaction function to make the driver roll it back; never escapes. */
const ROLLBACK = Symbol("rollback");

/**
 * Parsed jobs by id, reused while the stored row is the same, field for field: a hit is
 * exactly what parsing the row would give. Workers read a job per claim, and parsing its JSON
 * columns and validating them was a tenth of a claim's cost.
 */
class ParsedJobs {
  // Two generations instead of one Map used as a FIFO: deleting a Map's oldest key leaves a hole
  // that every later `keys().next()` walks over, so eviction cost grew with the holes (a tenth of
  // a claim's CPU in a 50,000-run spike). A full young generation becomes the old one, whole.
  private young = new Map<string, { row: JobRow; job: Job }>();
  private old = new Map<string, { row: JobRow; job: Job }>();
  private readonly half: number;
  constructor(max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }
  /** A job just written as `row`: its next read is a hit while the stored row still holds exactly these values. */
  remember(row: JobRow, job: Job): void {
    this.put(row, job);
  }
  /**
   * The row stored at `version` and its Job, when this store last read or wrote the job at that
   * version. Every write of a job moves its version (nextVersion), so an id and a version name
   * one row: the premise a start's check of its task by version rests on too.
   */
  at(id: string, version: number): { row: JobRow; job: Job } | undefined {
    const hit = this.young.get(id) ?? this.old.get(id);
    return hit?.row.version === version ? hit : undefined;
  }
  /**
   * Rows remembered from writes that were then rolled back were never stored: a later write from
   * them would be made against the wrong row (at() trusts the version), so they are dropped.
   */
  forget(ids: Iterable<string>): void {
    for (const id of ids) {
      this.young.delete(id);
      this.old.delete(id);
    }
  }
  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }
  from(row: JobRow): Job {
    const hit = this.young.get(row.id) ?? this.old.get(row.id);
    if (hit && sameRow(hit.row, row)) {
      if (!this.young.has(row.id)) this.put(row, hit.job);
      return hit.job;
    }
    const job = jobFromRow(row);
    this.put(row, job);
    return job;
  }
  private put(row: JobRow, job: Job): void {
    this.young.set(row.id, { row, job });
    if (this.young.size < this.half) return;
    this.old = this.young;
    this.young = new Map();
  }
}

/**
 * Whether a tx's writes after its first can never be refused: inserts of runs, which skip a key
 * that is there already (ON CONFLICT DO NOTHING), so applying it in order is all or nothing.
 */
function onlyFirstFallible(tx: Tx): boolean {
  for (let i = 1; i < tx.writes.length; i++) if (tx.writes[i]!.op !== "insert_run") return false;
  return true;
}

function sameRow(a: JobRow, b: JobRow): boolean {
  for (const k in b) if (a[k as keyof JobRow] !== b[k as keyof JobRow]) return false;
  return true;
}

export function openSqliteStore(opts: SqliteStoreOptions): Store {
  const { db, driver } = openDatabase(opts);
  const q = prepareStatements(db);
  const parsedJobs = new ParsedJobs(10_000);
  const interval = opts.checkpointIntervalMs ?? 250;
  const onDisk = opts.path !== ":memory:";
  const checkpointer = onDisk && interval > 0 ? createCheckpointer(db, opts.path, interval, driver) : noCheckpointer;
  const log = opts.log ?? silentLogger;
  const file = onDisk ? watchFile(opts.path, { intervalMs: opts.fileCheckMs ?? 300_000, log, ...(opts.periodic && { periodic: opts.periodic }) }) : noFileWatch;
  const quarantine = new Quarantine({
    write: (e) => q.quarantine.run(e.kind, e.key, e.owner, e.reason, e.location, e.since).changes === 1,
    now: opts.now ?? Date.now,
    log,
  });
  const where = onDisk ? ` in ${opts.path}` : "";
  const unreadableJob = (row: JobRow, reason: string): Unreadable => ({
    kind: "job",
    key: row.id,
    owner: ownerIn(row),
    reason,
    location: `jobs row id = '${row.id}'${where}`,
  });
  const unreadableRun = (row: RunRow, reason: string): Unreadable => ({
    kind: "run",
    key: runKeyString(row),
    owner: ownerIn(row),
    reason,
    location: `runs row job_id = '${row.job_id}' AND scheduled_at = ${row.scheduled_at}${where}`,
  });
  const readJob = (row: JobRow) => parsedJobs.from(row);

  /** A listing's rows parsed, the unreadable ones left out and quarantined. */
  async function readable<R, T>(rows: R[], parse: (row: R) => T, describe: (row: R, reason: string) => Unreadable): Promise<T[]> {
    const { items, unreadable } = parseEach(rows, parse, describe);
    if (unreadable.length > 0) await quarantine.note(unreadable);
    return items;
  }

  /** A by-key read: every row parsed, or the call rejects with the first one's corrupt_record after quarantining each unreadable one. */
  async function allOrNone<R, T>(rows: R[], parse: (row: R) => T, describe: (row: R, reason: string) => Unreadable): Promise<T[]> {
    try {
      return rows.map(parse);
    } catch (e) {
      await readable(rows, parse, describe);
      throw e;
    }
  }

  /**
   * Up to `limit` readable runs of an ordered query that has no cursor: while unreadable rows took
   * places, the query is asked again for that many more, so that a short answer still means "no
   * more" (the watcher pages on that).
   */
  async function upTo(limit: number, fetch: (n: number) => RunRow[]): Promise<Run[]> {
    for (let n = positive(limit); ; ) {
      const rows = fetch(n);
      const runs = await readable(rows, runFromRow, unreadableRun);
      if (runs.length >= limit || rows.length < n) return runs.slice(0, limit);
      n += limit - runs.length;
    }
  }

  /** One page of a listing: the readable items among the first `limit` rows; the cursor is the last of those rows, read or not. */
  async function pageOf<R, T>(
    rows: R[],
    limit: number,
    parse: (row: R) => T,
    describe: (row: R, reason: string) => Unreadable,
    cursorOf: (row: R) => string,
  ): Promise<Page<T>> {
    const shown = rows.slice(0, limit);
    const items = await readable(shown, parse, describe);
    return { items, cursor: rows.length > limit ? cursorOf(shown[shown.length - 1]!) : null };
  }

  /** One write; false when its condition fails (nothing was written by it then). */
  function apply(w: Write): boolean {
    switch (w.op) {
      case "put_job": {
        const base = w.expectVersion === null ? undefined : parsedJobs.at(w.job.id, w.expectVersion);
        if (base) return updateChanged(base, w.job, w.expectVersion!);
        const row = jobToRow(w.job);
        const values = jobRowValues(row);
        const info = w.expectVersion === null ? q.insertJob.run(values) : q.updateJob.run(values.slice(1), w.job.id, w.expectVersion);
        if (info.changes !== 1) return false;
        // An update is remembered (the watcher moving a chain on, then the claim reads the job);
        // an insert is not: a burst of creates only pushed each other out of the cache (claims
        // take a spike's oldest runs first, long evicted), churning its rows through the heap.
        if (w.expectVersion !== null) parsedJobs.remember(row, w.job);
        return true;
      }
      case "insert_run":
        q.insertRun.run(runValues(w.run));
        return true;
      case "update_run": {
        const { run, expect } = w;
        // null: no lease condition. With one, a run without a lease (NULL) does not match either.
        const leaseBy = expect.leaseExpiredBy ?? null;
        // The WHERE holds the status to `expect.status`: when the run keeps it, it is left unset.
        const [statement, values] = run.status === expect.status ? [q.updateRunSameStatus, runSameStatusValues(run)] : [q.updateRun, runMutableValues(run)];
        return statement.run(values, run.job_id, run.scheduled_at, expect.status, expect.attempt, leaseBy, leaseBy).changes === 1;
      }
    }
  }

  /**
   * A job update written as the columns that change from the row stored at `expectVersion`
   * (which this store read or wrote): a task's completion sets its status, version and
   * updated_at, not its title and five JSON columns again, nor its owner (which the owner's two
   * indexes are on: setting it, even to itself, re-inserts their entries). Same condition as the
   * whole row's update.
   */
  function updateChanged(base: { row: JobRow; job: Job }, job: Job, expectVersion: number): boolean {
    const { row, changed } = changedJobRow(base, job);
    const values = changed.map((i) => row[JOB_COLUMNS[i]!]);
    if (q.updateJobColumns(changed).run(values, job.id, expectVersion).changes !== 1) return false;
    parsedJobs.remember(row, job);
    return true;
  }

  /** Whether `w`'s condition holds now, read without writing (the same terms as its statement in apply). */
  function holds(w: Write): boolean {
    switch (w.op) {
      case "put_job":
        return w.expectVersion === null ? q.jobExists.get(w.job.id) === undefined : q.jobAtVersion.get(w.job.id, w.expectVersion) !== undefined;
      case "insert_run":
        return true;
      case "update_run": {
        const { run, expect } = w;
        const leaseBy = expect.leaseExpiredBy ?? null;
        return q.runAsExpected.get(run.job_id, run.scheduled_at, expect.status, expect.attempt, leaseBy, leaseBy) !== undefined;
      }
    }
  }

  /**
   * A tx of several writes applied all or nothing without a savepoint: each write that can fail
   * but the first is read first, and the first is applied first, so a tx that is refused has
   * written nothing. Inside the open transaction nothing else writes in between, so the later
   * writes then succeed. A savepoint per tx cost about as much as the run update it wraps (SQLite
   * copies each page the tx touches into a statement journal): a third of a finish, which writes
   * the run and completes its task. null when two writes touch the same record (a later one's
   * condition then depends on the earlier write): use a savepoint.
   */
  function applyAtOnce(tx: Tx): boolean | null {
    const keys = new Set(tx.writes.map((w) => (w.op === "put_job" ? `job ${w.job.id}` : `run ${runKeyString(w.run)}`)));
    if (keys.size !== tx.writes.length) return null;
    if (tx.cap && !withinCap(tx, tx.cap)) return false;
    const fallible = tx.writes.filter((w) => w.op !== "insert_run");
    const [first, ...rest] = fallible;
    for (const w of rest) if (!holds(w)) return false;
    if (first && !apply(first)) return false;
    for (const w of tx.writes) {
      if (w === first) continue;
      // Read as holding a moment ago in this same transaction: a refusal now is a bug, and
      // throwing rolls back the whole batch rather than leaving this tx half written.
      if (!apply(w)) throw new Error(`store: a write whose condition was read as holding was refused (${w.op})`);
    }
    appendEvents(tx);
    return true;
  }

  function appendEvents(tx: Tx): void {
    if (tx.events) for (const e of tx.events) q.insertEvent.run(eventValues(e));
    if (tx.jobEvents) for (const e of tx.jobEvents) q.insertJobEvent.run(jobEventValues(e));
  }

  /** Applies a tx inside an open transaction; on false, earlier writes of it may have landed. */
  function applyAll(tx: Tx): boolean {
    if (tx.cap && !withinCap(tx, tx.cap)) return false;
    for (const w of tx.writes) if (!apply(w)) return false;
    appendEvents(tx);
    return true;
  }

  const liveCounts = new LiveCounts(
    () => q.dataVersion.get()!.data_version,
    (owner) => q.countJobs.get({ owner, statuses: LIVE_STATUSES })!.n,
  );

  /** Counted inside the write transaction (IMMEDIATE), so no other writer can insert in between. */
  function withinCap(tx: Tx, cap: NonNullable<Tx["cap"]>): boolean {
    let adding = 0;
    for (const w of tx.writes) if (addsLiveJob(w)) adding++;
    return liveCounts.of(cap.owner) + adding <= cap.max;
  }

  // Called inside another transaction function, the driver runs this under a SAVEPOINT,
  // so a rollback undoes only this tx: that is how commitEach isolates its txs.
  const commitOne = db.transaction((tx: Tx): void => {
    if (!applyAll(tx)) throw ROLLBACK;
  });

  // IMMEDIATE takes the write lock up front, under busy_timeout, so a watcher and a worker in
  // two processes queue for the file instead of failing with SQLITE_BUSY on lock upgrade.
  function tryCommit(tx: Tx): boolean {
    try {
      commitOne.immediate(tx);
      liveCounts.applied(tx);
      return true;
    } catch (e) {
      if (e === ROLLBACK) {
        parsedJobs.forget(tx.writes.flatMap((w) => (w.op === "put_job" ? [w.job.id] : [])));
        return false;
      }
      throw e;
    }
  }

  // The worker's hot path: hundreds of claims or completions per call, one WAL commit (no fsync).
  // A tx whose only write that can be refused is its first needs no savepoint: if that write
  // fails nothing was written, the inserts of runs after it cannot fail, and its events are
  // appended only after its writes (a create: the job's insert, then its runs'; a chain moving
  // on: the job's update, then the next run's insert). One of several writes to distinct records
  // needs none either (applyAtOnce). An SQLite error (not a failed condition)
  // rolls back the whole batch and rejects: nothing is written, and the caller can retry it.
  // A tx that fails writes nothing (no write, or its savepoint rolled back), so only committed
  // ones move the counts; an SQLite error makes them counted afresh (`counted`).
  const commitMany = db.transaction((txs: Tx[]): boolean[] =>
    txs.map((tx) => {
      if (onlyFirstFallible(tx)) return applied(applyAll(tx), tx);
      const ok = applyAtOnce(tx);
      // tryCommit (a savepoint) notes its own tx.
      return ok === null ? tryCommit(tx) : applied(ok, tx);
    }),
  );

  function applied(ok: boolean, tx: Tx): boolean {
    if (ok) liveCounts.applied(tx);
    return ok;
  }

  /** Runs a write transaction; if it throws, what the counts noted of it may not have landed. */
  function counted<T>(write: () => T): T {
    try {
      return write();
    } catch (e) {
      liveCounts.forget();
      parsedJobs.clear();
      throw e;
    }
  }

  /** Whether a quarantined record is still there and still does not parse. */
  function still(e: Quarantined): boolean {
    if (e.kind === "job") return stillUnreadable(q.getJob.get(e.key), jobFromRow);
    const key = runKeyOf(e.key);
    return key !== null && stillUnreadable(q.getRun.get(key.job_id, key.scheduled_at), runFromRow);
  }

  return {
    async getJob(id) {
      file.ensure();
      const row = q.getJob.get(id);
      return row ? (await allOrNone([row], readJob, unreadableJob))[0]! : null;
    },

    async listJobs(owner, { statuses, limit, cursor }) {
      file.ensure();
      const listing = { owner, statuses: statuses ? JSON.stringify(statuses) : null, n: pageSize(limit) };
      const rows = cursor ? q.listJobsBefore.all({ ...listing, before: decodeCursor(cursor, "owner_jobs") }) : q.listJobs.all(listing);
      return pageOf(rows, limit, readJob, unreadableJob, (row) => encodeCursor("owner_jobs", row.id));
    },

    async scanJobs({ limit, cursor }) {
      file.ensure();
      const after = cursor ? decodeCursor(cursor, "all_jobs") : "";
      return pageOf(q.scanJobs.all({ after, n: pageSize(limit) }), limit, readJob, unreadableJob, (row) => encodeCursor("all_jobs", row.id));
    },

    async countJobs(owner, statuses) {
      file.ensure();
      if (statuses === LIVE_JOB_STATUSES) return liveCounts.of(owner);
      return q.countJobs.get({ owner, statuses: JSON.stringify(statuses) })!.n;
    },

    async getRun(key) {
      file.ensure();
      const row = q.getRun.get(key.job_id, key.scheduled_at);
      return row ? (await allOrNone([row], runFromRow, unreadableRun))[0]! : null;
    },

    async getJobs(ids) {
      file.ensure();
      const rows = q.getJobs.all(JSON.stringify(ids));
      const jobs = await allOrNone(rows, readJob, unreadableJob);
      const byId = new Map(jobs.map((job) => [job.id, job]));
      return ids.map((id) => byId.get(id) ?? null);
    },

    async getJobVersions(ids) {
      file.ensure();
      if (ids.length === 0) return [];
      const byId = new Map(q.getJobVersions.all(JSON.stringify(ids)).map((r) => [r.id, r.version]));
      return ids.map((id) => byId.get(id) ?? null);
    },

    async getRuns(keys) {
      file.ensure();
      const rows = q.getRuns.all(JSON.stringify(keys.map((k) => [k.job_id, k.scheduled_at])));
      const runs = await allOrNone(rows, runFromRow, unreadableRun);
      const byKey = new Map(runs.map((run) => [runKeyString(run), run]));
      return keys.map((k) => byKey.get(runKeyString(k)) ?? null);
    },

    async getRunsWithJobs(keys) {
      file.ensure();
      const rows = q.getRunsWithJobs.all(JSON.stringify(keys.map((k) => [k.job_id, k.scheduled_at])));
      const runs = await allOrNone(
        rows.map((v) => runRowAt(v, 0)),
        runFromRow,
        unreadableRun,
      );
      // Each job once, however many of its runs came; a missing job's columns are all null (the
      // LEFT JOIN), and a stored job's id never is.
      const jobRows = new Map<string, JobRow>();
      for (const v of rows) if (v[RUN_COLUMNS.length] !== null && !jobRows.has(v[0] as string)) jobRows.set(v[0] as string, jobRowAt(v, RUN_COLUMNS.length));
      const jobs = await allOrNone([...jobRows.values()], readJob, unreadableJob);
      const byId = new Map(jobs.map((job) => [job.id, job]));
      const byKey = new Map(runs.map((run) => [runKeyString(run), { run, job: byId.get(run.job_id) ?? null }]));
      return keys.map((k) => byKey.get(runKeyString(k)) ?? null);
    },

    async queryBucket({ bucket, status, from, to, limit, after }) {
      file.ensure();
      const range = { bucket, status, from, to };
      // Pending has its own statements: only a literal 'pending' lets SQLite use the partial index.
      const [first, next] = status === "pending" ? [q.queryPending, q.queryPendingAfter] : [q.queryBucket, q.queryBucketAfter];
      return upTo(limit, (n) => (after ? next.all({ ...range, n, after_at: after.scheduled_at, after_job: after.job_id }) : first.all({ ...range, n })));
    },

    async listWaking({ shard, before, limit }) {
      file.ensure();
      return upTo(limit, (n) => q.listWaking.all({ shard, before, n }));
    },

    async earliest({ kind, after }) {
      file.ensure();
      const row = (kind === "pending" ? q.earliestPending : q.earliestWaking).get({ after });
      return row?.at ?? null;
    },

    async listJobRuns(jobId, { limit, cursor }) {
      file.ensure();
      const listing = { job_id: jobId, n: pageSize(limit) };
      const rows = cursor ? q.listJobRunsBefore.all({ ...listing, before: decodeCursor(cursor, "job_runs") }) : q.listJobRuns.all(listing);
      return pageOf(rows, limit, runFromRow, unreadableRun, (row) => encodeCursor("job_runs", row.scheduled_at));
    },

    async listInFlightRuns(jobIds) {
      file.ensure();
      const out = new Map<string, Run[]>(jobIds.map((id) => [id, []]));
      if (out.size === 0) return out;
      for (const run of await readable(q.listInFlight.all(JSON.stringify([...out.keys()])), runFromRow, unreadableRun)) out.get(run.job_id)!.push(run);
      return out;
    },

    async listEvents(key) {
      file.ensure();
      return q.listEvents.all(key.job_id, key.scheduled_at).map(eventFromRow);
    },

    async listJobEvents(jobId, { limit }) {
      file.ensure();
      return q.listJobEvents.all(jobId, positive(limit)).map(jobEventFromRow);
    },

    async quarantined({ limit }) {
      file.ensure();
      const entries = q.listQuarantine.all(positive(limit)) as Quarantined[];
      return quarantine.review(entries, still, (e) => {
        q.dropQuarantine.run(e.kind, e.key);
      });
    },

    async commit(tx) {
      file.check();
      const ok = counted(() => tryCommit(tx));
      checkpointer.noteCommits(1);
      return ok;
    },

    async commitEach(txs) {
      file.check();
      if (txs.length === 0) return [];
      const results = counted(() => commitMany.immediate(txs));
      checkpointer.noteCommits(txs.length);
      return results;
    },

    async close() {
      file.stop();
      await checkpointer.stop();
      if (db.open) db.close();
    },
  };
}

/** Opens (creating its directory) and migrates the file; the auth store opens its own connection with it too. */
export function openDatabase(opts: Pick<SqliteStoreOptions, "path" | "busyTimeoutMs" | "cacheSizeMiB" | "driver">): { db: SqliteDb; driver: SqliteDriver } {
  checkDatabasePath(opts.path);
  try {
    return configure(connect(opts.path, { timeoutMs: opts.busyTimeoutMs ?? 5000, ...(opts.driver && { driver: opts.driver }) }), opts.cacheSizeMiB);
  } catch (e) {
    throw openFailure(opts.path, e);
  }
}

/** The pragmas every connection to the file runs with, and the schema brought up to date. */
function configure(opened: { db: SqliteDb; driver: SqliteDriver }, cacheSizeMiB = 8): { db: SqliteDb; driver: SqliteDriver } {
  const { db } = opened;
  db.pragma("journal_mode = WAL");
  // In WAL mode NORMAL syncs only at checkpoints, not on every commit. A commit is in the WAL
  // file (the OS page cache) before it is acknowledged, so it survives kill -9 of the process;
  // only an OS crash or power loss can take back the last few commits.
  db.pragma("synchronous = NORMAL");
  db.pragma(`cache_size = ${-1024 * cacheSizeMiB}`);
  // After a burst the WAL file is cut back to 64 MiB rather than keep its high-water mark.
  db.pragma("journal_size_limit = 67108864");
  // Nothing relies on foreign keys; the engine writes jobs and runs in one tx by itself.
  db.pragma("foreign_keys = OFF");
  migrate(db);
  return opened;
}

/**
 * Every statement, prepared once per connection. Writes bind positionally, in the column
 * orders of rows.ts; reads return rows keyed by column name.
 */
function prepareStatements(db: SqliteDb) {
  const list = (cols: readonly string[]) => cols.join(", ");
  const placeholders = (cols: readonly string[]) => cols.map(() => "?").join(", ");
  const assign = (cols: readonly string[]) => cols.map((c) => `${c} = ?`).join(", ");
  const jobCols = list(JOB_COLUMNS);
  const runCols = list(RUN_COLUMNS);
  const eventCols = list(EVENT_COLUMNS);
  // A `statuses` parameter is a JSON array, so one statement serves every filter; null = any.
  const inStatuses = "status IN (SELECT value FROM json_each(@statuses))";
  const statusFilter = `(@statuses IS NULL OR ${inStatuses})`;

  return {
    getJob: db.prepare<[string], JobRow>(`SELECT ${jobCols} FROM jobs WHERE id = ?`),
    // Many reads in one statement: the ids (or keys) come as one JSON array.
    getJobs: db.prepare<[string], JobRow>(`SELECT ${list(JOB_COLUMNS.map((c) => `j.${c}`))} FROM json_each(?) k JOIN jobs j ON j.id = k.value`),
    // The version alone, read from the primary key's row without its JSON columns being decoded.
    getJobVersions: db.prepare<[string], { id: string; version: number }>(
      "SELECT j.id AS id, j.version AS version FROM json_each(?) k JOIN jobs j ON j.id = k.value",
    ),
    // ON CONFLICT DO NOTHING, not INSERT OR IGNORE: only the key conflict may be skipped.
    insertJob: db.prepare<[unknown[]]>(`INSERT INTO jobs (${jobCols}) VALUES (${placeholders(JOB_COLUMNS)}) ON CONFLICT (id) DO NOTHING`),
    updateJob: db.prepare<[unknown[], string, number]>(`UPDATE jobs SET ${assign(JOB_COLUMNS.slice(1))} WHERE id = ? AND version = ?`),
    updateJobColumns: jobColumnUpdates(db),
    // First page and next pages are separate statements: `(@before IS NULL OR id < @before)`
    // would stop SQLite from seeking the index to the cursor, making deep pages linear.
    listJobs: db.prepare<JobListing, JobRow>(`SELECT ${jobCols} FROM jobs WHERE owner = @owner AND ${statusFilter} ORDER BY id DESC LIMIT @n`),
    listJobsBefore: db.prepare<JobListing & { before: string }, JobRow>(
      `SELECT ${jobCols} FROM jobs WHERE owner = @owner AND ${statusFilter} AND id < @before ORDER BY id DESC LIMIT @n`,
    ),
    // '' sorts before every id (ids are non-empty), so the first page needs no second statement.
    scanJobs: db.prepare<{ after: string; n: number }, JobRow>(`SELECT ${jobCols} FROM jobs WHERE id > @after ORDER BY id LIMIT @n`),
    countJobs: db.prepare<{ owner: string; statuses: string }, { n: number }>(`SELECT count(*) AS n FROM jobs WHERE owner = @owner AND ${inStatuses}`),
    // Moves when another connection (another process) commits to the file: see LiveCounts.
    dataVersion: db.prepare<[], { data_version: number }>("PRAGMA data_version"),

    // The conditions of insertJob, updateJob and updateRun, read without writing (applyAtOnce).
    jobExists: db.prepare<[string], { one: number }>("SELECT 1 AS one FROM jobs WHERE id = ?"),
    jobAtVersion: db.prepare<[string, number], { one: number }>("SELECT 1 AS one FROM jobs WHERE id = ? AND version = ?"),
    runAsExpected: db.prepare<[string, number, string, number, number | null, number | null], { one: number }>(
      "SELECT 1 AS one FROM runs WHERE job_id = ? AND scheduled_at = ? AND status = ? AND attempt = ? AND (? IS NULL OR lease_until <= ?)",
    ),

    getRun: db.prepare<[string, number], RunRow>(`SELECT ${runCols} FROM runs WHERE job_id = ? AND scheduled_at = ?`),
    getRuns: db.prepare<[string], RunRow>(
      `SELECT ${list(RUN_COLUMNS.map((c) => `r.${c}`))} FROM json_each(?) k JOIN runs r ON r.job_id = k.value ->> 0 AND r.scheduled_at = k.value ->> 1`,
    ),
    // The claim's read: the runs and, by the LEFT JOIN, each one's job, as arrays (raw) in
    // RUN_COLUMNS then JOB_COLUMNS order; the job's columns are renamed so none shares a name.
    getRunsWithJobs: db
      .prepare<[string], unknown[]>(
        `SELECT ${list([...RUN_COLUMNS.map((c) => `r.${c}`), ...JOB_COLUMNS.map((c) => `j.${c} AS job_${c}`)])} FROM json_each(?) k ` +
          "JOIN runs r ON r.job_id = k.value ->> 0 AND r.scheduled_at = k.value ->> 1 LEFT JOIN jobs j ON j.id = r.job_id",
      )
      .raw(),
    insertRun: db.prepare<[unknown[]]>(`INSERT INTO runs (${runCols}) VALUES (${placeholders(RUN_COLUMNS)}) ON CONFLICT (job_id, scheduled_at) DO NOTHING`),
    // The key and its partition (bucket, shard) are fixed at insert: an update never moves a run.
    updateRun: db.prepare<[unknown[], string, number, string, number, number | null, number | null]>(
      `UPDATE runs SET ${assign(RUN_MUTABLE_COLUMNS)} WHERE job_id = ? AND scheduled_at = ? AND status = ? AND attempt = ?
       AND (? IS NULL OR lease_until <= ?)`,
    ),
    updateRunSameStatus: db.prepare<[unknown[], string, number, string, number, number | null, number | null]>(
      `UPDATE runs SET ${assign(RUN_SAME_STATUS_COLUMNS)} WHERE job_id = ? AND scheduled_at = ? AND status = ? AND attempt = ?
       AND (? IS NULL OR lease_until <= ?)`,
    ),
    queryBucket: db.prepare<{ bucket: string; status: string; from: number; to: number; n: number }, RunRow>(
      `SELECT ${runCols} FROM runs WHERE bucket = @bucket AND status = @status AND scheduled_at BETWEEN @from AND @to
       ORDER BY scheduled_at, job_id LIMIT @n`,
    ),
    queryBucketAfter: db.prepare<{ bucket: string; status: string; from: number; to: number; n: number; after_at: number; after_job: string }, RunRow>(
      `SELECT ${runCols} FROM runs WHERE bucket = @bucket AND status = @status AND scheduled_at BETWEEN @from AND @to
       AND (scheduled_at, job_id) > (@after_at, @after_job) ORDER BY scheduled_at, job_id LIMIT @n`,
    ),
    queryPending: db.prepare<{ bucket: string; status: string; from: number; to: number; n: number }, RunRow>(
      `SELECT ${runCols} FROM runs WHERE bucket = @bucket AND status = 'pending' AND scheduled_at BETWEEN @from AND @to
       ORDER BY scheduled_at, job_id LIMIT @n`,
    ),
    queryPendingAfter: db.prepare<{ bucket: string; status: string; from: number; to: number; n: number; after_at: number; after_job: string }, RunRow>(
      `SELECT ${runCols} FROM runs WHERE bucket = @bucket AND status = 'pending' AND scheduled_at BETWEEN @from AND @to
       AND (scheduled_at, job_id) > (@after_at, @after_job) ORDER BY scheduled_at, job_id LIMIT @n`,
    ),
    listWaking: db.prepare<{ shard: number; before: number; n: number }, RunRow>(
      `SELECT ${runCols} FROM runs WHERE shard = @shard AND wake_at IS NOT NULL AND wake_at <= @before ORDER BY wake_at LIMIT @n`,
    ),
    earliestPending: db.prepare<{ after: number }, { at: number | null }>(
      `SELECT MIN(scheduled_at) AS at FROM runs WHERE status = 'pending' AND scheduled_at > @after`,
    ),
    earliestWaking: db.prepare<{ after: number }, { at: number | null }>(`SELECT MIN(wake_at) AS at FROM runs WHERE wake_at IS NOT NULL AND wake_at > @after`),
    listJobRuns: db.prepare<{ job_id: string; n: number }, RunRow>(`SELECT ${runCols} FROM runs WHERE job_id = @job_id ORDER BY scheduled_at DESC LIMIT @n`),
    listJobRunsBefore: db.prepare<{ job_id: string; before: number; n: number }, RunRow>(
      `SELECT ${runCols} FROM runs WHERE job_id = @job_id AND scheduled_at < @before ORDER BY scheduled_at DESC LIMIT @n`,
    ),
    // One statement for a whole claim batch: 500 ids at a time, runs parsed, it took a third less
    // CPU than a prepared statement run per id.
    listInFlight: db.prepare<[string], RunRow>(
      `SELECT ${runCols} FROM runs WHERE job_id IN (SELECT value FROM json_each(?)) AND ${IN_FLIGHT} ORDER BY job_id, scheduled_at`,
    ),

    insertEvent: db.prepare<[unknown[]]>(`INSERT INTO run_events (${eventCols}) VALUES (${placeholders(EVENT_COLUMNS)})`),
    listEvents: db.prepare<[string, number], EventRow>(`SELECT ${eventCols} FROM run_events WHERE job_id = ? AND scheduled_at = ? ORDER BY id`),
    insertJobEvent: db.prepare<[unknown[]]>(`INSERT INTO job_events (${list(JOB_EVENT_COLUMNS)}) VALUES (${placeholders(JOB_EVENT_COLUMNS)})`),
    listJobEvents: db.prepare<[string, number], JobEventRow>(`SELECT ${list(JOB_EVENT_COLUMNS)} FROM job_events WHERE job_id = ? ORDER BY id DESC LIMIT ?`),

    quarantine: db.prepare<[string, string, string | null, string, string, number]>(
      "INSERT INTO quarantine (kind, key, owner, reason, location, since) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
    ),
    listQuarantine: db.prepare<[number], Quarantined>("SELECT kind, key, owner, reason, location, since FROM quarantine ORDER BY since, kind, key LIMIT ?"),
    dropQuarantine: db.prepare<[string, string]>("DELETE FROM quarantine WHERE kind = ? AND key = ?"),
  };
}

/**
 * `UPDATE jobs` of some columns (positions in JOB_COLUMNS), prepared once per set of columns: the
 * engine's writes come in a few shapes (a completion, a chain moving on, a pause). A write that
 * changes no column sets the version to itself: the statement needs a SET, and its WHERE decides.
 */
function jobColumnUpdates(db: SqliteDb): (changed: readonly number[]) => Statement<[unknown[], string, number]> {
  const prepared = new Map<string, Statement<[unknown[], string, number]>>();
  const version = JOB_COLUMNS.indexOf("version");
  return (changed) => {
    const key = changed.join(",");
    let statement = prepared.get(key);
    if (!statement) {
      const set = changed.map((i) => `${JOB_COLUMNS[i]} = ?`);
      if (!changed.includes(version)) set.push("version = version");
      statement = db.prepare(`UPDATE jobs SET ${set.join(", ")} WHERE id = ? AND version = ?`);
      prepared.set(key, statement);
    }
    return statement;
  };
}

interface JobListing {
  owner: string;
  statuses: string | null;
  n: number;
}

/** A listing fetches one row more than asked, to know whether there is a next page (that row is not parsed). */
const pageSize = (limit: number) => positive(limit) + 1;
