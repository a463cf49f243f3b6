import { formatDuration } from "../core/duration.js";
import type { Job } from "../core/model.js";
import { nextRunTime } from "../core/start-window.js";

// Catch-up after downtime (the process was stopped, the computer asleep): what becomes of an
// occurrence that was never started when it is looked at. The watcher, the sweeper, the chain
// planner and the worker's claim all ask `catchUp`, so they agree. Times are run times (the
// occurrence plus the job's start offset, see start-window.ts), as runs are keyed.
//
// - `latest` and `skip`: only a task's newest due occurrence counts. One that a later occurrence,
//   due too, supersedes is recorded missed, within the misfire grace or not: after 14 minutes
//   away, an every-minute task does not fire 11 times in a burst.
//   The newest one runs: on time within the grace window; past it, late under `latest` (within
//   the catch-up window), missed under `skip`.
// - `all`: every missed occurrence runs once, late, within the catch-up window (the chain
//   planner caps how many: engine.catch_up_cap).
// A run whose due time was moved on (a retry, a run held back by its owner's rate or waiting
// behind its task's running one) is never superseded: it was due, and is only waiting.

export type CatchUp = { kind: "run"; detail: string | null } | { kind: "missed"; detail: string };

const inWindow = (job: Job, at: number, now: number): boolean => now - at <= job.policy.catch_up_window_ms;

/**
 * The occurrence after the run time `at` that the task will have, or null: none (a one-shot, the
 * schedule ended by `end_at`, or a stored schedule that no longer computes: the watcher reports
 * that one, and it supersedes nothing).
 */
export function laterOccurrence(job: Job, at: number): number | null {
  if (job.schedule.kind !== "cron" && job.schedule.kind !== "every") return null;
  let next: number | null;
  try {
    next = nextRunTime(job, at);
  } catch {
    return null;
  }
  return next === null || (job.end_at !== null && next >= job.end_at) ? null : next;
}

/** Occurrences are at least this far apart (engine.min_interval_ms is far more): a run looked at sooner after its time cannot have been superseded yet. */
const MIN_GAP_MS = 1_000;

/**
 * What becomes of the never-started run at `at`, due at `dueAt` (later than `at` when its due
 * time was moved on), looked at `now`. `nextAt` is the task's next occurrence after it, where the
 * caller knows it (the chain planner walks them, a manual run has none); otherwise it is computed.
 */
export function catchUp(job: Job, at: number, dueAt: number, now: number, nextAt?: number | null): CatchUp {
  const { catch_up, misfire_grace_ms } = job.policy;
  if (catch_up !== "all" && dueAt === at && now - at >= MIN_GAP_MS) {
    const next = nextAt === undefined ? laterOccurrence(job, at) : nextAt;
    if (next !== null && next <= now)
      return {
        kind: "missed",
        detail: `superseded by the occurrence at ${new Date(next).toISOString()}, due too (catch_up ${catch_up}: only the newest runs)`,
      };
  }
  if (now - dueAt <= misfire_grace_ms) return { kind: "run", detail: null };
  if (catch_up === "skip" || !inWindow(job, at, now)) return { kind: "missed", detail: missedDetail(job, at, now) };
  return { kind: "run", detail: lateDetail(job, at, now) };
}

/** The run event's detail when an occurrence starts late: how late, and which policy let it. */
export function lateDetail(job: Job, at: number, now: number): string {
  return `late by ${formatDuration(now - at)} after downtime (catch_up ${job.policy.catch_up})`;
}

/** The run event's detail when an occurrence found late does not run. */
function missedDetail(job: Job, at: number, now: number): string {
  const why = inWindow(job, at, now) ? `catch_up ${job.policy.catch_up}` : `past the ${formatDuration(job.policy.catch_up_window_ms)} catch-up window`;
  return `found ${formatDuration(now - at)} late, not run (${why})`;
}
