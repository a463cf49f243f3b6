import { effectiveDst, occurrencesOf, type ResolvedOccurrence } from "./dst-policy.js";
import type { EverySchedule } from "./model.js";
import { resolveWall } from "./resolve-wall.js";
import { addMonths, civilFromDays, DAY_MS, daysFromCivil, HOUR_MS, MINUTE_MS, wallDays } from "./wall-time.js";
import { type ZoneRules, zoneRules } from "./zone.js";

/** Steps tried from the estimate before giving up; the answer is within two. */
const MAX_STEPS = 8;

/**
 * Occurrences are anchor + k·step, k ≥ 0; the anchor itself is the first. Minutes and hours are
 * elapsed time (anchor + k·interval ms), so DST never touches them. Days, weeks and months step
 * the anchor's wall-clock date and keep its wall-clock time, re-resolved in the zone each step
 * ("every 3 days at 08:00" stays at 08:00 across DST, so it meets gaps and overlaps like cron).
 */
export function nextEveryOccurrence(s: EverySchedule, after: number): ResolvedOccurrence | null {
  const zone = zoneRules(s.timezone);
  const wallOf = (at: number): number => at + zone.offsetAt(at);
  if (s.anchor > after) return { at: s.anchor, wall: wallOf(s.anchor) };

  if (s.unit === "minute" || s.unit === "hour") {
    const step = s.every * (s.unit === "minute" ? MINUTE_MS : HOUR_MS);
    const at = s.anchor + (Math.floor((after - s.anchor) / step) + 1) * step;
    return { at, wall: wallOf(at) };
  }
  return nextWallStep(s, zone, after);
}

function nextWallStep(s: EverySchedule, zone: ZoneRules, after: number): ResolvedOccurrence | null {
  const policy = effectiveDst(s);
  const anchorWall = s.anchor + zone.offsetAt(s.anchor);
  // Start one step before the step whose wall date is `after`'s: an offset change moves an
  // instant by less than a day, so the answer is at most two steps on.
  const firstK = Math.max(1, stepsBefore(s, anchorWall, after + zone.offsetAt(after)) - 1);

  for (let k = firstK; k < firstK + MAX_STEPS; k++) {
    const wall = stepWall(s, anchorWall, k);
    const next = occurrencesOf(resolveWall(zone, wall), wall, policy).find((o) => o.at > after);
    if (next !== undefined) return next;
  }
  return null;
}

/** How many whole steps separate the anchor's wall time from `wall` (rounded down). */
function stepsBefore(s: EverySchedule, anchorWall: number, wall: number): number {
  if (s.unit !== "month") return Math.floor((wall - anchorWall) / (s.every * (s.unit === "week" ? 7 : 1) * DAY_MS));
  const from = civilFromDays(Math.floor(anchorWall / DAY_MS));
  const to = civilFromDays(Math.floor(wall / DAY_MS));
  return Math.floor((to.year * 12 + to.month - (from.year * 12 + from.month)) / s.every);
}

/**
 * The wall time of step k. Months keep the anchor's day where the month has it and clamp to the
 * last day where it does not, always counting from the anchor: Jan 31 → Feb 28 → Mar 31.
 */
function stepWall(s: EverySchedule, anchorWall: number, k: number): number {
  if (s.unit !== "month") return anchorWall + k * s.every * (s.unit === "week" ? 7 : 1) * DAY_MS;
  const anchorDays = wallDays(anchorWall);
  const { year, month, day } = addMonths(civilFromDays(anchorDays), k * s.every);
  return daysFromCivil(year, month, day) * DAY_MS + (anchorWall - anchorDays * DAY_MS);
}
