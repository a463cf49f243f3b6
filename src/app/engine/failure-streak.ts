import type { Run } from "../../core/model.js";

/** A task's current run of failures: what failed since its last success. */
export interface FailureStreak {
  /** The oldest run of the streak with a failed attempt: the streak's identity, where its alert is recorded. */
  anchor: Run;
  /** The newest run of the streak with a failed attempt. */
  latest: Run;
  /** Failed attempts in a row, retries included. */
  failedAttempts: number;
  /** Whether a run of the streak dead-lettered (its attempts spent, or a permanent failure). */
  deadLettered: boolean;
}

/** Attempts of `run` that are known to have failed. */
function failedAttemptsOf(run: Run): number {
  if (run.status === "failed" || run.status === "retrying") return run.executions;
  // A retry waiting to be claimed or running now: every execution before the current one failed.
  if (run.error !== null && run.status === "queued") return run.executions;
  if (run.error !== null && run.status === "running") return Math.max(0, run.executions - 1);
  return 0;
}

/**
 * Reads a task's newest runs (newest scheduled first) back to its last success. Skipped,
 * cancelled and not-yet-tried runs neither break a streak nor add to it. Null when no attempt
 * has failed since the last success. Pure: the caller decides what a streak is worth.
 */
export function failureStreak(newestFirst: readonly Run[]): FailureStreak | null {
  const failing: Run[] = [];
  let failedAttempts = 0;
  for (const run of newestFirst) {
    if (run.status === "succeeded") break;
    const failed = failedAttemptsOf(run);
    if (failed === 0) continue;
    failing.push(run);
    failedAttempts += failed;
  }
  if (failing.length === 0) return null;
  return { anchor: failing.at(-1)!, latest: failing[0]!, failedAttempts, deadLettered: failing.some((r) => r.status === "failed") };
}
