import { formatDuration } from "../core/duration.js";
import type { Job, SkipReason } from "../core/model.js";
import { nextOccurrence } from "../core/schedule/index.js";
import type { Occurrence } from "../core/schedule/model.js";
import { startOffsetOf } from "../core/start-window.js";
import type { QueueItem } from "../ports/queue.js";
import { catchUp } from "./catch-up.js";
import { insertStep, newRun, queued, queueItemOf, type Step, skipped } from "./runs.js";
import type { EngineSettings } from "./settings.js";

/** A valid schedule never needs this many steps to pass one look-ahead window; it bounds bad ones. */
const MAX_STEPS = 20_000;

export interface ChainPlan {
  steps: Step[];
  /** Runs inserted as queued (due within the window): send them after the commit. */
  sends: QueueItem[];
  /** The job with its chain head and run count moved on; the caller bumps the version. */
  job: Job;
}

/**
 * Creates the job's occurrences strictly after `after` up to and including the first one
 * beyond the look-ahead window, so exactly one future pending run remains:
 * - an occurrence inside the window is inserted queued (it skips the watcher), unless
 *   `leavePending` (its owner is at the create path's send cap): then it is the pending head,
 *   for the watcher to send;
 * - one already due (downtime, or a resume) is decided by `catch_up` (src/app/catch-up.ts: the
 *   newest runs, on time or late, the others are superseded, unless `all`), or skipped with
 *   `pastReason` when the job was paused or is being resumed;
 * - a DST gap under the `skip` policy leaves a skipped row saying so;
 * - one the owner skipped ahead (`job.skips`) leaves a `skipped_by_user` row.
 * Of a long run of past occurrences, those older than the catch-up window (none of which can
 * run) get one row for them all, the walk jumping over the rest; within the window, the newest
 * `catch_up_cap` past the grace window get a row each, the one before them saying how many did not.
 * Runs are keyed by their start: the occurrence plus the job's start offset (its flexible
 * window); `after` is such a run time too, so the chain resumes from a run key as well as from now.
 */
export function planChain(job: Job, after: number, now: number, s: EngineSettings, opts: { pastReason?: SkipReason; leavePending?: boolean } = {}): ChainPlan {
  const pastReason = opts.pastReason ?? "missed";
  const steps: Step[] = [];
  const sends: QueueItem[] = [];
  /** Occurrences at or before now and within the catch-up window, oldest first: the newest `catch_up_cap` past the grace window, and all within it. */
  const past: number[] = [];
  let late = 0;
  /** The newest occurrence within the window that got no row (over the cap). */
  let droppedUpTo: number | null = null;
  /** The first occurrence older than the catch-up window, and the newest of the others (which get no row). */
  let oldest: number | null = null;
  let oldUpTo: number | null = null;
  /** The first occurrence after the past ones; null when the schedule ends first. */
  let following: number | null = null;
  let head = job.next_run_at;
  let count = job.run_count;
  const offset = startOffsetOf(job);
  // Occurrences are read from the schedule; `cursor` stays in its (nominal) times.
  let cursor = after - offset;
  const lateBefore = now - job.policy.misfire_grace_ms;
  const windowStart = now - job.policy.catch_up_window_ms;

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
    if (at < windowStart) {
      // Older than the catch-up window: none can run. The first gets the row; the walk jumps to
      // the window rather than step through every missed minute of a long downtime.
      if (oldest === null) oldest = at;
      else oldUpTo = Math.max(at, windowStart - 1);
      if (cursor < windowStart - 1 - offset) cursor = windowStart - 1 - offset;
      continue;
    }
    if (at <= now) {
      if (at < lateBefore && late === s.catch_up_cap) {
        // Over the cap: keep the newest; the oldest kept goes without a row.
        droppedUpTo = past.shift()!;
        late--;
      }
      past.push(at);
      if (at < lateBefore) late++;
      continue;
    }
    following = at;
    if (at <= now + s.look_ahead_ms && job.status === "active" && !opts.leavePending) {
      insert(at, (r) => queued(r, at, now, s.stale_queued_ms));
      sends.push(queueItemOf({ job_id: job.id, scheduled_at: at }, job.owner, at));
      continue;
    }
    insert(at, (r) => r);
    break;
  }

  const decides = job.status === "active" && pastReason === "missed";
  const pastReasonOf = () => (job.status === "paused" ? "paused" : pastReason);
  if (oldest !== null) {
    const others = oldUpTo === null ? "" : `; later ones up to ${new Date(oldUpTo).toISOString()} were not run either (no row each)`;
    const detail = `older than the ${formatDuration(job.policy.catch_up_window_ms)} catch-up window, not run${others}`;
    insert(oldest, (r) => skipped(r, decides ? "missed" : pastReasonOf(), now), detail);
  }
  for (const [i, at] of past.entries()) {
    const note =
      i === 0 && droppedUpTo !== null
        ? `; earlier occurrences up to ${new Date(droppedUpTo).toISOString()} were not run either (over the catch-up cap, no row each)`
        : "";
    if (!decides) {
      insert(at, (r) => skipped(r, pastReasonOf(), now), note ? note.slice(2) : null);
      continue;
    }
    const verdict = catchUp(job, at, at, now, past[i + 1] ?? following);
    if (verdict.kind === "run") {
      insert(at, (r) => queued(r, now, now, s.stale_queued_ms), verdict.detail === null ? null : verdict.detail + note);
      sends.push(queueItemOf({ job_id: job.id, scheduled_at: at }, job.owner, now));
    } else insert(at, (r) => skipped(r, "missed", now), verdict.detail + note);
  }
  // Skips the chain has now passed are recorded as rows; only those still ahead stay on the job.
  const skips = job.skips.filter((t) => head === null || t > head);
  return { steps, sends, job: { ...job, next_run_at: head, run_count: count, skips } };
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
