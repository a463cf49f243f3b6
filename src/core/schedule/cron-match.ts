import { type CronFields, dayMatches } from "./cron-fields.js";
import { civilFromDays, DAY_MS, dayOfWeek, daysFromCivil, MINUTE_MS } from "./wall-time.js";

/**
 * The first wall time (as-if-UTC ms, whole minute) at or after `from` that the fields match, or
 * null if there is none up to `limit`. Pure calendar search, no zone: months that cannot match
 * are skipped whole, days one by one (at most 31 per month), hours and minutes by table lookup.
 */
export function nextWallMatch(fields: CronFields, from: number, limit: number): number | null {
  const start = Math.ceil(from / MINUTE_MS) * MINUTE_MS;
  let days = Math.floor(start / DAY_MS);
  let minuteOfDay = (start - days * DAY_MS) / MINUTE_MS;

  while (days * DAY_MS <= limit) {
    const { year, month, day } = civilFromDays(days);
    if (!fields.months[month]) {
      days = month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1);
      minuteOfDay = 0;
      continue;
    }
    if (dayMatches(fields, year, month, day, dayOfWeek(days))) {
      const minute = nextTimeOfDay(fields, minuteOfDay);
      if (minute >= 0) {
        const wall = days * DAY_MS + minute * MINUTE_MS;
        return wall <= limit ? wall : null;
      }
    }
    days += 1;
    minuteOfDay = 0;
  }
  return null;
}

/** Smallest matching minute of the day ≥ `minuteOfDay`, or -1. */
function nextTimeOfDay(fields: CronFields, minuteOfDay: number): number {
  const hour = Math.floor(minuteOfDay / 60);
  if (fields.hours[hour]) {
    const minute = fields.nextMinute[minuteOfDay % 60] ?? -1;
    if (minute >= 0) return hour * 60 + minute;
  }
  const nextHour = fields.nextHour[hour + 1] ?? -1;
  const firstMinute = fields.nextMinute[0] ?? -1;
  return nextHour >= 0 && firstMinute >= 0 ? nextHour * 60 + firstMinute : -1;
}
