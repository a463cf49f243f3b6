import { DomainError } from "../../../core/errors.js";
import type { SqliteDb } from "./driver.js";
import { STORED_DEFAULT_POLICY, STORED_DEFAULT_RETRY } from "./rows.js";

/** A SQL string literal of `value`'s JSON: the text jobToRow wrote for it before NULL meant it. */
const jsonLiteral = (value: object) => `'${JSON.stringify(value).replaceAll("'", "''")}'`;

/**
 * The schema, one entry per version: entry i moves `PRAGMA user_version` from i to i + 1.
 * Append new entries; never edit one that has shipped.
 *
 * Small scalars are columns (so indexes and compare-and-set can use them); only genuinely
 * nested parts (action, schedule, retry, policy, result, error) are JSON text. No CHECK
 * constraints: the zod schemas in core are the one place the states are listed, and every
 * read validates against them.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE jobs (
    id          TEXT PRIMARY KEY,
    owner       TEXT NOT NULL,
    title       TEXT NOT NULL,
    status      TEXT NOT NULL,
    action      TEXT NOT NULL,
    schedule    TEXT NOT NULL,
    retry       TEXT NOT NULL,
    policy      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    end_at      INTEGER,
    max_runs    INTEGER,
    run_count   INTEGER NOT NULL,
    next_run_at INTEGER,
    version     INTEGER NOT NULL,
    fingerprint TEXT
  );
  -- listJobs: an owner's jobs newest first (ULIDs sort by creation time).
  CREATE INDEX jobs_by_owner ON jobs (owner, id DESC);
  -- countJobs (the per-owner limit, checked on every create) and listJobs with a status filter.
  CREATE INDEX jobs_by_owner_status ON jobs (owner, status, id DESC);

  CREATE TABLE runs (
    job_id       TEXT NOT NULL,
    scheduled_at INTEGER NOT NULL,
    owner        TEXT NOT NULL,
    bucket       TEXT NOT NULL,
    shard        INTEGER NOT NULL,
    status       TEXT NOT NULL,
    attempt      INTEGER NOT NULL,
    due_at       INTEGER NOT NULL,
    wake_at      INTEGER,
    lease_owner  TEXT,
    lease_until  INTEGER,
    started_at   INTEGER,
    finished_at  INTEGER,
    result       TEXT,
    error        TEXT,
    skip_reason  TEXT,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    -- Also the order of listJobRuns (scanned backwards for newest first).
    PRIMARY KEY (job_id, scheduled_at)
  );
  -- queryBucket: the watcher's poll, one (bucket, status) range in key order.
  CREATE INDEX runs_by_bucket ON runs (bucket, status, scheduled_at, job_id);
  -- listWaking: partial, so pending and terminal runs (the vast majority) cost nothing here.
  CREATE INDEX runs_waking ON runs (shard, wake_at) WHERE wake_at IS NOT NULL;

  -- Append-only. A plain INTEGER PRIMARY KEY already grows monotonically while the newest row
  -- is never deleted, without AUTOINCREMENT's extra write to sqlite_sequence per insert.
  CREATE TABLE run_events (
    id           INTEGER PRIMARY KEY,
    job_id       TEXT NOT NULL,
    scheduled_at INTEGER NOT NULL,
    at           INTEGER NOT NULL,
    from_status  TEXT,
    to_status    TEXT NOT NULL,
    attempt      INTEGER NOT NULL,
    detail       TEXT
  );
  -- listEvents looks up both columns by equality, so either order serves it; scheduled_at first
  -- keeps inserts local, since the runs a worker claims or completes together are due at about
  -- the same time. Keyed by job_id first, each event of a batch dirtied its own random page,
  -- and the batch's WAL commit wrote them all out (measured: claims 2-3x slower).
  CREATE INDEX run_events_by_run ON run_events (scheduled_at, job_id);
  `,
  `
  -- The watcher only ever asks a bucket for its pending runs. With status inside the bucket
  -- index, every transition (queued, running, succeeded) moved the run's entry; now the partial
  -- index holds pending runs only, and the plain one is written once, at insert (no column of
  -- it ever changes), serving queryBucket for other statuses.
  DROP INDEX runs_by_bucket;
  CREATE INDEX runs_pending ON runs (bucket, scheduled_at, job_id) WHERE status = 'pending';
  CREATE INDEX runs_by_bucket ON runs (bucket, scheduled_at, job_id);
  `,
  `
  -- The built-in authorization server's records (src/ports/auth-store.ts): clients, grants,
  -- refresh tokens, sessions, owner accounts, the signing keys. payload is the JSON object.
  CREATE TABLE auth_records (
    kind        TEXT NOT NULL,
    id          TEXT NOT NULL,
    payload     TEXT NOT NULL,
    grant_id    TEXT,
    uid         TEXT,
    account_id  TEXT,
    expires_at  INTEGER,
    consumed_at INTEGER,
    PRIMARY KEY (kind, id)
  );
  -- Partial indexes: most records carry only some of the lookup keys.
  CREATE INDEX auth_records_by_grant ON auth_records (grant_id, kind) WHERE grant_id IS NOT NULL;
  CREATE INDEX auth_records_by_uid ON auth_records (kind, uid) WHERE uid IS NOT NULL;
  CREATE INDEX auth_records_by_account ON auth_records (kind, account_id) WHERE account_id IS NOT NULL;
  CREATE INDEX auth_records_expiring ON auth_records (expires_at) WHERE expires_at IS NOT NULL;
  `,
  `
  -- attempt stays the fencing token (bumped by each claim); executions counts the starts of the
  -- action, which the retry budget spends. Before this version every claim started the action
  -- (give-backs undid their claim), so a run's attempts are its executions so far.
  ALTER TABLE runs ADD COLUMN executions INTEGER NOT NULL DEFAULT 0;
  UPDATE runs SET executions = attempt;
  -- JSON text: what an action saved for later attempts of the run.
  ALTER TABLE runs ADD COLUMN checkpoint TEXT;
  `,
  `
  -- limit_state: per-owner rate-limit buckets and daily usage counters (sqlite-limit-state.ts),
  -- shared by every process on the file. A row past expires_at reads as absent and is deleted now and then.
  CREATE TABLE limit_state (
    key        TEXT PRIMARY KEY,
    state      TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX limit_state_by_expiry ON limit_state (expires_at);
  `,
  `
  -- Fields added to jobs and runs later; rows stored before get the domain's defaults.
  ALTER TABLE jobs ADD COLUMN pause_note TEXT;
  ALTER TABLE jobs ADD COLUMN skips TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE runs ADD COLUMN origin TEXT NOT NULL DEFAULT 'schedule';

  -- A job's history, the changes its owner made; append-only, read newest first per job.
  CREATE TABLE job_events (
    id            INTEGER PRIMARY KEY,
    job_id        TEXT NOT NULL,
    at            INTEGER NOT NULL,
    change        TEXT NOT NULL,
    version       INTEGER NOT NULL,
    before_fields TEXT NOT NULL,
    after_fields  TEXT NOT NULL,
    detail        TEXT
  );
  CREATE INDEX job_events_by_job ON job_events (job_id, id);
  `,
  `
  -- listInFlightRuns: a task's queued and running runs, for the overlap rule. Partial, so it
  -- reads only those however long the task's history; a query uses it only when its WHERE
  -- holds this same status term.
  CREATE INDEX runs_in_flight ON runs (job_id, scheduled_at) WHERE status IN ('queued', 'running');
  `,
  `
  -- The quarantine (src/ports/store.ts): jobs and runs a read found unreadable, which listings
  -- leave out. The records stay in their tables; an entry says where and why, for duely status to show.
  CREATE TABLE quarantine (
    kind     TEXT NOT NULL,
    key      TEXT NOT NULL,
    owner    TEXT,
    reason   TEXT NOT NULL,
    location TEXT NOT NULL,
    since    INTEGER NOT NULL,
    PRIMARY KEY (kind, key)
  );
  `,
  `
  -- earliest(pending): when the next pending run enters the watcher's window, one index seek
  -- (runs_pending leads with the bucket, so it would be read whole).
  CREATE INDEX runs_pending_by_time ON runs (scheduled_at) WHERE status = 'pending';
  `,
  `
  -- 1 while a run held back by its owner's execution rate has its token booked (Run.booked).
  ALTER TABLE runs ADD COLUMN booked INTEGER NOT NULL DEFAULT 0;
  `,
  `
  -- retry and policy NULL for the stored defaults (rows.ts, STORED_DEFAULT_RETRY and _POLICY),
  -- which nearly every task has: a claim reads each run's task, and those two were most of its
  -- JSON to parse and validate. SQLite cannot drop a NOT NULL, so the table is rebuilt, same
  -- columns in the same order. A row is converted only where its text is exactly what duely
  -- wrote for the default; any other text, unreadable or not, is copied as it is (an unreadable
  -- one is quarantined when read, as before).
  CREATE TABLE jobs_v11 (
    id          TEXT PRIMARY KEY,
    owner       TEXT NOT NULL,
    title       TEXT NOT NULL,
    status      TEXT NOT NULL,
    action      TEXT NOT NULL,
    schedule    TEXT NOT NULL,
    retry       TEXT,
    policy      TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    end_at      INTEGER,
    max_runs    INTEGER,
    run_count   INTEGER NOT NULL,
    next_run_at INTEGER,
    version     INTEGER NOT NULL,
    fingerprint TEXT,
    pause_note  TEXT,
    skips       TEXT NOT NULL DEFAULT '[]'
  );
  INSERT INTO jobs_v11
    SELECT id, owner, title, status, action, schedule,
      CASE WHEN retry = ${jsonLiteral(STORED_DEFAULT_RETRY)} THEN NULL ELSE retry END,
      CASE WHEN policy = ${jsonLiteral(STORED_DEFAULT_POLICY)} THEN NULL ELSE policy END,
      created_at, updated_at, end_at, max_runs, run_count, next_run_at, version, fingerprint, pause_note, skips
    FROM jobs;
  DROP TABLE jobs;
  ALTER TABLE jobs_v11 RENAME TO jobs;
  CREATE INDEX jobs_by_owner ON jobs (owner, id DESC);
  CREATE INDEX jobs_by_owner_status ON jobs (owner, status, id DESC);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the file up to SCHEMA_VERSION; a no-op when it is there already. Runs under
 * BEGIN IMMEDIATE and re-reads the version inside, so two processes opening a fresh file at
 * once (watcher and worker) do not both create the tables.
 */
export function migrate(db: SqliteDb): void {
  db.transaction(() => {
    const current = db.pragma("user_version", { simple: true }) as number;
    if (current > SCHEMA_VERSION) {
      throw new DomainError("internal", `the database is at schema version ${current}, newer than this duely knows (${SCHEMA_VERSION})`, {
        hint: "run a newer duely on this file, or point --db at another file",
      });
    }
    for (let v = current; v < SCHEMA_VERSION; v++) {
      try {
        db.exec(MIGRATIONS[v]!);
      } catch (e) {
        // Seen when another build (a development branch) changed the file without the version
        // number this one expects: SQLite then says only "duplicate column name".
        throw new DomainError(
          "internal",
          `cannot bring the database from schema version ${current} to ${SCHEMA_VERSION}: step ${v + 1} failed (${e instanceof Error ? e.message : String(e)}); nothing was changed`,
          { hint: "the file was probably changed by another duely build: open it with that build, or point --db at another file (keep this one as a backup)" },
        );
      }
    }
    if (current < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
