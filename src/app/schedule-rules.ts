import { DomainError } from "../core/errors.js";
import { dstNotes, nextFireTimes, validateSchedule } from "../core/schedule/index.js";
import { isRecurring, type Schedule } from "../core/schedule/model.js";
import type { EngineSettings } from "./settings.js";

/** A schedule's next fire instants and the DST notes about them. */
export interface Upcoming {
  next: number[];
  notes: string[];
}

/**
 * Every check a schedule must pass before a task may use it: well-formed, in a known zone,
 * first fire within the horizon, and no two fires closer than the minimum interval. Create and
 * preview both run exactly this, so a preview never shows what create would refuse.
 */
export function checkSchedule(schedule: Schedule, now: number, settings: Pick<EngineSettings, "horizon_ms" | "min_interval_ms">): void {
  validateSchedule(schedule, now, { horizonMs: settings.horizon_ms });
  checkInterval(schedule, now, settings.min_interval_ms);
}

/** Fires strictly after `now`, as the chain is planned (a fire exactly at now is not scheduled); `immediate` runs at `now`. */
export function upcomingFires(schedule: Schedule, now: number, count: number): Upcoming {
  if (schedule.kind === "immediate") return { next: [now], notes: [] };
  return { next: nextFireTimes(schedule, now, count), notes: dstNotes(schedule, now, count) };
}

function checkInterval(schedule: Schedule, now: number, min: number): void {
  if (!isRecurring(schedule)) return;
  const fires = nextFireTimes(schedule, now, 8);
  let shortest = Infinity;
  for (let i = 1; i < fires.length; i++) shortest = Math.min(shortest, fires[i]! - fires[i - 1]!);
  if (shortest < min) {
    throw new DomainError(
      "limit_exceeded",
      `This schedule fires every ${Math.round(shortest / 1000)} s; the shortest allowed interval is ${min / 60_000} minute(s).`,
      {
        field: "schedule",
        expected: `at least ${min / 60_000} minute(s) between fires`,
        hint: "Use a longer interval, or ask the operator to lower min_interval_ms in the duely config.",
      },
    );
  }
}
