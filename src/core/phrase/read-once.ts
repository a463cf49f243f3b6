import { addDays, addMonths, type CivilDate, type CivilTime, daysBetween, daysInMonth, localTimeAt, weekdayOf } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import { count, formatClock, formatWall } from "./format.js";
import type { Found, Fragment } from "./fragments.js";
import { findsOf, monthAheadDay, monthEndDay, type ReadContext, resolveNoted, timesOf, weekdayDate } from "./read-context.js";
import { saysNightTwelve, type TimeOfDay } from "./read-time.js";
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
  const weekday = weekdayNamed(ctx);
  if (weekday !== null && unit !== "week") throw refuse.conflicting("a delay in days or months and a weekday");
  const day =
    weekday !== null
      ? weekdayDate(now, weekday, amount)
      : unit === "day" || unit === "week"
        ? addDays(now, unit === "day" ? amount : 7 * amount)
        : addMonths(now, unit === "month" ? amount : 12 * amount);
  if (weekday !== null && time === undefined) throw refuse.noTime("on that day", ctx.grammar.examples.once);
  if (time === undefined) {
    ctx.notes.push(`read '${relative.text.trim()}' as the same time of day, ${count(amount, unit)} from now`);
    const resolved = resolveNoted(ctx, { ...day, hour: now.hour, minute: now.minute });
    // Said at 10:07:30, it runs at 10:07:30; a time the clocks skip runs at the transition itself.
    return onceAt(ctx, resolved.dst === "gap_shifted" ? resolved.at : resolved.at + Math.round(now.second * 1000));
  }
  return onceAt(ctx, resolveNoted(ctx, { ...day, ...time }).at);
}

/**
 * The weekday of "in two weeks on Friday" (a weekday name, or a bare weekday chrono read as
 * the coming one), or null. That day in the Monday-to-Sunday week so many weeks on.
 */
function weekdayNamed(ctx: ReadContext): number | null {
  const names = findsOf(ctx, "weekdayName").flatMap((f) => f.fragment.days);
  const bare = findsOf(ctx, "date").filter((f) => f.fragment.roll === "week");
  const others =
    findsOf(ctx, "date").length - bare.length + findsOf(ctx, "dayOffset").length + findsOf(ctx, "monthDay").length + findsOf(ctx, "monthDate").length;
  if (others > 0) throw refuse.conflicting("a delay and a date");
  const days = new Set([...names, ...bare.map((f) => weekdayOf(f.fragment))]);
  if (days.size > 1) throw refuse.conflicting("several weekdays for a single run");
  const [day] = days;
  return day ?? null;
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
  const [said] = times;
  if (said === undefined) {
    if (date === null) throw refuse.noWhen(ctx.grammar.examples);
    throw refuse.noTime("on that day", ctx.grammar.examples.once);
  }
  let time: TimeOfDay = said;
  const tonight = findsOf(ctx, "part").some((f) => f.fragment.today === true);
  const midnight = findsOf(ctx, "clock").some((f) => f.fragment.exact === "midnight") || saysNightTwelve(ctx.text, findsOf(ctx, "clock"), findsOf(ctx, "part"));
  const today = localTimeAt(ctx.now, ctx.timezone);
  // The start of today has passed: "today at midnight", like "tonight at midnight", is the one that ends it.
  const endOfToday = midnight && (tonight || (date !== null && date.roll === "none" && sameDate(date, today)));
  if (date !== null && !endOfToday && midnight) throw refuse.midnightOfDay(ctx.grammar.examples);
  let day: CivilDate = endOfToday ? addDays(today, 1) : (date ?? today);
  const roll = date?.roll ?? "day";
  for (let tries = 0; tries < 3; tries++) {
    const wall: CivilTime = { ...day, ...time };
    const { at } = resolveNoted(ctx, wall);
    if (at > ctx.now) return onceAt(ctx, at, wall);
    const afternoon: TimeOfDay | null = tries === 0 && roll === "none" && sameDate(day, today) ? afternoonOf(ctx, time) : null;
    if (afternoon !== null) {
      time = afternoon;
      continue;
    }
    if (roll === "none" || tries === 2) throw refuse.inThePast(formatWall(wall), ctx.timezone);
    day = rolled(day, roll);
  }
  throw new Error("unreachable");
}

