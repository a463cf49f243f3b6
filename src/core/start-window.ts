import { stableHash } from "./keys.js";
import type { Job } from "./model.js";
import { nextOccurrence } from "./schedule/index.js";

/**
 * The flexible start window: a job with `window_ms` starts each occurrence a fixed offset after
 * its time, the offset a hash of its id, in whole seconds below the window. Fixed per job, so
 * its runs stay evenly spaced; different per job, so tasks all due at 08:00 spread out.
 * The id is salted so the offset does not follow the shard (also a hash of the id).
 */
export function startOffsetMs(jobId: string, windowMs: number): number {
  const seconds = Math.floor(windowMs / 1000);
  return seconds <= 1 ? 0 : (stableHash(`window:${jobId}`) % seconds) * 1000;
}

/** How long after each occurrence's time this job's runs start; an immediate job starts at once. */
export const startOffsetOf = (job: Pick<Job, "id" | "schedule" | "policy">): number =>
  job.schedule.kind === "immediate" ? 0 : startOffsetMs(job.id, job.policy.window_ms);

/** The run time of the job's next occurrence after the run time `after`, or null when there is none. */
export function nextRunTime(job: Pick<Job, "id" | "schedule" | "policy">, after: number): number | null {
  if (job.schedule.kind === "immediate") return null;
  const offset = startOffsetOf(job);
  const occ = nextOccurrence(job.schedule, after - offset);
  return occ === null ? null : occ.at + offset;
}
