import { DomainError } from "../../core/errors.js";
import { type Job, type JobEvent, MAX_SKIPS, type Run } from "../../core/model.js";
import { isRecurring, zoneOf } from "../../core/schedule/model.js";
import { nextRunTime, startOffsetOf } from "../../core/start-window.js";
import type { QueueItem } from "../../ports/queue.js";
import { planChain } from "../chain.js";
import type { EngineDeps } from "../deps.js";
import { nextVersion } from "../job-write.js";
import { type Step, skipped, toTx, updateStep } from "../runs.js";
import { changedMeanwhile, mustBe, ownedJob, upcomingOf } from "./job-access.js";
import type { Upcoming } from "./schedule-rules.js";
import { skipWindow } from "./task-request.js";

export interface SkipTarget {
  /**
   * The occurrence as the user names it, in the task's zone unless it carries an offset: a date
   * ("2026-03-06", that day's run) or a date and time (that minute's run); see `skipWindow`.
   */
  at?: string | undefined;
  /** The occurrence whose start (or scheduled time) lies in [from, to]. Absent, and no `at`: the next one (undoing: the next skipped one). */
  within?: { from: number; to: number };
  /** Let a skipped occurrence run again. */
  undo?: boolean;
}

export interface SkipResult {
  job: Job;
  /** The occurrence's run time. */
  at: number;
  /** false when it already was as asked (skipped, or not). */
  changed: boolean;
  /** The next runs after the change, skipped ones left out. */
  next: Upcoming;
  /** Upcoming occurrences skipped by the owner after the change. */
  skipped: number[];
}

/** How many upcoming occurrences a target is looked for in. */
const SEARCH = 1000;

/**
 * The run times of the job's occurrences after now, within its end (end_at, max_runs), up to
 * SEARCH of them; `ended` when the task has no occurrence after the last one listed.
 */
function upcomingRunTimes(job: Job, now: number): { times: number[]; ended: boolean } {
  const offset = startOffsetOf(job);
  const times: number[] = [];
  // Occurrences up to the chain's head are counted in run_count already.
  let count = job.run_count;
  for (let t = now; times.length < SEARCH; ) {
    const next = nextRunTime(job, t);
    if (next === null || (job.end_at !== null && next - offset >= job.end_at)) return { times, ended: true };
    if (job.next_run_at === null || next > job.next_run_at) count++;
    if (job.max_runs !== null && count > job.max_runs) return { times, ended: true };
    times.push(next);
    t = next;
  }
  return { times, ended: false };
}

const inRange = (job: Job, t: number, w: { from: number; to: number }) => {
  const nominal = t - startOffsetOf(job);
  return (t >= w.from && t <= w.to) || (nominal >= w.from && nominal <= w.to);
};

const iso = (t: number) => new Date(t).toISOString();

function noSuchOccurrence(candidates: number[], what: string): DomainError {
  const some = candidates.slice(0, 3).map(iso).join(", ");
  return new DomainError("invalid_argument", `The task has no ${what} at that time.`, {
    field: "at",
    expected: some ? `one of its ${what} times, e.g. ${some}` : `a time of one of its ${what}s`,
    reason: "no_such_occurrence",
  });
}

/**
 * Skips one upcoming occurrence of a recurring task (recorded as `skipped_by_user`) or, with
 * `undo`, lets a skipped one run again while it is still ahead. An occurrence the chain has
 * already created is changed in place; if it is the chain's head, the chain moves on past it in
 * the same transaction, so the task keeps its next run. One further ahead is noted on the job
 * (`skips`) and recorded when the chain planner reaches it. Recorded in the task's history.
 */
export async function skipOccurrence(deps: EngineDeps, owner: string, id: string, asked: SkipTarget): Promise<SkipResult> {
  const { store, clock } = deps;
  const job = await ownedJob(store, owner, id);
  // A one-off task is refused below whatever `at` says; UTC only lets a malformed `at` be refused first.
  const target = asked.at === undefined ? asked : { ...asked, within: skipWindow(asked.at, zoneOf(job.schedule, "UTC")) };
  mustBe(job, ["active", "paused"], "skip a run of");
  if (!isRecurring(job.schedule)) {
    throw new DomainError("conflict", "A one-off task has a single run: there is no other one to skip to.", {
      field: "task_id",
      expected: "a repeating task",
      reason: "one_off_skip",
    });
  }
  const now = clock.now();
  const recent = await store.listJobRuns(job.id, { limit: 100 });
  const recorded = recent.items.filter((r) => r.skip_reason === "skipped_by_user" && r.scheduled_at > now).map((r) => r.scheduled_at);
  const change = target.undo ? await unskip(deps, job, recorded, target, now) : await skip(deps, job, recorded, target, now);
  if (change === null) return result(job, target, recorded, now, false);
  const { job: saved, write } = nextVersion(change.job, job.version, now);
  const entry: JobEvent = {
    job_id: job.id,
    at: now,
    change: target.undo ? "skip_undone" : "skipped",
    version: saved.version,
    before: {},
    after: { occurrence: change.at },
    detail: null,
  };
  const ok = await store.commit({ ...toTx(change.steps, [write]), jobEvents: [entry] });
  if (!ok) throw changedMeanwhile(job.id);
  await deps.queue.send(change.sends);
  const nowSkipped = target.undo ? recorded.filter((t) => t !== change.at) : [...recorded, ...(change.steps.length ? [change.at] : [])];
  return { job: saved, at: change.at, changed: true, next: upcomingOf(saved, now, nowSkipped), skipped: sortedUnique([...nowSkipped, ...saved.skips]) };
}

