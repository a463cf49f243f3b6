import { DomainError } from "../errors.js";
import { occurrencesOf, toOccurrence, WALL_CLOCK_DEFAULT } from "./dst-policy.js";
import type { Occurrence } from "./model.js";
import { resolveWall } from "./resolve-wall.js";
import { type CivilTime, civilTimeOfWall, formatWallDate, formatWallTime, wallOf } from "./wall-time.js";
import { zoneRules } from "./zone.js";

/**
 * Wall times as dates and clock readings in a named zone, for code that reads them from people
 * (the phrase reader). The zone rules, the resolution and the DST policy are the engine's, so a
 * reading and the schedule it becomes never disagree about an instant. Both functions throw
 * `unknown_timezone` for a zone `isValidTimeZone` refuses.
 */

export type LocalTime = CivilTime & { second: number; weekday: number };

/** The wall clock in `timezone` at instant `at`. */
export function localTimeAt(at: number, timezone: string): LocalTime {
  return civilTimeOfWall(at + zoneRules(timezone).offsetAt(at));
}

/**
 * The instant `local` names in `timezone`, resolved like a fixed-time job (docs/dst.md): a time
 * the clocks skip runs at the transition (`dst: "gap_shifted"`), a time they repeat at its first
 * pass (`dst: "overlap_first"`).
 */
export function resolveLocalTime(local: CivilTime, timezone: string): Occurrence {
  const wall = wallOf(local);
  const [first] = occurrencesOf(resolveWall(zoneRules(timezone), wall), wall, WALL_CLOCK_DEFAULT);
  if (first === undefined) throw new Error("a wall time yields at least one occurrence under the wall-clock default");
  return toOccurrence(first);
}

/**
 * `resolveLocalTime`, with the sentence that tells a person what became of a time the clocks
 * skip or repeat. Every reader of a person's wall time (a phrase, an ISO time without an offset,
 * a schedule moved to another zone) words it so, so the same time gets the same note.
 */
export function resolveLocalTimeNoted(local: CivilTime, timezone: string): Occurrence & { note?: string } {
  const resolved = resolveLocalTime(local, timezone);
  const wall = wallOf(local);
  const utc = new Date(resolved.at).toISOString();
  if (resolved.dst === "gap_shifted") {
    return {
      ...resolved,
      note: `${formatWallDate(wall)} ${formatWallTime(wall)} does not exist in ${timezone} (clocks skip ahead): runs at the transition, ${utc}`,
    };
  }
  if (resolved.dst === "overlap_first") {
    return { ...resolved, note: `${formatWallTime(wall)} on ${formatWallDate(wall)} happens twice in ${timezone} (clocks fall back): using the first, ${utc}` };
  }
  return resolved;
}

/**
 * An `every` of days, weeks or months steps on the wall clock from its anchor's local time, so an
 * anchor the clocks skip would carry the shifted time (03:00 for 02:30) forever: refused, not moved.
 */
export function anchorInGap(local: CivilTime, field: string): DomainError {
  const wall = wallOf(local);
  return new DomainError(
    "invalid_schedule",
    `The first run (${formatWallDate(wall)} ${formatWallTime(wall)}) falls in a daylight-saving gap; the repetition would keep the shifted time.`,
    { field, expected: "A time outside the hour the clocks skip", hint: "Offer a time outside the skipped hour, or a start a day later." },
  );
}
