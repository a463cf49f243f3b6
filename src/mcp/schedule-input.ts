import type { ResolvedSchedule, ScheduleRequest, WhenRequest } from "../app/tasks/task-request.js";
import type { Schedule } from "../core/schedule/model.js";
import { fire, isoLocal, scheduleView } from "./present.js";
import type { Reading, ScheduleInput } from "./schemas.js";
import type { FieldAliases } from "./tool-errors.js";

/** The arguments that say when, in wire names; the use cases read them (src/app/tasks/task-request.ts). */
export interface WhenInput {
  schedule?: ScheduleInput | undefined;
  when?: string | undefined;
  timezone?: string | undefined;
}

/** A structured schedule in the engine's names: `cron` → `expr`, `also_cron` → `also`, `start_at` → `anchor` (`start` for a cron). */
export function scheduleRequestOf(s: ScheduleInput): ScheduleRequest {
  switch (s.type) {
    case "immediate":
      return { kind: "immediate" };
    case "once":
      return { kind: "once", at: s.at, timezone: s.timezone };
    case "cron":
      return { kind: "cron", expr: s.cron, also: s.also_cron, start: s.start_at, timezone: s.timezone, dst: s.dst };
    case "every":
      return { kind: "every", every: s.every, unit: s.unit, anchor: s.start_at, timezone: s.timezone, dst: s.dst };
  }
}

export const whenRequestOf = (input: WhenInput): WhenRequest => ({
  ...(input.schedule !== undefined && { schedule: scheduleRequestOf(input.schedule) }),
  ...(input.when !== undefined && { when: input.when }),
  ...(input.timezone !== undefined && { timezone: input.timezone }),
});

/** Engine field names → argument names, for errors about a schedule that came from these arguments. */
export function whenAliases(input: WhenInput): FieldAliases {
  if (input.when !== undefined) return { schedule: "when" };
  return {
    "schedule.kind": "schedule.type",
    "schedule.expr": "schedule.cron",
    "schedule.also": "schedule.also_cron",
    "schedule.anchor": "schedule.start_at",
    "schedule.start": "schedule.start_at",
  };
}

/** The reading echoed to the model: the normalized schedule, in words, its end and its next fires. */
export function readingOf(r: ResolvedSchedule, next: number[], dst: string[], describe: (s: Schedule) => string): Reading {
  const runs = next.filter((t) => r.endAt === undefined || t < r.endAt).slice(0, r.maxRuns);
  return {
    schedule: scheduleView(r.schedule, r.zone),
    description: describe(r.schedule),
    timezone: r.zone,
    timezone_source: r.zoneSource,
    ...(r.endAt !== undefined && { end_at: isoLocal(r.endAt, r.zone) }),
    ...(r.maxRuns !== undefined && { max_runs: r.maxRuns }),
    next: runs.map((t) => fire(t, r.zone)),
    dst_notes: dst,
    ...(r.matched !== undefined && { matched: r.matched }),
    ...(r.notes !== undefined && r.notes.length > 0 && { notes: r.notes }),
  };
}
