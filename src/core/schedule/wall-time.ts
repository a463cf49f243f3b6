/**
 * Wall-clock arithmetic without a zone. A *wall time* is a local date and time written as epoch
 * milliseconds "as if it were UTC" (2026-03-08 02:30 local → Date.UTC(2026, 2, 8, 2, 30)). Wall
 * times have no DST, so adding a day is adding 86,400,000 ms; resolve-wall.ts turns them into instants.
 * Nothing here reads the machine's clock or zone.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Inverse of daysFromCivil. */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday. */
export const dayOfWeek = (days: number): number => (((days + 4) % 7) + 7) % 7;

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (year: number, month: number): number => (month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 31));

export const wallDays = (wall: number): number => Math.floor(wall / DAY_MS);
export const civilOfWall = (wall: number): CivilDate => civilFromDays(wallDays(wall));

/** A wall time as fields: a date and a time of day, to the minute like cron. */
export interface CivilTime extends CivilDate {
  /** 0–23 */
  hour: number;
  minute: number;
}

/** Any other field (a `second` spread in from a reading of now) is ignored. */
export const wallOf = (t: CivilTime): number => daysFromCivil(t.year, t.month, t.day) * DAY_MS + t.hour * HOUR_MS + t.minute * MINUTE_MS;

/**
 * The fields of a wall time, with its weekday (0 = Sunday, as in cron) and the seconds into the
 * minute (milliseconds as the fraction).
 */
export function civilTimeOfWall(wall: number): CivilTime & { second: number; weekday: number } {
  const days = wallDays(wall);
  const ms = wall - days * DAY_MS;
  return {
    ...civilFromDays(days),
    hour: Math.floor(ms / HOUR_MS),
    minute: Math.floor((ms % HOUR_MS) / MINUTE_MS),
    second: (ms % MINUTE_MS) / 1000,
    weekday: dayOfWeek(days),
  };
}

/** The date `days` days on (or back), with its weekday. */
export function addDays(date: CivilDate, days: number): CivilDate & { weekday: number } {
  const d = daysFromCivil(date.year, date.month, date.day) + days;
  return { ...civilFromDays(d), weekday: dayOfWeek(d) };
}

/** The day of the week of a date (0 Sunday … 6 Saturday). */
export const weekdayOf = (date: CivilDate): number => dayOfWeek(daysFromCivil(date.year, date.month, date.day));

/** Whole days from `a` to `b`: positive when `b` is later. */
export const daysBetween = (a: CivilDate, b: CivilDate): number => daysFromCivil(b.year, b.month, b.day) - daysFromCivil(a.year, a.month, a.day);

/**
 * The date `months` months on, keeping the day of month where that month has it and taking its
 * last day where it does not: Jan 31 + 1 month → Feb 28.
 */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** "2026-03-08" */
export function formatWallDate(wall: number): string {
  const { year, month, day } = civilOfWall(wall);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** "02:30", or "02:30:15" when the wall time has seconds. */
export function formatWallTime(wall: number): string {
  const ms = wall - wallDays(wall) * DAY_MS;
  const h = Math.floor(ms / HOUR_MS);
  const m = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const s = Math.floor((ms % MINUTE_MS) / 1000);
  return s === 0 ? `${pad(h)}:${pad(m)}` : `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** "-04:00", "+10:30" */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
