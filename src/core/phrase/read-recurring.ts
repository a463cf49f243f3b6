import { addDays, type CivilDate, daysInMonth, localTimeAt, resolveLocalTime } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import { count, formatClock, formatWall } from "./format.js";
import type { Fragment, PartOfDay, Weekday } from "./fragments.js";
import { findsOf, type ReadContext, resolveNoted, timesOf } from "./read-context.js";
import type { TimeOfDay } from "./read-time.js";
import { refuse } from "./refusals.js";

type Interval = Extract<Fragment, { kind: "interval" }>;
type Day = CivilDate & { weekday: number };

/**
 * A repetition. Cron when cron can say it (daily, weekdays, day lists, a day of the month, a
 * date every year); the every-interval schedule otherwise ("every 3 days", "every other
 * Tuesday", "every 15 minutes"), anchored at its first run.
 */
export function readRecurring(ctx: ReadContext): Schedule {
  const ex = ctx.grammar.examples;
  if (findsOf(ctx, "lastDayOfMonth").length > 0) throw refuse.lastDayOfMonth(ex);
  if (findsOf(ctx, "nthWeekday").length > 0) throw refuse.nthWeekday(ex);
  const single = [...findsOf(ctx, "date"), ...findsOf(ctx, "dayOffset"), ...findsOf(ctx, "relative")][0];
  if (single !== undefined) throw refuse.conflicting(`a repetition and a single date ('${single.text.trim()}')`);
  const interval = intervalOf(ctx);
  const days = weekdaysOf(ctx, interval);
  const monthDays = [...new Set(findsOf(ctx, "monthDay").map((f) => f.fragment.day))].sort((a, b) => a - b);
  const dailyParts = findsOf(ctx, "daily").flatMap((f): PartOfDay[] => (f.fragment.part === undefined ? [] : [f.fragment.part]));

  switch (interval?.unit) {
    case "minute":
    case "hour":
      return readFrequent(ctx, { ...interval, unit: interval.unit }, days, monthDays, dailyParts);
    case "year":
      return readYearly(ctx, interval, days, monthDays);
    case "month":
      return readMonthly(ctx, interval, days, monthDays);
  }
  if (monthDays.length > 0 || findsOf(ctx, "monthDate").length > 0) {
    throw refuse.conflicting("a day of the month (or a date) and a daily or weekly repetition");
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
  return cron(ctx, times, "*", "*", days === null ? "*" : cronList(days));
}

function intervalOf(ctx: ReadContext): Interval | null {
  const intervals = findsOf(ctx, "interval").map((f) => f.fragment);
  const distinct = new Map(intervals.map((i) => [`${i.every} ${i.unit} ${i.weekday ?? ""}`, i]));
  if (distinct.size > 1) throw refuse.conflicting("two different repetitions");
  const [interval] = distinct.values();
  if (interval !== undefined && interval.unit === "day" && interval.every === 1) return null;
  return interval ?? null;
}

function weekdaysOf(ctx: ReadContext, interval: Interval | null): Weekday[] | null {
  const days = new Set<Weekday>([
    ...findsOf(ctx, "weekdays").flatMap((f) => f.fragment.days),
    ...findsOf(ctx, "weekdayName").flatMap((f) => f.fragment.days),
    ...(interval?.weekday === undefined ? [] : [interval.weekday]),
  ]);
  return days.size === 0 ? null : [...days].sort((a, b) => a - b);
}

/** "every 15 minutes", "hourly", "every 2 hours on weekdays", "every 2 hours from 9am". */
function readFrequent(
  ctx: ReadContext,
  interval: Interval & { unit: "minute" | "hour" },
  days: Weekday[] | null,
  monthDays: number[],
  dailyParts: PartOfDay[],
): Schedule {
  const { every, unit } = interval;
  const clocks = findsOf(ctx, "clock");
  if (dailyParts.length > 0 || findsOf(ctx, "part").length > 0 || clocks.length > 1) {
    throw refuse.notExpressible(
      "A repetition within a window of the day ('every hour from 9 to 5', 'every 15 minutes in the morning')",
      "Offer the repetition all day, or one task per run time.",
    );
  }
  if (days !== null || monthDays.length > 0) {
    const perDay = unit === "minute" ? 60 : 24;
    if (clocks.length > 0 || perDay % every !== 0) {
      throw refuse.notExpressible(
        `Every ${every} ${unit}s on some days only`,
        `Offer an interval that divides ${perDay} ${unit}s evenly (e.g. 15 minutes, 2 hours), started at midnight.`,
      );
    }
    const step = every === 1 ? "*" : `*/${every}`;
    const dom = monthDays.length > 0 ? monthDays.join(",") : "*";
    const dow = days === null ? "*" : cronList(days);
    if (dom !== "*" && dow !== "*") throw refuse.conflicting("both days of the month and weekdays");
    const expr = unit === "minute" ? `${step} * ${dom} * ${dow}` : `0 ${step} ${dom} * ${dow}`;
    return { kind: "cron", expr, timezone: ctx.timezone };
  }
  const [time] = timesOf(ctx);
  if (time !== undefined) {
    const schedule = everyFrom(ctx, every, unit, time, () => true);
    ctx.notes.push(`first run at ${formatClock(time.hour, time.minute)}, then every ${count(every, unit)} of elapsed time`);
    return schedule;
  }
  return { kind: "every", every, unit, anchor: alignedStart(ctx, every, unit), timezone: ctx.timezone };
}

/**
 * The first run of "every N minutes/hours" with no start time: the next wall-clock boundary
 * that is a multiple of N (every 15 minutes at 10:07 -> 10:15; every 2 hours at 10:07 ->
 * 12:00) when N divides the hour (or the day), as a cron step would; else now + N, to the minute.
 */
function alignedStart(ctx: ReadContext, every: number, unit: "minute" | "hour"): number {
  const wall = localTimeAt(ctx.now, ctx.timezone);
  const perUnit = unit === "minute" ? 60_000 : 3_600_000;
  if (unit === "minute" && 60 % every === 0) {
    const startOfHour = ctx.now - wall.minute * 60_000 - Math.round(wall.second * 1000);
    const at = startOfHour + (Math.floor(wall.minute / every) + 1) * every * 60_000;
    const first = localTimeAt(at, ctx.timezone);
    ctx.notes.push(`first run at ${formatClock(first.hour, first.minute)} (aligned to the hour's ${every}-minute marks)`);
    return at;
  }
  if (unit === "hour" && 24 % every === 0) {
    const hour = (Math.floor(wall.hour / every) + 1) * every;
    const day = hour >= 24 ? addDays(wall, 1) : wall;
    const at = resolveLocalTime({ ...day, hour: hour % 24, minute: 0 }, ctx.timezone).at;
    ctx.notes.push(
      `first run at ${formatClock(hour % 24, 0)} (aligned to ${every}-hour marks from midnight), then every ${count(every, "hour")} of elapsed time`,
    );
    return at;
  }
  const at = ctx.now - (ctx.now % 60_000) + every * perUnit;
  const first = localTimeAt(at, ctx.timezone);
  ctx.notes.push(`first run at ${formatClock(first.hour, first.minute)}, ${count(every, unit)} from now (to the minute)`);
  return at;
}

function readYearly(ctx: ReadContext, interval: Interval, days: Weekday[] | null, monthDays: number[]): Schedule {
  const ex = ctx.grammar.examples;
  const dates = [...new Map(findsOf(ctx, "monthDate").map((f) => [`${f.fragment.month}-${f.fragment.day}`, f.fragment])).values()];
  const [date, ...more] = dates;
  if (date === undefined) throw refuse.noDateOfYear(ex);
  if (more.length > 0 || days !== null || monthDays.length > 0) throw refuse.conflicting("several dates or days for a yearly repetition");
  // 2025 is not a leap year: February 29 is refused, cron would run it once in four years.
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(2025, date.month)) {
    throw refuse.noSuchDate(`Month ${date.month}, day ${date.day}`, ex);
  }
  if (interval.every === 1) {
    const times = timesOf(ctx);
    if (times.length === 0) throw refuse.noTime("every year on that date", ex.yearly);
    return cron(ctx, times, String(date.day), String(date.month), "*");
  }
  const time = singleTime(ctx, [], "every year on that date", ex.yearly);
  return everyFrom(ctx, 12 * interval.every, "month", time, (d) => d.month === date.month && d.day === date.day);
}

