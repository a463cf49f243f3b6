import { describe, expect, it } from "vitest";
import type { Store, Tx } from "../../../src/ports/store.js";
import { HOUR_MS, makeEvent, makeJob, makeRun, T0 } from "../../support/builders.js";
import { claimed, claimTx, eachFreshStore, type OpenStore, writers } from "./fixture.js";

/** Runs: inserts that never overwrite, and updates fenced by status and attempt. */
export function describeRunContract(open: OpenStore): void {
  let store: Store;
  const { create, insert } = writers(() => store);

  describe("runs", () => {
    eachFreshStore(open, (s) => {
      store = s;
    });

    it("returns null for a run that does not exist", async () => {
      expect(await store.getRun({ job_id: makeJob().id, scheduled_at: T0 })).toBeNull();
    });

    it("reads many runs in one call, in the order asked, null for the missing", async () => {
      const job = makeJob();
      const [first, second] = [makeRun(job, T0), makeRun(job, T0 + HOUR_MS, { status: "queued" })];
      const other = makeRun(makeJob(), T0);
      await insert(first, second, other);
      const missing = { job_id: job.id, scheduled_at: T0 + 1 };
      expect(await store.getRuns([second, missing, other, first])).toEqual([second, null, other, first]);
      expect(await store.getRuns([])).toEqual([]);
    });

    it("reads many runs with their jobs in one call, in the order asked: null for a missing run, a null job for a missing job", async () => {
      const job = makeJob();
      const [first, second] = [makeRun(job, T0), makeRun(job, T0 + HOUR_MS, { status: "queued" })];
      const orphan = makeRun(makeJob(), T0); // its job was never written
      await create(job);
      await insert(first, second, orphan);
      const missing = { job_id: job.id, scheduled_at: T0 + 1 };
      expect(await store.getRunsWithJobs([second, missing, orphan, first])).toEqual([
        { run: second, job },
        null,
        { run: orphan, job: null },
        { run: first, job },
      ]);
      expect(await store.getRunsWithJobs([])).toEqual([]);
    });

    it("reads a run and its job together unchanged, every field in its place", async () => {
      const job = makeJob({
        status: "paused",
        pause_note: "away this week",
        end_at: T0 + 9 * HOUR_MS,
        max_runs: 7,
        run_count: 3,
        next_run_at: T0 + 2 * HOUR_MS,
        version: 4,
        fingerprint: "fp-1",
        skips: [T0 + 3 * HOUR_MS],
        updated_at: T0 + 11,
      });
      const run = makeRun(job, T0 + HOUR_MS, {
        status: "running",
        attempt: 2,
        executions: 1,
        due_at: T0 + HOUR_MS + 1,
        wake_at: T0 + HOUR_MS + 2,
        lease_owner: "w1",
        lease_until: T0 + HOUR_MS + 3,
        started_at: T0 + HOUR_MS + 4,
        finished_at: T0 + HOUR_MS + 5,
        result: { text: "partial" },
        error: { message: "socket hang up", kind: "retryable" },
        checkpoint: { delivered: ["inbox"] },
        updated_at: T0 + 12,
        origin: "manual",
        booked: true,
      });
      await create(job);
      await insert(run);
      expect(await store.getRunsWithJobs([run])).toEqual([{ run, job }]);
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

    it("applies an update requiring an expired lease only when the stored lease ended by then", async () => {
      const run = makeRun(makeJob(), T0, { status: "queued" });
      await insert(run);
      await store.commit(claimTx(run)); // leased until T0 + 30 s
      const stored = claimed(run);
      const reaped = { ...stored, status: "retrying" as const, lease_owner: null, lease_until: null };
      const reap = (by: number): Tx => ({ writes: [{ op: "update_run", run: reaped, expect: { status: "running", attempt: 1, leaseExpiredBy: by } }] });
      expect(await store.commit(reap(T0 + 29_999))).toBe(false);
      expect(await store.commitEach([reap(T0 + 10_000)])).toEqual([false]);
      expect(await store.getRun(run)).toEqual(stored);
      expect(await store.commit(reap(T0 + 30_000))).toBe(true);
      expect(await store.getRun(run)).toEqual(reaped);
    });

    it("never matches a lease condition on a run that holds no lease", async () => {
      const run = makeRun(makeJob(), T0, { status: "queued" });
      await insert(run);
      const tx: Tx = { writes: [{ op: "update_run", run: { ...run, due_at: T0 + 1 }, expect: { status: "queued", attempt: 0, leaseExpiredBy: T0 } }] };
      expect(await store.commit(tx)).toBe(false);
    });

    it("keeps a run's executions and checkpoint through updates", async () => {
      const run = makeRun(makeJob(), T0, { status: "queued", attempt: 3, executions: 1 });
      await insert(run);
      const saved = { ...claimed(run), executions: 2, checkpoint: { delivered: ["ops"], digest: { text: "é ✓", data: { items: [{ n: 1 }] } } } };
      expect(await store.commit({ writes: [{ op: "update_run", run: saved, expect: { status: "queued", attempt: 3 } }] })).toBe(true);
      expect(await store.getRun(run)).toEqual(saved);
    });

    it("rejects an update to a run that does not exist, creating nothing", async () => {
      const run = makeRun(makeJob(), T0, { status: "queued" });
      expect(await store.commit(claimTx(run))).toBe(false);
      expect(await store.getRun(run)).toBeNull();
    });
  });
}
