import { isDomainError } from "../core/errors.js";
import type { Job, Run } from "../core/model.js";
import type { Logger } from "../ports/logger.js";
import type { Store } from "../ports/store.js";

/** A job whose stored record fails validation: its runs are failed with this reason instead of stopping the batch. */
export class Unreadable {
  readonly kind = "unreadable";
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/**
 * A job that could not be read this time (a timeout, a throttled or failed request): nothing is
 * decided about its runs now; they are looked at again on the next tick or delivery.
 */
export class Unavailable {
  readonly kind = "unavailable";
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** A run's job as a batch loaded it: the job, unreadable, unavailable, or missing (deleted, never written). */
export type LoadedJob = Job | Unreadable | Unavailable | undefined;

/**
 * Loads, for one batch of runs, each job they refer to once, in one store call: a page of 1,000
 * runs of one job costs one read. Nothing is kept between calls. One job must not stop the
 * others: when the batched read fails (one record that does not parse fails it whole, as does a
 * failed request), the jobs are read one by one, and a record that fails validation
 * (`corrupt_record`) is kept as Unreadable for its own runs, any other read error as
 * Unavailable. A job that does not exist is absent from the map.
 */
export async function loadJobsOf(store: Store, runs: readonly Run[], log: Logger): Promise<Map<string, Job | Unreadable | Unavailable>> {
  const ids = [...new Set(runs.map((r) => r.job_id))];
  const jobs = new Map<string, Job | Unreadable | Unavailable>();
  if (ids.length === 0) return jobs;
  const batch = await store.getJobs(ids).catch(() => null);
  if (batch) {
    for (const [i, job] of batch.entries()) if (job) jobs.set(ids[i]!, job);
    return jobs;
  }
  await Promise.all(
    ids.map(async (id) => {
      try {
        const job = await store.getJob(id);
        if (job) jobs.set(id, job);
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        if (isDomainError(e) && e.code === "corrupt_record") {
          log.log("error", "stored task is unreadable; its runs will fail", { job_id: id, error: reason });
          jobs.set(id, new Unreadable(reason));
        } else {
          log.log("warn", "cannot read a task now; its runs wait for the next try", { job_id: id, error: reason });
          jobs.set(id, new Unavailable(reason));
        }
      }
    }),
  );
  return jobs;
}
