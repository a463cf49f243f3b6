import { formatDuration } from "../core/duration.js";
import type { Job, Run, RunError, RunPolicy, SkipReason } from "../core/model.js";
import { describeSchedule, formatClockInZone, formatIsoInZone } from "../core/schedule/index.js";
import { type Schedule, zoneOf } from "../core/schedule/model.js";
import { startOffsetOf } from "../core/start-window.js";
import type { PolicyView } from "./policy-schemas.js";
import type { Fire, RunView, ScheduleView, TaskView } from "./schemas.js";

/** Engine records (epoch ms) → what a tool returns (ISO 8601). No I/O, no clock. */

export const isoUtc = (t: number): string => new Date(t).toISOString().replace(".000Z", "Z");

export const isoLocal = (t: number, zone: string): string => formatIsoInZone(t, zone);

export const fire = (t: number, zone: string): Fire => ({ local: isoLocal(t, zone), utc: isoUtc(t) });

export { zoneOf };

export function scheduleView(s: Schedule, fallbackZone: string): ScheduleView {
  switch (s.kind) {
    case "immediate":
      return { type: "immediate", timezone: fallbackZone };
    case "once":
      return { type: "once", timezone: s.timezone, at: isoLocal(s.at, s.timezone) };
    case "cron":
      return {
        type: "cron",
        timezone: s.timezone,
        cron: s.expr,
        ...(s.also && { also_cron: s.also }),
        ...(s.start !== undefined && { start_at: isoLocal(s.start, s.timezone) }),
        ...(s.dst && { dst: s.dst }),
      };
    case "every":
      return { type: "every", timezone: s.timezone, every: s.every, unit: s.unit, start_at: isoLocal(s.anchor, s.timezone), ...(s.dst && { dst: s.dst }) };
  }
}

const WHY: Record<SkipReason, string> = {
  paused: "The task was paused at that time.",
  missed:
    "duely was not running at that time (stopped, or the computer asleep) or too busy, and when it got to the run it was too late to start: past the task's catch-up window, or a later missed run was made up instead.",
  overlap: "The previous run was still running, and this task does not run twice at once.",
  dst_gap: "That local time did not exist: the clocks jumped forward for daylight saving, and the task's DST policy skips it.",
  duplicate: "Another run for the same time already existed.",
  quota: "A usage limit was reached at that time.",
  ended: "The task had reached its end (end_at or max_runs).",
  skipped_by_user: "You asked to skip this occurrence (task_skip_v1).",
};

/**
 * What happens to a run due while duely is not running (the computer asleep or off), as the
 * task's catch-up policy says; null for a task that runs right away.
 */
export function catchUpNote(job: Job): string | null {
  if (job.schedule.kind === "immediate") return null;
  const { catch_up, catch_up_window_ms, misfire_grace_ms } = job.policy;
  const within = `up to ${formatDuration(catch_up_window_ms)} late`;
  const grace = formatDuration(misfire_grace_ms);
  const away = "If duely is not running at a run's time (the computer asleep or off)";
  if (job.schedule.kind === "once") {
    return catch_up === "skip"
      ? `${away}, that run is skipped, unless duely is back within ${grace} of it.`
      : `${away}, the run happens when duely is back, ${within}; later than that it is skipped.`;
  }
  if (catch_up === "skip") return `${away}, that run is skipped, not run late, unless duely is back within ${grace} of it and before the next run is due.`;
  if (catch_up === "all") return `${away}, each missed run happens once when duely is back, ${within}.`;
  return `${away}, only the latest missed run happens when duely is back, ${within}; older missed runs are skipped.`;
}

/** Long outputs are cut in lists; the full text is in the run's resource. */
const RESULT_LIMIT = 4000;

/** What an ask run with a condition recorded: whether it held (and the answer went out) and why. */
function conditionOf(run: Run): { met: boolean; reason: string } | undefined {
  const c = (run.result?.data as { condition?: { met?: unknown; reason?: unknown } } | undefined)?.condition;
  return typeof c?.met === "boolean" && typeof c.reason === "string" ? { met: c.met, reason: c.reason } : undefined;
}

/**
 * A run that started this long after its time is shown late (`late_by`): catch-up after
 * downtime, or a busy spell. On time, a run starts well within it (the queue's delay and a
 * poll interval).
 */
export const LATE_AFTER_MS = 60_000;

/** How late the run's first start was, in words; undefined when on time or not known (a retry resets `started_at`). */
function lateBy(run: Run): string | undefined {
  if (run.started_at === null || run.executions !== 1) return undefined;
  const late = run.started_at - run.scheduled_at;
  return late >= LATE_AFTER_MS ? formatDuration(late) : undefined;
}

