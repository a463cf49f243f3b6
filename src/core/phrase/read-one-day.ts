import { addDays, type CivilDate } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import { formatWall } from "./format.js";
import type { Found } from "./fragments.js";
import { lastDayOf, startOfDay } from "./read-bounds.js";
import type { ReadContext } from "./read-context.js";
import { refuse } from "./refusals.js";

/** The date of a repetition within one day, and the end that keeps it to that day. */
export interface OneDay {
  day: CivilDate;
  endAt: number;
  said: string;
}

/** What else would make the date one of several days: the repetition then says its days itself. */
const OTHER_DAYS = new Set(["daily", "weekdays", "weekdayName", "monthDay", "lastDayOfMonth", "nthWeekday", "monthAhead", "monthEnd"]);

/** What may stand beside several times said for one date ("tomorrow at 8am and 8pm"): nothing that repeats. */
const TIMES_ONLY = new Set(["clock", "part", "noise"]);

/** A date named once: "tomorrow", "today", "March 12" (without "every year", a date's next occurrence). */
const ONE_DATE = new Set(["date", "dayOffset", "monthDate"]);

/**
 * "every 15 min from 1pm to 3pm tomorrow", "明天下午一點到三點 每十五分鐘": a repetition within
 * the day, in a window, on one date. A task has no start date, but cron can name the date's day
 * and month, and an end at the next midnight keeps the runs from coming back a year later: the
 * runs of that day only. Several times on one date ("tomorrow at 8am and 8pm") are the same shape:
 * a run at each, that day only. Returns the finds without the date (read here) or null when the phrase
 * is not that shape; a weekday named once stays asked (read-recurring.ts).
 */
export function takeOneDay(ctx: ReadContext): { oneDay: OneDay | null; rest: Found[] } {
  const none = { oneDay: null, rest: ctx.finds };
  const kinds = ctx.finds.map((f) => f.fragment.kind);
  const within = ctx.finds.some(
    (f) => f.fragment.kind === "interval" && (f.fragment.unit === "minute" || f.fragment.unit === "hour") && f.fragment.weekday === undefined,
  );
  const severalTimes = kinds.filter((k) => k === "clock").length > 1 && kinds.every((k) => ONE_DATE.has(k) || TIMES_ONLY.has(k));
  if (!((within && kinds.includes("window")) || severalTimes) || kinds.some((k) => OTHER_DAYS.has(k))) return none;
  const dates = ctx.finds.filter((f) => ONE_DATE.has(f.fragment.kind));
  const [date, second] = dates;
  if (date === undefined || second !== undefined) return none;
  ctx.used.add(date);
  const day = lastDayOf(ctx, date);
  // Several times on the date are read as those times of every day, then narrowed to the date (onOneDay).
  const rest = ctx.finds.flatMap((f): Found[] => (f !== date ? [f] : severalTimes ? [{ ...f, fragment: { kind: "daily" } }] : []));
  return { oneDay: { day, endAt: startOfDay(ctx, addDays(day, 1)), said: date.text.trim() }, rest };
}

/** The repetition's cron expressions narrowed to the one day; a schedule cron cannot narrow is refused as before. */
export function onOneDay(schedule: Schedule, { day, said }: OneDay, notes: string[]): Schedule {
  if (schedule.kind !== "cron") throw refuse.conflicting(`a repetition and a single date ('${said}')`);
  const exprs = [schedule.expr, ...(schedule.also ?? [])].map((e) => e.trim().split(/\s+/u));
  if (exprs.some(([, , dom, month, dow]) => dom !== "*" || month !== "*" || dow !== "*")) {
    throw refuse.conflicting(`a repetition and a single date ('${said}')`);
  }
  const [expr, ...also] = exprs.map(([minute, hour]) => `${minute} ${hour} ${day.day} ${day.month} *`);
  notes.push(`runs on ${formatWall({ ...day, hour: 0, minute: 0 }).slice(0, 10)} only ('${said}'), ending at the end of that day`);
  return { ...schedule, expr: expr ?? schedule.expr, ...(also.length > 0 && { also }) };
}