function readMonthly(ctx: ReadContext, interval: Interval, days: Weekday[] | null, monthDays: number[]): Schedule {
  const ex = ctx.grammar.examples;
  if (days !== null) {
    throw refuse.notExpressible(
      "A weekday within a monthly repetition ('the first Monday of every month')",
      `Offer a day of the month, e.g. '${ex.monthly}', or a weekly repetition.`,
    );
  }
  if (findsOf(ctx, "monthDate").length > 0) throw refuse.conflicting("a date and a monthly repetition");
  if (monthDays.length === 0) throw refuse.noDayOfMonth(ex);
  for (const day of monthDays) {
    if (day > 28) throw refuse.dayMissingInSomeMonths(day, ex);
    if (day < 1) throw refuse.noSuchDate(`Day ${day}`, ex);
  }
  if (interval.every === 1) {
    const times = timesOf(ctx);
    if (times.length === 0) throw refuse.noTime("on that day of the month", ex.monthly);
    return cron(ctx, times, monthDays.join(","), "*", "*");
  }
  const [monthDay, ...others] = monthDays;
  if (monthDay === undefined || others.length > 0)
    throw refuse.notExpressible(`Every ${interval.every} months on several days`, "Offer one task per day of the month.");
  const time = singleTime(ctx, [], "on that day of the month", ex.monthly);
  return everyFrom(ctx, interval.every, "month", time, (d) => d.day === monthDay);
}

