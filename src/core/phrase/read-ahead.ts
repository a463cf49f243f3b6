import { localTimeAt, weekdayOf } from "../schedule/index.js";
import type { Found, Fragment } from "./fragments.js";
import type { ReadContext } from "./read-context.js";

type Vague = Extract<Fragment, { kind: "vague" }>;

/** Kinds that make the phrase a repetition: beside one, "next week" stays a question. */
const REPEATING = new Set<Fragment["kind"]>(["daily", "weekdays", "interval", "lastDayOfMonth"]);
/** Kinds that name a day some other way: with one of them the period is not the only date. */
const OTHER_DAYS = new Set<Fragment["kind"]>(["dayOffset", "monthDate", "monthAhead", "monthEnd", "relative"]);

/**
 * A period ahead said with the day it holds: "next week on Wednesday", "la semana que viene el
 * miércoles", "la semaine prochaine mercredi", "el mes que viene el día 3", "下個月的第一個星期一".
 * The period alone is asked (which day?); with one weekday it is that weekday in the
 * Monday–Sunday week so many weeks on, as "下週三" and "来週の水曜日" are read; with one day of
 * the month, or one n-th weekday, that day in the month so many months on. One rule for every
 * grammar: each only marks which periods lie ahead and by how much (`ahead` on the vague word).
 * Anything else is left as it was, for the vague-day question.
 */
export function withPeriodAhead(ctx: ReadContext): ReadContext {
  const periods = ctx.finds.filter((f): f is Found & { fragment: Vague } => f.fragment.kind === "vague" && f.fragment.what === "day");
  const [period, another] = periods;
  if (period === undefined || another !== undefined) return ctx;
  const ahead = period.fragment.ahead ?? namedMonthAhead(ctx, period.fragment.month);
  if (ahead === undefined) return ctx;
  if (ctx.finds.some((f) => REPEATING.has(f.fragment.kind) || OTHER_DAYS.has(f.fragment.kind))) return ctx;
  const replaced = ahead.unit === "week" ? weekdayIn(ctx.finds, ahead.count) : nthWeekdayIn(ctx.finds, ahead.count, period.fragment.ahead === undefined);
  if (replaced === null) return ctx;
  ctx.used.add(period);
  for (const f of replaced.from) ctx.used.add(f);
  const gone = new Set<Found>([period, ...replaced.from]);
  return { ...ctx, finds: [...ctx.finds.filter((f) => !gone.has(f)), replaced.to] };
}

interface Replacement {
  from: Found[];
  to: Found;
}

/** One weekday (a name, or a bare weekday chrono read as the coming one) and no other date. */
function weekdayIn(finds: Found[], weeks: number): Replacement | null {
  const names = finds.filter((f) => f.fragment.kind === "weekdayName" && f.fragment.weeksAhead === undefined);
  const dates = finds.filter((f) => f.fragment.kind === "date" || f.fragment.kind === "monthDay" || f.fragment.kind === "nthWeekday");
  const days = new Set<number>();
  for (const f of names) if (f.fragment.kind === "weekdayName") for (const d of f.fragment.days) days.add(d);
  for (const f of dates) {
    if (f.fragment.kind !== "date" || f.fragment.roll !== "week") return null;
    days.add(weekdayOf(f.fragment));
  }
  const [day, other] = days;
  const [first] = [...names, ...dates];
  if (day === undefined || other !== undefined || first === undefined) return null;
  return { from: [...names, ...dates], to: { ...first, fragment: { kind: "weekdayName", days: [day], weeksAhead: weeks } } };
}

/**
 * A month named by itself ("三月最後一個星期五", "the last Friday of March") is a period too: the
 * coming one, this month included, so many months from this one. Only its n-th weekday is read
 * here; a named month with a day of the month is a date the grammar reads itself.
 */
function namedMonthAhead(ctx: ReadContext, month: number | undefined): Vague["ahead"] {
  if (month === undefined) return undefined;
  const today = localTimeAt(ctx.now, ctx.timezone);
  return { unit: "month", count: (month - today.month + 12) % 12 };
}

/**
 * One day of the month ("el día 3") or one n-th weekday ("第一個星期一"), and no other date; for a
 * named month (`weekdayOnly`) the n-th weekday alone.
 */
function nthWeekdayIn(finds: Found[], months: number, weekdayOnly: boolean): Replacement | null {
  const days = finds.filter((f) => (f.fragment.kind === "monthDay" && !weekdayOnly) || f.fragment.kind === "nthWeekday");
  if (days.length !== 1 || finds.some((f) => f.fragment.kind === "date" || f.fragment.kind === "weekdayName")) return null;
  const [found] = days;
  if (found === undefined) return null;
  const f = found.fragment;
  if (f.kind === "monthDay") return { from: [found], to: { ...found, fragment: { kind: "monthAhead", months, day: f.day } } };
  if (f.kind !== "nthWeekday" || f.weekdays.length !== 1) return null;
  const [weekday] = f.weekdays;
  if (weekday === undefined) return null;
  return { from: [found], to: { ...found, fragment: { kind: "monthAhead", months, day: 1, nth: { nth: f.nth, weekday } } } };
}
