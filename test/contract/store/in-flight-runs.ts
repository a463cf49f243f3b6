import { describe, expect, it } from "vitest";
import type { Run, RunStatus } from "../../../src/core/model.js";
import type { Store } from "../../../src/ports/store.js";
import { MINUTE_MS, makeJob, makeRun, T0 } from "../../support/builders.js";
import { eachFreshStore, type OpenedStore, type OpenStore, writers } from "./fixture.js";

/** listInFlightRuns: the overlap rule's read of several tasks' queued and running runs. */
export function describeInFlightRunsContract(open: OpenStore): void {
  let store: Store;
  let opened: OpenedStore;
  const { insert } = writers(() => store);

  describe("listInFlightRuns", () => {
    eachFreshStore(open, (s, o) => {
      store = s;
      opened = o;
    });

    /** A run of `job` at minute `m` in `status`, with the fields that status carries. */
    const runAt = (job: { id: string; owner: string }, m: number, status: RunStatus): Run => {
      const at = T0 + m * MINUTE_MS;
      const started = status === "pending" || status === "queued" ? {} : { attempt: 1, executions: 1 };
      const leased = status === "running" ? { lease_owner: "worker-1", lease_until: at + 30_000, started_at: at } : {};
      const waking = status === "queued" || status === "running" || status === "retrying" ? { wake_at: at + 30_000 } : {};
      const done = ["succeeded", "failed", "skipped", "cancelled"].includes(status) ? { finished_at: at + 1_000 } : {};
      return makeRun(job, at, { status, ...started, ...leased, ...waking, ...done });
    };

    it("lists exactly the queued and running runs of each task asked for, oldest first", async () => {
      const [a, b, other] = [makeJob(), makeJob(), makeJob()];
      const statuses: RunStatus[] = ["succeeded", "running", "failed", "queued", "skipped", "retrying", "cancelled", "pending"];
      const ofA = statuses.map((s, m) => runAt(a, m, s));
      const ofB = [runAt(b, 0, "queued"), runAt(b, 1, "succeeded")];
      await insert(...ofA.slice().reverse(), ...ofB, runAt(other, 0, "running"), runAt(other, 1, "queued"));
      const found = await store.listInFlightRuns([a.id, b.id]);
      expect(found).toEqual(
        new Map([
          [a.id, [ofA[1], ofA[3]]],
          [b.id, [ofB[0]]],
        ]),
      );
    });

    it("finds a run still running behind more than five newer finished ones", async () => {
      const job = makeJob();
      const running = runAt(job, 0, "running");
      await insert(running, ...[1, 2, 3, 4, 5, 6, 7].map((m) => runAt(job, m, "succeeded")));
      expect(await store.listInFlightRuns([job.id])).toEqual(new Map([[job.id, [running]]]));
    });

    it("maps a task with nothing in flight, or one that does not exist, to an empty list, and no task to an empty map", async () => {
      const idle = makeJob();
      await insert(runAt(idle, 0, "succeeded"), runAt(idle, 1, "pending"));
      const unknown = makeJob().id;
      expect(await store.listInFlightRuns([idle.id, unknown])).toEqual(
        new Map([
          [idle.id, []],
          [unknown, []],
        ]),
      );
      expect(await store.listInFlightRuns([])).toEqual(new Map());
    });

    it("follows a run as it is queued, claimed and finished", async () => {
      const job = makeJob();
      const pending = runAt(job, 0, "pending");
      await insert(pending);
      const step = async (from: Run, to: Run) => {
        expect(await store.commit({ writes: [{ op: "update_run", run: to, expect: { status: from.status, attempt: from.attempt } }] })).toBe(true);
        return (await store.listInFlightRuns([job.id])).get(job.id);
      };
      const queued = { ...pending, status: "queued" as const, wake_at: T0 + 30_000 };
      expect(await step(pending, queued)).toEqual([queued]);
      const running = { ...runAt(job, 0, "running"), attempt: 1 };
      expect(await step(queued, running)).toEqual([running]);
      expect(await step(running, { ...runAt(job, 0, "succeeded"), attempt: 1 })).toEqual([]);
    });

    it("leaves out a run in flight that does not parse, and answers for the other tasks of the batch", async () => {
      const [job, other] = [makeJob(), makeJob()];
      const run = runAt(job, 0, "queued");
      const fine = runAt(other, 0, "running");
      await insert(run, fine);
      await opened.corruptRun(run);
      expect(await store.listInFlightRuns([job.id, other.id])).toEqual(
        new Map([
          [job.id, []],
          [other.id, [fine]],
        ]),
      );
    });
  });
}
