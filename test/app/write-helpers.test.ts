import { describe, expect, it } from "vitest";
import { nextVersion } from "../../src/app/job-write.js";
import { newRun, queueItemOf } from "../../src/app/runs.js";
import { makeJob } from "../support/builders.js";

describe("the shared write helpers", () => {
  it("saves a job one version later, stamped now, written only over the version it read", () => {
    const job = { ...makeJob(), version: 4, updated_at: 1 };
    const { job: saved, write } = nextVersion({ ...job, status: "paused" }, job.version, 1_000);
    expect(saved).toMatchObject({ status: "paused", version: 5, updated_at: 1_000 });
    expect(write).toEqual({ op: "put_job", job: saved, expectVersion: 4 });
  });

  it("puts a run's key and owner on the queue, and nothing else of the run", () => {
    const run = newRun(makeJob(), 60_000, 0, 16);
    expect(queueItemOf(run, run.owner, 61_000)).toEqual({ key: { job_id: run.job_id, scheduled_at: 60_000 }, owner: run.owner, dueAt: 61_000 });
  });
});
