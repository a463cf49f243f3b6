import { addDays, addMonths, type CivilDate, type CivilTime, daysInMonth, resolveLocalTimeNoted, weekdayOf } from "../schedule/index.js";
import type { Occurrence } from "../schedule/model.js";
import type { Found, Fragment, PartOfDay } from "./fragments.js";
import type { Grammar } from "./grammar.js";
import { readTimes, type TimeOfDay } from "./read-time.js";
import { refuse } from "./refusals.js";

/** What every reader gets: the fragments of the chosen cluster and the reading's settings. */
export interface ReadContext {
  grammar: Grammar;
  /** The lower-cased text the fragments were found in. */
  text: string;
  finds: Found[];
  now: number;
  /** The zone the phrase is read in: the phrase's own zone if it names one, else the option. */
  timezone: string;
  horizonMs: number;
  defaultTime: TimeOfDay | null;
  notes: string[];
  /**
   * The fragments a reader has looked at. A fragment of the chosen cluster no reader looked at
   * was not used, and the coverage rule refuses the reading (coverage.ts).
   */
  used: Set<Found>;
  /**
   * Clocks that could be night or day ("at 2"): the reading is refused with a question unless a
   * reader settles them ("today at 4" once 04:00 has passed). Shared by every copy of the context.
   */
  nightOrDay: Found[];
}

export type FoundOf<K extends Fragment["kind"]> = Found & { fragment: Extract<Fragment, { kind: K }> };

/** The cluster's fragments of one kind, marked as used: a reader that asks for a kind reads it. */
export function findsOf<K extends Fragment["kind"]>(ctx: ReadContext, kind: K): Array<FoundOf<K>> {
  const out = ctx.finds.filter((f): f is FoundOf<K> => f.fragment.kind === kind);
  for (const f of out) ctx.used.add(f);
  return out;
}

/** The times of day the cluster asks for; see `readTimes`. */
export function timesOf(ctx: ReadContext, dailyParts: PartOfDay[] = []): TimeOfDay[] {
  const partFinds = findsOf(ctx, "part");
  return readTimes({
    text: ctx.text,
    clocks: findsOf(ctx, "clock"),
    parts: partFinds,
    dailyParts,
    tonight: partFinds.some((f) => f.fragment.today === true && f.fragment.part === "evening"),
    defaultTime: ctx.defaultTime,
    notes: ctx.notes,
    nightOrDay: ctx.nightOrDay,
  });
}

/** Resolves a wall time in the reading's zone, noting a DST gap or overlap for the user. */
export function resolveNoted(ctx: ReadContext, wall: CivilTime): Occurrence {
  const { note, ...resolved } = resolveLocalTimeNoted(wall, ctx.timezone);
  if (note !== undefined) ctx.notes.push(note);
  return resolved;
}

/**
 * The coming `weekday`, today included; with `weeksAhead`, that weekday in the Monday-to-Sunday
 * week so many weeks on ("来週の金曜日", "in two weeks on Friday").
 */
export function weekdayDate(today: CivilDate & { weekday: number }, weekday: number, weeksAhead?: number): CivilDate & { weekday: number } {
  if (weeksAhead === undefined) return addDays(today, (weekday - today.weekday + 7) % 7);
  const monday = addDays(today, 7 * weeksAhead - ((today.weekday + 6) % 7));
  return addDays(monday, (weekday + 6) % 7);
}

/**
 * The last day a month's end names: this month's, that month's (next year's once it has passed), or
 * the month's so many months on ("下個月底"). One place for a single run and for an "until".
 */
export function monthEndDay(today: CivilDate, f: Extract<Fragment, { kind: "monthEnd" }>): CivilDate {
  if (f.monthsAhead !== undefined) {
    const month = addMonths({ ...today, day: 1 }, f.monthsAhead);
    return { ...month, day: daysInMonth(month.year, month.month) };
  }
  const month = f.month ?? today.month;
  const year = month < today.month ? today.year + 1 : today.year;
  return { year, month, day: daysInMonth(year, month) };
}

/**
 * The day "on the 5th of next month" or "the first Monday of next month" names; refused when that
 * month has no such weekday (a fifth Monday). One place for a single run and for an "until".
 */
export function monthAheadDay(ctx: ReadContext, today: CivilDate, f: Extract<Fragment, { kind: "monthAhead" }>): CivilDate {
  const month = addMonths({ ...today, day: 1 }, f.months);
  const day = f.nth === undefined ? f.day : nthWeekdayOf(month, f.nth.nth, f.nth.weekday);
  if (day === null) throw refuse.noSuchDate(`${month.year}-${month.month}: weekday ${f.nth?.nth}`, ctx.grammar.examples);
  return { ...month, day };
}

/**
 * The day of the month of its `nth` `weekday` (cron numbering; `nth` -1: the last), or null when
 * the month has no such day (a fifth Monday).
 */
function nthWeekdayOf(month: { year: number; month: number }, nth: number, weekday: number): number | null {
  const days = daysInMonth(month.year, month.month);
  const firstWeekday = weekdayOf({ ...month, day: 1 });
  const first = 1 + ((weekday - firstWeekday + 7) % 7);
  if (nth === -1) return first + 7 * Math.floor((days - first) / 7);
  const day = first + 7 * (nth - 1);
  return day <= days ? day : null;
}
