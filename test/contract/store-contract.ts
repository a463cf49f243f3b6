import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Job, JobEvent, Run } from "../../src/core/model.js";
import type { Page, Store, Tx } from "../../src/ports/store.js";
import { HOUR_MS, MINUTE_MS, makeEvent, makeJob, makeJobInShard, makeRun, T0 } from "../support/builders.js";

export interface OpenedStore {
  store: Store;
  /** Closes the store and removes whatever `open` created. */
  cleanup(): Promise<void>;
}

/**
 * The whole Store port contract, written once; every adapter's test file calls this.
 * `open` MUST return a new, empty store each time (scanJobs reads everything).
 * Only behaviour the port promises is tested: pages may come back shorter than `limit`
 * and a last page may be empty (DynamoDB filters after limiting), so listings are read to the end.
 */
export function describeStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      await cleanup();
    });

    const create = async (...jobs: Job[]) => {
      expect(await store.commit({ writes: jobs.map((job) => ({ op: "put_job", job, expectVersion: null })) })).toBe(true);
    };
    const insert = async (...runs: Run[]) => {
      expect(await store.commit({ writes: runs.map((run) => ({ op: "insert_run", run })) })).toBe(true);
    };
    /** A worker's claim: queued → running, attempt + 1, leased. */
    const claimed = (run: Run, worker = "worker-1"): Run => ({
      ...run,
      status: "running",
      attempt: run.attempt + 1,
      lease_owner: worker,
      lease_until: T0 + 30_000,
      wake_at: T0 + 30_000,
      started_at: T0,
      updated_at: T0,
    });
    const claimTx = (run: Run, worker = "worker-1"): Tx => ({
      writes: [{ op: "update_run", run: claimed(run, worker), expect: { status: run.status, attempt: run.attempt } }],
      events: [makeEvent(run, "running", { attempt: run.attempt + 1, detail: worker })],
    });

    describe("jobs", () => {
      it("returns null for a job that does not exist", async () => {
        expect(await store.getJob("01JZZZZZZZZZZZZZZZZZZZZZZZ")).toBeNull();
      });

      it("creates a job when no version is expected and reads it back unchanged", async () => {
        const job = makeJob({
          action: { type: "summarize", topic: "AI news", feeds: ["https://example.com/feed.xml"], max_items: 5, length: "short" },
          schedule: { kind: "every", every: 2, unit: "week", anchor: T0, timezone: "America/New_York", dst: { gap: "skip" } },
          end_at: T0 + 30 * 24 * HOUR_MS,
          max_runs: 10,
          next_run_at: T0 + HOUR_MS,
          fingerprint: "sha256:abc",
        });
        await create(job);
        expect(await store.getJob(job.id)).toEqual(job);
      });

      it("rejects creating a job whose id already exists and keeps the stored one", async () => {
        const job = makeJob();
        await create(job);
        const again = { ...job, title: "Impostor" };
        expect(await store.commit({ writes: [{ op: "put_job", job: again, expectVersion: null }] })).toBe(false);
        expect(await store.getJob(job.id)).toEqual(job);
      });

      it("replaces a job when the stored version matches the expected one", async () => {
        const job = makeJob();
        await create(job);
        const paused = { ...job, status: "paused" as const, version: 2, updated_at: T0 + 1 };
        expect(await store.commit({ writes: [{ op: "put_job", job: paused, expectVersion: 1 }] })).toBe(true);
        expect(await store.getJob(job.id)).toEqual(paused);
      });

      it("rejects a job write whose expected version is stale", async () => {
        const job = makeJob();
        await create(job);
        const v2 = { ...job, title: "Second", version: 2 };
        const lateV2 = { ...job, title: "Lost update", version: 2 };
        expect(await store.commit({ writes: [{ op: "put_job", job: v2, expectVersion: 1 }] })).toBe(true);
        expect(await store.commit({ writes: [{ op: "put_job", job: lateV2, expectVersion: 1 }] })).toBe(false);
        expect(await store.getJob(job.id)).toEqual(v2);
      });

      it("rejects a versioned write to a job that does not exist, creating nothing", async () => {
        const job = makeJob({ version: 2 });
        expect(await store.commit({ writes: [{ op: "put_job", job, expectVersion: 1 }] })).toBe(false);
        expect(await store.getJob(job.id)).toBeNull();
      });
    });

    describe("runs", () => {
      it("returns null for a run that does not exist", async () => {
        expect(await store.getRun({ job_id: makeJob().id, scheduled_at: T0 })).toBeNull();
      });

      it("inserts a run and reads it back unchanged, nested parts included", async () => {
        const job = makeJob();
        const run = makeRun(job, T0, {
          status: "succeeded",
          attempt: 2,
          started_at: T0 + 5,
          finished_at: T0 + 900,
          result: { text: "3 new items", data: { items: [{ title: "a", url: "https://example.com/a" }] } },
          error: { message: "socket hang up", kind: "retryable" },
        });
        const skipped = makeRun(job, T0 + HOUR_MS, { status: "skipped", skip_reason: "paused" });
        await insert(run, skipped);
        expect(await store.getRun(run)).toEqual(run);
        expect(await store.getRun(skipped)).toEqual(skipped);
      });

      it("skips inserting a run whose key exists: the stored run is unchanged and the commit still succeeds", async () => {
        const job = makeJob();
        const run = makeRun(job, T0);
        await insert(run);
        const duplicate = makeRun(job, T0, { status: "queued", due_at: T0 + 1 });
        const event = makeEvent(run, "queued");
        expect(await store.commit({ writes: [{ op: "insert_run", run: duplicate }], events: [event] })).toBe(true);
        expect(await store.getRun(run)).toEqual(run);
        expect(await store.listEvents(run)).toEqual([event]);
      });

      it("applies the other writes of a transaction whose insert was skipped", async () => {
        const job = makeJob();
        const run = makeRun(job, T0);
        await insert(run);
        const next = makeRun(job, T0 + HOUR_MS);
        const queued = { ...run, status: "queued" as const };
        const tx: Tx = {
          writes: [
            { op: "insert_run", run: makeRun(job, T0, { status: "queued" }) },
            { op: "update_run", run: queued, expect: { status: "pending", attempt: 0 } },
            { op: "insert_run", run: next },
          ],
        };
        expect(await store.commit(tx)).toBe(true);
        expect(await store.getRun(run)).toEqual(queued);
        expect(await store.getRun(next)).toEqual(next);
      });

      it("updates a run when the stored status and attempt match", async () => {
        const run = makeRun(makeJob(), T0, { status: "queued" });
        await insert(run);
        expect(await store.commit(claimTx(run))).toBe(true);
        expect(await store.getRun(run)).toEqual(claimed(run));
      });

      it("rejects an update whose expected status no longer matches", async () => {
        const run = makeRun(makeJob(), T0, { status: "queued" });
        await insert(run);
        expect(await store.commit(claimTx(run, "worker-1"))).toBe(true);
        expect(await store.commit(claimTx(run, "worker-2"))).toBe(false);
        expect(await store.getRun(run)).toEqual(claimed(run, "worker-1"));
      });

      it("rejects a claim whose attempt no longer matches", async () => {
        const job = makeJob();
        const requeued = makeRun(job, T0, { status: "queued", attempt: 1, due_at: T0 + 5_000 });
        await insert(requeued);
        const staleMessage = makeRun(job, T0, { status: "queued", attempt: 0 });
        expect(await store.commit(claimTx(staleMessage))).toBe(false);
        expect(await store.getRun(requeued)).toEqual(requeued);
        expect(await store.listEvents(requeued)).toEqual([]);
      });

      it("rejects a zombie's completion after its lease was taken over by a newer attempt", async () => {
        const run = makeRun(makeJob(), T0, { status: "queued" });
        await insert(run);
        const first = claimed(run, "zombie");
        expect(await store.commit(claimTx(run, "zombie"))).toBe(true);
        const reclaimed = { ...first, attempt: 2, lease_owner: "worker-2" };
        expect(await store.commit({ writes: [{ op: "update_run", run: reclaimed, expect: { status: "running", attempt: 1 } }] })).toBe(true);

        const zombieDone = { ...first, status: "succeeded" as const, wake_at: null, finished_at: T0 + 60_000, result: { text: "late" } };
        expect(await store.commit({ writes: [{ op: "update_run", run: zombieDone, expect: { status: "running", attempt: 1 } }] })).toBe(false);
        expect(await store.getRun(run)).toEqual(reclaimed);
      });

      it("rejects an update to a run that does not exist, creating nothing", async () => {
        const run = makeRun(makeJob(), T0, { status: "queued" });
        expect(await store.commit(claimTx(run))).toBe(false);
        expect(await store.getRun(run)).toBeNull();
      });
    });

    describe("commit", () => {
      it("writes nothing and appends no events when one write of the transaction fails", async () => {
        const existing = makeRun(makeJob(), T0, { status: "queued" });
        await insert(existing);
        const job = makeJob();
        const run = makeRun(job, T0);
        const tx: Tx = {
          writes: [
            { op: "put_job", job, expectVersion: null },
            { op: "insert_run", run },
            { op: "update_run", run: claimed(existing), expect: { status: "pending", attempt: 0 } },
            { op: "insert_run", run: makeRun(job, T0 + HOUR_MS) },
          ],
          events: [makeEvent(run, "pending", { from: null }), makeEvent(existing, "running")],
        };
        expect(await store.commit(tx)).toBe(false);
        expect(await store.getJob(job.id)).toBeNull();
        expect(await store.getRun(run)).toBeNull();
        expect(await store.getRun({ job_id: job.id, scheduled_at: T0 + HOUR_MS })).toBeNull();
        expect(await store.getRun(existing)).toEqual(existing);
        expect(await store.listEvents(run)).toEqual([]);
        expect(await store.listEvents(existing)).toEqual([]);
      });

      it("appends a transaction's events when it commits, in order, after earlier ones", async () => {
        const run = makeRun(makeJob(), T0);
        const created = makeEvent(run, "pending", { from: null });
        await store.commit({ writes: [{ op: "insert_run", run }], events: [created] });
        const queued = makeEvent(run, "queued", { at: T0 + 1 });
        const note = makeEvent(run, "queued", { from: "queued", at: T0 + 1, detail: "sent to the delay queue" });
        expect(
          await store.commit({
            writes: [{ op: "update_run", run: { ...run, status: "queued" }, expect: { status: "pending", attempt: 0 } }],
            events: [queued, note],
          }),
        ).toBe(true);
        expect(await store.listEvents(run)).toEqual([created, queued, note]);
      });

      it("keeps each run's events apart", async () => {
        const job = makeJob();
        const a = makeRun(job, T0);
        const b = makeRun(job, T0 + HOUR_MS);
        const eventA = makeEvent(a, "pending", { from: null });
        const eventB = makeEvent(b, "pending", { from: null });
        await store.commit({
          writes: [
            { op: "insert_run", run: a },
            { op: "insert_run", run: b },
          ],
          events: [eventA, eventB],
        });
        expect(await store.listEvents(a)).toEqual([eventA]);
        expect(await store.listEvents(b)).toEqual([eventB]);
        expect(await store.listEvents({ job_id: job.id, scheduled_at: T0 + 1 })).toEqual([]);
      });
    });

    describe("job history", () => {
      const entry = (job: Job, over: Partial<JobEvent> = {}): JobEvent => ({
        job_id: job.id,
        at: T0,
        change: "updated",
        version: job.version + 1,
        before: { title: job.title, schedule: job.schedule },
        after: { title: "Renamed", schedule: { kind: "cron", expr: "0 9 * * *", timezone: "Asia/Taipei" } },
        detail: null,
        ...over,
      });

      it("appends a job's history with the writes that changed it, and lists it newest first", async () => {
        const job = makeJob();
        const first = entry(job);
        await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }], jobEvents: [first] });
        const renamed = { ...job, title: "Renamed", version: 2 };
        const second = entry(renamed, { at: T0 + 1, change: "paused", before: { status: "active" }, after: { status: "paused" }, detail: "on leave" });
        const run = makeRun(job, T0);
        expect(
          await store.commit({
            writes: [
              { op: "put_job", job: renamed, expectVersion: 1 },
              { op: "insert_run", run },
            ],
            events: [makeEvent(run, "pending", { from: null })],
            jobEvents: [second],
          }),
        ).toBe(true);
        expect(await store.listJobEvents(job.id, { limit: 10 })).toEqual([second, first]);
        expect(await store.listJobEvents(job.id, { limit: 1 })).toEqual([second]);
        expect(await store.listJobEvents(makeJob().id, { limit: 10 })).toEqual([]);
        expect(await store.listEvents(run)).toHaveLength(1);
      });

      it("appends no history when the transaction fails", async () => {
        const job = makeJob();
        await create(job);
        const stale = { ...job, title: "Renamed", version: 3 };
        expect(await store.commit({ writes: [{ op: "put_job", job: stale, expectVersion: 2 }], jobEvents: [entry(job)] })).toBe(false);
        expect(await store.listJobEvents(job.id, { limit: 10 })).toEqual([]);
      });

      it("keeps a job's pause note, its pending skips and a manual run's origin", async () => {
        const job = makeJob({ status: "paused", pause_note: "on holiday until the 20th", skips: [T0 + HOUR_MS, T0 + 2 * HOUR_MS] });
        const manual = makeRun(job, T0 + 1, { origin: "manual", status: "queued", wake_at: T0 + 30_000 });
        await store.commit({
          writes: [
            { op: "put_job", job, expectVersion: null },
            { op: "insert_run", run: manual },
          ],
        });
        expect(await store.getJob(job.id)).toEqual(job);
        expect(await store.getRun(manual)).toEqual(manual);
        const running = claimed(manual);
        expect(await store.commit({ writes: [{ op: "update_run", run: running, expect: { status: "queued", attempt: 0 } }] })).toBe(true);
        expect((await store.getRun(manual))?.origin).toBe("manual");
        expect((await store.listJobRuns(job.id, { limit: 5 })).items).toEqual([running]);
      });
    });

    describe("commitEach", () => {
      it("commits each transaction on its own: a failing one in the middle leaves the others landed", async () => {
        const [r1, r2, r3] = [T0, T0 + MINUTE_MS, T0 + 2 * MINUTE_MS].map((t) => makeRun(makeJob(), t, { status: "queued" })) as [Run, Run, Run];
        await insert(r1, r2, r3);
        const stale = claimTx({ ...r2, attempt: 7 });
        expect(await store.commitEach([claimTx(r1), stale, claimTx(r3)])).toEqual([true, false, true]);
        expect(await store.getRun(r1)).toEqual(claimed(r1));
        expect(await store.getRun(r2)).toEqual(r2);
        expect(await store.getRun(r3)).toEqual(claimed(r3));
        expect(await store.listEvents(r1)).toHaveLength(1);
        expect(await store.listEvents(r2)).toEqual([]);
        expect(await store.listEvents(r3)).toHaveLength(1);
      });

      it("undoes the earlier writes of a failing transaction without touching its neighbours", async () => {
        const job = makeJob();
        const existing = makeRun(job, T0, { status: "queued" });
        await insert(existing);
        const before = makeJob();
        const doomed = makeRun(job, T0 + HOUR_MS);
        const after = makeJob();
        const results = await store.commitEach([
          { writes: [{ op: "put_job", job: before, expectVersion: null }] },
          {
            writes: [
              { op: "insert_run", run: doomed },
              { op: "put_job", job: makeJob(), expectVersion: null },
              { op: "update_run", run: claimed(existing), expect: { status: "running", attempt: 0 } },
            ],
            events: [makeEvent(doomed, "pending", { from: null })],
          },
          { writes: [{ op: "put_job", job: after, expectVersion: null }] },
        ]);
        expect(results).toEqual([true, false, true]);
        expect(await store.getRun(doomed)).toBeNull();
        expect(await store.listEvents(doomed)).toEqual([]);
        expect(await store.getJob(before.id)).toEqual(before);
        expect(await store.getJob(after.id)).toEqual(after);
        expect(await store.countJobs("owner-a", ["active"])).toBe(2);
      });

      it("returns no results for no transactions", async () => {
        expect(await store.commitEach([])).toEqual([]);
      });
    });

    describe("queryBucket", () => {
      const SHARD = 3;
      const bucket = makeRun(makeJobInShard(SHARD), T0).bucket;

      it("lists a bucket's runs of one status by scheduled time, then job id", async () => {
        const [a, b] = [makeJobInShard(SHARD), makeJobInShard(SHARD)].sort((x, y) => (x.id < y.id ? -1 : 1)) as [Job, Job];
        const runs = [makeRun(b, T0 + 20 * MINUTE_MS), makeRun(a, T0 + 20 * MINUTE_MS), makeRun(b, T0 + 5 * MINUTE_MS), makeRun(a, T0 + 40 * MINUTE_MS)];
        await insert(...runs);
        const found = await store.queryBucket({ bucket, status: "pending", from: T0, to: T0 + HOUR_MS - 1, limit: 10 });
        expect(found).toEqual([runs[2], runs[1], runs[0], runs[3]]);
      });

      it("includes both ends of the scheduled range and nothing outside it", async () => {
        const job = makeJobInShard(SHARD);
        const [outLow, atFrom, atTo, outHigh] = [10, 11, 30, 31].map((m) => makeRun(job, T0 + m * MINUTE_MS)) as [Run, Run, Run, Run];
        await insert(outLow, atFrom, atTo, outHigh);
        const found = await store.queryBucket({ bucket, status: "pending", from: atFrom.scheduled_at, to: atTo.scheduled_at, limit: 10 });
        expect(found).toEqual([atFrom, atTo]);
      });

      it("leaves out runs of other statuses", async () => {
        const job = makeJobInShard(SHARD);
        const pending = makeRun(job, T0 + MINUTE_MS);
        const queued = makeRun(job, T0 + 2 * MINUTE_MS, { status: "queued" });
        await insert(pending, queued);
        expect(await store.queryBucket({ bucket, status: "pending", from: T0, to: T0 + HOUR_MS, limit: 10 })).toEqual([pending]);
        expect(await store.queryBucket({ bucket, status: "queued", from: T0, to: T0 + HOUR_MS, limit: 10 })).toEqual([queued]);
      });

      it("never returns runs of another shard or another hour", async () => {
        const mine = makeRun(makeJobInShard(SHARD), T0 + MINUTE_MS);
        const otherShard = makeRun(makeJobInShard(SHARD + 1), T0 + MINUTE_MS);
        const nextHour = makeRun(makeJobInShard(SHARD), T0 + HOUR_MS + MINUTE_MS);
        await insert(mine, otherShard, nextHour);
        expect(await store.queryBucket({ bucket, status: "pending", from: T0 - HOUR_MS, to: T0 + 2 * HOUR_MS, limit: 10 })).toEqual([mine]);
      });

      it("returns at most limit runs and pages strictly after the given key, ties broken by job id", async () => {
        const jobs = [makeJobInShard(SHARD), makeJobInShard(SHARD), makeJobInShard(SHARD)].sort((x, y) => (x.id < y.id ? -1 : 1));
        const runs = [...jobs.map((j) => makeRun(j, T0 + MINUTE_MS)), ...jobs.slice(0, 2).map((j) => makeRun(j, T0 + 2 * MINUTE_MS))];
        await insert(...runs.slice().reverse());
        const q = { bucket, status: "pending" as const, from: T0, to: T0 + HOUR_MS, limit: 2 };
        const pages: Run[][] = [];
        let after: Run | undefined;
        for (let i = 0; i < 10; i++) {
          const found = await store.queryBucket(after ? { ...q, after } : q);
          expect(found.length).toBeLessThanOrEqual(2);
          if (found.length === 0) break;
          pages.push(found);
          after = found[found.length - 1];
        }
        expect(pages).toEqual([runs.slice(0, 2), runs.slice(2, 4), runs.slice(4)]);
      });
    });

    describe("listWaking", () => {
      const SHARD = 5;

      it("lists a shard's runs whose wake_at is at or before the bound, earliest first", async () => {
        const [a, b] = [makeJobInShard(SHARD), makeJobInShard(SHARD)];
        const at10 = makeRun(a, T0, { status: "queued", wake_at: T0 + 10 });
        const at5 = makeRun(b, T0, { status: "running", attempt: 1, wake_at: T0 + 5 });
        const at7 = makeRun(a, T0 + HOUR_MS, { status: "retrying", attempt: 1, wake_at: T0 + 7 });
        const later = makeRun(b, T0 + HOUR_MS, { status: "queued", wake_at: T0 + 11 });
        await insert(at10, at5, later, at7);
        expect(await store.listWaking({ shard: SHARD, before: T0 + 10, limit: 10 })).toEqual([at5, at7, at10]);
      });

      it("never returns runs without a wake_at", async () => {
        const job = makeJobInShard(SHARD);
        const pending = makeRun(job, T0);
        const done = makeRun(job, T0 + MINUTE_MS, { status: "succeeded", attempt: 1 });
        await insert(pending, done);
        expect(await store.listWaking({ shard: SHARD, before: Number.MAX_SAFE_INTEGER, limit: 10 })).toEqual([]);
      });

      it("leaves out runs of other shards", async () => {
        const mine = makeRun(makeJobInShard(SHARD), T0, { status: "queued", wake_at: T0 });
        const other = makeRun(makeJobInShard(SHARD + 1), T0, { status: "queued", wake_at: T0 });
        await insert(mine, other);
        expect(await store.listWaking({ shard: SHARD, before: T0, limit: 10 })).toEqual([mine]);
      });

      it("returns at most limit runs, the earliest ones", async () => {
        const job = makeJobInShard(SHARD);
        const runs = [3, 1, 2].map((m) => makeRun(job, T0 + m * MINUTE_MS, { status: "queued", wake_at: T0 + m }));
        await insert(...runs);
        expect(await store.listWaking({ shard: SHARD, before: T0 + 10, limit: 2 })).toEqual([runs[1], runs[2]]);
      });

      it("follows wake_at through updates, dropping a run whose wake_at is cleared", async () => {
        const run = makeRun(makeJobInShard(SHARD), T0, { status: "queued", wake_at: T0 });
        await insert(run);
        const done = { ...run, status: "succeeded" as const, attempt: 1, wake_at: null, finished_at: T0 };
        expect(await store.commit({ writes: [{ op: "update_run", run: done, expect: { status: "queued", attempt: 0 } }] })).toBe(true);
        expect(await store.listWaking({ shard: SHARD, before: T0 + HOUR_MS, limit: 10 })).toEqual([]);
      });
    });

    describe("listJobRuns", () => {
      it("lists a job's runs newest first, each exactly once across pages", async () => {
        const job = makeJob();
        const runs = [0, 1, 2, 3, 4].map((h) => makeRun(job, T0 + h * HOUR_MS));
        await insert(...runs, makeRun(makeJob(), T0 + 2 * HOUR_MS));
        const all = await readAll((cursor) => store.listJobRuns(job.id, { limit: 2, cursor }), 2);
        expect(all).toEqual(runs.slice().reverse());
      });

      it("returns an empty last page for a job without runs", async () => {
        expect(await store.listJobRuns(makeJob().id, { limit: 5 })).toEqual({ items: [], cursor: null });
      });
    });

    describe("listJobs, countJobs and scanJobs", () => {
      it("lists an owner's jobs newest first, each exactly once across pages, and no one else's", async () => {
        const mine = [1, 2, 3, 4, 5].map(() => makeJob({ owner: "owner-a" }));
        const theirs = [1, 2].map(() => makeJob({ owner: "owner-b" }));
        await create(...mine, ...theirs);
        expect(await readAll((cursor) => store.listJobs("owner-a", { limit: 2, cursor }), 2)).toEqual(mine.slice().reverse());
        expect(await readAll((cursor) => store.listJobs("owner-b", { limit: 10, cursor }), 10)).toEqual(theirs.slice().reverse());
        expect(await readAll((cursor) => store.listJobs("owner-c", { limit: 10, cursor }), 10)).toEqual([]);
      });

      it("filters an owner's jobs by status, newest first", async () => {
        const [active, paused1, cancelled, paused2] = (["active", "paused", "cancelled", "paused"] as const).map((status) => makeJob({ status }));
        await create(active!, paused1!, cancelled!, paused2!, makeJob({ owner: "owner-b", status: "paused" }));
        const list = (statuses: Job["status"][]) => readAll((cursor) => store.listJobs("owner-a", { statuses, limit: 1, cursor }), 1);
        expect(await list(["paused"])).toEqual([paused2, paused1]);
        expect(await list(["paused", "cancelled"])).toEqual([paused2, cancelled, paused1]);
        expect(await list(["completed"])).toEqual([]);
      });

      it("sees a status change made by put_job", async () => {
        const job = makeJob();
        await create(job);
        const cancelled = { ...job, status: "cancelled" as const, version: 2 };
        await store.commit({ writes: [{ op: "put_job", job: cancelled, expectVersion: 1 }] });
        expect((await store.listJobs("owner-a", { statuses: ["active"], limit: 10 })).items).toEqual([]);
        expect(await store.countJobs("owner-a", ["cancelled"])).toBe(1);
      });

      it("counts an owner's jobs of the given statuses", async () => {
        await create(
          ...(["active", "active", "paused", "completed"] as const).map((status) => makeJob({ status })),
          makeJob({ owner: "owner-b", status: "active" }),
        );
        expect(await store.countJobs("owner-a", ["active"])).toBe(2);
        expect(await store.countJobs("owner-a", ["active", "paused"])).toBe(3);
        expect(await store.countJobs("owner-a", ["cancelled"])).toBe(0);
        expect(await store.countJobs("owner-c", ["active"])).toBe(0);
      });

      it("scans every job of every owner exactly once across pages", async () => {
        const jobs = ["owner-a", "owner-b", "owner-c", "owner-a", "owner-b", "owner-a", "owner-d"].map((owner) => makeJob({ owner }));
        await create(...jobs);
        const seen = await readAll((cursor) => store.scanJobs({ limit: 3, cursor }), 3);
        expect(seen.map((j) => j.id).sort()).toEqual(jobs.map((j) => j.id).sort());
        expect(seen).toEqual(expect.arrayContaining(jobs));
      });
    });
  });
}

/** Follows cursors to the end; every page holds at most `limit` items. */
async function readAll<T>(fetch: (cursor: string | null) => Promise<Page<T>>, limit: number): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page: Page<T> = await fetch(cursor);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    if (page.cursor === null) return items;
    cursor = page.cursor;
  }
  throw new Error("the listing never ended: a cursor kept coming back");
}
