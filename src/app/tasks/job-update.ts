import type { Action } from "../../core/action-model.js";
import { DomainError } from "../../core/errors.js";
import type { Job, JobEvent, RetryPolicy, Run, RunPolicy } from "../../core/model.js";
import type { Schedule } from "../../core/schedule/model.js";
import type { EngineDeps } from "../deps.js";
import { nextVersion } from "../job-write.js";
import { toTx } from "../runs.js";
import { changedMeanwhile, mustBe, openRunsOf, ownedJob, upcomingOf } from "./job-access.js";
import { replanRuns } from "./replan.js";
import { checkAction, checkPolicy, checkSchedule, type Upcoming } from "./schedule-rules.js";

/** What an update may change; a field left out keeps its value. `null` clears an end. */
export interface JobPatch {
  title?: string;
  action?: Action;
  /** Replaces the channels of the action (the new one, when `action` is given too). */
  channels?: string[];
  schedule?: Schedule;
  retry?: Partial<RetryPolicy>;
  policy?: Partial<RunPolicy>;
  end_at?: number | null;
  max_runs?: number | null;
}

export interface UpdateOptions {
  /** The version the caller read; another one means the task changed since: `conflict`. */
  expectedVersion?: number;
  /** Work it all out and check it, write nothing. */
  dryRun?: boolean;
}

export interface UpdatedJob {
  before: Job;
  /** As stored (or as it would be, on a dry run). */
  after: Job;
  /** The fields whose value changed, in Job terms; empty when the update changed nothing. */
  changed: (keyof Job)[];
  /** Upcoming runs of the old plan that were removed. */
  cancelled_runs: Run[];
  next_before: Upcoming;
  next_after: Upcoming;
  dry_run: boolean;
}

const EDITABLE = ["title", "action", "schedule", "retry", "policy", "end_at", "max_runs"] as const satisfies readonly (keyof Job)[];
/** A change to any of these moves the task's future runs, so they are planned again. */
const REPLANNED: ReadonlySet<keyof Job> = new Set(["schedule", "end_at", "max_runs"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function applied(job: Job, patch: JobPatch): Job {
  const action = patch.action ?? job.action;
  return {
    ...job,
    ...(patch.title !== undefined && { title: patch.title }),
    action: patch.channels === undefined ? action : { ...action, channels: patch.channels },
    ...(patch.schedule !== undefined && { schedule: patch.schedule }),
    retry: { ...job.retry, ...patch.retry },
    policy: { ...job.policy, ...patch.policy },
    ...(patch.end_at !== undefined && { end_at: patch.end_at }),
    ...(patch.max_runs !== undefined && { max_runs: patch.max_runs }),
  };
}

/** The checks `create` runs, on the parts this update changed; nothing is written when one fails. */
function validate(deps: EngineDeps, next: Job, changed: (keyof Job)[], now: number): void {
  const has = (k: keyof Job) => changed.includes(k);
  if (has("schedule")) checkSchedule(next.schedule, now, deps.settings);
  if (has("schedule") || has("policy")) checkPolicy(next.policy, next.schedule, now);
  if (has("action")) checkAction(next.action, next.owner, deps.actions);
  if (has("end_at") && next.end_at !== null && next.end_at <= now) {
    throw new DomainError("in_the_past", "end_at is not in the future.", { field: "end_at", expected: "an instant after now" });
  }
}

function historyEntry(before: Job, after: Job, changed: (keyof Job)[], at: number, replaced: number): JobEvent {
  const pick = (j: Job) => Object.fromEntries(changed.map((k) => [k, j[k]]));
  return {
    job_id: before.id,
    at,
    change: "updated",
    version: after.version,
    before: pick(before),
    after: pick(after),
    detail: replaced > 0 ? `${replaced} upcoming run(s) of the old plan removed` : null,
  };
}

/**
 * Changes a task in place, keeping its id and history. Only an active or paused task can be
 * changed. When the schedule, the start window or the end changes, the future runs are planned
 * again in the same transaction (see `replanRuns`); a run already running finishes as it was.
 * Every change is recorded in the task's history with the fields before and after.
 */
export async function updateJob(deps: EngineDeps, owner: string, id: string, patch: JobPatch, opts: UpdateOptions): Promise<UpdatedJob> {
  const { store, clock } = deps;
  const job = await ownedJob(store, owner, id);
  mustBe(job, ["active", "paused"], "change");
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== job.version) {
    throw new DomainError("conflict", `The task changed since you read it: it is at version ${job.version}, not ${opts.expectedVersion}.`, {
      field: "expected_version",
      expected: `${job.version}, the task's current version`,
      reason: "version_mismatch",
      data: { version: job.version, expected_version: opts.expectedVersion },
    });
  }
  const now = clock.now();
  const next = applied(job, patch);
  const changed = EDITABLE.filter((k) => !same(job[k], next[k]));
  const next_before = upcomingOf(job, now);
  if (changed.length === 0)
    return { before: job, after: job, changed, cancelled_runs: [], next_before, next_after: next_before, dry_run: opts.dryRun === true };
  validate(deps, next, changed, now);

  // An immediate task's one run is planned when it is created; its end changes nothing.
  const moved = changed.some((k) => REPLANNED.has(k)) || job.policy.window_ms !== next.policy.window_ms;
  const replan = moved && (next.schedule.kind !== "immediate" || changed.includes("schedule"));
  const planned = replan ? await replanRuns(deps, job, next, await openRunsOf(store, job.id), now) : null;
  // No longer what its create said: a repeat of that create makes a new task, not this one.
  const saved = nextVersion({ ...(planned?.job ?? next), fingerprint: null }, job.version, now);
  const after = saved.job;
  const result: UpdatedJob = {
    before: job,
    after,
    changed,
    cancelled_runs: planned?.cancelled ?? [],
    next_before,
    next_after: upcomingOf(after, now),
    dry_run: opts.dryRun === true,
  };
  if (opts.dryRun) return result;
  const ok = await store.commit({
    ...toTx(planned?.steps ?? [], [saved.write]),
    jobEvents: [historyEntry(job, after, changed, now, result.cancelled_runs.length)],
  });
  if (!ok) throw changedMeanwhile(job.id);
  await deps.queue.send(planned?.sends ?? []);
  return result;
}
