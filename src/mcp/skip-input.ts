import { DateTime } from "luxon";
import { DomainError } from "../core/errors.js";
import { parseTime } from "./schedule-input.js";

/** How near a given time a run may be and still be "the run at that time": clocks and roundings differ by a minute. */
const SLACK_MS = 60_000;

/**
 * The span a skip's `at` names, in the task's zone: a date is that whole local day, a date and
 * time that minute (give or take one).
 */
export function skipWindow(at: string, zone: string): { from: number; to: number } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(at)) {
    const day = DateTime.fromISO(at, { zone });
    if (!day.isValid)
      throw new DomainError("invalid_argument", `at ${JSON.stringify(at)} is not a date.`, { field: "at", expected: 'a date such as "2026-03-06"' });
    return { from: day.startOf("day").toMillis(), to: day.endOf("day").toMillis() };
  }
  const t = parseTime(at, zone, "at");
  return { from: t - SLACK_MS, to: t + SLACK_MS };
}
