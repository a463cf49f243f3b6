import { isDomainError } from "../errors.js";
import { nextCronOccurrence } from "./cron-next.js";
import { type ResolvedOccurrence, toOccurrence } from "./dst-policy.js";
import { nextEveryOccurrence } from "./every-next.js";
import type { Occurrence, Schedule } from "./model.js";

/** Callers ask for a handful; this only bounds a mistaken huge `count`. */
export const MAX_COUNT = 10_000;
/** JavaScript dates end at ±8.64e15 ms; there is nothing to compute after that. */
const MAX_INSTANT = 8.64e15;

/**
 * Like nextOccurrence but with the bookkeeping dstNotes needs, and letting any error through.
 * Tests call this one, so a library failure on a valid schedule shows up instead of a null.
 */
export function nextResolvedOccurrence(s: Schedule, after: number): ResolvedOccurrence | null {
  if (!(Math.abs(after) <= MAX_INSTANT)) return null;
  switch (s.kind) {
    case "immediate":
      return null; // the engine runs it at creation
    case "once":
      // A once names an instant, not a wall time; dstNotes has nothing to say about it.
      return s.at > after ? { at: s.at, wall: s.at } : null;
    case "cron":
      // Nothing before the start: the first occurrence at or after it.
      return nextCronOccurrence(s, s.start === undefined ? after : Math.max(after, s.start - 1));
    case "every":
      return nextEveryOccurrence(s, after);
  }
}

export function nextResolvedOccurrences(s: Schedule, after: number, count: number): ResolvedOccurrence[] {
  const out: ResolvedOccurrence[] = [];
  let cursor = after;
  while (out.length < Math.min(count, MAX_COUNT)) {
    const next = nextResolvedOccurrence(s, cursor);
    if (next === null) break;
    out.push(next);
    cursor = next.at;
  }
  return out;
}

/**
 * The next occurrence strictly after `after` (epoch ms), or null when there is none (a `once`
 * in the past, `immediate`, a cron with no match within 5 years). May carry skip: "dst_gap".
 * Throws DomainError only for an invalid schedule (validate it first). Any other failure — a
 * library throwing on some zone or date — is reported as null, so one schedule cannot stop a
 * loop over all of them; no valid schedule in the tests reaches that path.
 */
export function nextOccurrence(s: Schedule, after: number): Occurrence | null {
  try {
    const next = nextResolvedOccurrence(s, after);
    return next === null ? null : toOccurrence(next);
  } catch (e) {
    if (isDomainError(e)) throw e;
    return null;
  }
}

/** Up to `count` occurrences strictly after `after`, skip markers included, strictly increasing. */
export function nextOccurrences(s: Schedule, after: number, count: number): Occurrence[] {
  const out: Occurrence[] = [];
  let cursor = after;
  while (out.length < Math.min(count, MAX_COUNT)) {
    const next = nextOccurrence(s, cursor);
    if (next === null) break;
    out.push(next);
    cursor = next.at;
  }
  return out;
}

/** Up to `count` instants that will actually run: skip markers are left out. */
export function nextFireTimes(s: Schedule, after: number, count: number): number[] {
  const out: number[] = [];
  let cursor = after;
  while (out.length < Math.min(count, MAX_COUNT)) {
    const next = nextOccurrence(s, cursor);
    if (next === null) break;
    if (next.skip === undefined) out.push(next.at);
    cursor = next.at;
  }
  return out;
}
