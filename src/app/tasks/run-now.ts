import type { Job, JobEvent, Run } from "../../core/model.js";
import { nextRunTime } from "../../core/start-window.js";
import type { EngineDeps } from "../deps.js";
import { insertStep, newRun, queued, queueItemOf, toTx } from "../runs.js";
import { changedMeanwhile, mustBe, ownedJob } from "./job-access.js";

export interface ManualRun {
  job: Job;
  /** The run as inserted: queued, due now. */
  run: Run;
}

/** Whether the job's schedule has an occurrence whose run key is `t`. */
function scheduleRunsAt(job: Job, t: number): boolean {
  if (job.schedule.kind === "immediate") return job.next_run_at === t;
  return nextRunTime(job, t - 1) === t;
}

/**
 * The key of a manual run: now, moved on by a millisecond while it would meet a run that exists or
 * an occurrence of the schedule (08:00:00.000 exactly), so it can never take a regular run's key.
 */
async function freeKey(deps: EngineDeps, job: Job, from: number): Promise<number> {
  let t = from;
  while (scheduleRunsAt(job, t) || (await deps.store.getRun({ job_id: job.id, scheduled_at: t })) !== null) t++;
  return t;
}

/**
 * One extra run of an active or paused task, now, outside its schedule: the regular next run
 * stays as it is, the run counts for no limit (max_runs) and never completes the task. On a
 * paused task it runs all the same: the owner asked for it. Recorded in the task's history.
 */
export async function runNow(deps: EngineDeps, owner: string, id: string): Promise<ManualRun> {
  const { store, clock, settings } = deps;
  const job = await ownedJob(store, owner, id);
  mustBe(job, ["active", "paused"], "run");
  await deps.limits?.chargeRunNow(owner);
  const now = clock.now();
  for (let at = now, tries = 0; tries < MAX_TRIES; tries++, at++) {
    at = await freeKey(deps, job, at);
    const run: Run = { ...queued(newRun(job, at, now, settings.shard_count), at, now, settings.stale_queued_ms), origin: "manual" };
    const entry: JobEvent = { job_id: job.id, at: now, change: "run_now", version: job.version, before: {}, after: { run_at: at }, detail: null };
    await store.commit({ ...toTx([insertStep(run, now, "run now, asked by the owner")]), jobEvents: [entry] });
    // An insert onto a key taken meanwhile is skipped by the store, not refused: check it is ours.
    const stored = await store.getRun(run);
    if (stored?.origin !== "manual" || stored.created_at !== now) continue;
    await deps.queue.send([queueItemOf(run, job.owner, at)]);
    return { job, run };
  }
  throw changedMeanwhile(job.id);
}

/** Another writer taking the chosen key between the check and the insert is rare; a few tries settle it. */
const MAX_TRIES = 5;
