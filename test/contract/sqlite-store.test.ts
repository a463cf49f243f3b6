import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/adapters/store/sqlite/migrations.js";
import { STORED_DEFAULT_POLICY, STORED_DEFAULT_RETRY } from "../../src/adapters/store/sqlite/rows.js";
import { openDatabase, openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { DEFAULT_RETRY, DEFAULT_RUN_POLICY, LIVE_JOB_STATUSES, RetryPolicy, type Run, RunPolicy } from "../../src/core/model.js";
import type { Store, Tx } from "../../src/ports/store.js";
import { makeEvent, makeJob, makeJobInShard, makeRun, T0 } from "../support/builders.js";
import { corruptSqliteJob, corruptSqliteRun } from "../support/corrupt-sqlite-run.js";
import { describeStoreContract } from "./store-contract.js";

const tempDir = () => mkdtempSync(join(tmpdir(), "duely-sqlite-"));

describeStoreContract("sqlite", async (opts) => {
  const dir = tempDir();
  const path = join(dir, "duely.db");
  const store = openSqliteStore({ path, ...opts });
  const cleanup = async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { store, cleanup, corruptRun: corruptSqliteRun(path), corruptJob: corruptSqliteJob(path) };
});

// SQLite counts live tasks inside the write transaction, so a task leaving the live statuses frees
// its slot at once, even for a create later in the same batch. DynamoDB keeps a counter that is
// recounted only after its index settles (owner-cap.ts), so the port does not promise this.
describe("SQLite owner cap within one batch", () => {
  it("counts a status change among the batch's creates", async () => {
    const dir = tempDir();
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    try {
      const existing = makeJob();
      await store.commit({ writes: [{ op: "put_job", job: existing, expectVersion: null }] });
      const create = (): Tx => ({ writes: [{ op: "put_job", job: makeJob(), expectVersion: null }], cap: { owner: existing.owner, max: 3 } });
      const cancel: Tx = { writes: [{ op: "put_job", job: { ...existing, status: "cancelled", version: 2 }, expectVersion: existing.version }] };
      // 1 live + 1 = 2; cancelled: 1; + 1 = 2; + 1 = 3; a fourth would make 4.
      expect(await store.commitEach([create(), cancel, create(), create(), create()])).toEqual([true, true, true, true, false]);
      expect(await store.countJobs(existing.owner, ["active", "paused"])).toBe(3);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SQLite store, beyond the port", () => {
  let dir: string;
  let path: string;
  let store: Store;

  beforeEach(() => {
    dir = tempDir();
    path = join(dir, "nested", "duely.db");
    store = openSqliteStore({ path });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Writes behind the store's back, as a bad manual edit or a faulty disk would. */
  const tamper = (sql: string, ...params: unknown[]) => {
    const db = new Database(path);
    db.prepare(sql).run(...params);
    db.close();
  };

  /** What each migration added, dropped again: undoing the versions after `version` leaves a file as that release wrote it. */
  const UNDO: Record<number, string[]> = {
    4: ["ALTER TABLE runs DROP COLUMN executions", "ALTER TABLE runs DROP COLUMN checkpoint"],
    5: ["DROP TABLE limit_state"],
    6: ["DROP TABLE job_events", "ALTER TABLE jobs DROP COLUMN pause_note", "ALTER TABLE jobs DROP COLUMN skips", "ALTER TABLE runs DROP COLUMN origin"],
    7: ["DROP INDEX runs_in_flight"],
    8: ["DROP TABLE quarantine"],
    9: ["DROP INDEX runs_pending_by_time"],
    10: ["ALTER TABLE runs DROP COLUMN booked"],
    // The jobs table as version 10 had it: retry and policy NOT NULL, the defaults written out.
    11: [
      `CREATE TABLE jobs_v10 (id TEXT PRIMARY KEY, owner TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL, action TEXT NOT NULL,
        schedule TEXT NOT NULL, retry TEXT NOT NULL, policy TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        end_at INTEGER, max_runs INTEGER, run_count INTEGER NOT NULL, next_run_at INTEGER, version INTEGER NOT NULL, fingerprint TEXT,
        pause_note TEXT, skips TEXT NOT NULL DEFAULT '[]')`,
      `INSERT INTO jobs_v10 SELECT id, owner, title, status, action, schedule,
        coalesce(retry, '${JSON.stringify(STORED_DEFAULT_RETRY)}'), coalesce(policy, '${JSON.stringify(STORED_DEFAULT_POLICY)}'),
        created_at, updated_at, end_at, max_runs, run_count, next_run_at, version, fingerprint, pause_note, skips FROM jobs`,
      "DROP TABLE jobs",
      "ALTER TABLE jobs_v10 RENAME TO jobs",
      "CREATE INDEX jobs_by_owner ON jobs (owner, id DESC)",
      "CREATE INDEX jobs_by_owner_status ON jobs (owner, status, id DESC)",
    ],
  };
  const rewindTo = (version: number) => {
    for (let v = SCHEMA_VERSION; v > version; v--) for (const sql of UNDO[v] ?? []) tamper(sql);
    tamper(`PRAGMA user_version = ${version}`);
  };

  /** A job and its first run, stored. */
  async function storedJobAndRun() {
    const job = makeJob();
    const run = makeRun(job, T0);
    await store.commit({
      writes: [
        { op: "put_job", job, expectVersion: null },
        { op: "insert_run", run },
      ],
    });
    return { job, run };
  }

  it("keeps its data when the same file is reopened, and reopening migrates nothing", async () => {
    const { job, run } = await storedJobAndRun();
    await store.close();

    store = openSqliteStore({ path });
    await store.close();
    store = openSqliteStore({ path });
    expect(await store.getJob(job.id)).toEqual(job);
    expect(await store.getRun(run)).toEqual(run);
    const db = new Database(path, { readonly: true });
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("opens its connection with an 8 MiB page cache unless given another size (native memory in every process's RSS)", () => {
    const cacheKiB = (cacheSizeMiB?: number) => {
      const { db } = openDatabase({ path, ...(cacheSizeMiB !== undefined && { cacheSizeMiB }) });
      try {
        return db.pragma("cache_size", { simple: true });
      } finally {
        db.close();
      }
    };
    // Negative: a size in KiB rather than in pages.
    expect(cacheKiB()).toBe(-8 * 1024);
    expect(cacheKiB(64)).toBe(-64 * 1024);
  });

  it("upgrades a file of the previous schema: jobs and runs stored before get the defaults of the fields added since", async () => {
    const { job, run } = await storedJobAndRun();
    await store.close();
    rewindTo(5);

    store = openSqliteStore({ path });
    expect(await store.getJob(job.id)).toEqual({ ...job, pause_note: null, skips: [] });
    expect(await store.getRun(run)).toEqual({ ...run, origin: "schedule", booked: false });
    expect(await store.listJobEvents(job.id, { limit: 5 })).toEqual([]);
  });

  it("keeps a run's booking across a reopen, and refuses a stored booking that is neither 0 nor 1", async () => {
    const { run } = await storedJobAndRun();
    const booked = { ...run, status: "queued" as const, booked: true, updated_at: run.updated_at + 1 };
    await store.commit({ writes: [{ op: "update_run", run: booked, expect: { status: "pending", attempt: 0 } }] });
    await store.close();
    store = openSqliteStore({ path });
    expect(await store.getRun(run)).toEqual(booked);
    await store.close();
    tamper("UPDATE runs SET booked = 2 WHERE job_id = ?", run.job_id);
    store = openSqliteStore({ path });
    await expect(store.getRun(run)).rejects.toMatchObject({ code: "corrupt_record" });
  });

  it("refuses, saying why and changing nothing, a file another build changed without its version number", async () => {
    const { job } = await storedJobAndRun();
    await store.close();
    // Version 10's column is there, but the file says it is older (version 11 rebuilds the jobs
    // table, which a file that has it already goes through unchanged, so the step that fails is 10's).
    tamper("PRAGMA user_version = 9");
    expect(() => openSqliteStore({ path })).toThrow(
      expect.objectContaining({
        code: "internal",
        message: expect.stringMatching(
          new RegExp(`from schema version 9 to ${SCHEMA_VERSION}: step 10 failed \\(.*duplicate column name.*\\); nothing was changed`),
        ),
        hint: expect.stringContaining("another duely build"),
      }),
    );
    const db = new Database(path);
    expect(db.pragma("user_version", { simple: true })).toBe(9);
    db.close();
    tamper(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    store = openSqliteStore({ path });
    expect(await store.getJob(job.id)).toEqual(job);
  });

  it("upgrades a file of schema version 6: its runs in flight are found through the index built then", async () => {
    const job = makeJob();
    const running = makeRun(job, T0, { status: "running", attempt: 1, lease_owner: "w", lease_until: T0 + 30_000, wake_at: T0 + 30_000 });
    await store.commit({
      writes: [
        { op: "insert_run", run: running },
        ...[1, 2, 3, 4, 5, 6].map((m) => ({ op: "insert_run" as const, run: makeRun(job, T0 + m * 60_000, { status: "succeeded", attempt: 1 }) })),
      ],
    });
    await store.close();
    rewindTo(6);
    store = openSqliteStore({ path });
    expect(await store.listInFlightRuns([job.id])).toEqual(new Map([[job.id, [running]]]));
    const db = new Database(path, { readonly: true });
    const sql = "SELECT * FROM runs WHERE job_id IN (SELECT value FROM json_each(?)) AND status IN ('queued', 'running')";
    const plan = db.prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all("[]");
    db.close();
    expect(plan.map((p) => p.detail)).toContain("SEARCH runs USING INDEX runs_in_flight (job_id=?)");
  });

  /** A job's retry and policy columns as stored. */
  const storedPolicies = (id: string) => {
    const db = new Database(path, { readonly: true });
    try {
      return db.prepare<[string], { retry: string | null; policy: string | null }>("SELECT retry, policy FROM jobs WHERE id = ?").get(id);
    } finally {
      db.close();
    }
  };

  it("upgrades a file of schema version 10: tasks with the default policies read back identical from NULL columns, others as stored", async () => {
    const plain = makeJob();
    const tuned = makeJob({ retry: { ...DEFAULT_RETRY, max_attempts: 5 }, policy: { ...DEFAULT_RUN_POLICY, catch_up: "skip" } });
    const halfTuned = makeJob({ policy: { ...DEFAULT_RUN_POLICY, window_ms: 60_000 } });
    const run = makeRun(plain, T0, { status: "queued", wake_at: T0 + 60_000 });
    await store.commit({
      writes: [...[plain, tuned, halfTuned].map((job) => ({ op: "put_job" as const, job, expectVersion: null })), { op: "insert_run", run }],
    });
    await store.close();
    rewindTo(10);
    // As version 10 wrote it: the defaults written out.
    expect(storedPolicies(plain.id)).toEqual({ retry: JSON.stringify(DEFAULT_RETRY), policy: JSON.stringify(DEFAULT_RUN_POLICY) });

    store = openSqliteStore({ path });
    expect(storedPolicies(plain.id)).toEqual({ retry: null, policy: null });
    expect(storedPolicies(tuned.id)).toEqual({ retry: JSON.stringify(tuned.retry), policy: JSON.stringify(tuned.policy) });
    expect(storedPolicies(halfTuned.id)).toEqual({ retry: null, policy: JSON.stringify(halfTuned.policy) });
    expect(await store.getJobs([plain.id, tuned.id, halfTuned.id])).toEqual([plain, tuned, halfTuned]);
    expect(await store.getRunsWithJobs([run])).toEqual([{ run, job: plain }]);
    const db = new Database(path, { readonly: true });
    const indexes = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL ORDER BY name")
      .all();
    db.close();
    expect(indexes.map((i) => i.name)).toEqual(["jobs_by_owner", "jobs_by_owner_status"]);
  });

  it("upgrades a file of schema version 10 holding an unreadable task: the upgrade goes through, and the task is quarantined when read", async () => {
    const good = makeJob();
    const bad = makeJob();
    await store.commit({ writes: [good, bad].map((job) => ({ op: "put_job" as const, job, expectVersion: null })) });
    await store.close();
    rewindTo(10);
    tamper("UPDATE jobs SET retry = '{not json' WHERE id = ?", bad.id);

    store = openSqliteStore({ path });
    expect(storedPolicies(bad.id)).toEqual({ retry: "{not json", policy: null });
    await expect(store.getJob(bad.id)).rejects.toMatchObject({
      code: "corrupt_record",
      field: "retry",
      message: expect.stringContaining(`stored job ${bad.id}`),
    });
    expect((await store.listJobs(good.owner, { limit: 10 })).items).toEqual([good]);
    expect(await store.quarantined({ limit: 10 })).toEqual([
      expect.objectContaining({ kind: "job", key: bad.id, reason: expect.stringContaining("retry is not valid JSON") }),
    ]);
  });

  it("stores the default policies as NULL and any other as JSON, when a task is created and when it is changed", async () => {
    const job = makeJob();
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    expect(storedPolicies(job.id)).toEqual({ retry: null, policy: null });
    // From the row the store knows (only the changed columns written), and then whole (a version it has not read).
    const read = (await store.getJob(job.id))!;
    const tuned = { ...read, retry: { ...read.retry, factor: 2 }, version: read.version + 1 };
    expect(await store.commit({ writes: [{ op: "put_job", job: tuned, expectVersion: read.version }] })).toBe(true);
    expect(storedPolicies(job.id)).toEqual({ retry: JSON.stringify(tuned.retry), policy: null });
    const back = { ...tuned, retry: { ...DEFAULT_RETRY }, policy: { ...DEFAULT_RUN_POLICY, overlap: "allow" as const }, version: tuned.version + 1 };
    expect(await store.commit({ writes: [{ op: "put_job", job: back, expectVersion: tuned.version }] })).toBe(true);
    expect(storedPolicies(job.id)).toEqual({ retry: null, policy: JSON.stringify(back.policy) });
    await store.close();
    tamper("UPDATE jobs SET version = version + 1, title = 'moved on' WHERE id = ?", job.id);
    store = openSqliteStore({ path });
    const completed = { ...back, title: "moved on", policy: DEFAULT_RUN_POLICY, status: "completed" as const, version: back.version + 2 };
    expect(await store.commit({ writes: [{ op: "put_job", job: completed, expectVersion: back.version + 1 }] })).toBe(true);
    expect(storedPolicies(job.id)).toEqual({ retry: null, policy: null });
    expect(await store.getJob(job.id)).toEqual(completed);
  });

  it("reads a NULL policy as the stored default, which is valid and is today's default", async () => {
    expect(RetryPolicy.parse(STORED_DEFAULT_RETRY)).toEqual(STORED_DEFAULT_RETRY);
    expect(RunPolicy.parse(STORED_DEFAULT_POLICY)).toEqual(STORED_DEFAULT_POLICY);
    // Were a default of core to change, NULL would keep meaning these, and the new default would be stored as JSON.
    expect(STORED_DEFAULT_RETRY).toEqual(DEFAULT_RETRY);
    expect(STORED_DEFAULT_POLICY).toEqual(DEFAULT_RUN_POLICY);
    const job = makeJob();
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    const read = (await store.getJob(job.id))!;
    expect(read).toEqual(job);
    expect(Object.isFrozen(read.retry) && Object.isFrozen(read.policy)).toBe(true);
  });

  it("rejects a task whose one policy stored as JSON does not parse, beside a NULL one, naming the field", async () => {
    const job = makeJob();
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    tamper(`UPDATE jobs SET policy = '{"catch_up": "never"}' WHERE id = ?`, job.id);
    await expect(store.getJob(job.id)).rejects.toMatchObject({ code: "corrupt_record", field: "policy.catch_up" });
    tamper(`UPDATE jobs SET policy = NULL, retry = '{"max_attempts": 0}' WHERE id = ?`, job.id);
    await expect(store.getJob(job.id)).rejects.toMatchObject({ code: "corrupt_record", field: "retry.max_attempts" });
  });

  it("refuses a file written by a newer schema rather than guess at it", async () => {
    await store.close();
    tamper(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    expect(() => openSqliteStore({ path })).toThrow(/newer than this duely/);
    store = openSqliteStore({ path: ":memory:" });
  });

  it("rejects a job whose JSON column is not JSON, naming the job and the column", async () => {
    const job = makeJob();
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    tamper('UPDATE jobs SET schedule = \'{"kind": "cron", \' WHERE id = ?', job.id);
    const failure = { code: "corrupt_record", field: "schedule", message: expect.stringContaining(`stored job ${job.id} is malformed`) };
    await expect(store.getJob(job.id)).rejects.toMatchObject(failure);
    await expect(store.getJobs([makeJob().id, job.id])).rejects.toMatchObject(failure);
    expect(await store.listJobs(job.owner, { limit: 10 })).toEqual({ items: [], cursor: null });
  });

  it("rejects a job whose status is not one the domain knows, naming the field", async () => {
    const job = makeJob();
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    tamper("UPDATE jobs SET status = 'archived' WHERE id = ?", job.id);
    await expect(store.getJob(job.id)).rejects.toMatchObject({ code: "corrupt_record", field: "status" });
    expect(await store.scanJobs({ limit: 10 })).toEqual({ items: [], cursor: null });
  });

  it("rejects a run whose stored fields do not parse, naming the run", async () => {
    const run = makeRun(makeJob(), T0, { status: "queued", wake_at: T0 });
    await store.commit({ writes: [{ op: "insert_run", run }] });
    tamper("UPDATE runs SET status = 'zombie' WHERE job_id = ?", run.job_id);
    const failure = { code: "corrupt_record", field: "status", message: expect.stringContaining(`stored run ${run.job_id}@${T0} is malformed`) };
    await expect(store.getRun(run)).rejects.toMatchObject(failure);
    await expect(store.getRuns([{ job_id: run.job_id, scheduled_at: T0 + 1 }, run])).rejects.toMatchObject(failure);
    expect(await store.listWaking({ shard: run.shard, before: T0, limit: 10 })).toEqual([]);

    tamper("UPDATE runs SET status = 'failed', error = '{\"message\": \"boom\"}' WHERE job_id = ?", run.job_id);
    await expect(store.getRun(run)).rejects.toMatchObject({ code: "corrupt_record", field: "error.kind" });
  });

  it("keeps every write of a busy store once its background checkpointer runs, and closes cleanly", async () => {
    const job = makeJob();
    const runs = Array.from({ length: 1500 }, (_, i) => makeRun(job, T0 + i * 60_000));
    for (let i = 0; i < runs.length; i += 500) {
      const results = await store.commitEach(runs.slice(i, i + 500).map((run) => ({ writes: [{ op: "insert_run" as const, run }] })));
      expect(results.every(Boolean)).toBe(true);
    }
    await store.close();
    store = openSqliteStore({ path });
    const newest = await store.listJobRuns(job.id, { limit: 1 });
    expect(newest.items).toEqual([runs[runs.length - 1]]);
    expect(await store.getRun(runs[0]!)).toEqual(runs[0]);
  });

  it("migrates a file of schema version 3: a run's executions start as its attempts, with no checkpoint", async () => {
    const run = makeRun(makeJob(), T0, { status: "retrying", attempt: 2, executions: 2 });
    await store.commit({ writes: [{ op: "insert_run", run }] });
    await store.close();
    rewindTo(3);
    store = openSqliteStore({ path });
    expect(await store.getRun(run)).toEqual(run);
  });

  it("still answers a listing when the unreadable record it met cannot be written to the quarantine, and says why", async () => {
    const lines: string[] = [];
    await store.close();
    store = openSqliteStore({ path, log: { log: (level, message) => lines.push(`${level} ${message}`) } });
    const [bad, good] = [1, 2].map((m) => makeRun(makeJobInShard(3), T0, { status: "queued", wake_at: T0 + m })) as [Run, Run];
    await store.commit({ writes: [bad, good].map((run) => ({ op: "insert_run" as const, run })) });
    tamper("UPDATE runs SET result = '{not json' WHERE job_id = ?", bad.job_id);
    tamper("DROP TABLE quarantine");
    expect(await store.listWaking({ shard: 3, before: T0 + 2, limit: 10 })).toEqual([good]);
    expect(lines).toContainEqual("warn cannot record an unreadable run in the quarantine");
  });

  it("rejects a cursor it did not issue", async () => {
    await expect(store.listJobs("owner-a", { limit: 10, cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "invalid_argument", field: "cursor" });
    const jobs = [makeJob(), makeJob()];
    await store.commit({ writes: jobs.map((job) => ({ op: "put_job", job, expectVersion: null })) });
    const { cursor } = await store.scanJobs({ limit: 1 });
    expect(cursor).not.toBeNull();
    await expect(store.listJobRuns("j", { limit: 1, cursor })).rejects.toMatchObject({ code: "invalid_argument", field: "cursor" });
  });
});

// A savepoint per transaction of a batch made SQLite copy every page the transaction touched into
// a statement journal: a third of a worker's finish (its run and its task completed). A batch of
// finishes to distinct records now runs none; the transactions are as all-or-nothing as before
// (the store contract's commitEach tests).
describe("SQLite batches without savepoints", () => {
  // Two writes to one record: the second's condition holds only after the first, so this
  // transaction keeps its savepoint (DynamoDB refuses two writes to one item in a transaction, so
  // the port promises nothing here).
  it("applies two writes to the same record in order within one transaction, all or nothing", async () => {
    const dir = tempDir();
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    try {
      const job = makeJob();
      const renamed = { ...job, title: "renamed", version: job.version + 1 };
      const results = await store.commitEach([
        {
          writes: [
            { op: "put_job", job, expectVersion: null },
            { op: "put_job", job: renamed, expectVersion: job.version },
          ],
        },
        {
          writes: [
            { op: "put_job", job: { ...renamed, title: "undone", version: renamed.version + 1 }, expectVersion: renamed.version },
            { op: "put_job", job: { ...job, title: "never", version: job.version + 1 }, expectVersion: job.version },
          ],
        },
      ]);
      expect(results).toEqual([true, false]);
      expect(await store.getJob(job.id)).toEqual(renamed);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("commits a batch of finishes (task completed and run written) without opening a savepoint", async () => {
    const dir = tempDir();
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as { run: (...args: unknown[]) => unknown };
    const run = statement.run;
    let savepoints = 0;
    statement.run = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.startsWith("SAVEPOINT")) savepoints++;
      return run.apply(this, args);
    };
    try {
      const jobs = [makeJob(), makeJob(), makeJob()];
      const runs = jobs.map((job) => makeRun(job, T0, { status: "running", attempt: 1, lease_owner: "w", lease_until: T0 + 30_000 }));
      await store.commit({
        writes: [...jobs.map((job) => ({ op: "put_job" as const, job, expectVersion: null })), ...runs.map((r) => ({ op: "insert_run" as const, run: r }))],
      });
      const finishes: Tx[] = jobs.map((job, i) => {
        const done: Run = { ...runs[i]!, status: "succeeded", lease_owner: null, lease_until: null, finished_at: T0 + 1 };
        return {
          writes: [
            { op: "put_job", job: { ...job, status: "completed", version: job.version + 1 }, expectVersion: i === 1 ? job.version + 5 : job.version },
            { op: "update_run", run: done, expect: { status: "running", attempt: 1 } },
          ],
          events: [makeEvent(done, "succeeded", { from: "running" })],
        };
      });
      savepoints = 0;
      expect(await store.commitEach(finishes)).toEqual([true, false, true]);
      expect(savepoints).toBe(0);
      expect((await store.getRun(runs[1]!))?.status).toBe("running");
      expect((await store.getJob(jobs[1]!.id))?.status).toBe("active");
      expect(await store.listEvents(runs[1]!)).toEqual([]);
    } finally {
      statement.run = run;
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Counting an owner's live tasks reads every one of them; a burst of creates in batches counted
// them afresh per batch, n²/batch index entries in all. The store keeps the count while no other
// connection commits (PRAGMA data_version), and counts again when one has.
describe("SQLite owner cap counts", () => {
  it("counts an owner's live tasks once across batches of creates, and afresh after another process wrote", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const store = openSqliteStore({ path });
    const other = openSqliteStore({ path });
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as { get: (...args: unknown[]) => unknown };
    const get = statement.get;
    let counts = 0;
    statement.get = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.startsWith("SELECT count(*)")) counts++;
      return get.apply(this, args);
    };
    const owner = "owner-a";
    const create = (s: Store = store): Promise<boolean[]> =>
      s.commitEach([{ writes: [{ op: "put_job", job: makeJob({ owner }), expectVersion: null }], cap: { owner, max: 5 } }]);
    try {
      expect(
        await store.commitEach([1, 2, 3].map(() => ({ writes: [{ op: "put_job", job: makeJob({ owner }), expectVersion: null }], cap: { owner, max: 5 } }))),
      ).toEqual([true, true, true]);
      counts = 0;
      expect(await create()).toEqual([true]);
      expect(await store.countJobs(owner, LIVE_JOB_STATUSES)).toBe(4);
      expect(counts).toBe(0);
      // Another process creates the fifth: this store must see it, so the sixth is refused.
      expect(await create(other)).toEqual([true]);
      counts = 0;
      expect(await create()).toEqual([false]);
      expect(await store.countJobs(owner, LIVE_JOB_STATUSES)).toBe(5);
      expect(counts).toBe(1);
      // Its own status change frees a slot at once.
      const [job] = (await store.listJobs(owner, { limit: 1 })).items;
      await store.commit({ writes: [{ op: "put_job", job: { ...job!, status: "cancelled", version: job!.version + 1 }, expectVersion: job!.version }] });
      expect(await create()).toEqual([true]);
      expect(await create()).toEqual([false]);
      expect(await store.countJobs(owner, LIVE_JOB_STATUSES)).toBe(5);
    } finally {
      statement.get = get;
      await other.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// SQLite maintains a partial index whenever an UPDATE sets a column of its WHERE, even to the
// value it had: three of the runs' indexes are partial on the status, so a start or a lease
// extension that set it deleted and re-inserted the run's runs_in_flight entry for nothing.
describe("SQLite run updates that keep the status", () => {
  it("leave the status unset, and the run as written (still found in flight, still fenced)", async () => {
    const dir = tempDir();
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as { run: (...args: unknown[]) => unknown };
    const run = statement.run;
    const updates: string[] = [];
    statement.run = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.startsWith("UPDATE runs")) updates.push(this.source);
      return run.apply(this, args);
    };
    try {
      const job = makeJob();
      const claimed = makeRun(job, T0, { status: "running", attempt: 1, lease_owner: "w", lease_until: T0 + 30_000, wake_at: T0 + 30_000 });
      await store.commit({
        writes: [
          { op: "put_job", job, expectVersion: null },
          { op: "insert_run", run: claimed },
        ],
      });
      const started: Run = { ...claimed, started_at: T0 + 1, executions: 1, lease_until: T0 + 31_000, wake_at: T0 + 31_000, updated_at: T0 + 1 };
      const stale: Run = { ...started, attempt: 2 };
      expect(await store.commitEach([{ writes: [{ op: "update_run", run: started, expect: { status: "running", attempt: 1 } }] }])).toEqual([true]);
      // Another attempt's write of the same status is still refused by its attempt.
      expect(await store.commitEach([{ writes: [{ op: "update_run", run: stale, expect: { status: "running", attempt: 2 } }] }])).toEqual([false]);
      expect(updates).toHaveLength(2);
      for (const sql of updates) expect(sql).not.toMatch(/SET[\s\S]*\bstatus = \?[\s\S]*WHERE/);
      expect(await store.getRun(claimed)).toEqual(started);
      expect((await store.listInFlightRuns([job.id])).get(job.id)).toEqual([started]);
      const done: Run = { ...started, status: "succeeded", lease_owner: null, lease_until: null, wake_at: null, finished_at: T0 + 2 };
      updates.length = 0;
      expect(await store.commitEach([{ writes: [{ op: "update_run", run: done, expect: { status: "running", attempt: 1 } }] }])).toEqual([true]);
      // A change of status sets it.
      expect(updates[0]).toMatch(/SET[\s\S]*\bstatus = \?[\s\S]*WHERE/);
      expect(await store.getRun(claimed)).toEqual(done);
      expect((await store.listInFlightRuns([job.id])).get(job.id)).toEqual([]);
    } finally {
      statement.run = run;
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A task's completion rewrote its whole row: the title and four JSON columns serialized and bound
// again, and the owner set to itself, which re-inserts the entries of both owner indexes. The
// store now writes the columns that change from the row it read or wrote at the expected version.
describe("SQLite task updates from a row the store knows", () => {
  it("set only the columns that change, and fall back to the whole row for a version the store has not read", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const store = openSqliteStore({ path });
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as { run: (...args: unknown[]) => unknown };
    const run = statement.run;
    const updates: string[] = [];
    statement.run = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.startsWith("UPDATE jobs")) updates.push(this.source);
      return run.apply(this, args);
    };
    const other = openSqliteStore({ path });
    try {
      const job = makeJob();
      await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
      const read = (await store.getJob(job.id))!;
      const completed = { ...read, status: "completed" as const, version: read.version + 1, updated_at: T0 + 5 };
      expect(await store.commit({ writes: [{ op: "put_job", job: completed, expectVersion: read.version }] })).toBe(true);
      expect(updates).toEqual(["UPDATE jobs SET status = ?, updated_at = ?, version = ? WHERE id = ? AND version = ?"]);
      expect(await store.getJob(job.id)).toEqual(completed);

      // Another process moves the task on: this store has not read that version, so it writes the whole row.
      const paused = { ...completed, status: "paused" as const, title: "elsewhere", version: completed.version + 1 };
      expect(await other.commit({ writes: [{ op: "put_job", job: paused, expectVersion: completed.version }] })).toBe(true);
      updates.length = 0;
      const stale = { ...completed, title: "stale", version: completed.version + 1 };
      expect(await store.commit({ writes: [{ op: "put_job", job: stale, expectVersion: completed.version }] })).toBe(false);
      const resumed = { ...paused, status: "active" as const, version: paused.version + 1 };
      expect(await store.commit({ writes: [{ op: "put_job", job: resumed, expectVersion: paused.version }] })).toBe(true);
      // The stale write was made from the version this store knew, and refused by its condition.
      expect(updates[0]).toBe("UPDATE jobs SET title = ?, version = ? WHERE id = ? AND version = ?");
      expect(updates[1]).toMatch(/^UPDATE jobs SET owner = \?, title = \?/);
      expect(await store.getJob(job.id)).toEqual(resumed);
      expect(await other.getJob(job.id)).toEqual(resumed);

      // From the row it knows now, a change of nested parts writes them: read back by a
      // connection that never saw the change (this store's own reads may answer from its cache).
      updates.length = 0;
      const edited = {
        ...resumed,
        action: { type: "notify" as const, message: "changed" },
        skips: [T0 + 1],
        retry: { ...resumed.retry, max_attempts: 4 },
        version: resumed.version + 1,
      };
      expect(await store.commit({ writes: [{ op: "put_job", job: edited, expectVersion: resumed.version }] })).toBe(true);
      expect(updates).toEqual(["UPDATE jobs SET action = ?, retry = ?, version = ?, skips = ? WHERE id = ? AND version = ?"]);
      expect(await other.getJob(job.id)).toEqual(edited);

      // A write rolled back (its transaction's second write refused) leaves no row to build on:
      // another process then stores that version differently, and a write from the rolled-back
      // copy is made whole, so it reads back as written.
      const mine = { ...edited, title: "mine", version: edited.version + 1 };
      expect(
        await store.commitEach([
          {
            writes: [
              { op: "put_job", job: mine, expectVersion: edited.version },
              { op: "put_job", job: { ...mine, version: mine.version + 1 }, expectVersion: mine.version + 5 },
            ],
          },
        ]),
      ).toEqual([false]);
      const theirs = { ...edited, title: "theirs", version: edited.version + 1 };
      expect(await other.commit({ writes: [{ op: "put_job", job: theirs, expectVersion: edited.version }] })).toBe(true);
      const fromMine = { ...mine, status: "paused" as const, version: mine.version + 1 };
      expect(await store.commit({ writes: [{ op: "put_job", job: fromMine, expectVersion: mine.version }] })).toBe(true);
      expect(await other.getJob(job.id)).toEqual(fromMine);
    } finally {
      statement.run = run;
      await other.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SQLite store queries and their indexes", () => {
  // Each statement the store prepares that reads or writes by a condition, and the index its plan
  // must use: a later schema or statement change that loses one (a partial index whose WHERE the
  // query no longer repeats, an index dropped) turns a seek into a scan of the table, which no
  // other test would see on a handful of rows. A new statement must be listed here.
  const PLANS: [RegExp, string[]][] = [
    [/^SELECT \S+(, \S+)* FROM jobs WHERE id = \?$/, ["SEARCH jobs USING INDEX sqlite_autoindex_jobs_1 (id=?)"]],
    [/FROM json_each\(\?\) k JOIN jobs j ON j\.id = k\.value$/, ["SEARCH j USING INDEX sqlite_autoindex_jobs_1 (id=?)"]],
    [/^UPDATE jobs SET .* WHERE id = \? AND version = \?$/, ["SEARCH jobs USING INDEX sqlite_autoindex_jobs_1 (id=?)"]],
    [/FROM jobs WHERE owner = @owner AND .*\)\) ORDER BY id DESC LIMIT @n$/, ["SEARCH jobs USING INDEX jobs_by_owner (owner=?)"]],
    [/FROM jobs WHERE owner = @owner AND .* AND id < @before ORDER BY id DESC LIMIT @n$/, ["SEARCH jobs USING INDEX jobs_by_owner (owner=? AND id<?)"]],
    [/FROM jobs WHERE id > @after ORDER BY id LIMIT @n$/, ["SEARCH jobs USING INDEX sqlite_autoindex_jobs_1 (id>?)"]],
    [/^SELECT count\(\*\) AS n FROM jobs WHERE owner = @owner/, ["SEARCH jobs USING COVERING INDEX jobs_by_owner_status (owner=? AND status=?)"]],
    [/^SELECT 1 AS one FROM jobs WHERE id = \?/, ["jobs USING", "INDEX sqlite_autoindex_jobs_1 (id=?)"]],
    [
      /^(SELECT 1 AS one FROM|UPDATE) runs .*WHERE job_id = \? AND scheduled_at = \? AND status = \?/s,
      ["SEARCH runs USING INDEX sqlite_autoindex_runs_1 (job_id=? AND scheduled_at=?)"],
    ],
    [/FROM runs WHERE job_id = \? AND scheduled_at = \?$/, ["SEARCH runs USING INDEX sqlite_autoindex_runs_1 (job_id=? AND scheduled_at=?)"]],
    [
      /JOIN runs r ON r\.job_id = k\.value ->> 0 AND r\.scheduled_at = k\.value ->> 1$/,
      ["SEARCH r USING INDEX sqlite_autoindex_runs_1 (job_id=? AND scheduled_at=?)"],
    ],
    [
      /LEFT JOIN jobs j ON j\.id = r\.job_id$/,
      ["SEARCH r USING INDEX sqlite_autoindex_runs_1 (job_id=? AND scheduled_at=?)", "SEARCH j USING INDEX sqlite_autoindex_jobs_1 (id=?) LEFT-JOIN"],
    ],
    [/WHERE bucket = @bucket AND status = @status .* LIMIT @n$/s, ["SEARCH runs USING INDEX runs_by_bucket (bucket=? AND scheduled_at>? AND scheduled_at<?)"]],
    [/WHERE bucket = @bucket AND status = 'pending' .* LIMIT @n$/s, ["SEARCH runs USING INDEX runs_pending (bucket=? AND scheduled_at>? AND scheduled_at<?)"]],
    [/WHERE shard = @shard AND wake_at IS NOT NULL/, ["SEARCH runs USING INDEX runs_waking (shard=? AND wake_at>? AND wake_at<?)"]],
    [/^SELECT MIN\(scheduled_at\) AS at FROM runs WHERE status = 'pending'/, ["SEARCH runs USING COVERING INDEX runs_pending_by_time (scheduled_at>?)"]],
    [/^SELECT MIN\(wake_at\) AS at FROM runs/, ["SEARCH runs USING COVERING INDEX runs_waking"]],
    [/FROM runs WHERE job_id = @job_id ORDER BY scheduled_at DESC/, ["SEARCH runs USING INDEX sqlite_autoindex_runs_1 (job_id=?)"]],
    [/FROM runs WHERE job_id = @job_id AND scheduled_at < @before/, ["SEARCH runs USING INDEX sqlite_autoindex_runs_1 (job_id=? AND scheduled_at<?)"]],
    [/FROM runs WHERE job_id IN \(SELECT value FROM json_each\(\?\)\) AND status IN/, ["SEARCH runs USING INDEX runs_in_flight (job_id=?)"]],
    [/FROM run_events WHERE job_id = \? AND scheduled_at = \?/, ["SEARCH run_events USING INDEX run_events_by_run (scheduled_at=? AND job_id=?)"]],
    [/FROM job_events WHERE job_id = \?/, ["SEARCH job_events USING INDEX job_events_by_job (job_id=?)"]],
    [/^DELETE FROM quarantine WHERE kind = \? AND key = \?$/, ["SEARCH quarantine USING INDEX sqlite_autoindex_quarantine_1 (kind=? AND key=?)"]],
    // The quarantine is listed whole, in its order: it holds what a read found unreadable, a few rows.
    [/FROM quarantine ORDER BY since/, ["SCAN quarantine"]],
  ];

  it("each statement with a condition searches the index it was written for", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const proto = Database.prototype as unknown as { prepare: (sql: string) => unknown };
    const prepare = proto.prepare;
    const prepared: string[] = [];
    proto.prepare = function (this: unknown, sql: string) {
      prepared.push(sql.replace(/\s+/g, " ").trim());
      return prepare.call(this, sql);
    };
    let store: Store;
    try {
      store = openSqliteStore({ path });
    } finally {
      proto.prepare = prepare;
    }
    const db = new Database(path, { readonly: true });
    try {
      const conditioned = prepared.filter(
        (sql) => /^(SELECT|UPDATE|DELETE)\b/.test(sql) && /\bFROM (jobs|runs|run_events|job_events|quarantine)\b|^UPDATE (jobs|runs)\b|\bJOIN\b/.test(sql),
      );
      expect(conditioned.length).toBeGreaterThan(20);
      for (const sql of conditioned) {
        const matching = PLANS.filter(([pattern]) => pattern.test(sql));
        expect(matching, sql).toHaveLength(1);
        // Named parameters bound by name, positional ones in order; a plan does not depend on the values.
        const names = [...new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1]!))];
        const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
        const rows = (
          names.length > 0
            ? statement.all(Object.fromEntries(names.map((n) => [n, null])))
            : statement.all(...Array((sql.match(/\?/g) ?? []).length).fill(null))
        ) as {
          detail: string;
        }[];
        const plan = rows.map((r) => r.detail).join(" | ");
        for (const step of matching[0]![1]) expect(plan, sql).toContain(step);
      }
    } finally {
      db.close();
      await store!.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
