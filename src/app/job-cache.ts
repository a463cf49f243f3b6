import type { Job, Run } from "../core/model.js";
import type { Store } from "../ports/store.js";

/** Loads each job a batch of runs refers to once, so a page of 1,000 runs of one job costs one read. */
export const JobCache = {
  async load(store: Store, runs: readonly Run[]): Promise<Map<string, Job>> {
    const ids = [...new Set(runs.map((r) => r.job_id))];
    const jobs = await Promise.all(ids.map((id) => store.getJob(id)));
    const map = new Map<string, Job>();
    jobs.forEach((j) => j && map.set(j.id, j));
    return map;
  },
};