export function runView(run: Run, zone: string): RunView {
  const text = run.result?.text;
  const late = lateBy(run);
  const condition = conditionOf(run);
  const usage = run.result?.usage;
  return {
    scheduled_for: fire(run.scheduled_at, zone),
    status: run.status,
    // The tries the user sees: starts of the action, not claims (the fencing token).
    attempt: run.executions,
    ...(run.skip_reason !== null && { skip_reason: run.skip_reason, why: WHY[run.skip_reason] }),
    ...(run.started_at !== null && { started_at: isoUtc(run.started_at) }),
    ...(late !== undefined && { late_by: late }),
    ...(run.finished_at !== null && { finished_at: isoUtc(run.finished_at) }),
    ...(text !== undefined && { result: text.length > RESULT_LIMIT ? `${text.slice(0, RESULT_LIMIT)}…` : text }),
    ...(text !== undefined && text.length > RESULT_LIMIT && { result_truncated: true }),
    ...(run.error !== null && { error: errorView(run.error) }),
    ...(run.origin === "manual" && { manual: true }),
    ...(condition && { condition }),
    ...(usage && { tokens: { input: usage.input_tokens, output: usage.output_tokens } }),
  };
}

/**
 * An interrupted attempt keeps the wire kind v1 clients know (`lease_expired`), and says that its
 * outcome is unknown: the action may have taken effect before its worker stopped.
 */
function errorView(error: RunError): RunView["error"] {
  const cut = error.kind === "interrupted" || error.kind === "lease_expired";
  return { message: error.message, kind: error.kind === "interrupted" ? "lease_expired" : error.kind, ...(cut && { outcome_unknown: true }) };
}

const hhmm = (t: number, zone: string) => formatClockInZone(t, zone);

/** A stored policy in the tools' terms (minutes, not milliseconds). */
export function policyFields(p: RunPolicy): PolicyView {
  const minutes = (ms: number) => Math.round(ms / 60_000);
  return { overlap: p.overlap, catch_up: p.catch_up, catch_up_window_minutes: minutes(p.catch_up_window_ms), window_minutes: minutes(p.window_ms) };
}

/**
 * The policies in effect; with a start window, when the next run starts: "between 08:00 and
 * 08:10" (its nominal time and the window's end), then this task's own point in it.
 */
export function policyView(job: Pick<Job, "id" | "schedule" | "policy">, zone: string, nextRun?: number): PolicyView {
  const view = policyFields(job.policy);
  const { window_ms } = job.policy;
  const offset = startOffsetOf(job);
  if (window_ms === 0 || nextRun === undefined || job.schedule.kind === "immediate") return view;
  const nominal = nextRun - offset;
  const own = formatClockInZone(nextRun, zone, true);
  return { ...view, start_window: `between ${hhmm(nominal, zone)} and ${hhmm(nominal + window_ms, zone)} (${zone}); this task starts at ${own}` };
}

/** What a task's summary adds to its view (see JobSummary). */
export interface TaskExtra {
  nextRunAt?: number | null;
  lastRun?: Run | null;
  skipped?: readonly number[];
  failing?: { run: Run; in_a_row: number } | null;
}

export function taskView(job: Job, serverZone: string, extra: TaskExtra = {}): TaskView {
  const zone = zoneOf(job.schedule, serverZone);
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    action: { ...job.action },
    schedule: scheduleView(job.schedule, serverZone),
    description: describeSchedule(job.schedule),
    timezone: zone,
    retry: { max_attempts: job.retry.max_attempts },
    ...(job.end_at !== null && { end_at: isoLocal(job.end_at, zone) }),
    ...(job.max_runs !== null && { max_runs: job.max_runs }),
    run_count: job.run_count,
    created_at: isoUtc(job.created_at),
    updated_at: isoUtc(job.updated_at),
    ...(extra.nextRunAt != null && { next_run: fire(extra.nextRunAt, zone) }),
    ...(extra.lastRun != null && { last_run: runView(extra.lastRun, zone) }),
    ...(extra.lastRun?.status === "failed" && { last_run_failed: true as const }),
    version: job.version,
    policies: policyView(job, zone, extra.nextRunAt ?? undefined),
    ...(job.pause_note !== null && { pause_note: job.pause_note }),
    ...(extra.skipped?.length && { skipped: extra.skipped.map((t) => fire(t, zone)) }),
    ...(extra.failing && {
      failing: {
        reason: extra.failing.run.error?.message ?? "The run failed.",
        last_failed: fire(extra.failing.run.scheduled_at, zone),
        in_a_row: extra.failing.in_a_row,
      },
    }),
  };
}