interface Change {
  job: Job;
  at: number;
  steps: Step[];
  sends: QueueItem[];
}

const sortedUnique = (ts: number[]) => [...new Set(ts)].sort((a, b) => a - b);

function result(job: Job, target: SkipTarget, recorded: number[], now: number, changed: boolean): SkipResult {
  const all = sortedUnique([...recorded, ...job.skips]);
  const at = target.within ? (all.find((t) => inRange(job, t, target.within!)) ?? all[0] ?? now) : (all[0] ?? now);
  return { job, at, changed, next: upcomingOf(job, now, recorded), skipped: all };
}

async function skip(deps: EngineDeps, job: Job, recorded: number[], target: SkipTarget, now: number): Promise<Change | null> {
  const isSkipped = (t: number) => recorded.includes(t) || job.skips.includes(t);
  const { times, ended } = upcomingRunTimes(job, now);
  const at = target.within ? times.find((t) => inRange(job, t, target.within!)) : times.find((t) => !isSkipped(t));
  if (at === undefined) throw noSuchOccurrence(times, "run");
  if (isSkipped(at)) return null;
  if (ended && at === times[times.length - 1]) {
    throw new DomainError("conflict", `The run at ${iso(at)} is the task's last one.`, {
      field: "at",
      expected: "a run that has another one after it",
      reason: "last_occurrence",
      data: { at: iso(at) },
    });
  }
  const existing = await deps.store.getRun({ job_id: job.id, scheduled_at: at });
  if (existing === null) {
    if (job.skips.length >= MAX_SKIPS) {
      throw new DomainError("limit_exceeded", `At most ${MAX_SKIPS} upcoming runs can be skipped ahead.`, {
        field: "at",
        expected: `at most ${MAX_SKIPS} skipped runs ahead`,
        reason: "too_many_skips",
        data: { limit: MAX_SKIPS },
      });
    }
    return { job: { ...job, skips: sortedUnique([...job.skips, at]) }, at, steps: [], sends: [] };
  }
  if (existing.status !== "pending" && existing.status !== "queued") throw notAhead(existing);
  const steps = [updateStep(existing, skipped(existing, "skipped_by_user", now), now, "skipped by the owner")];
  if (job.next_run_at !== at) return { job, at, steps, sends: [] };
  // It was the chain's head: the chain moves on past it, so the task keeps a next run.
  const plan = planChain(job, at, now, deps.settings);
  return { job: plan.job, at, steps: [...steps, ...plan.steps], sends: plan.sends };
}

async function unskip(deps: EngineDeps, job: Job, recorded: number[], target: SkipTarget, now: number): Promise<Change | null> {
  const all = sortedUnique([...recorded, ...job.skips]);
  const at = target.within ? all.find((t) => inRange(job, t, target.within!)) : all[0];
  if (at === undefined) {
    if (!target.within) {
      throw new DomainError("conflict", "No upcoming run of this task is skipped.", {
        field: "task_id",
        expected: "a task with a skipped upcoming run",
        reason: "nothing_skipped",
      });
    }
    if (upcomingRunTimes(job, now).times.some((t) => inRange(job, t, target.within!))) return null;
    throw noSuchOccurrence(all, "skipped run");
  }
  if (job.skips.includes(at)) return { job: { ...job, skips: job.skips.filter((t) => t !== at) }, at, steps: [], sends: [] };
  const existing = await deps.store.getRun({ job_id: job.id, scheduled_at: at });
  if (existing?.status !== "skipped" || existing.skip_reason !== "skipped_by_user") throw changedMeanwhile(job.id);
  // Pending again: the watcher queues it when it falls due, as any run of the chain.
  const pending: Run = { ...existing, status: "pending", skip_reason: null, finished_at: null, wake_at: null, due_at: existing.scheduled_at, updated_at: now };
  return { job, at, steps: [updateStep(existing, pending, now, "skip undone by the owner")], sends: [] };
}

function notAhead(run: Run): DomainError {
  return new DomainError("conflict", `The run at ${iso(run.scheduled_at)} is already ${run.status}; only an upcoming run can be skipped.`, {
    field: "at",
    expected: "a run that has not started yet",
    reason: "occurrence_not_ahead",
    data: { at: iso(run.scheduled_at), status: run.status },
  });
}
