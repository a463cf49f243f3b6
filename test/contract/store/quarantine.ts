import { describe, expect, it } from "vitest";
import type { Job, Run } from "../../../src/core/model.js";
import type { LogLevel } from "../../../src/ports/logger.js";
import type { Store } from "../../../src/ports/store.js";
import { HOUR_MS, MINUTE_MS, makeJob, makeJobInShard, makeRun, T0 } from "../../support/builders.js";
import { eachFreshStore, type OpenedStore, type OpenStore, readAll, writers } from "./fixture.js";

/** Unreadable records: listings leave them out and go on, reads by key reject, and the quarantine records each once. */
export function describeQuarantineContract(open: OpenStore): void {
  let store: Store;
  let opened: OpenedStore;
  const lines: { level: LogLevel; message: string; data: Record<string, unknown> | undefined }[] = [];
  const { create, insert } = writers(() => store);

  // Each test makes a dozen requests; on an emulator on a busy machine, seconds each.
  describe("unreadable records", { timeout: 30_000 }, () => {
    eachFreshStore(
      open,
      (s, o) => {
        store = s;
        opened = o;
        lines.length = 0;
      },
      { log: { log: (level, message, data) => lines.push({ level, message, data }) } },
    );

    const SHARD = 2;
    const queued = (job: Job, m: number): Run => makeRun(job, T0 + m * MINUTE_MS, { status: "queued", wake_at: T0 + m });
    const bucket = makeRun(makeJobInShard(SHARD), T0).bucket;
    const quarantinedKeys = async () => (await store.quarantined({ limit: 100 })).map((q) => `${q.kind} ${q.key}`).sort();

    it("leaves an unreadable run out of a bucket's runs and still answers `limit` readable ones", async () => {
      const job = makeJobInShard(SHARD);
      const runs = [1, 2, 3, 4].map((m) => makeRun(job, T0 + m * MINUTE_MS));
      await insert(...runs);
      await opened.corruptRun(runs[1]!);
      const q = { bucket, status: "pending" as const, from: T0, to: T0 + HOUR_MS - 1 };
      expect(await store.queryBucket({ ...q, limit: 2 })).toEqual([runs[0], runs[2]]);
      expect(await store.queryBucket({ ...q, limit: 2, after: runs[0]! })).toEqual([runs[2], runs[3]]);
      expect(await store.queryBucket({ ...q, limit: 10 })).toEqual([runs[0], runs[2], runs[3]]);
    });

    it("leaves an unreadable run out of a shard's waking runs and still answers `limit` readable ones", async () => {
      const job = makeJobInShard(SHARD);
      const runs = [1, 2, 3].map((m) => queued(job, m));
      await insert(...runs);
      await opened.corruptRun(runs[0]!);
      expect(await store.listWaking({ shard: SHARD, before: T0 + HOUR_MS, limit: 2 })).toEqual([runs[1], runs[2]]);
    });

    it("leaves an unreadable run out of its task's runs, page after page, and out of the runs in flight", async () => {
      const job = makeJob();
      const runs = [0, 1, 2, 3].map((m) => queued(job, m));
      await insert(...runs);
      await opened.corruptRun(runs[2]!);
      const all = await readAll((cursor) => store.listJobRuns(job.id, { limit: 1, cursor }), 1);
      expect(all).toEqual([runs[3], runs[1], runs[0]]);
      expect(await store.listInFlightRuns([job.id])).toEqual(new Map([[job.id, [runs[0], runs[1], runs[3]]]]));
    });

    it("leaves an unreadable job out of its owner's jobs and out of the scan of all jobs, page after page", async () => {
      const jobs = [makeJob({ owner: "q-owner" }), makeJob({ owner: "q-owner" }), makeJob({ owner: "q-owner" })];
      await create(...jobs);
      await opened.corruptJob(jobs[1]!.id);
      const mine = await readAll((cursor) => store.listJobs("q-owner", { limit: 1, cursor }), 1);
      expect(mine.map((j) => j.id)).toEqual([jobs[2]!.id, jobs[0]!.id]);
      const active = await readAll((cursor) => store.listJobs("q-owner", { statuses: ["active"], limit: 1, cursor }), 1);
      expect(active.map((j) => j.id)).toEqual([jobs[2]!.id, jobs[0]!.id]);
      const every = await readAll((cursor) => store.scanJobs({ limit: 1, cursor }), 1);
      expect(every.map((j) => j.id).sort()).toEqual([jobs[0]!.id, jobs[2]!.id].sort());
    });

    it("still rejects a read by key of an unreadable record with corrupt_record, naming it", async () => {
      const job = makeJob();
      const run = queued(job, 0);
      await create(job);
      await insert(run);
      await opened.corruptJob(job.id);
      await opened.corruptRun(run);
      await expect(store.getJob(job.id)).rejects.toMatchObject({
        code: "corrupt_record",
        message: expect.stringContaining(`stored job ${job.id} is malformed`),
      });
      await expect(store.getJobs([job.id])).rejects.toMatchObject({ code: "corrupt_record" });
      await expect(store.getRun(run)).rejects.toMatchObject({
        code: "corrupt_record",
        message: expect.stringContaining(`stored run ${job.id}@${run.scheduled_at}`),
      });
      await expect(store.getRuns([run])).rejects.toMatchObject({ code: "corrupt_record" });
    });

    it("rejects a read of runs with their jobs when one run or one job among them is unreadable, and quarantines that one only", async () => {
      const [good, spoiledJob, spoiledRun] = [makeJob(), makeJob(), makeJob()];
      const [goodRun, runOfSpoiledJob, badRun] = [queued(good, 0), queued(spoiledJob, 0), queued(spoiledRun, 0)];
      await create(good, spoiledJob, spoiledRun);
      await insert(goodRun, runOfSpoiledJob, badRun);
      await opened.corruptJob(spoiledJob.id);
      await expect(store.getRunsWithJobs([goodRun, runOfSpoiledJob])).rejects.toMatchObject({
        code: "corrupt_record",
        message: expect.stringContaining(`stored job ${spoiledJob.id} is malformed`),
      });
      expect(await quarantinedKeys()).toEqual([`job ${spoiledJob.id}`]);
      await opened.corruptRun(badRun);
      await expect(store.getRunsWithJobs([badRun, goodRun])).rejects.toMatchObject({
        code: "corrupt_record",
        message: expect.stringContaining(`stored run ${spoiledRun.id}@${badRun.scheduled_at}`),
      });
      expect(await quarantinedKeys()).toEqual([`job ${spoiledJob.id}`, `run ${spoiledRun.id}@${badRun.scheduled_at}`].sort());
      expect(await store.getRunsWithJobs([goodRun])).toEqual([{ run: goodRun, job: good }]);
    });

    it("records in its quarantine, once, each unreadable record a read met: what, whose, why, where and since when", async () => {
      const job = makeJob({ owner: "q-owner" });
      const run = queued(job, 0);
      await create(job);
      await insert(run);
      await opened.corruptJob(job.id);
      await opened.corruptRun(run);
      expect(await store.quarantined({ limit: 10 })).toEqual([]);
      for (let i = 0; i < 3; i++) {
        await store.listJobs("q-owner", { limit: 10 });
        await store.listWaking({ shard: run.shard, before: T0 + HOUR_MS, limit: 10 });
        await store.getRun(run).catch(() => {});
      }
      const entries = await store.quarantined({ limit: 10 });
      expect(entries.map((e) => `${e.kind} ${e.key}`).sort()).toEqual([`job ${job.id}`, `run ${job.id}@${run.scheduled_at}`]);
      for (const e of entries) {
        expect(e).toMatchObject({ owner: "q-owner", reason: expect.stringMatching(/is malformed: (schedule|result)/) });
        expect(e.location).toContain(e.kind === "job" ? job.id : job.id);
        expect(e.since).toBeGreaterThan(0);
      }
      const told = lines.filter((l) => l.level === "error" && l.message.includes("quarantined"));
      expect(told.map((l) => l.data?.key).sort()).toEqual([job.id, `${job.id}@${run.scheduled_at}`].sort());
    });

    it("lets a record out of the quarantine once it reads again, and keeps the others", async () => {
      const job = makeJob();
      const other = makeJob();
      await create(job, other);
      await opened.corruptJob(job.id);
      await opened.corruptJob(other.id);
      await store.scanJobs({ limit: 10 });
      expect(await quarantinedKeys()).toEqual([`job ${job.id}`, `job ${other.id}`].sort());
      // Fixed by writing it whole again, as an operator restoring it would.
      const fixed = { ...job, version: job.version + 1 };
      expect(await store.commit({ writes: [{ op: "put_job", job: fixed, expectVersion: job.version }] })).toBe(true);
      expect(await quarantinedKeys()).toEqual([`job ${other.id}`]);
      expect(await store.getJob(job.id)).toEqual(fixed);
    });
  });
}
