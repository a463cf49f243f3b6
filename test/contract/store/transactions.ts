import { describe, expect, it } from "vitest";
import type { Job, Run } from "../../../src/core/model.js";
import type { Store, Tx } from "../../../src/ports/store.js";
import { HOUR_MS, MINUTE_MS, makeEvent, makeJob, makeRun, T0 } from "../../support/builders.js";
import { claimed, claimTx, eachFreshStore, type OpenStore, writers } from "./fixture.js";

/** Transactions: all or nothing, events appended with their writes, and commitEach committing each alone. */
export function describeTransactionContract(open: OpenStore): void {
  let store: Store;
  const { create, insert } = writers(() => store);

  describe("commit", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

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

  describe("commitEach", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

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

    it("holds the owner cap across one batch, counting the creates committed before each", async () => {
      const existing = makeJob();
      const create = (job = makeJob()): Tx => ({ writes: [{ op: "put_job", job, expectVersion: null }], cap: { owner: existing.owner, max: 3 } });
      // Created under the cap too: DynamoDB's counter is seeded from its eventually consistent owner
      // index, which may not show a task written a moment ago outside the cap (owner-cap.ts).
      expect(await store.commitEach([create(existing)])).toEqual([true]);
      // 1 live + 1 = 2; + 1 = 3; a fourth would make 4.
      expect(await store.commitEach([create(), create(), create()])).toEqual([true, true, false]);
      expect(await store.countJobs(existing.owner, ["active", "paused"])).toBe(3);
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

    // A worker's finish: the run's outcome and its task completed, in one transaction.
    const finishTx = (job: Job, run: Run, expect: { version: number; attempt: number }): Tx => {
      const done: Run = { ...run, status: "succeeded", result: { text: "ok" }, wake_at: null, lease_owner: null, lease_until: null, finished_at: T0 + 5 };
      return {
        writes: [
          { op: "put_job", job: { ...job, status: "completed", version: job.version + 1 }, expectVersion: expect.version },
          { op: "update_run", run: done, expect: { status: "running", attempt: expect.attempt } },
        ],
        events: [makeEvent(done, "succeeded", { from: "running" })],
      };
    };

    it("commits a finish whole, and refuses one whose task or run moved on without writing either", async () => {
      const [a, b, c] = [makeJob(), makeJob(), makeJob()];
      const [ra, rb, rc] = [a, b, c].map((j) => claimed(makeRun(j, T0, { status: "queued" }))) as [Run, Run, Run];
      await create(a, b, c);
      await insert(ra, rb, rc);
      // b's task was changed meanwhile (version 2 stored, the finish expects 1); c's run was taken by attempt 2.
      const results = await store.commitEach([
        finishTx(a, ra, { version: 1, attempt: 1 }),
        finishTx(b, rb, { version: 0, attempt: 1 }),
        finishTx(c, rc, { version: 1, attempt: 2 }),
      ]);
      expect(results).toEqual([true, false, false]);
      expect((await store.getJob(a.id))?.status).toBe("completed");
      expect((await store.getRun(ra))?.status).toBe("succeeded");
      expect(await store.listEvents(ra)).toHaveLength(1);
      for (const [job, run] of [
        [b, rb],
        [c, rc],
      ] as const) {
        expect(await store.getJob(job.id)).toEqual(job);
        expect(await store.getRun(run)).toEqual(run);
        expect(await store.listEvents(run)).toEqual([]);
      }
    });

    it("returns no results for no transactions", async () => {
      expect(await store.commitEach([])).toEqual([]);
    });
  });
}
