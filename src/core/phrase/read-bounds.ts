import { addDays, addMonths, type CivilDate, daysBetween, localTimeAt, resolveLocalTime } from "../schedule/index.js";
import { count, formatWall } from "./format.js";
import type { Found, IntervalUnitWord } from "./fragments.js";
import { type FoundOf, findsOf, monthAheadDay, monthEndDay, type ReadContext, weekdayDate } from "./read-context.js";
import { clockToTime } from "./read-time.js";
import { refuse } from "./refusals.js";

/** How a phrase bounds its runs, in the job's terms: no run at or after `endAt`; at most `maxRuns`. */
export interface Bounds {
  endAt?: number;
  maxRuns?: number;
}

/** The fragments an "until" can name as its last day, or (a clock) its last time today. */
const END_KINDS = new Set(["date", "monthDate", "weekdayName", "monthDay", "monthAhead", "monthEnd", "lastDayOfMonth", "dayOffset", "clock"]);

/**
 * Takes the end of the runs out of the cluster: "until June 30" (the date next to the "until"
 * is the last day that may run, included), "for two weeks" (a span, whose end `spanEnd` counts
 * once the start is known), "3 times". Returns the bounds and the cluster without the end's date, which the schedule readers
 * must not read as the schedule's own date.
 */
export function readBounds(ctx: ReadContext): { bounds: Bounds; rest: Found[]; span?: Span } {
  const taken = new Set<Found>();
  const ends: number[] = [];
  const endNotes: string[] = [];
  for (const marker of findsOf(ctx, "until")) {
    const { through } = marker.fragment;
    if (through !== undefined) {
      const last = lastDayOfThis(ctx, through);
      ends.push(startOfDay(ctx, addDays(last, 1)));
      endNotes.push(
        `read '${marker.text.trim()}' as runs until the end of this ${through}, ${formatWall({ ...last, hour: 0, minute: 0 }).slice(0, 10)} included`,
      );
      continue;
    }
    const target = endTarget(ctx, marker);
    if (target === null) throw refuse.endWithoutDate(marker.text.trim(), ctx.grammar.examples);
    taken.add(target);
    ctx.used.add(target);
    if (target.fragment.kind === "clock") {
      const at = lastTimeToday(ctx, target as FoundOf<"clock">);
      // Runs are on whole minutes: a minute past the time keeps a run at the time itself.
      ends.push(at + 60_000);
      endNotes.push(`runs until ${formatWall(localTimeAt(at, ctx.timezone))}, that time included`);
      continue;
    }
    const last = lastDayOf(ctx, target);
    ends.push(startOfDay(ctx, addDays(last, 1)));
    endNotes.push(`runs until ${formatWall({ ...last, hour: 0, minute: 0 }).slice(0, 10)}, that day included`);
  }
  const spans = findsOf(ctx, "duration").map(({ fragment, text }): Span => ({ amount: fragment.amount, unit: fragment.unit, text }));
  if (ends.length + spans.length > 1) throw refuse.conflicting("two ends for the runs");
  const counts = [...new Set(findsOf(ctx, "count").map((f) => f.fragment.times))];
  if (counts.length > 1) throw refuse.conflicting("two different numbers of runs");
  const [maxRuns] = counts;
  if (maxRuns !== undefined) ctx.notes.push(`stops after ${count(maxRuns, "run")}`);
  ctx.notes.push(...endNotes);
  const [endAt] = ends;
  const [span] = spans;
  return {
    bounds: { ...(endAt !== undefined && { endAt }), ...(maxRuns !== undefined && { maxRuns }) },
    rest: ctx.finds.filter((f) => !taken.has(f)),
    ...(span !== undefined && { span }),
  };
}

/** How long the runs go on ("for two weeks", "接下來三天"): the end is counted once the first day is known. */
export interface Span {
  amount: number;
  unit: IntervalUnitWord;
  text: string;
}

/**
 * The end of a span: that long after now on the wall clock, or after the first day when the phrase
 * names a later one ("from next Monday, every day at 8, for ten days" runs ten days from Monday, not
 * from now: counted from now, three of the ten were lost).
 */
