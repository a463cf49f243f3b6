import { addDays, type CivilDate, localTimeAt, resolveLocalTime } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import type { PartOfDay } from "./fragments.js";
import { type ReadContext, resolveNoted, timesOf } from "./read-context.js";
import type { TimeOfDay } from "./read-time.js";
import { refuse } from "./refusals.js";

export type Day = CivilDate & { weekday: number };

/** The one time of day an interval repetition runs at; refuses none or several. */
export function singleTime(ctx: ReadContext, parts: PartOfDay[], what: string, example: string): TimeOfDay {
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
export function everyFrom(
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
    if (resolved.dst === "gap_shifted" && unit !== "minute" && unit !== "hour") throw refuse.anchorInGap(wall);
    return { kind: "every", every, unit, anchor: resolveNoted(ctx, wall).at, timezone: ctx.timezone };
  }
  throw refuse.noDateOfYear(ctx.grammar.examples);
}
