import { describe, expect, it } from "vitest";
import type { Job, JobEvent } from "../../../src/core/model.js";
import type { Store } from "../../../src/ports/store.js";
import { HOUR_MS, makeEvent, makeJob, makeRun, T0 } from "../../support/builders.js";
import { claimed, eachFreshStore, type OpenStore, writers } from "./fixture.js";

/** A job's history (job events) written with its changes, and the fields the task surface keeps on jobs and runs. */
export function describeJobHistoryContract(open: OpenStore): void {
  let store: Store;
  const { create } = writers(() => store);

  describe("job history", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

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
}
