import { daysInMonth } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import type { Fragment, Weekday } from "./fragments.js";
import { findsOf, type ReadContext, timesOf } from "./read-context.js";
import { cronAt, cronList } from "./read-cron.js";
import { everyFrom, singleTime } from "./read-every.js";
import { refuse } from "./refusals.js";

type Interval = Extract<Fragment, { kind: "interval" }>;

/** What a monthly repetition runs on: days of the month, the last day, the n-th weekdays. */
export interface MonthDays {
  days: number[];
  last: boolean;
  nth: Array<{ nth: number; weekdays: Weekday[] }>;
}

/**
 * "the 1st and 15th of every month", "the last day of the month" (`L`), "the first Monday"
 * (`1#1`), "the last Friday" (`5L`); every N months on one day of the month as an interval.
 */
export function readMonthly(ctx: ReadContext, interval: Interval, weekdays: Weekday[] | null, on: MonthDays): Schedule {
  const ex = ctx.grammar.examples;
  if (weekdays !== null) {
    throw refuse.notExpressible(
      "A weekday within a monthly repetition without saying which one ('every month on Monday')",
      `Offer the first or last such weekday of the month, or a day of the month, e.g. '${ex.monthly}'.`,
    );
  }
  if (findsOf(ctx, "monthDate").length > 0) throw refuse.conflicting("a date and a monthly repetition");
  if (on.days.length === 0 && !on.last && on.nth.length === 0) throw refuse.noDayOfMonth(ex);
  if (on.nth.length > 0 && (on.days.length > 0 || on.last)) throw refuse.conflicting("a day of the month and a weekday of the month");
  for (const day of on.days) {
    if (day > 28) throw refuse.dayMissingInSomeMonths(day, ex);
    if (day < 1) throw refuse.noSuchDate(`Day ${day}`, ex);
  }
  if (interval.every === 1) {
    const times = timesOf(ctx);
    if (times.length === 0) throw refuse.noTime("on that day of the month", ex.monthly);
    if (on.nth.length > 0) {
      const items = on.nth.flatMap(({ nth, weekdays: days }) => days.map((d) => (nth === -1 ? `${d}L` : `${d}#${nth}`)));
      return cronAt(ctx, times, "*", "*", items.join(","));
    }
    const dom = [...(on.days.length > 0 ? [cronList(on.days)] : []), ...(on.last ? ["L"] : [])].join(",");
    return cronAt(ctx, times, dom, "*", "*");
  }
  const [monthDay, ...others] = on.days;
  if (monthDay === undefined || others.length > 0 || on.last || on.nth.length > 0) {
    throw refuse.notExpressible(`Every ${interval.every} months on that day`, "Offer a single day of the month from 1 to 28, or a monthly repetition.");
  }
  const time = singleTime(ctx, [], "on that day of the month", ex.monthly);
  return everyFrom(ctx, interval.every, "month", time, (d) => d.day === monthDay);
}

/** "every year on March 3": cron once a year; every N years as an interval of 12·N months. */
export function readYearly(ctx: ReadContext, interval: Interval, weekdays: Weekday[] | null, on: MonthDays): Schedule {
  const ex = ctx.grammar.examples;
  const dates = [...new Map(findsOf(ctx, "monthDate").map((f) => [`${f.fragment.month}-${f.fragment.day}`, f.fragment])).values()];
  const [date, ...more] = dates;
  if (date === undefined) throw refuse.noDateOfYear(ex);
  if (more.length > 0 || weekdays !== null || on.days.length > 0 || on.last || on.nth.length > 0) {
    throw refuse.conflicting("several dates or days for a yearly repetition");
  }
  // 2025 is not a leap year: February 29 is refused, cron would run it once in four years.
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(2025, date.month)) {
    throw refuse.noSuchDate(`Month ${date.month}, day ${date.day}`, ex);
  }
  if (interval.every === 1) {
    const times = timesOf(ctx);
    if (times.length === 0) throw refuse.noTime("every year on that date", ex.yearly);
    return cronAt(ctx, times, String(date.day), String(date.month), "*");
  }
  const time = singleTime(ctx, [], "every year on that date", ex.yearly);
  return everyFrom(ctx, 12 * interval.every, "month", time, (d) => d.month === date.month && d.day === date.day);
}
