import { addDays, addMonths, type CivilDate, localTimeAt, nextFireTimes, resolveLocalTime } from "../schedule/index.js";
import type { EverySchedule, Schedule } from "../schedule/model.js";
import { formatWall } from "./format.js";
import type { Found } from "./fragments.js";
import { endTarget, lastDayOf, startOfDay } from "./read-bounds.js";
import { findsOf, type ReadContext, weekdayDate } from "./read-context.js";
import { refuse } from "./refusals.js";

/** The fragments a "starting" can name as the first day. */
const START_KINDS = new Set(["date", "monthDate", "weekdayName", "monthDay", "monthAhead", "dayOffset"]);

const PERIOD_KINDS: ReadonlySet<string> = new Set(["vague"]);

/**
 * Takes the first day out of the cluster: "every day at 5pm starting Monday". Returns the start
 * (the first instant of that day) and the cluster without the day, which the schedule readers
 * must not read as the schedule's own date.
 */
export function takeStart(ctx: ReadContext): { start: number | null; rest: Found[] } {
  const markers = findsOf(ctx, "start");
  const [marker, second] = markers;
  if (marker === undefined) return { start: null, rest: ctx.finds };
  if (second !== undefined) throw refuse.conflicting("two starts");
  // A period ahead ("下個月", "next week") is a vague day: a start may name it (periodStart).
  const target = endTarget(ctx, marker, PERIOD_KINDS);
  const period = target === null ? null : periodStart(ctx, target);
  if (target === null || (period === null && !START_KINDS.has(target.fragment.kind))) throw refuse.startWithoutDate(marker.text.trim(), ctx.grammar.examples);
  ctx.used.add(target);
  const day = period ?? lastDayOf(ctx, target);
  ctx.notes.push(`starts on ${formatWall({ ...day, hour: 0, minute: 0 }).slice(0, 10)}`);
  // "every 2 weeks starting next Monday": the day is the weekday, read (and anchored) by the interval's reader.
  const anchors = ctx.finds.some((f) => f.fragment.kind === "interval" && f.fragment.unit === "week" && f.fragment.weekday === undefined);
  return { start: startOfDay(ctx, day), rest: anchors ? ctx.finds : ctx.finds.filter((f) => f !== target) };
}

/**
 * "從下個月開始", "starting next week": a period ahead, named without its day, as a start is its
 * first day (the 1st of the month, the Monday of the week). Asked alone, it needs no day here.
 */
function periodStart(ctx: ReadContext, target: Found): CivilDate | null {
  const f = target.fragment;
  if (f.kind !== "vague" || f.what !== "day" || f.ahead === undefined) return null;
  const today = localTimeAt(ctx.now, ctx.timezone);
  if (f.ahead.unit === "week") return weekdayDate(today, 1, f.ahead.count);
  const first = addMonths({ year: today.year, month: today.month, day: 1 }, f.ahead.count);
  return { year: first.year, month: first.month, day: 1 };
}

/**
 * The start is said through the schedule: kept when the first run falls on or after it anyway
 * ("starting tomorrow, every day at 7am" said after 7am); an every-interval is anchored at its
 * first run from the start; a cron ("every day at 5pm starting Monday", "從下週一開始，每個平日早上八點")
 * keeps the start as its own (`start`), so it cannot fire before it: one mechanism for every cron.
 */
export function startOn(schedule: Schedule, start: number | null, now: number): Schedule {
  if (start === null) return schedule;
  const [first] = nextFireTimes(schedule, now, 1);
  if (first === undefined || first >= start) return schedule;
  const [from] = nextFireTimes(schedule, start - 1, 1);
  if (from === undefined) throw refuse.startLater();
  if (schedule.kind === "every") return { ...schedule, anchor: schedule.unit === "minute" || schedule.unit === "hour" ? from : firstFrom(schedule, start) };
  if (schedule.kind === "cron") return { ...schedule, start };
  throw refuse.startLater();
}

/**
 * "every 3 days at 8am starting March 20": the first run is on the start day itself (on its
 * weekday or day of the month for weeks and months), at the schedule's wall time; not the old
 * anchor's next step, which may fall a day or two later.
 */
function firstFrom(schedule: EverySchedule, start: number): number {
  const wall = localTimeAt(schedule.anchor, schedule.timezone);
  let day = addDays(localTimeAt(start, schedule.timezone), 0);
  const fits = (d: typeof day) => (schedule.unit === "week" ? d.weekday === wall.weekday : schedule.unit === "month" ? d.day === wall.day : true);
  for (let i = 0; i < 62 && !fits(day); i++) day = addDays(day, 1);
  return resolveLocalTime({ ...day, hour: wall.hour, minute: wall.minute }, schedule.timezone).at;
}
