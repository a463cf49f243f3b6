import { isDomainError } from "../../core/errors.js";
import type { Job, Run } from "../../core/model.js";
import type { Logger } from "../../ports/logger.js";
import type { Store } from "../../ports/store.js";
import { readBatched } from "./batch-read.js";

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
  const found = await readBatched(ids, { batch: (keys) => store.getJobs(keys), one: (id) => readJob(store, id, log) }, { log, what: "tasks" });
  const jobs = new Map<string, Job | Unreadable | Unavailable>();
  for (const [i, job] of found.entries()) if (job) jobs.set(ids[i]!, job);
  return jobs;
}

/** One job on its own: a record that fails validation is Unreadable, any other read error Unavailable. */
async function readJob(store: Store, id: string, log: Logger): Promise<Job | Unreadable | Unavailable | null> {
  try {
    return await store.getJob(id);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (isDomainError(e) && e.code === "corrupt_record") {
      log.log("error", "stored task is unreadable; its runs will fail", { job_id: id, error: reason });
      return new Unreadable(reason);
    }
    log.log("warn", "cannot read a task now; its runs wait for the next try", { job_id: id, error: reason });
    return new Unavailable(reason);
  }
}
