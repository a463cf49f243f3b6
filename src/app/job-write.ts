import type { Job } from "../core/model.js";
import type { Write } from "../ports/store.js";

export type JobWrite = Extract<Write, { op: "put_job" }>;

/**
 * `next` saved in place of the job stored at `version`: one version later, stamped `now`, with
 * the write that lands only while `version` is still the stored one, so a change made meanwhile
 * fails the commit instead of being overwritten.
 */
export function nextVersion(next: Job, version: number, now: number): { job: Job; write: JobWrite } {
  const job: Job = { ...next, version: version + 1, updated_at: now };
  return { job, write: { op: "put_job", job, expectVersion: version } };
}
