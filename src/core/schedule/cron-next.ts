import { parseCron } from "./cron-fields.js";
import { nextWallMatch } from "./cron-match.js";
import { type EffectiveDst, effectiveDst, mergeSameInstant, occurrencesOf, type ResolvedOccurrence } from "./dst-policy.js";
import { type CronSchedule, cronExprs } from "./model.js";
import { OFFSET_WINDOW_MS, resolveWall } from "./resolve-wall.js";
import { DAY_MS, MINUTE_MS } from "./wall-time.js";
import { type ZoneRules, zoneRules } from "./zone.js";

/** How far ahead a cron search looks before it concludes there is no next fire ("0 0 30 2 *"). */
export const SEARCH_LIMIT_MS = 5 * 366 * DAY_MS;

/**
 * The first occurrence strictly after `after`: the earliest over the schedule's expressions,
 * two at one instant merged into one (the instant is the run's key).
 */
export function nextCronOccurrence(s: CronSchedule, after: number): ResolvedOccurrence | null {
  const zone = zoneRules(s.timezone);
  const policy = effectiveDst(s);
  let best: ResolvedOccurrence | null = null;
  for (const expr of cronExprs(s)) {
    const occ = nextExprOccurrence(expr, zone, policy, after);
    if (occ === null) continue;
    if (best === null || occ.at < best.at) best = occ;
    else if (occ.at === best.at) best = mergeSameInstant(best, occ);
  }
  return best;
}

/**
 * One expression's first occurrence strictly after `after`. We walk matching wall times in
 * order and resolve each in the zone ourselves (cron-parser's own next() shifts a nonexistent
 * 02:30 to 03:30 and skips a whole day at Lord Howe).
 *
 * Walking wall times is walking instants, except in an overlap: the second pass of 01:30 comes
 * after the first pass of 01:45. The earliest instant of each wall time never decreases, so we
 * keep the best candidate and stop once a wall time can only be later.
 */
function nextExprOccurrence(expr: string, zone: ZoneRules, policy: EffectiveDst, after: number): ResolvedOccurrence | null {
  const fields = parseCron(expr);

  // If the clocks fall back soon after `after`, wall times earlier than `after`'s own come again.
  let lowestOffset = zone.offsetAt(after);
  for (const tr of zone.transitionsIn(after, after + OFFSET_WINDOW_MS)) lowestOffset = Math.min(lowestOffset, tr.after);
  let from = after + lowestOffset;
  const limit = from + SEARCH_LIMIT_MS;

  let best: ResolvedOccurrence | null = null;
  for (;;) {
    const wall = nextWallMatch(fields, from, limit);
    if (wall === null) return best;
    const r = resolveWall(zone, wall);
    const earliest = r.kind === "single" ? r.at : r.kind === "overlap" ? r.first : r.transition;
    if (best !== null && earliest > best.at) return best;

    for (const occ of occurrencesOf(r, wall, policy)) {
      if (occ.at <= after) continue;
      if (best === null || occ.at < best.at) best = occ;
      else if (occ.at === best.at) best = mergeSameInstant(best, occ);
    }
    // A plain fire after `after` ends the search: later wall times only give later instants.
    if (r.kind === "single" && r.at > after) return best;
    from = wall + MINUTE_MS;
  }
}
