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

export type LoadedJob = Job | Unreadable | undefined;

/**
 * Loads each job a batch of runs refers to once, so a page of 1,000 runs of one job costs one
 * read. One malformed job must not stop the others: its read error is kept for its own runs.
 */
export const JobCache = {
  async load(store: Store, runs: readonly Run[], log: Logger): Promise<Map<string, Job | Unreadable>> {
    const ids = [...new Set(runs.map((r) => r.job_id))];
    const map = new Map<string, Job | Unreadable>();
    await Promise.all(
      ids.map(async (id) => {
        try {
          const job = await store.getJob(id);
          if (job) map.set(id, job);
        } catch (e) {
          log.log("error", "stored task is unreadable; its runs will fail", { job_id: id, error: String(e) });
          map.set(id, new Unreadable(e instanceof Error ? e.message : String(e)));
        }
      }),
    );
    return map;
  },
};
