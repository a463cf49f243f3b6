import type { Job, Run } from "../core/model.js";
import type { Logger } from "../ports/logger.js";
import type { Store } from "../ports/store.js";

/** A job that could not be read: its runs are failed with this reason instead of stopping the batch. */
export class Unreadable {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** A run's job as a batch loaded it: the job, unreadable, or missing (deleted, never written). */
export type LoadedJob = Job | Unreadable | undefined;

/**
 * Loads, for one batch of runs, each job they refer to once, so a page of 1,000 runs of one job
 * costs one read. Nothing is kept between calls. One malformed job must not stop the others: its
 * read error is kept for its own runs. A job that does not exist is absent from the map.
 */
export async function loadJobsOf(store: Store, runs: readonly Run[], log: Logger): Promise<Map<string, Job | Unreadable>> {
  const ids = [...new Set(runs.map((r) => r.job_id))];
  const jobs = new Map<string, Job | Unreadable>();
  await Promise.all(
    ids.map(async (id) => {
      try {
        const job = await store.getJob(id);
        if (job) jobs.set(id, job);
      } catch (e) {
        log.log("error", "stored task is unreadable; its runs will fail", { job_id: id, error: String(e) });
        jobs.set(id, new Unreadable(e instanceof Error ? e.message : String(e)));
      }
    }),
  );
  return jobs;
}
