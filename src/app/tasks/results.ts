import type { Job, JobStatus, Run } from "../../core/model.js";
import type { Store } from "../../ports/store.js";

/** A run that delivered a result, with its task. */
export interface Delivered {
  job: Job;
  run: Run;
}

const DAY_MS = 86_400_000;
/**
 * A run scheduled more than this before `since` is taken to have finished before it (its
 * retries and a late catch-up included), so a task's runs are read back only this far. The same
 * bound skips a task last written that long before `since`: every run a task starts writes the
 * task when it is queued, and its completion writes it too.
 */
const LATE_MS = 2 * DAY_MS;
/** Finished tasks (completed, cancelled) looked at, newest first; live ones are all looked at (the cap bounds them). */
const FINISHED_TASKS = 500;
/** Most results one query collects; the newest are kept. */
export const MAX_RESULTS = 500;
const PAGE = 100;

/** The owner's tasks worth looking at for runs finished since `since`: every live one, then finished ones newest first. */
export async function tasksSince(store: Store, owner: string, since: number): Promise<Job[]> {
  const live = await allOf(store, owner, ["active", "paused"], Infinity);
  const finished = await allOf(store, owner, ["completed", "cancelled"], FINISHED_TASKS);
  return [...live, ...finished].filter((job) => job.updated_at >= since - LATE_MS);
}

async function allOf(store: Store, owner: string, statuses: readonly JobStatus[], max: number): Promise<Job[]> {
  const out: Job[] = [];
  let cursor: string | null = null;
  do {
    const page = await store.listJobs(owner, { statuses, limit: PAGE, cursor });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}

/**
 * The runs of `jobs` that succeeded at or after `since`, newest finished first (ties: by task
 * id, then newest scheduled first, so the order is the same on every call), at most MAX_RESULTS.
 */
export async function deliveredSince(store: Store, jobs: readonly Job[], since: number): Promise<Delivered[]> {
  const found: Delivered[] = [];
  for (const job of jobs) {
    let cursor: string | null = null;
    do {
      const page = await store.listJobRuns(job.id, { limit: PAGE, cursor });
      for (const run of page.items) if (run.status === "succeeded" && (run.finished_at ?? 0) >= since) found.push({ job, run });
      const oldest = page.items.at(-1);
      cursor = oldest && oldest.scheduled_at >= since - LATE_MS ? page.cursor : null;
    } while (cursor);
  }
  return found.sort(newestFinishedFirst).slice(0, MAX_RESULTS);
}

/** Where a result stands in the order: when it finished, its task, its occurrence. */
export interface ResultKey {
  finished: number;
  job: string;
  at: number;
}

export const keyOf = ({ run }: Delivered): ResultKey => ({ finished: run.finished_at ?? 0, job: run.job_id, at: run.scheduled_at });

/** Negative when `a` comes first: newest finished first, then by task id, then newest occurrence first. */
export function compareKeys(a: ResultKey, b: ResultKey): number {
  return b.finished - a.finished || (a.job < b.job ? -1 : a.job > b.job ? 1 : 0) || b.at - a.at;
}

export const newestFinishedFirst = (a: Delivered, b: Delivered): number => compareKeys(keyOf(a), keyOf(b));
