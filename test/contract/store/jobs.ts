import { describe, expect, it } from "vitest";
import { type Job, LIVE_JOB_STATUSES, type Run } from "../../../src/core/model.js";
import type { Store, Tx } from "../../../src/ports/store.js";
import { HOUR_MS, makeEvent, makeJob, makeRun, T0 } from "../../support/builders.js";
import { eachFreshStore, type OpenStore, readAll, writers } from "./fixture.js";

/** Jobs: versioned writes, and listing, counting and scanning them. */
export function describeJobContract(open: OpenStore): void {
  let store: Store;
  const { create } = writers(() => store);

  describe("jobs", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

    it("returns null for a job that does not exist", async () => {
      expect(await store.getJob("01JZZZZZZZZZZZZZZZZZZZZZZZ")).toBeNull();
    });

    it("reads many jobs in one call, in the order asked, null for the missing, repeated ids repeated", async () => {
      const [a, b] = [makeJob(), makeJob()];
      await create(a, b);
      const missing = "01JZZZZZZZZZZZZZZZZZZZZZZZ";
      expect(await store.getJobs([b.id, missing, a.id, b.id])).toEqual([b, null, a, b]);
      expect(await store.getJobs([])).toEqual([]);
    });

    it("reads many jobs' versions in one call, in the order asked, null for the missing, the version a write stored", async () => {
      const [a, b] = [makeJob(), makeJob()];
      await create(a, b);
      const paused = { ...b, status: "paused" as const, version: 2, updated_at: T0 + 1 };
      expect(await store.commit({ writes: [{ op: "put_job", job: paused, expectVersion: 1 }] })).toBe(true);
      const missing = "01JZZZZZZZZZZZZZZZZZZZZZZZ";
      expect(await store.getJobVersions([b.id, missing, a.id, b.id])).toEqual([2, null, 1, 2]);
      expect(await store.getJobVersions([])).toEqual([]);
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

    // A worker completes a one-shot from the copy its claim read, in the transaction of the run's
    // outcome: a store may write only what changed (SQLite does), and the task must read back as
    // written however it is read.
    // Many reads: DynamoDB Local takes seconds for them on a busy machine.
    it("reads a task completed from the copy read before exactly as written, by every read", { timeout: 30_000 }, async () => {
      const owner = "owner-complete";
      const job = makeJob({
        owner,
        action: { type: "summarize", topic: "AI news", feeds: ["https://example.com/feed.xml"], max_items: 5, length: "short" },
        next_run_at: T0,
        fingerprint: "sha256:abc",
      });
      const other = makeJob({ owner });
      await create(job, other);
      const running: Run = { ...makeRun(job, T0), status: "running", attempt: 1, lease_owner: "w", lease_until: T0 + 30_000, wake_at: T0 + 30_000 };
      expect(await store.commit({ writes: [{ op: "insert_run", run: running }] })).toBe(true);
      const [read] = await store.getJobs([job.id]);
      const completed: Job = { ...read!, status: "completed", version: read!.version + 1, updated_at: T0 + 5 };
      const done: Run = { ...running, status: "succeeded", result: { text: "ok" }, lease_owner: null, lease_until: null, wake_at: null, finished_at: T0 + 5 };
      const finish = (fenced: Run, expectVersion: number): Tx => ({
        writes: [
          { op: "put_job", job: { ...completed, version: expectVersion + 1 }, expectVersion },
          { op: "update_run", run: fenced, expect: { status: "running", attempt: fenced.attempt } },
        ],
        events: [makeEvent(fenced, "succeeded", { from: "running" })],
      });
      // A late outcome of an older attempt is refused, its task's completion with it.
      expect(await store.commitEach([finish({ ...done, attempt: 0 }, read!.version)])).toEqual([false]);
      expect(await store.getJob(job.id)).toEqual(read);
      expect(await store.commitEach([finish(done, read!.version)])).toEqual([true]);

      expect(await store.getJob(job.id)).toEqual(completed);
      expect(await store.getJobs([job.id, other.id])).toEqual([completed, other]);
      expect(await store.getJobVersions([job.id])).toEqual([completed.version]);
      const listed = await readAll((cursor) => store.listJobs(owner, { limit: 10, cursor }), 10);
      expect(listed.find((j) => j.id === job.id)).toEqual(completed);
      expect(await readAll((cursor) => store.listJobs(owner, { statuses: ["completed"], limit: 10, cursor }), 10)).toEqual([completed]);
      expect(await readAll((cursor) => store.listJobs(owner, { statuses: LIVE_JOB_STATUSES, limit: 10, cursor }), 10)).toEqual([other]);
      expect(await store.countJobs(owner, ["completed"])).toBe(1);
      expect(await store.countJobs(owner, LIVE_JOB_STATUSES)).toBe(1);
      const scanned = await readAll((cursor) => store.scanJobs({ limit: 10, cursor }), 10);
      expect(scanned.find((j) => j.id === job.id)).toEqual(completed);
      expect(await store.getRun(done)).toEqual(done);

      // The next change from the completed copy, of its title and nested parts, lands whole.
      const edited: Job = {
        ...completed,
        title: "Renamed",
        action: { type: "notify", message: "hello" },
        retry: { ...completed.retry, max_attempts: 2 },
        skips: [T0 + HOUR_MS],
        pause_note: "note",
        version: completed.version + 1,
        updated_at: T0 + 6,
      };
      expect(await store.commit({ writes: [{ op: "put_job", job: edited, expectVersion: completed.version }] })).toBe(true);
      expect(await store.getJob(job.id)).toEqual(edited);
      expect(await readAll((cursor) => store.listJobs(owner, { statuses: ["completed"], limit: 10, cursor }), 10)).toEqual([edited]);
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

  describe("listJobs, countJobs and scanJobs", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

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
}
