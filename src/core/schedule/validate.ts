import { DomainError } from "../errors.js";
import { isFixedTime, parseCron } from "./cron-fields.js";
import { type CronSchedule, cronExprs, type DstPolicy, INTERVAL_UNITS, type Schedule } from "./model.js";
import { nextFireTimes } from "./next.js";
import { DAY_MS, HOUR_MS } from "./wall-time.js";
import { formatInZone, isValidTimeZone, unknownTimeZone } from "./zone.js";

export interface ValidateOptions {
  /** How far ahead a schedule may first fire (the engine's default is one year). */
  horizonMs: number;
}

/** JavaScript dates end at ±8.64e15 ms; beyond that an instant cannot even be printed. */
const MAX_INSTANT = 8.64e15;

/**
 * Throws DomainError if the schedule cannot be accepted now: invalid_schedule, unknown_timezone,
 * in_the_past (a `once` not after `now`), beyond_horizon (a first fire later than
 * now + horizonMs, or none at all, as for "0 0 30 2 *").
 */
export function validateSchedule(s: Schedule, now: number, opts: ValidateOptions): void {
  const horizonEnd = now + opts.horizonMs;
  switch (s.kind) {
    case "immediate":
      return;
    case "once":
      checkTimeZone(s.timezone);
      checkInstant(s.at, "schedule.at");
      if (s.at <= now) throw inThePast(s.at, now, s.timezone);
      if (s.at > horizonEnd) throw beyondHorizon(s, "schedule.at", opts.horizonMs, s.at);
      return;
    case "cron":
      checkTimeZone(s.timezone);
      checkCronExprs(s);
      if (s.start !== undefined) checkInstant(s.start, "schedule.start");
      checkDst(s.dst);
      checkFiresWithin(s, now, opts.horizonMs, "schedule.expr");
      return;
    case "every":
      checkTimeZone(s.timezone);
      checkEveryShape(s.every, s.unit);
      checkInstant(s.anchor, "schedule.anchor");
      checkDst(s.dst);
      if (s.anchor > horizonEnd) throw beyondHorizon(s, "schedule.anchor", opts.horizonMs, s.anchor);
      checkFiresWithin(s, now, opts.horizonMs, "schedule.every");
      return;
    default:
      throw invalid(`Unknown schedule kind ${JSON.stringify((s as { kind?: unknown }).kind)}.`, "schedule.kind", 'one of "immediate", "once", "cron", "every"');
  }
}

const invalid = (message: string, field: string, expected: string, hint?: string): DomainError =>
  new DomainError("invalid_schedule", message, { field, expected, ...(hint !== undefined && { hint }) });

function checkTimeZone(tz: string): void {
  if (!isValidTimeZone(tz)) throw unknownTimeZone(tz);
}

/**
 * Each expression must parse, and all must follow the same DST rule (docs/dst.md): all name
 * wall-clock times, or all follow real time, so that one policy applies to the schedule.
 */
function checkCronExprs(s: CronSchedule): void {
  const exprs = cronExprs(s);
  for (const expr of exprs) parseCron(expr);
  if (new Set(exprs.map(isFixedTime)).size > 1) {
    throw invalid(
      `The cron expressions ${exprs.map((e) => JSON.stringify(e)).join(", ")} mix fixed times with wildcard minutes or hours.`,
      "schedule.also",
      "expressions that all name fixed minutes and hours (0,30 8-11 * * *), or all use * in the minute or hour field",
      "Spell the minutes and hours out (0,30 rather than */30) in every expression.",
    );
  }
}

function checkInstant(t: number, field: string): void {
  if (!Number.isSafeInteger(t) || Math.abs(t) > MAX_INSTANT) {
    throw invalid(`${field} must be a time in epoch milliseconds, got ${String(t)}.`, field, "an integer number of milliseconds since 1970-01-01T00:00:00Z");
  }
}

function checkEveryShape(every: number, unit: string): void {
  if (!Number.isInteger(every) || every < 1 || every > 1000) {
    throw invalid(`"every" must be a whole number from 1 to 1000, got ${String(every)}.`, "schedule.every", "an integer from 1 to 1000");
  }
  if (!(INTERVAL_UNITS as readonly string[]).includes(unit)) {
    throw invalid(`Unknown interval unit ${JSON.stringify(unit)}.`, "schedule.unit", INTERVAL_UNITS.map((u) => `"${u}"`).join(", "));
  }
}

function checkDst(dst: DstPolicy | undefined): void {
  if (dst?.gap !== undefined && dst.gap !== "run_at_transition" && dst.gap !== "skip") {
    throw invalid(`Unknown DST gap policy ${JSON.stringify(dst.gap)}.`, "schedule.dst.gap", '"run_at_transition" or "skip"');
  }
  if (dst?.overlap !== undefined && !["first", "second", "both"].includes(dst.overlap)) {
    throw invalid(`Unknown DST overlap policy ${JSON.stringify(dst.overlap)}.`, "schedule.dst.overlap", '"first", "second" or "both"');
  }
}

function checkFiresWithin(s: Schedule & { kind: "cron" | "every" }, now: number, horizonMs: number, field: string): void {
  const [first] = nextFireTimes(s, now, 1);
  if (first === undefined || first > now + horizonMs) throw beyondHorizon(s, field, horizonMs, first);
}

/** "365 days", "36 hours", "90 minutes" */
function formatSpan(ms: number): string {
  if (ms >= 2 * DAY_MS) return `${Math.round(ms / DAY_MS)} days`;
  if (ms >= 2 * HOUR_MS) return `${Math.round(ms / HOUR_MS)} hours`;
  return `${Math.round(ms / 60_000)} minutes`;
}

const iso = (t: number): string => new Date(t).toISOString();

function inThePast(at: number, now: number, tz: string): DomainError {
  return new DomainError("in_the_past", `The time ${iso(at)} (${formatInZone(tz, at)} in ${tz}) is not in the future; it is now ${iso(now)}.`, {
    field: "schedule.at",
    expected: "an instant after now",
    hint: 'To run right away, use kind "immediate"; to repeat, use a cron or every schedule.',
  });
}

function beyondHorizon(s: Schedule & { timezone: string }, field: string, horizonMs: number, first: number | undefined): DomainError {
  const span = formatSpan(horizonMs);
  const what = s.kind === "cron" ? `Cron ${JSON.stringify(s.expr)} in ${s.timezone}` : "This every schedule";
  const message =
    first === undefined
      ? `${what} never fires within the next 5 years.`
      : s.kind === "once"
        ? `The time ${iso(first)} (${formatInZone(s.timezone, first)} in ${s.timezone}) is more than ${span} from now.`
        : `${what} first fires at ${iso(first)} (${formatInZone(s.timezone, first)}), more than ${span} from now.`;
  const hint =
    s.kind === "cron"
      ? "Check that the day of month exists in the chosen months (there is no 30 February) and that day-of-month and day-of-week can coincide."
      : s.kind === "every"
        ? "Use an anchor within the horizon or a shorter interval."
        : undefined;
  return new DomainError("beyond_horizon", message, {
    field,
    expected: `a schedule whose first fire is within ${span} of now`,
    ...(hint !== undefined && { hint }),
  });
}