const sameDate = (a: CivilDate, b: CivilDate) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * "today at 4" said at 10:00: 04:00 has passed and the day is named, so only 16:00 is left. A
 * bare hour only (no am/pm, no part of the day); the 24-hour note is replaced.
 */
function afternoonOf(ctx: ReadContext, time: TimeOfDay): TimeOfDay | null {
  const [clock, other] = findsOf(ctx, "clock");
  if (clock === undefined || other !== undefined || findsOf(ctx, "part").length > 0) return null;
  const { meridiem, exact } = clock.fragment;
  if (meridiem !== null || exact !== undefined || time.hour < 1 || time.hour > 11) return null;
  const later = { hour: time.hour + 12, minute: time.minute };
  // The morning reading has passed on the named day, so the hour is no longer night or day.
  ctx.nightOrDay.splice(0, ctx.nightOrDay.length, ...ctx.nightOrDay.filter((f) => f !== clock));
  const said = clock.text.trim();
  const notes = ctx.notes.filter((n) => !n.startsWith(`read '${said}' as`));
  ctx.notes.splice(
    0,
    ctx.notes.length,
    ...notes,
    `read '${said}' as ${formatClock(later.hour, later.minute)}: ${formatClock(time.hour, time.minute)} today has passed`,
  );
  return later;
}

/** How long ago a date without a year may have passed and still be asked about rather than read as next year's. */
const RECENTLY_PASSED_DAYS = 31;
const civil = (d: CivilDate) => formatWall({ ...d, hour: 0, minute: 0 }).slice(0, 10);
/** Whole days from `a` to `b` (positive when `a` is earlier), on the calendar. */

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
    ...findsOf(ctx, "dayOffset").map((f) => {
      if (f.fragment.note !== undefined) ctx.notes.push(f.fragment.note);
      return { ...addDays(today, f.fragment.days), roll: "none" as const };
    }),
    ...findsOf(ctx, "part")
      .filter((f) => f.fragment.today === true)
      .map(() => ({ year: today.year, month: today.month, day: today.day, roll: "none" as const })),
    ...findsOf(ctx, "weekdayName").map((f) => {
      const [weekday, ...others] = f.fragment.days;
      if (weekday === undefined || others.length > 0) throw refuse.conflicting("several weekdays for a single run");
      // "The Friday after next" said while this week's Friday is still ahead: the one after the
      // coming Friday (next week's) for some, the Friday of the week after next for others.
      if (f.fragment.afterNext === true && weekday !== today.weekday) {
        const [coming, thisWeeks] = [weekdayDate(today, weekday), weekdayDate(today, weekday, 0)];
        const day = (weeks: number) => formatWall({ ...weekdayDate(today, weekday, weeks), hour: 0, minute: 0 }).slice(0, 10);
        if (coming.month === thisWeeks.month && coming.day === thisWeeks.day) throw refuse.afterNext(day(1), day(2));
      }
      const date = weekdayDate(today, weekday, f.fragment.weeksAhead);
      if (f.fragment.weeksAfter !== undefined) return { ...addDays(date, 7 * f.fragment.weeksAfter), roll: "none" as const };
      return { ...date, roll: f.fragment.weeksAhead === undefined ? ("week" as const) : ("none" as const) };
    }),
    ...findsOf(ctx, "monthDay").map((f) => ({ ...monthWithDay(ctx, today, f.fragment.day), roll: "month" as const })),
    ...findsOf(ctx, "monthDate").map((f) => ({ year: today.year, month: f.fragment.month, day: f.fragment.day, roll: "year" as const })),
    ...findsOf(ctx, "monthAhead").map((f) => ({ ...monthAheadDay(ctx, today, f.fragment), roll: "none" as const })),
    ...findsOf(ctx, "monthEnd").map((f) => ({ ...monthEndDay(today, f.fragment), roll: "none" as const })),
  ];
  // A date without a year that passed within the last month is more likely a slip than next year's.
  for (const d of dates) {
    if (d.roll !== "year") continue;
    const ago = daysBetween({ ...d, year: today.year }, today);
    if (ago > 0 && ago <= RECENTLY_PASSED_DAYS) throw refuse.recentlyPassed(civil({ ...d, year: today.year }), civil({ ...d, year: today.year + 1 }));
  }
  const distinct = new Map(withoutConfirmingWeekday(dates, weekdayApart(ctx)).map((d) => [`${d.year}-${d.month}-${d.day}`, d]));
  if (distinct.size > 1) throw refuse.conflicting("two different dates");
  const [date] = distinct.values();
  if (date !== undefined && date.day > daysInMonth(date.year, date.month))
    throw refuse.noSuchDate(`${date.year}-${date.month}-${date.day}`, ctx.grammar.examples);
  return date ?? null;
}