function singleTime(ctx: ReadContext, parts: PartOfDay[], what: string, example: string): TimeOfDay {
  const times = timesOf(ctx, parts);
  const [time, ...others] = times;
  if (time === undefined) throw refuse.noTime(what, example);
  if (others.length > 0) throw refuse.notExpressible("An interval repetition at several times of day", "Offer one task per time of day.");
  return time;
}

/**
 * An every-interval schedule anchored at the first day on or after today that `accepts`
 * and whose time is still ahead. The engine steps days, weeks and months on the wall clock
 * from the anchor's local time, so an anchor in a DST gap (shifted to 03:00) would carry the
 * shifted time forever: refused rather than silently moved.
 */
function everyFrom(
  ctx: ReadContext,
  every: number,
  unit: "minute" | "hour" | "day" | "week" | "month",
  time: TimeOfDay,
  accepts: (d: Day) => boolean,
): Schedule {
  const today = localTimeAt(ctx.now, ctx.timezone);
  for (let i = 0; i <= 366; i++) {
    const day = addDays(today, i);
    if (!accepts(day)) continue;
    const wall = { ...day, ...time };
    const resolved = resolveLocalTime(wall, ctx.timezone);
    if (resolved.at <= ctx.now) continue;
    if (resolved.dst === "gap_shifted" && unit !== "minute" && unit !== "hour") throw refuse.anchorInGap(formatWall(wall));
    return { kind: "every", every, unit, anchor: resolveNoted(ctx, wall).at, timezone: ctx.timezone };
  }
  throw refuse.noDateOfYear(ctx.grammar.examples);
}

function cron(ctx: ReadContext, times: TimeOfDay[], dom: string, month: string, dow: string): Schedule {
  const minutes = new Set(times.map((t) => t.minute));
  if (minutes.size > 1) {
    throw refuse.notExpressible("Several times of day with different minutes", "Offer one task per time of day.");
  }
  const hours = [...new Set(times.map((t) => t.hour))].sort((a, b) => a - b).join(",");
  return { kind: "cron", expr: `${[...minutes][0] ?? 0} ${hours} ${dom} ${month} ${dow}`, timezone: ctx.timezone };
}

/** "1,2,3,4,5" -> "1-5": runs of three or more become ranges, for a readable expression. */
function cronList(values: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === (values[j] ?? 0) + 1) j++;
    parts.push(j - i >= 2 ? `${values[i]}-${values[j]}` : values.slice(i, j + 1).join(","));
    i = j + 1;
  }
  return parts.join(",");
}
