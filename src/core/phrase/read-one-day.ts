import { addDays, type CivilDate, daysBetween, localTimeAt, nextFireTimes, resolveLocalTime, weekdayOf } from "../schedule/index.js";
import { MAX_ALSO, type Schedule } from "../schedule/model.js";
import { formatWall } from "./format.js";
import type { Found, Weekday } from "./fragments.js";
import { lastDayOf, startOfDay } from "./read-bounds.js";
import { type ReadContext, weekdayDate } from "./read-context.js";
import { weekdayApart } from "./read-once.js";
import { bareDays } from "./read-recurring.js";
import { clockToTime } from "./read-time.js";
import { refuse } from "./refusals.js";

/** The dates a schedule is narrowed to ("tomorrow", "tomorrow and the day after"), in order, and the end that keeps it to them. */
export interface OneDay {
  days: CivilDate[];
  endAt: number;
  said: string;
  /** Times said for the dates (not a repetition in a window): each must still be ahead. */
  timesOnly: boolean;
  /** Each date's own times ("H:M"), in the order of `days`, when the dates were said each with its own. */
  times?: string[][];
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
 * a run at each, that day only; and so are several dates at a time ("tomorrow and the day after
 * at 9am", "明天和後天早上九點"): a run on each, the end after the last. A task holds one schedule,
 * and a cron expression per date is that schedule, so the set of single runs needs no question.
 * Returns the finds without the dates (read here) or null when the phrase is not that shape; a
 * weekday named once stays asked (read-recurring.ts).
 */
export function takeOneDay(ctx: ReadContext): { oneDay: OneDay | null; rest: Found[] } {
  const none = { oneDay: null, rest: ctx.finds };
  const { finds, saidAs } = weekdaysAsDates(ctx, withoutDailyOverRange(ctx));
  const kinds = finds.map((f) => f.fragment.kind);
  const within = finds.some(
    (f) => f.fragment.kind === "interval" && (f.fragment.unit === "minute" || f.fragment.unit === "hour") && f.fragment.weekday === undefined,
  );
  const named = finds.filter((f) => ONE_DATE.has(f.fragment.kind));
  // "今晚7點和明晚7點", "tonight and tomorrow at 7": tonight is today, a date of its own beside another.
  const tonight = finds.filter((f) => f.fragment.kind === "part" && f.fragment.today === true);
  const dates = [...named, ...tonight].sort((a, b) => a.start - b.start);
  const clocks = kinds.filter((k) => k === "clock").length;
  const timesOnly = clocks > 0 && kinds.every((k) => ONE_DATE.has(k) || TIMES_ONLY.has(k));
  const severalTimes = timesOnly && clocks > 1;
  // Weekdays chrono rolled to their next dates, and nothing else ("mardi et jeudi à 19h"), are a day
  // list, read weekly (dayListAsWeekly); beside another date ("tomorrow at 8am and Friday at 9pm") a weekday is the coming one.
  const weekday = (d: Found) => d.fragment.kind === "date" && d.fragment.roll === "week";
  // A weekday said right beside a date ("friday march 13") only confirms it (read-once.ts).
  const severalDates = timesOnly && dates.length > 1 && !dates.every(weekday) && (!dates.some(weekday) || weekdayApart({ ...ctx, finds }));
  if (!((within && kinds.includes("window")) || severalTimes || severalDates) || kinds.some((k) => OTHER_DAYS.has(k))) return none;
  if (dates.length === 0 || (dates.length > 1 && !severalDates)) return none;
  const own = severalDates ? ownTimes(finds, dates) : null;
  for (const d of dates) ctx.used.add(saidAs.get(d) ?? d);
  for (const f of ctx.finds) if (!finds.includes(f) && f.fragment.kind === "daily") ctx.used.add(f);
  const today = localTimeAt(ctx.now, ctx.timezone);
  const dayOf = (d: Found): CivilDate => (tonight.includes(d) ? { year: today.year, month: today.month, day: today.day } : lastDayOf(ctx, d));
  const days = [...new Map(dates.map(dayOf).map((d) => [formatWall({ ...d, hour: 0, minute: 0 }), d])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, d]) => d);
  // "tomorrow and Friday" said on a Thursday: two words for one day, so one was likely meant otherwise: asked.
  if (days.length < dates.length && dates.some(weekday)) throw refuse.conflicting("the same day twice, in two words");
  const last = days.at(-1) as CivilDate;
  // Several times or dates are read as those times of every day, then narrowed to the dates (onOneDay).
  const timesDaily = severalTimes || severalDates;
  const [first] = named;
  const rest = finds.flatMap((f): Found[] => {
    // Tonight's part of the day still belongs to its clock ("今晚7點": 19:00).
    if (tonight.includes(f) && f.fragment.kind === "part") return [{ ...f, fragment: { kind: "part", part: f.fragment.part } }];
    return !dates.includes(f) ? [f] : timesDaily && f === first ? [{ ...f, fragment: { kind: "daily" } }] : [];
  });
  const said = [...new Set(dates.map((d) => d.text.trim()))].join(", ");
  const key = (d: CivilDate) => formatWall({ ...d, hour: 0, minute: 0 });
  const times = own === null ? undefined : days.map((day) => [...new Set(dates.filter((d) => key(dayOf(d)) === key(day)).flatMap((d) => own.get(d) ?? []))]);
  return { oneDay: { days, endAt: startOfDay(ctx, addDays(last, 1)), said, timesOnly: timesDaily, ...(times !== undefined && { times }) }, rest };
}

/**
 * "聽日朝早8點同後日夜晚9點", "tomorrow at 8am and Friday at 9pm": each date said with times of its own
 * ("H:M", the part of the day before a clock included), or null when the dates share one set of
 * times ("今晚7點和明晚7點", "tomorrow and Friday at 9"). Which date a time belongs to must be said
 * by its place, after it: a date without one among dates with their own ("at 8am tomorrow and
 * Saturday at 9pm") is asked (read as every time on every date, it would run four times for two).
 */
function ownTimes(finds: Found[], dates: Found[]): Map<Found, string[]> | null {
  const byDate = new Map<Found | null, Set<string>>();
  let current: Found | null = null;
  let previous: Found | null = null;
  for (const f of [...finds].sort((a, b) => a.start - b.start)) {
    if (dates.includes(f)) current = f;
    if (f.fragment.kind === "clock") {
      // The part of the day right before the clock is part of the time said ("早上8點" and "晚上8點" differ).
      const part = previous?.fragment.kind === "part" && previous.end <= f.start ? previous.fragment.part : null;
      const { hour, minute } = clockToTime(f, f.fragment, part, []);
      const said = byDate.get(current) ?? new Set<string>();
      said.add(`${hour}:${minute}`);
      byDate.set(current, said);
    }
    previous = f;
  }
  const sets = [...byDate.values()].map((s) => [...s].sort().join(","));
  if (new Set(sets).size <= 1) return null;
  if (dates.some((d) => !byDate.has(d))) throw refuse.conflicting("several dates, each with its own time");
  return new Map(dates.map((d) => [d, [...(byDate.get(d) ?? [])]]));
}

const dateOnly = ({ year, month, day }: CivilDate): CivilDate => ({ year, month, day });

/** The days of the week one week can hold: a list that reaches further is not one week's days. */
const ONE_WEEK = 6;

/**
 * "this Saturday and Sunday at 10am", "今週の土曜と日曜の10時", "這週一三五早上十點": weekdays said after
 * a week word ("this", "next", 今週, 這週) share that week. They are dates, not the weekly habit a
 * list said bare is (dayListAsWeekly): each weekday said bare after the first is the first of its
 * day after the day before it. A list that reaches past one week is left as said (asked). Returns
 * the finds with those days as dates, and the find each date was read from (marked used only if
 * the dates are taken).
 */
function weekdaysAsDates(ctx: ReadContext, finds: Found[]): { finds: Found[]; saidAs: Map<Found, Found> } {
  const saidAs = new Map<Found, Found>();
  const unchanged = { finds, saidAs };
  const days = finds.filter((f) => f.fragment.kind === "weekdayName" || f.fragment.kind === "date").sort((a, b) => a.start - b.start);
  const [first, ...more] = days;
  const today = localTimeAt(ctx.now, ctx.timezone);
  // "morgen um 8 und am Samstag um 21": a weekday the grammar read (not chrono) beside a date is the coming one, as chrono reads it.
  if (finds.some((f) => ONE_DATE.has(f.fragment.kind) && !(f.fragment.kind === "date" && f.fragment.roll === "week"))) {
    const out = finds.map((f): Found => {
      const [day, ...others] = f.fragment.kind === "weekdayName" ? (bareDays(f) ?? []) : [];
      if (day === undefined || others.length > 0) return f;
      const date: Found = { ...f, fragment: { kind: "date", ...dateOnly(weekdayDate(today, day)), roll: "week" } };
      saidAs.set(date, f);
      return date;
    });
    return { finds: out, saidAs };
  }
  if (first === undefined || !more.every((f) => bareDays(f) !== null)) return unchanged;
  const x = first.fragment;
  let firstDates: CivilDate[];
  // With "this" ("this Saturday and Sunday morning", "neste sábado"), each the coming one, as said alone.
  if (x.kind === "weekdayName" && (x.weeksAhead !== undefined || x.withThis === true) && x.afterNext === undefined && x.weeksAfter === undefined)
    firstDates = x.days.map((d) => weekdayDate(today, d, x.weeksAhead)).sort((a, b) => daysBetween(b, a));
  else if (x.kind === "date" && x.roll === "week" && bareDays(first) === null) firstDates = [x];
  else return unchanged;
  // Each weekday said bare after the first is the first of its day after the one before it.
  let previous = firstDates.at(-1) as CivilDate;
  const onwards = (weekday: Weekday): CivilDate => {
    previous = addDays(previous, ((weekday - weekdayOf(previous) + 6) % 7) + 1);
    return previous;
  };
  const read = new Map<Found, CivilDate[]>([[first, firstDates], ...more.map((f): [Found, CivilDate[]] => [f, (bareDays(f) ?? []).map(onwards)])]);
  const all = [...read.values()].flat();
  if (all.length < 2 || daysBetween(firstDates[0] as CivilDate, previous) > ONE_WEEK) return unchanged;
  const out = finds.flatMap((f) =>
    (read.get(f) ?? [null]).map((d): Found => {
      if (d === null) return f;
      const date: Found = { ...f, fragment: { kind: "date", ...dateOnly(d), roll: "none" } };
      saidAs.set(date, f);
      return date;
    }),
  );
  return { finds: out, saidAs };
}

/**
 * "every day from March 10 to 12 at 9am", "3월 10일부터 12일까지 매일 오전 9시", "3月10日から12日まで
 * 毎朝9時": every day of a range of dates is the range said again, so "every day" is read as
 * nothing more than its part of the day ("毎朝": the morning, which still settles the hour). Only
 * over a range (`inRange`): "every day, tomorrow and Friday" names dates against a repetition, asked.
 */
function withoutDailyOverRange(ctx: ReadContext): Found[] {
  const dates = ctx.finds.filter((f) => ONE_DATE.has(f.fragment.kind));
  const overRange = dates.length > 1 && dates.every((d) => d.fragment.kind === "monthDate" && d.fragment.inRange === true);
  if (!overRange) return ctx.finds;
  return ctx.finds.flatMap((f): Found[] => {
    if (f.fragment.kind !== "daily") return [f];
    return f.fragment.part === undefined ? [] : [{ ...f, fragment: { kind: "part", part: f.fragment.part } }];
  });
}

/**
 * Each date at its own times. The times were read again from the clocks (ownTimes), so they must be
 * the times the reading of the whole phrase settled on (its policies: the 24-hour clock, a bare
 * hour asked); any other is asked as before.
 */
function ownExprs(exprs: string[][], days: CivilDate[], times: string[][]): string[] {
  const read = new Set(exprs.flatMap(([minute = "", hour = ""]) => hour.split(",").flatMap((h) => minute.split(",").map((m) => `${Number(h)}:${Number(m)}`))));
  const said = new Set(times.flat());
  if (read.size !== said.size || [...said].some((t) => !read.has(t))) throw refuse.conflicting("several dates, each with its own time");
  return days.flatMap((day, i) =>
    (times[i] ?? []).map((t) => {
      const [hour, minute] = t.split(":");
      return `${minute} ${hour} ${day.day} ${day.month} *`;
    }),
  );
}

/** The repetition's cron expressions narrowed to the dates; a schedule cron cannot narrow is refused as before. */
export function onOneDay(schedule: Schedule, { days, said, timesOnly, times }: OneDay, now: number, notes: string[]): Schedule {
  if (schedule.kind !== "cron") throw refuse.conflicting(`a repetition and a single date ('${said}')`);
  const exprs = [schedule.expr, ...(schedule.also ?? [])].map((e) => e.trim().split(/\s+/u));
  if (exprs.some(([, , dom, month, dow]) => dom !== "*" || month !== "*" || dow !== "*")) {
    throw refuse.conflicting(`a repetition and a single date ('${said}')`);
  }
  const [expr, ...also] =
    times === undefined ? days.flatMap((day) => exprs.map(([minute, hour]) => `${minute} ${hour} ${day.day} ${day.month} *`)) : ownExprs(exprs, days, times);
  if (also.length > MAX_ALSO) throw refuse.notExpressible(`Runs on ${days.length} dates`, "Ask the user for fewer dates or times, or one task per date.");
  const narrowed: Schedule = { ...schedule, expr: expr ?? schedule.expr, ...(also.length > 0 && { also }) };
  // A time said for a date must still be ahead, as for a single run: one already past is refused, not dropped.
  const first = resolveLocalTime({ ...(days[0] as CivilDate), hour: 0, minute: 0 }, schedule.timezone).at;
  const [passed] = nextFireTimes(narrowed, first - 1, 1);
  if (timesOnly && passed !== undefined && passed <= now) throw refuse.inThePast(formatWall(localTimeAt(passed, schedule.timezone)), schedule.timezone);
  const dates = days.map((day) => formatWall({ ...day, hour: 0, minute: 0 }).slice(0, 10)).join(", ");
  notes.push(`runs on ${dates} only ('${said}'), ending at the end of ${days.length > 1 ? "the last" : "that"} day`);
  return narrowed;
}
