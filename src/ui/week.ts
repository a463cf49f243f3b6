/**
 * Week arithmetic for the timeline, without a date library: duely sends every fire as ISO text
 * in the task's own zone (with that zone's offset), so a fire's local date and time of day are
 * read off the string. Only "today in that zone" needs Intl.
 */

/** `2026-03-08T08:00:00-04:00` → `2026-03-08`. */
export const localDate = (iso: string): string => iso.slice(0, 10);

/** `2026-03-08T08:00:00-04:00` → `08:00`. */
export const localTime = (iso: string): string => iso.slice(11, 16);

/** The calendar date in `zone` at `now`, as YYYY-MM-DD (en-CA formats dates that way). */
export function todayIn(zone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Seven calendar dates from `start` (YYYY-MM-DD): plain date arithmetic, done in UTC where no day is skipped. */
export function weekFrom(start: string): string[] {
  const base = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, i) => new Date(base + i * 86_400_000).toISOString().slice(0, 10));
}

/** `2026-03-08` → `Sun 8` in the viewer's language. */
export function dayLabel(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));
}

/** The zone's short name at `at` (`EST`, `GMT+9`), which changes across a DST switch. */
export function zoneAbbreviation(zone: string, at: Date, locale = "en-US"): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** The UTC offset written in a local ISO time: `…-04:00` → `UTC−04:00`, `…Z` → `UTC`. */
export function offsetOf(iso: string): string {
  const m = /([+-]\d{2}:\d{2}|Z)$/.exec(iso);
  if (!m || m[1] === "Z") return "UTC";
  return `UTC${m[1]!.replace("-", "−")}`;
}

/**
 * The zone's abbreviations before and after a clock change during `date` (YYYY-MM-DD), or null
 * when the offset at 12:00 UTC is the same on that day and the one before: close enough to
 * name the day of every change (they happen at night, local time).
 */
export function clockChangeOn(zone: string, date: string): { from: string; to: string } | null {
  const at = new Date(`${date}T12:00:00Z`);
  const before = new Date(at.getTime() - 86_400_000);
  const offset = (d: Date) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(d).find((p) => p.type === "timeZoneName")?.value;
  if (offset(before) === offset(at)) return null;
  return { from: zoneAbbreviation(zone, before), to: zoneAbbreviation(zone, at) };
}
