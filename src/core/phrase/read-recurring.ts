import { weekdayOf } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import type { Found, Fragment, PartOfDay, Weekday } from "./fragments.js";
import { findsOf, type ReadContext, timesOf } from "./read-context.js";
import { cronAt, cronList } from "./read-cron.js";
import { everyFrom, singleTime } from "./read-every.js";
import { readFrequent } from "./read-frequent.js";
import { type MonthDays, readMonthly, readYearly } from "./read-monthly.js";
import { saysNightTwelve } from "./read-time.js";
import { refuse } from "./refusals.js";

type Interval = Extract<Fragment, { kind: "interval" }>;

const ALL_DAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * A repetition. Cron when cron can say it (daily, weekdays, day lists, days of the month, the
 * last day or the n-th weekday of the month, a date every year, windows, several times); the
 * every-interval schedule otherwise ("every 3 days", "every other Tuesday", "every 15
 * minutes"), anchored at its first run.
 */
export function readRecurring(said: ReadContext): Schedule {
  const ctx = weekdayOfWeeks(said);
  const single = [
    ...findsOf(ctx, "date"),
    ...findsOf(ctx, "dayOffset"),
    ...findsOf(ctx, "relative"),
    ...findsOf(ctx, "monthAhead"),
    ...findsOf(ctx, "monthEnd"),
  ][0];
  if (single !== undefined) throw refuse.conflicting(`a repetition and a single date ('${single.text.trim()}')`);
  refusePairedDaysAndTimes(ctx);
  const interval = intervalOf(ctx);
  const days = weekdaysOf(ctx, interval);
  // "midnight every Friday": the start of Friday or its end, as "Friday at midnight"; "午前0時",
  // "凌晨0點" name hour 0 of the day.
  const midnight =
    ctx.finds.some((f) => f.fragment.kind === "clock" && f.fragment.exact === "midnight" && !/(?<!\d)0(?!\d)|零|〇/u.test(f.text)) ||
    saysNightTwelve(ctx.text, findsOf(ctx, "clock"), findsOf(ctx, "part"));
  if (days !== null && midnight) {
    throw refuse.midnightOfDay(ctx.grammar.examples);
  }
  const on: MonthDays = {
    days: [...new Set(findsOf(ctx, "monthDay").map((f) => f.fragment.day))].sort((a, b) => a - b),
    last: findsOf(ctx, "lastDayOfMonth").length > 0,
    nth: findsOf(ctx, "nthWeekday").map((f) => ({ nth: f.fragment.nth, weekdays: f.fragment.weekdays })),
  };
  const dailyParts = findsOf(ctx, "daily").flatMap((f): PartOfDay[] => (f.fragment.part === undefined ? [] : [f.fragment.part]));

  switch (interval?.unit) {
    case "minute":
    case "hour": {
      // "every 30 min from 9 to 5 on saturday": the day is named once, and the repetition is
      // within the day, so nothing says whether it is that Saturday or every Saturday.
      const once = findsOf(ctx, "weekdayName")[0];
      if (once !== undefined && interval.weekday === undefined && findsOf(ctx, "weekdays").length === 0) {
        throw refuse.oneDayOrEvery(once.text.trim(), ctx.grammar.examples);
      }
      if (on.last || on.nth.length > 0) throw refuse.conflicting("a repetition within the day and a day of the month");
      return readFrequent(ctx, { ...interval, unit: interval.unit }, days, on.days, dailyParts);
    }
    case "year":
      return readYearly(ctx, interval, days, on);
    case "month":
      return readMonthly(ctx, interval, days, on);
  }
  if (on.last || on.nth.length > 0) {
    // "every Monday at 9 and on the last day of the month" is two schedules, not the last day.
    if (interval !== null || days !== null || findsOf(ctx, "daily").length > 0) {
      throw refuse.conflicting("a day of the month and a daily or weekly repetition");
    }
    return readMonthly(ctx, { kind: "interval", every: 1, unit: "month" }, null, on);
  }
  if (on.days.length > 0 || findsOf(ctx, "monthDate").length > 0) {
    throw refuse.conflicting("a day of the month (or a date) and a daily or weekly repetition");
  }
  if (findsOf(ctx, "window").length > 0) {
    throw refuse.noTime("within that window", "every hour from 9am to 5pm");
  }
  return readDaysAndWeeks(ctx, interval, days, dailyParts);
}

/** Daily, weekdays, day lists ("every Monday and Thursday"), every N days, every N weeks. */
function readDaysAndWeeks(ctx: ReadContext, interval: Interval | null, days: Weekday[] | null, dailyParts: PartOfDay[]): Schedule {
  const ex = ctx.grammar.examples;
  const every = interval?.every ?? 1;
  if (interval?.unit === "week" && every > 1) {
    if (days === null) throw refuse.noDayOfWeek(ex);
    const [weekday, ...others] = days;
    if (weekday === undefined || others.length > 0) {
      throw refuse.notExpressible(`Every ${every} weeks on several days`, "Offer one task per weekday, e.g. 'every other Monday' and 'every other Thursday'.");
    }
    const time = singleTime(ctx, dailyParts, "on that day", ex.everyOther);
    return everyFrom(ctx, every, "week", time, (d) => d.weekday === weekday);
  }
  if (interval?.unit === "day" && every > 1) {
    if (days !== null) throw refuse.conflicting("an interval of days and named weekdays");
    const time = singleTime(ctx, dailyParts, `every ${every} days`, ex.daily);
    return everyFrom(ctx, every, "day", time, () => true);
  }
  if (interval?.unit === "week" && days === null) throw refuse.noDayOfWeek(ex);
  const times = timesOf(ctx, dailyParts);
  if (times.length === 0) {
    const part = dailyParts[0] ?? findsOf(ctx, "part")[0]?.fragment.part;
    const what = part === undefined ? "every day" : `every ${part}`;
    throw days === null ? refuse.noTime(what, ex.daily) : refuse.noTime("on those days", ex.weekly);
  }
  return cronAt(ctx, times, "*", "*", days === null ? "*" : cronList(days));
}

/**
 * "every weekday at 9am and weekends at 10am" pairs each set of days with its own time; read as
 * one schedule it would run at both times on every day. Refused: one task per pair.
 */
function refusePairedDaysAndTimes(ctx: ReadContext): void {
  const dayKinds = new Set(["daily", "weekdays", "weekdayName"]);
  // "1日2回", "twice a day": the day said with a number of times is that number's, not a set of days.
  const countsTimes = (f: Found) =>
    ctx.finds.some((v) => v.fragment.kind === "vague" && v.fragment.perDay !== undefined && v.start === f.start && v.end === f.end);
  const order = ctx.finds
    .filter((f) => (dayKinds.has(f.fragment.kind) && !countsTimes(f)) || f.fragment.kind === "clock")
    .sort((a, b) => a.start - b.start)
    .map((f) => (f.fragment.kind === "clock" ? "t" : "d"))
    .join("")
    .replace(/(.)\1+/gu, "$1");
  if (/dtd|tdt/u.test(order) && (order.match(/d/gu)?.length ?? 0) >= 2) {
    throw refuse.conflicting("several sets of days, each with its own time");
  }
}

function intervalOf(ctx: ReadContext): Interval | null {
  const intervals = findsOf(ctx, "interval").map((f) => f.fragment);
  const distinct = new Map(intervals.map((i) => [`${i.every} ${i.unit} ${i.weekday ?? ""}`, i]));
  if (distinct.size > 1) throw refuse.conflicting("two different repetitions");
  const [interval] = distinct.values();
  if (interval !== undefined && interval.unit === "day" && interval.every === 1) return null;
  return interval ?? null;
}

/**
 * The weekdays the repetition runs on, or null for every day: the days named, less the days
 * excepted ("every weekday except Wednesday", "every day but Sunday").
 */
function weekdaysOf(ctx: ReadContext, interval: Interval | null): Weekday[] | null {
  const named = new Set<Weekday>([
    ...findsOf(ctx, "weekdays").flatMap((f) => f.fragment.days),
    ...findsOf(ctx, "weekdayName").flatMap((f) => f.fragment.days),
    ...(interval?.weekday === undefined ? [] : [interval.weekday]),
  ]);
  const excepted = new Set(findsOf(ctx, "except").flatMap((f) => f.fragment.days));
  if (excepted.size === 0) return named.size === 0 ? null : [...named].sort((a, b) => a - b);
  if (interval !== null && (interval.unit === "week" || interval.unit === "day" || interval.unit === "month" || interval.unit === "year")) {
    throw refuse.conflicting(`an exception of weekdays and a repetition every ${interval.every} ${interval.unit}s`);
  }
  // "Monday to Friday, not on weekends" says the same twice: an exception outside the days is no conflict.
  const base = named.size === 0 ? ALL_DAYS : [...named];
  const days = base.filter((d) => !excepted.has(d)).sort((a, b) => a - b);
  if (days.length === 0) throw refuse.conflicting("an exception of every day the repetition has");
  return days;
}

/**
 * "cada dos semanas el lunes": a weekday chrono read as the coming date, said with a repetition
 * of weeks, is the day of the week the repetition runs on, as "every 2 weeks on Monday" is.
 */
function weekdayOfWeeks(ctx: ReadContext): ReadContext {
  if (!ctx.finds.some((f) => f.fragment.kind === "interval" && f.fragment.unit === "week")) return ctx;
  const finds = ctx.finds.map((f): Found => {
    const days = f.fragment.kind === "date" ? bareDays(f) : null;
    if (days === null) return f;
    ctx.used.add(f);
    return { ...f, fragment: { kind: "weekdayName", days } };
  });
  return { ...ctx, finds };
}

/** The kinds that name a day; a day list is read as a habit only when it is the one day word. */
const DAY_KINDS = new Set(["date", "dayOffset", "weekdayName", "monthDay", "monthDate", "monthAhead", "monthEnd"]);

/** A weekday named alone: no "this", "next", "after next" (one word as chrono found it), no date. */
export function bareDays(f: Found): Weekday[] | null {
  const x = f.fragment;
  if (x.kind === "weekdayName") return x.weeksAhead === undefined && x.afterNext === undefined && x.withThis === undefined ? x.days : null;
  if (x.kind !== "date" || x.roll !== "week") return null;
  const word = f.text.replace(/^[\s,.;:、，]+|[\s,.;:、，]+$/gu, "");
  return /^[\p{L}\p{M}.]+$/u.test(word) ? [weekdayOf(x)] : null;
}

/**
 * "Monday, Wednesday and Friday at 6:30 gym", "lunedì, mercoledì e venerdì alle 6:30", "mo, mi
 * und fr um 6:30": several weekdays named bare, with no other day and no repetition word, are a
 * weekly habit (one schedule cannot hold two single runs anyway). Read as a weekly repetition
 * of those days, noted; null when the phrase is not such a list. "this Monday and Friday",
 * "next Monday and Friday" or a date beside the list keep the single-run reading.
 */
export function dayListAsWeekly(ctx: ReadContext): ReadContext | null {
  const dayFinds = ctx.finds.filter((f) => DAY_KINDS.has(f.fragment.kind));
  const lists = dayFinds.map(bareDays);
  if (dayFinds.length === 0 || lists.some((l) => l === null)) return null;
  if (ctx.finds.some((f) => f.fragment.kind === "part" && f.fragment.today === true)) return null;
  const days = [...new Set(lists.flatMap((l) => l ?? []))].sort((a, b) => a - b);
  if (days.length < 2) return null;
  for (const f of dayFinds) ctx.used.add(f);
  const said = ctx.text.slice(Math.min(...dayFinds.map((f) => f.start)), Math.max(...dayFinds.map((f) => f.end))).trim();
  ctx.notes.push(`read '${said}' as every week on those days; for single runs, name the dates`);
  // Each name stays where it was said, so "Monday at 9 and Friday at 10" is still seen as two pairs.
  const weekly = ctx.finds.map((f): Found => {
    const list = lists[dayFinds.indexOf(f)];
    return list === null || list === undefined ? f : { ...f, fragment: { kind: "weekdays", days: list } };
  });
  return { ...ctx, finds: weekly };
}
