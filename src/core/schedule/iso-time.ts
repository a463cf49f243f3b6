import { DomainError } from "../errors.js";
import { resolveLocalTimeNoted } from "./local-time.js";
import {
  addDays,
  type CivilDate,
  type CivilTime,
  DAY_MS,
  daysFromCivil,
  daysInMonth,
  formatOffset,
  formatWallDate,
  formatWallTime,
  HOUR_MS,
  MINUTE_MS,
} from "./wall-time.js";
import { zoneRules } from "./zone.js";

/**
 * ISO 8601 times as people and models write them, read and written with the engine's zone rules
 * (zone.ts) and its one resolver of wall times (`resolveLocalTimeNoted`), so "2026-03-08T02:30"
 * in New York is the same instant, with the same note, as the phrase "on March 8 at 2:30am".
 */

export const ISO_EXPECTED = 'ISO 8601, e.g. "2026-03-08T09:00:00+08:00" (that instant) or "2026-03-08T09:00" (local time in the schedule\'s zone)';

/** Extended format only: "2026-03-08T09:00", optional seconds and fraction, optional Z or ±hh[:mm] offset. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface IsoParts {
  date: CivilDate;
  /** Milliseconds into the local day; 24:00 is the end of the day (ISO 8601), i.e. the next day's start. */
  timeMs: number;
  /** The offset written in the text, or null: a local time. */
  offsetMs: number | null;
}

const validDate = (year: number, month: number, day: number): boolean => month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

function offsetOf(text: string | undefined): number | null | undefined {
  if (text === undefined) return null;
  if (text === "Z" || text === "z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  const hours = Number(m?.[2]);
  const minutes = Number(m?.[3] ?? 0);
  if (m === null || hours > 23 || minutes > 59) return undefined;
  return (m[1] === "-" ? -1 : 1) * (hours * HOUR_MS + minutes * MINUTE_MS);
}

function partsOf(value: string): IsoParts | null {
  const m = DATE_TIME.exec(value);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as [number, number, number, number, number, number];
  const ms = Math.floor(Number(`0.${m[7] ?? "0"}`) * 1000);
  const endOfDay = hour === 24 && minute === 0 && second === 0 && ms === 0;
  if (!validDate(year, month, day) || (hour > 23 && !endOfDay) || minute > 59 || second > 59) return null;
  const offsetMs = offsetOf(m[8]);
  if (offsetMs === undefined) return null;
  return { date: { year, month, day }, timeMs: hour * HOUR_MS + minute * MINUTE_MS + second * 1000 + ms, offsetMs };
}

function notIso(value: string, field: string): DomainError {
  return new DomainError("invalid_argument", `${field} ${JSON.stringify(value)} is not an ISO 8601 date and time.`, { field, expected: ISO_EXPECTED });
}

export interface IsoInstant {
  at: number;
  /** Whether the text carried its own offset (then `zone` played no part). */
  hasOffset: boolean;
  /** The local time read, when the text carried no offset. */
  local?: CivilTime;
  /** Set when the clocks skip or repeat that local time (docs/dst.md). */
  dst?: "gap_shifted" | "overlap_first";
  /** What became of such a time, in the words the phrase reader uses. */
  note?: string;
}

/**
 * An ISO 8601 date and time: with an offset, that instant; without, wall-clock time in `zone`,
 * resolved like a fixed-time job: a time the clocks skip runs at the transition, a time they
 * repeat at its first pass. Throws `invalid_argument` naming `field` for anything else.
 */
export function readIsoTime(value: string, zone: string, field: string): IsoInstant {
  const parts = partsOf(value);
  if (parts === null) throw notIso(value, field);
  const { date, timeMs, offsetMs } = parts;
  if (offsetMs !== null) return { at: daysFromCivil(date.year, date.month, date.day) * DAY_MS + timeMs - offsetMs, hasOffset: true };
  const day = timeMs >= DAY_MS ? addDays(date, 1) : date;
  const ofDay = timeMs % DAY_MS;
  const minuteMs = ofDay - (ofDay % MINUTE_MS);
  const local = { ...day, hour: Math.floor(minuteMs / HOUR_MS), minute: (minuteMs % HOUR_MS) / MINUTE_MS };
  const { note, dst, at: minuteAt } = resolveLocalTimeNoted(local, zone);
  // Seconds ride on the resolved minute; a time the clocks skip runs at the transition itself.
  const at = dst === "gap_shifted" ? minuteAt : minuteAt + (ofDay - minuteMs);
  return { at, hasOffset: false, local, ...(dst !== undefined && dst !== "overlap_second" && { dst }), ...(note !== undefined && { note }) };
}

/** A local date ("2026-03-08") as the span of that day in `zone`: from its first instant to just before the next day's. */
export function readIsoDay(value: string, zone: string, field: string): { from: number; to: number } | null {
  const m = DATE.exec(value);
  if (m === null) return null;
  const [year, month, day] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
  if (!validDate(year, month, day)) {
    throw new DomainError("invalid_argument", `${field} ${JSON.stringify(value)} is not a date.`, { field, expected: 'a date such as "2026-03-06"' });
  }
  const start = (d: CivilDate) => resolveLocalTimeNoted({ ...d, hour: 0, minute: 0 }, zone).at;
  return { from: start({ year, month, day }), to: start(addDays({ year, month, day }, 1)) - 1 };
}

/**
 * An instant as ISO 8601 in `zone`'s local time with its offset ("2026-03-08T03:00:00-04:00";
 * milliseconds only when there are some; "Z" for the zone UTC).
 */
export function formatIsoInZone(t: number, zone: string): string {
  const offset = zoneRules(zone).offsetAt(t);
  const wall = t + offset;
  const ms = ((wall % 1000) + 1000) % 1000;
  const seconds = formatWallTime(wall - ms);
  const time = seconds.length === 5 ? `${seconds}:00` : seconds;
  const fraction = ms === 0 ? "" : `.${String(ms).padStart(3, "0")}`;
  const suffix = offset === 0 && (zone === "UTC" || zone === "GMT") ? "Z" : formatOffset(offset);
  return `${formatWallDate(wall)}T${time}${fraction}${suffix}`;
}

/** An instant's clock time in `zone`: "08:00", or "08:00:30" with `seconds`. */
export function formatClockInZone(t: number, zone: string, seconds = false): string {
  const wall = t + zoneRules(zone).offsetAt(t);
  const ofDay = ((wall % DAY_MS) + DAY_MS) % DAY_MS;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, "0");
  const clock = `${pad(ofDay / HOUR_MS)}:${pad((ofDay % HOUR_MS) / MINUTE_MS)}`;
  return seconds ? `${clock}:${pad((ofDay % MINUTE_MS) / 1000)}` : clock;
}