export function spanEnd(ctx: ReadContext, span: Span, start: number | null): number {
  const from = start !== null && start > ctx.now ? start : ctx.now;
  const wall = localTimeAt(from, ctx.timezone);
  const { amount, unit } = span;
  let end: number;
  if (unit === "minute" || unit === "hour") {
    end = from + amount * (unit === "minute" ? 60_000 : 3_600_000);
  } else {
    const day = unit === "day" || unit === "week" ? addDays(wall, amount * (unit === "week" ? 7 : 1)) : addMonths(wall, amount * (unit === "year" ? 12 : 1));
    end = resolveLocalTime({ ...day, hour: wall.hour, minute: wall.minute }, ctx.timezone).at + Math.round(wall.second * 1000);
  }
  const counted = from === ctx.now ? "from now" : "from the first day";
  ctx.notes.push(`read '${span.text.trim()}' as runs until ${formatWall(localTimeAt(end, ctx.timezone))} (${count(amount, unit)} ${counted}, excluded)`);
  return end;
}

/** The date fragment right next to an "until" (or a "starting"), on the side it names, with only glue between. */
export function endTarget(ctx: ReadContext, marker: FoundOf<"until"> | FoundOf<"start">, also: ReadonlySet<string> = new Set()): Found | null {
  // A start reads the day after it ("starting Monday") unless its word follows the day ("月曜から", "월요일부터").
  const after = marker.fragment.kind === "start" ? marker.fragment.side !== "before" : marker.fragment.side === "after";
  const candidates = ctx.finds
    .filter((f) => (END_KINDS.has(f.fragment.kind) || also.has(f.fragment.kind)) && (after ? f.start >= marker.end : f.end <= marker.start))
    .sort((a, b) => (after ? a.start - b.start : b.end - a.end));
  const [nearest] = candidates;
  if (nearest === undefined) return null;
  const between = after ? ctx.text.slice(marker.end, nearest.start) : ctx.text.slice(nearest.end, marker.start);
  return ctx.grammar.glue.test(between) ? nearest : null;
}

/** "until 5pm": the next time the clock shows it, today or (when past) tomorrow. */
function lastTimeToday(ctx: ReadContext, found: FoundOf<"clock">): number {
  const time = clockToTime(found, found.fragment, null, ctx.notes);
  const today = localTimeAt(ctx.now, ctx.timezone);
  const at = resolveLocalTime({ ...today, ...time }, ctx.timezone).at;
  return at > ctx.now ? at : resolveLocalTime({ ...addDays(today, 1), ...time }, ctx.timezone).at;
}

/** The day an end (or a start) names: the coming one, today included. */
export function lastDayOf(ctx: ReadContext, target: Found): CivilDate {
  const today = localTimeAt(ctx.now, ctx.timezone);
  const f = target.fragment;
  const notBefore = (d: CivilDate, next: (d: CivilDate) => CivilDate): CivilDate => (daysBetween(today, d) >= 0 ? d : next(d));
  switch (f.kind) {
    case "date":
      return f.roll === "none" ? f : notBefore(f, (d) => (f.roll === "week" ? addDays(d, 7) : { ...d, year: d.year + 1 }));
    case "dayOffset":
      return addDays(today, f.days);
    case "weekdayName": {
      const [weekday] = f.days;
      if (weekday === undefined || f.days.length > 1) throw refuse.conflicting("several weekdays as the end");
      return weekdayDate(today, weekday, f.weeksAhead);
    }
    case "monthDay":
      return notBefore({ year: today.year, month: today.month, day: f.day }, (d) => addMonths(d, 1));
    case "monthDate":
      return notBefore({ year: today.year, month: f.month, day: f.day }, (d) => ({ ...d, year: d.year + 1 }));
    case "monthEnd":
      return monthEndDay(today, f);
    case "monthAhead":
      return monthAheadDay(ctx, today, f);
    case "lastDayOfMonth":
      return monthEndDay(today, { kind: "monthEnd", month: null });
    default:
      throw new Error(`not an end: ${f.kind}`);
  }
}

/** The last day of the week (Monday to Sunday), the month or the year that today is in. */
function lastDayOfThis(ctx: ReadContext, period: "week" | "month" | "year"): CivilDate {
  const today = localTimeAt(ctx.now, ctx.timezone);
  if (period === "week") return weekdayDate(today, 0, 0);
  return monthEndDay(today, { kind: "monthEnd", month: period === "year" ? 12 : null });
}

export const startOfDay = (ctx: ReadContext, day: CivilDate): number => resolveLocalTime({ ...day, hour: 0, minute: 0 }, ctx.timezone).at;
