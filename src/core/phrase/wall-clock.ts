import { IANAZone } from "luxon";

/** A calendar date and a time of day as read on a wall clock in some zone. `month` is 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface ResolvedWallTime {
  at: number;
  /**
   * `gap`: the wall time does not exist (spring forward); `at` is the transition instant.
   * `overlap`: it occurs twice (fall back); `at` is the first occurrence.
   */
  dst?: "gap" | "overlap";
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const zoneOf = (timezone: string): IANAZone => IANAZone.create(timezone);

export const isKnownZone = (timezone: string): boolean => IANAZone.isValidZone(timezone);

/** Offset of `timezone` from UTC at `at`, in minutes (New York in winter: -300). */
export const offsetMinutes = (timezone: string, at: number): number => zoneOf(timezone).offset(at);

/**
 * The instant at which `wall` is shown in `timezone`, with the DST cases made explicit.
 * Luxon resolves an ambiguous local time by looking at the current date and shifts a
 * nonexistent one forward by the size of the gap (02:30 -> 03:30); the engine's policy is
 * "first occurrence" and "the transition instant" (03:00), so both are decided here.
 */
export function resolveWallTime(wall: WallTime, timezone: string): ResolvedWallTime {
  const zone = zoneOf(timezone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Offsets a day either side cover every real transition (none exceeds a day).
  const before = zone.offset(asUtc - 24 * HOUR_MS);
  const after = zone.offset(asUtc + 24 * HOUR_MS);
  const fits = [...new Set([before, after])]
    .map((offset) => asUtc - offset * MINUTE_MS)
    .filter((at) => showsWall(zone, at, asUtc))
    .sort((a, b) => a - b);
  const [first] = fits;
  if (first !== undefined) return fits.length > 1 ? { at: first, dst: "overlap" } : { at: first };
  return { at: transitionBetween(zone, asUtc - before * MINUTE_MS, asUtc - after * MINUTE_MS), dst: "gap" };
}

const showsWall = (zone: IANAZone, at: number, wallAsUtc: number): boolean => at + zone.offset(at) * MINUTE_MS === wallAsUtc;

/** The first instant in (lo, hi] whose offset differs from the offset at `lo`; minute precision. */
function transitionBetween(zone: IANAZone, a: number, b: number): number {
  let lo = Math.min(a, b);
  let hi = Math.max(a, b);
  const start = zone.offset(lo);
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (zone.offset(mid) === start) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The wall-clock reading of `at` in `timezone`, plus the ISO weekday turned cron-style (Sunday = 0). */
export function wallTimeAt(at: number, timezone: string): WallTime & { weekday: number; second: number } {
  const shifted = new Date(at + offsetMinutes(timezone, at) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds() + shifted.getUTCMilliseconds() / 1000,
    weekday: shifted.getUTCDay(),
  };
}

/** Calendar arithmetic on a date, independent of any zone. */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const formatWall = (w: WallTime): string => `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;

export const formatClock = (hour: number, minute: number): string => `${pad(hour)}:${pad(minute)}`;

/** "1 hour", "3 days". */
export const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? "" : "s"}`;

const pad = (n: number): string => String(n).padStart(2, "0");
