import { DateTime } from "luxon";
import type { Job, RunPolicy } from "../core/model.js";
import { describeSchedule } from "../core/schedule/index.js";
import type { Schedule } from "../core/schedule/model.js";
import type { PolicyInput } from "./policy-schemas.js";
import { policyView, zoneOf } from "./present.js";
import { checkZone, type ResolvedSchedule, readingOf, resolveSchedule, type WhenInput, whenAliases } from "./schedule-input.js";
import type { Reading } from "./schemas.js";
import type { FieldAliases } from "./tool-errors.js";

/** Task arguments beyond the schedule, shared by create and update: policies, a zone change, readings. */

/** The policies as given, in engine terms; a field left out is not in the result. */
export function policyPatch(input: PolicyInput | undefined): Partial<RunPolicy> {
  if (!input) return {};
  return {
    ...(input.overlap !== undefined && { overlap: input.overlap }),
    ...(input.catch_up !== undefined && { catch_up: input.catch_up }),
    ...(input.catch_up_window_minutes !== undefined && { catch_up_window_ms: input.catch_up_window_minutes * 60_000 }),
    ...(input.window_minutes !== undefined && { window_ms: input.window_minutes * 60_000 }),
  };
}

/** Engine field names → argument names, for create and update. */
export const taskAliases = (input: WhenInput): FieldAliases => ({
  ...whenAliases(input),
  "policy.window_ms": "policies.window_minutes",
  "policy.catch_up_window_ms": "policies.catch_up_window_minutes",
});

const sameWallTime = (t: number, from: string, to: string) => DateTime.fromMillis(t, { zone: from }).setZone(to, { keepLocalTime: true }).toMillis();

/** The same schedule read in another zone: the same wall-clock times (a one-off keeps its local date and time). */
export function rezone(s: Schedule, zone: string): Schedule {
  switch (s.kind) {
    case "immediate":
      return s;
    case "once":
      return { ...s, at: sameWallTime(s.at, s.timezone, zone), timezone: zone };
    case "cron":
      return { ...s, timezone: zone };
    case "every":
      return { ...s, anchor: sameWallTime(s.anchor, s.timezone, zone), timezone: zone };
  }
}

/**
 * The new schedule an update asks for, or null: `when` or `schedule` read as create reads them,
 * except that a zone left unnamed is the task's own; `timezone` alone moves the current schedule
 * to that zone, keeping its wall-clock times.
 */
export function scheduleChange(input: WhenInput, current: Job, defaults: { serverZone: string; now: number; horizonMs: number }): ResolvedSchedule | null {
  const taskZone = zoneOf(current.schedule, defaults.serverZone);
  if (input.when !== undefined || input.schedule !== undefined) {
    const resolved = resolveSchedule(input, { timezone: taskZone, now: defaults.now, horizonMs: defaults.horizonMs });
    if (resolved.zoneSource !== "server_default") return resolved;
    return { ...resolved, notes: [...(resolved.notes ?? []), `No zone was named, so the task's zone (${taskZone}) was kept.`] };
  }
  if (input.timezone === undefined) return null;
  const zone = checkZone(input.timezone, "timezone");
  return { schedule: rezone(current.schedule, zone), zone, zoneSource: "argument" };
}

/** A stored task's schedule read back, with its next runs and its policies; `resolved` says how the arguments were read. */
export function readingOfJob(job: Job, upcoming: { next: number[]; notes: string[] }, serverZone: string, resolved?: ResolvedSchedule): Reading {
  const zone = zoneOf(job.schedule, serverZone);
  const source = resolved?.zoneSource ?? (zone === serverZone ? "server_default" : "argument");
  const ends = { ...(job.end_at !== null && { endAt: job.end_at }), ...(job.max_runs !== null && { maxRuns: job.max_runs }) };
  const reading = readingOf({ ...resolved, ...ends, schedule: job.schedule, zone, zoneSource: source }, upcoming.next, upcoming.notes, describeSchedule);
  return { ...reading, policies: policyView(job, zone, upcoming.next[0]) };
}
