import { DomainError } from "../core/errors.js";
import { describeSchedule, formatIsoInZone, type IsoInstant, isValidTimeZone, nextFireTimes, readIsoTime, validateSchedule } from "../core/schedule/index.js";
import type { Schedule } from "../core/schedule/model.js";

export interface ScheduleOutput {
  schedule: Schedule;
  description: string;
  /** ISO 8601 UTC instants, strictly after the reference time. */
  next: string[];
  /** The same instants in the schedule's zone. */
  next_local: string[];
  notes?: string[];
  /** No runs at or after this instant (ISO 8601 UTC), when the schedule has an end. */
  end_at?: string;
  /** How many runs in all, when the schedule has a count. */
  max_runs?: number;
}

/** How a phrase bounds its runs ("until June 30", "3 times"). */
export interface Bounds {
  endAt?: number;
  maxRuns?: number;
}

const TEN_YEARS_MS = 10 * 365 * 86_400_000;

/** How many fire times a preview prints without --count. */
import { DEFAULT_COUNT } from "./preview-command.js";

export { DEFAULT_COUNT };

const INSTANT_EXPECTED = 'an ISO 8601 time with offset, e.g. "2026-03-08T00:00:00Z" or "2026-03-08T09:00:00+08:00"';

/** An instant: ISO 8601 with an offset; read by core's one reader of ISO times. */
export function parseInstant(value: string, field: string): number {
  const read = readTime(value, "UTC", field, INSTANT_EXPECTED);
  if (!read.hasOffset) throw notInstant(value, field, INSTANT_EXPECTED);
  return read.at;
}

/**
 * `--after`: an instant with an offset, or a local date and time in the schedule's zone, read
 * like any wall time a person gives (a time the clocks skip becomes the transition, with a note).
 */
export function parseAfter(value: string, zone: string): IsoInstant {
  const expected = `${INSTANT_EXPECTED}, or a local time in --tz such as "2026-03-08T02:30"`;
  const instant = readTime(value, "UTC", "after", expected);
  // An unknown --tz is reported by the schedule's validation, as when --after has an offset.
  return instant.hasOffset || !isValidTimeZone(zone) ? instant : readTime(value, zone, "after", expected);
}

const notInstant = (value: string, field: string, expected: string) =>
  new DomainError("invalid_argument", `${field} "${value}" is not an ISO 8601 instant with an offset.`, { field, expected });

function readTime(value: string, zone: string, field: string, expected: string): IsoInstant {
  try {
    return readIsoTime(value, zone, field);
  } catch (e) {
    if (e instanceof DomainError && e.code === "invalid_argument") throw notInstant(value, field, expected);
    throw e;
  }
}

export function parseCount(value: string | undefined): number {
  if (value === undefined) return DEFAULT_COUNT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    throw new DomainError("invalid_argument", `--count "${value}" is not a whole number from 1 to 1000.`, {
      field: "count",
      expected: "an integer from 1 to 1000",
    });
  }
  return n;
}

/** `duely schedule next "<cron>" --tz <IANA>`: the next N fire times strictly after --after. */
export function scheduleNext(expr: string, opts: { tz?: string; after?: string; count?: string }, now: number): ScheduleOutput {
  if (!opts.tz) throw new DomainError("invalid_argument", "--tz is required.", { field: "tz", expected: 'an IANA zone, e.g. "America/New_York"' });
  const schedule: Schedule = { kind: "cron", expr, timezone: opts.tz };
  const after: IsoInstant = opts.after === undefined ? { at: now, hasOffset: true } : parseAfter(opts.after, opts.tz);
  // Previewing is not scheduling: a past --after is fine, so validate against it, with a wide horizon.
  validateSchedule(schedule, after.at, { horizonMs: TEN_YEARS_MS });
  return render(schedule, after.at, parseCount(opts.count), after.note === undefined ? undefined : [after.note]);
}

export function render(schedule: Schedule, after: number, count: number, notes?: string[], bounds: Bounds = {}): ScheduleOutput {
  const { endAt, maxRuns } = bounds;
  const fires = (schedule.kind === "immediate" ? [after] : nextFireTimes(schedule, after, count))
    .filter((t) => endAt === undefined || t < endAt)
    .slice(0, maxRuns);
  const zone = schedule.kind === "immediate" ? "UTC" : schedule.timezone;
  return {
    schedule,
    description: describeSchedule(schedule),
    next: fires.map((t) => new Date(t).toISOString()),
    next_local: fires.map((t) => formatIsoInZone(t, zone)),
    ...(notes && notes.length > 0 && { notes }),
    ...(endAt !== undefined && { end_at: new Date(endAt).toISOString() }),
    ...(maxRuns !== undefined && { max_runs: maxRuns }),
  };
}

export function formatText(out: ScheduleOutput): string {
  const lines = [out.description];
  if (out.end_at !== undefined) lines.push(`  ends before ${out.end_at}`);
  if (out.max_runs !== undefined) lines.push(`  ${out.max_runs} runs in all`);
  for (const [i, utc] of out.next.entries()) lines.push(`  ${utc}   ${out.next_local[i]}`);
  for (const n of out.notes ?? []) lines.push(`  note: ${n}`);
  return lines.join("\n");
}
