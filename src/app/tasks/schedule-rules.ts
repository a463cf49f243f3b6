import type { Action } from "../../core/action-model.js";
import { DomainError } from "../../core/errors.js";
import type { RunPolicy } from "../../core/model.js";
import { dstNotes, nextFireTimes, validateSchedule } from "../../core/schedule/index.js";
import { isRecurring, type Schedule } from "../../core/schedule/model.js";
import type { ActionRunner } from "../../ports/action.js";
import type { EngineSettings } from "../settings.js";

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

/** The shortest time between two of the next few fires; Infinity for a one-off. */
function shortestGap(schedule: Schedule, now: number): number {
  if (!isRecurring(schedule)) return Infinity;
  const fires = nextFireTimes(schedule, now, 8);
  let shortest = Infinity;
  for (let i = 1; i < fires.length; i++) shortest = Math.min(shortest, fires[i]! - fires[i - 1]!);
  return shortest;
}

/**
 * A start window must be shorter than the time between two runs: a run started late within it
 * must never pass the next one.
 */
export function checkPolicy(policy: RunPolicy, schedule: Schedule, now: number): void {
  const gap = shortestGap(schedule, now);
  if (policy.window_ms > 0 && policy.window_ms >= gap) {
    const minutes = Math.round(gap / 60_000);
    throw new DomainError(
      "invalid_argument",
      `A start window of ${policy.window_ms / 60_000} minutes is not shorter than the ${minutes} minutes between two runs.`,
      {
        field: "policy.window_ms",
        expected: `fewer minutes than between two runs (${minutes})`,
        hint: "Use a shorter window, or 0 to start exactly on time.",
      },
    );
  }
}

/**
 * An action the configured actions could never run (ActionRunner.refuse), or with a part known
 * wrong already (ActionRunner.check: a feed URL, a channel `owner` does not have), is refused now, not at its first run.
 */
export function checkAction(action: Action, owner: string, actions: ActionRunner): void {
  actions.check?.(action, owner);
  const refusal = actions.refuse?.(action) ?? null;
  if (refusal) {
    throw new DomainError("invalid_argument", refusal.message, { field: `action.${refusal.field}`, expected: refusal.expected, hint: refusal.hint });
  }
}

function checkInterval(schedule: Schedule, now: number, min: number): void {
  const shortest = shortestGap(schedule, now);
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
