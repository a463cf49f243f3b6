import { addDays, addMonths, type CivilDate, type CivilTime, daysInMonth, localTimeAt } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import { count, formatWall } from "./format.js";
import type { Fragment } from "./fragments.js";
import { findsOf, type ReadContext, resolveNoted, timesOf } from "./read-context.js";
import { refuse } from "./refusals.js";

type DateFragment = Extract<Fragment, { kind: "date" }>;

const UNIT_MS = { minute: 60_000, hour: 3_600_000 } as const;

/** "in 20 minutes" is elapsed time; "in 3 days (at 9am)" is a calendar step in the user's zone. */
export function readRelative(ctx: ReadContext): Schedule {
  const [relative, ...more] = findsOf(ctx, "relative");
  if (relative === undefined) throw new Error("readRelative needs a relative fragment");
  if (more.length > 0) throw refuse.conflicting("two delays");
  const { amount, unit } = relative.fragment;
  if (unit === "minute" || unit === "hour") {
    if (findsOf(ctx, "clock").length > 0) throw refuse.conflicting("both a delay and a clock time");
    return onceAt(ctx, ctx.now + amount * UNIT_MS[unit]);
  }
  const times = timesOf(ctx);
  if (times.length > 1) throw refuse.conflicting("more than one time for a single run");
  const [time] = times;
  const now = localTimeAt(ctx.now, ctx.timezone);
  const day = unit === "day" || unit === "week" ? addDays(now, unit === "day" ? amount : 7 * amount) : addMonths(now, unit === "month" ? amount : 12 * amount);
  if (time === undefined) {
    ctx.notes.push(`read '${relative.text.trim()}' as the same time of day, ${count(amount, unit)} from now`);
    const resolved = resolveNoted(ctx, { ...day, hour: now.hour, minute: now.minute });
    // Said at 10:07:30, it runs at 10:07:30; a time the clocks skip runs at the transition itself.
    return onceAt(ctx, resolved.dst === "gap_shifted" ? resolved.at : resolved.at + Math.round(now.second * 1000));
  }
  return onceAt(ctx, resolveNoted(ctx, { ...day, ...time }).at);
}

/**
 * A single run: a date (chrono's, or "on Monday", "on the 20th", "March 3", "明後日") and a
 * time; either may be missing but not both. A time with no date is its next occurrence; a
 * date whose time has passed rolls forward only if the phrase left that open ("Friday" rolls
 * a week, "March 3" a year); "yesterday at 5" or "today at 8am" at noon is in the past.
 */
export function readOneOff(ctx: ReadContext): Schedule {
  const date = dateOf(ctx);
  const times = timesOf(ctx);
  if (times.length > 1) throw refuse.conflicting("more than one time for a single run");
  const [time] = times;
  if (time === undefined) {
    if (date === null) throw refuse.noWhen(ctx.grammar.examples);
    throw refuse.noTime("on that day", ctx.grammar.examples.once);
  }
  const tonight = findsOf(ctx, "part").some((f) => f.fragment.today === true);
  if (date !== null && !tonight && findsOf(ctx, "clock").some((f) => f.fragment.exact === "midnight")) {
    throw refuse.midnightOfDay(ctx.grammar.examples);
  }
  const today = localTimeAt(ctx.now, ctx.timezone);
  let day: CivilDate = date ?? today;
  const roll = date?.roll ?? "day";
  for (let tries = 0; tries < 3; tries++) {
    const wall: CivilTime = { ...day, ...time };
    const { at } = resolveNoted(ctx, wall);
    if (at > ctx.now) return onceAt(ctx, at, wall);
    if (roll === "none" || tries === 2) throw refuse.inThePast(formatWall(wall), ctx.timezone);
    day = rolled(day, roll);
  }
  throw new Error("unreachable");
}

function rolled(day: CivilDate, roll: "day" | "week" | "month" | "year"): CivilDate {
  if (roll === "day" || roll === "week") return addDays(day, roll === "day" ? 1 : 7);
  if (roll === "year") return { ...day, year: day.year + 1 };
  let next = { year: day.year, month: day.month };
  do next = next.month === 12 ? { year: next.year + 1, month: 1 } : { year: next.year, month: next.month + 1 };
  while (day.day > daysInMonth(next.year, next.month));
  return { ...next, day: day.day };
}

/** The one date the cluster names, from chrono or from the grammar's own date words. */
function dateOf(ctx: ReadContext): (CivilDate & { roll: DateFragment["roll"] }) | null {
  const today = localTimeAt(ctx.now, ctx.timezone);
  const dates: Array<CivilDate & { roll: DateFragment["roll"] }> = [
    ...findsOf(ctx, "date").map((f) => f.fragment),
    ...findsOf(ctx, "dayOffset").map((f) => ({ ...addDays(today, f.fragment.days), roll: "none" as const })),
    ...findsOf(ctx, "part")
      .filter((f) => f.fragment.today === true)
      .map(() => ({ year: today.year, month: today.month, day: today.day, roll: "none" as const })),
    ...findsOf(ctx, "weekdayName").map((f) => {
      const [weekday, ...others] = f.fragment.days;
      if (weekday === undefined || others.length > 0) throw refuse.conflicting("several weekdays for a single run");
      if (f.fragment.nextWeek === true) {
        // Monday of the coming week, then the named day in it (Sunday ends the week).
        const monday = addDays(today, 7 - ((today.weekday + 6) % 7));
        return { ...addDays(monday, (weekday + 6) % 7), roll: "none" as const };
      }
      return { ...addDays(today, (weekday - today.weekday + 7) % 7), roll: "week" as const };
    }),
    ...findsOf(ctx, "monthDay").map((f) => {
      if (f.fragment.day > daysInMonth(today.year, today.month)) throw refuse.conflicting(`day ${f.fragment.day} in a month without it`);
      return { year: today.year, month: today.month, day: f.fragment.day, roll: "month" as const };
    }),
    ...findsOf(ctx, "monthDate").map((f) => ({ year: today.year, month: f.fragment.month, day: f.fragment.day, roll: "year" as const })),
  ];
  const distinct = new Map(dates.map((d) => [`${d.year}-${d.month}-${d.day}`, d]));
  if (distinct.size > 1) throw refuse.conflicting("two different dates");
  const [date] = distinct.values();
  if (date !== undefined && date.day > daysInMonth(date.year, date.month))
    throw refuse.noSuchDate(`${date.year}-${date.month}-${date.day}`, ctx.grammar.examples);
  return date ?? null;
}

function onceAt(ctx: ReadContext, at: number, wall?: CivilTime): Schedule {
  if (at <= ctx.now) throw refuse.inThePast(formatWall(wall ?? localTimeAt(at, ctx.timezone)), ctx.timezone);
  if (at - ctx.now > ctx.horizonMs) {
    throw refuse.beyondHorizon(formatWall(wall ?? localTimeAt(at, ctx.timezone)), Math.round(ctx.horizonMs / 86_400_000));
  }
  return { kind: "once", at, timezone: ctx.timezone };
}