/**
 * "Friday the 13th", "friday march 13": a weekday said beside the one other date, that falls on
 * it, only confirms that date. A weekday the date does not fall on is left in: two dates, asked.
 */
function withoutConfirmingWeekday<D extends CivilDate & { roll: DateFragment["roll"] }>(dates: D[], apart: boolean): D[] {
  const weekdays = dates.filter((d) => d.roll === "week");
  const others = dates.filter((d) => d.roll !== "week");
  const [other] = others;
  if (weekdays.length === 0 || other === undefined || new Set(others.map((d) => `${d.year}-${d.month}-${d.day}`)).size > 1) return dates;
  if (!weekdays.every((d) => weekdayOf(d) === weekdayOf(other))) return dates;
  // "tomorrow and Friday" said on a Thursday: two days named that are one day, so one of them was
  // likely meant otherwise (next Friday?): asked, never read as tomorrow only.
  if (apart) throw refuse.conflicting("the same day twice, in two words");
  return others;
}

const ONE_DAY = new Set(["date", "dayOffset", "monthDate", "monthDay", "monthAhead", "monthEnd"]);

/**
 * Whether a weekday chrono found is said apart from another date, a word between them ("tomorrow
 * and Friday", "Friday March 6 and tomorrow"): then it names a day of its own. Only spaces and punctuation between ("週五 3/13",
 * "Friday, March 13") make it the date's own weekday.
 */
export function weekdayApart(ctx: ReadContext): boolean {
  const dates = ctx.finds.filter((f) => ONE_DAY.has(f.fragment.kind));
  const weekdays = dates.filter((f) => f.fragment.kind === "date" && f.fragment.roll === "week");
  const others = dates.filter((f) => !weekdays.includes(f));
  const between = (a: Found, b: Found) => ctx.text.slice(Math.min(a.end, b.end), Math.max(a.start, b.start));
  return weekdays.some((w) => others.some((o) => !/^[\s\p{P}]*$/u.test(between(w, o))));
}

/**
 * "on the 31st" said in a month without one: the next month that has it, as cron would skip
 * the short months; noted so that the user sees the date.
 */
function monthWithDay(ctx: ReadContext, today: CivilDate, day: number): CivilDate {
  let month = { year: today.year, month: today.month };
  for (let i = 0; i < 12 && day > daysInMonth(month.year, month.month); i++) month = addMonths({ ...month, day: 1 }, 1);
  if (day > daysInMonth(month.year, month.month)) throw refuse.noSuchDate(`Day ${day}`, ctx.grammar.examples);
  if (month.month !== today.month)
    ctx.notes.push(`this month has no day ${day}: read as ${month.year}-${String(month.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
  return { ...month, day };
}

function onceAt(ctx: ReadContext, at: number, wall?: CivilTime): Schedule {
  if (at <= ctx.now) throw refuse.inThePast(formatWall(wall ?? localTimeAt(at, ctx.timezone)), ctx.timezone);
  if (at - ctx.now > ctx.horizonMs) {
    throw refuse.beyondHorizon(formatWall(wall ?? localTimeAt(at, ctx.timezone)), Math.round(ctx.horizonMs / 86_400_000));
  }
  return { kind: "once", at, timezone: ctx.timezone };
}
