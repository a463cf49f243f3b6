import type { Job, SkipReason } from "../core/model.js";
import { nextOccurrence } from "../core/schedule/index.js";
import type { Occurrence } from "../core/schedule/model.js";
import { startOffsetOf } from "../core/start-window.js";
import type { QueueItem } from "../ports/queue.js";
import { lateDetail, lateToRun } from "./catch-up.js";
import { insertStep, newRun, queued, type Step, skipped } from "./runs.js";
import type { EngineSettings } from "./settings.js";

/** A valid schedule never needs this many steps to pass one look-ahead window; it bounds bad ones. */
const MAX_STEPS = 10_000;

export interface ChainPlan {
  steps: Step[];
  /** Runs inserted as queued (due within the window): send them after the commit. */
  sends: QueueItem[];
  /** The job with its chain head and run count moved on; the caller bumps the version. */
  job: Job;
  /** Occurrences past their grace window that were not given a row (beyond the catch-up cap). */
  uncounted: number;
}

/**
 * Creates the job's occurrences strictly after `after` up to and including the first one
 * beyond the look-ahead window, so exactly one future pending run remains:
 * - an occurrence inside the window is inserted queued (it skips the watcher);
 * - one already past its grace window (downtime, or a resume) is handled by `catch_up`
 *   (src/app/catch-up.ts), or skipped with `pastReason` when the job was paused;
 * - a DST gap under the `skip` policy leaves a skipped row saying so;
 * - one the owner skipped ahead (`job.skips`) leaves a `skipped_by_user` row.
 * Runs are keyed by their start: the occurrence plus the job's start offset (its flexible
 * window); `after` is such a run time too, so the chain resumes from a run key as well as from now.
 */
export function planChain(job: Job, after: number, now: number, s: EngineSettings, opts: { pastReason?: SkipReason; graceMs?: number } = {}): ChainPlan {
  const pastReason = opts.pastReason ?? "missed";
  const steps: Step[] = [];
  const sends: QueueItem[] = [];
  const late: number[] = [];
  let uncounted = 0;
  let jumpedTo: number | null = null;
  let head = job.next_run_at;
  let count = job.run_count;
  const offset = startOffsetOf(job);
  // Occurrences are read from the schedule; `cursor` stays in its (nominal) times.
  let cursor = after - offset;
  const lateBefore = now - (opts.graceMs ?? job.policy.misfire_grace_ms);

  const insert = (at: number, make: (r: ReturnType<typeof newRun>) => ReturnType<typeof newRun>, detail: string | null = null) => {
    steps.push(insertStep(make(newRun(job, at, now, s.shard_count)), now, detail));
  };

  for (let i = 0; i < MAX_STEPS; i++) {
    const occ = firstOrNext(job, cursor, now, i === 0 && head === null);
    if (!occ || ended(job, occ.at, count)) break;
    cursor = occ.at;
    const at = occ.at + offset;
    if (occ.skip) {
      insert(at, (r) => skipped(r, "dst_gap", now), "wall time does not exist (DST gap, policy skip)");
      continue;
    }
    count++;
    head = at;
    if (job.skips.includes(at)) {
      insert(at, (r) => skipped(r, "skipped_by_user", now), "skipped ahead by the owner");
      continue;
    }
    if (at < lateBefore) {
      if (late.length < s.catch_up_cap) late.push(at);
      else {
        uncounted++;
        // Far behind: jump to the grace window instead of walking every missed minute.
        cursor = Math.max(cursor, lateBefore - 1 - offset);
        jumpedTo = cursor + offset;
      }
      continue;
    }
    if (job.status === "paused" && at <= now) {
      insert(at, (r) => skipped(r, "paused", now));
      continue;
    }
    if (at <= now + s.look_ahead_ms && job.status === "active") {
      const due = Math.max(at, now);
      insert(at, (r) => queued(r, due, now, s.stale_queued_ms));
      sends.push({ key: { job_id: job.id, scheduled_at: at }, owner: job.owner, dueAt: due });
      continue;
    }
    insert(at, (r) => r);
    break;
  }

  const runLate = job.status === "active" && pastReason === "missed" ? lateToRun(job, late, now) : [];
  for (const at of late) {
    if (runLate.includes(at)) {
      insert(at, (r) => queued(r, now, now, s.stale_queued_ms), lateDetail(job, at, now));
      sends.push({ key: { job_id: job.id, scheduled_at: at }, owner: job.owner, dueAt: now });
    } else {
      const detail =
        jumpedTo !== null && at === late[late.length - 1]
          ? `later occurrences up to ${new Date(jumpedTo).toISOString()} were also not run (over the catch-up cap, no row each)`
          : null;
      insert(at, (r) => skipped(r, job.status === "paused" ? "paused" : pastReason, now), detail);
    }
  }
  // Skips the chain has now passed are recorded as rows; only those still ahead stay on the job.
  const skips = job.skips.filter((t) => head === null || t > head);
  return { steps, sends, job: { ...job, next_run_at: head, run_count: count, skips }, uncounted };
}

/** An immediate job has one occurrence, "now", created with the job. */
function firstOrNext(job: Job, after: number, now: number, isFirst: boolean): Occurrence | null {
  if (job.schedule.kind === "immediate") return isFirst ? { at: now } : null;
  return nextOccurrence(job.schedule, after);
}

function ended(job: Job, at: number, count: number): boolean {
  return (job.end_at !== null && at >= job.end_at) || (job.max_runs !== null && count >= job.max_runs);
}

/** True when the schedule has no occurrence after the run time `after` (the job can complete once its runs finish). */
export function chainEnded(job: Job, after: number, now: number): boolean {
  const occ = firstOrNext(job, after - startOffsetOf(job), now, job.next_run_at === null);
  return !occ || ended(job, occ.at, job.run_count);
}
