import type { ResolvedSchedule } from "../app/tasks/task-request.js";
import type { Job, RunPolicy } from "../core/model.js";
import { describeSchedule } from "../core/schedule/index.js";
import type { PolicyInput } from "./policy-schemas.js";
import { policyView, zoneOf } from "./present.js";
import { readingOf, type WhenInput, whenAliases } from "./schedule-input.js";
import type { Reading } from "./schemas.js";
import type { FieldAliases } from "./tool-errors.js";

/** Task arguments beyond the schedule, shared by create and update: policies and readings. */

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

/** A stored task's schedule read back, with its next runs and its policies; `resolved` says how the arguments were read. */
export function readingOfJob(job: Job, upcoming: { next: number[]; notes: string[] }, serverZone: string, resolved?: ResolvedSchedule): Reading {
  const zone = zoneOf(job.schedule, serverZone);
  const source = resolved?.zoneSource ?? (zone === serverZone ? "server_default" : "argument");
  const ends = { ...(job.end_at !== null && { endAt: job.end_at }), ...(job.max_runs !== null && { maxRuns: job.max_runs }) };
  const reading = readingOf({ ...resolved, ...ends, schedule: job.schedule, zone, zoneSource: source }, upcoming.next, upcoming.notes, describeSchedule);
  return { ...reading, policies: policyView(job, zone, upcoming.next[0]) };
}
