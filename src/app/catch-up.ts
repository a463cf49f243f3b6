import { formatDuration } from "../core/duration.js";
import type { Job } from "../core/model.js";
import { nextRunTime } from "../core/start-window.js";

// Catch-up after downtime (the process was stopped, the computer asleep): what becomes of an
// occurrence found past its misfire grace window. Under `skip` it is recorded missed; under
// `latest` only the newest such occurrence runs, late; under `all` each one does (up to the
// catch-up cap). Nothing older than `catch_up_window_ms` runs under any policy. The watcher, the
// sweeper, the chain planner and the worker's claim all ask here, so they agree. Times are run
// times (the occurrence plus the job's start offset, see start-window.ts), as runs are keyed.

const inWindow = (job: Job, at: number, now: number): boolean => now - at <= job.policy.catch_up_window_ms;

/** Of the occurrences found past their grace window (oldest first), those that still run, late. */
export function lateToRun(job: Job, late: readonly number[], now: number): number[] {
  if (job.policy.catch_up === "all") return late.filter((at) => inWindow(job, at, now));
  const newest = late[late.length - 1];
  return job.policy.catch_up === "latest" && newest !== undefined && inWindow(job, newest, now) ? [newest] : [];
}

/**
 * Whether one occurrence at `at`, found past its grace window, still runs, late. Under `latest`
 * only when it is the newest one missed: the schedule's next occurrence is not past grace too.
 */
export function runsLate(job: Job, at: number, now: number): boolean {
  if (job.policy.catch_up === "skip" || !inWindow(job, at, now)) return false;
  if (job.policy.catch_up === "all") return true;
  const later = job.schedule.kind === "cron" || job.schedule.kind === "every" ? nextRunTime(job, at) : null;
  return later === null || later >= now - job.policy.misfire_grace_ms;
}

/** The run event's detail when an occurrence starts late: how late, and which policy let it. */
export function lateDetail(job: Job, at: number, now: number): string {
  return `late by ${formatDuration(now - at)} after downtime (catch_up ${job.policy.catch_up})`;
}

/** The run event's detail when an occurrence found late does not run. */
export function missedDetail(job: Job, at: number, now: number): string {
  const why = inWindow(job, at, now) ? `catch_up ${job.policy.catch_up}` : `past the ${formatDuration(job.policy.catch_up_window_ms)} catch-up window`;
  return `found ${formatDuration(now - at)} late, not run (${why})`;
}
