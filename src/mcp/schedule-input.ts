import { DateTime, type DurationLikeObject } from "luxon";
import { DomainError } from "../core/errors.js";
import { parsePhrase } from "../core/phrase/index.js";
import { isValidTimeZone, TIMEZONE_EXPECTED } from "../core/schedule/index.js";
import type { Schedule } from "../core/schedule/model.js";
import { fire, isoLocal, scheduleView, zoneOf } from "./present.js";
import type { Reading, ScheduleInput } from "./schemas.js";
import type { FieldAliases } from "./tool-errors.js";

export interface WhenInput {
  schedule?: ScheduleInput | undefined;
  when?: string | undefined;
  timezone?: string | undefined;
}

/** A schedule read from the arguments, before `Jobs` checks it (create and preview alike). */
export interface ResolvedSchedule {
  schedule: Schedule;
  zone: string;
  zoneSource: Reading["timezone_source"];
  matched?: string;
  notes?: string[];
  /** How `when` bounds the runs: "until June 30", "for two weeks" (endAt, excluded), "3 times". */
  endAt?: number;
  maxRuns?: number;
}

const ISO_EXPECTED = 'ISO 8601, e.g. "2026-03-08T09:00:00+08:00" (that instant) or "2026-03-08T09:00" (local time in the schedule\'s zone)';

/** Engine field names → argument names, for errors about a schedule that came from these arguments. */
export function whenAliases(input: WhenInput): FieldAliases {
  if (input.when !== undefined) return { schedule: "when" };
  return { "schedule.kind": "schedule.type", "schedule.expr": "schedule.cron", "schedule.also": "schedule.also_cron", "schedule.anchor": "schedule.start_at" };
}

export function checkZone(zone: string, field: string): string {
  if (!isValidTimeZone(zone)) {
    throw new DomainError("unknown_timezone", `Unknown time zone ${JSON.stringify(zone)}.`, {
      field,
      expected: TIMEZONE_EXPECTED,
      hint: 'Use an Area/Location name or "UTC"; abbreviations like EST or CST are ambiguous and are refused. Omit the zone to use the server default.',
    });
  }
  return zone;
}

/** An ISO 8601 time: with an offset, that instant; without, wall-clock time in `zone`. */
export function parseTime(value: string, zone: string, field: string): number {
  const t = DateTime.fromISO(value, { zone, setZone: false });
  if (!t.isValid || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    throw new DomainError("invalid_argument", `${field} ${JSON.stringify(value)} is not an ISO 8601 date and time.`, { field, expected: ISO_EXPECTED });
  }
  return t.toMillis();
}

function defaultAnchor(every: number, unit: string, zone: string, now: number): number {
  const first = DateTime.fromMillis(now, { zone }).plus({ [unit]: every } as DurationLikeObject);
  return Math.ceil(first.toMillis() / 60_000) * 60_000;
}

/**
 * Turns `schedule` or `when` (exactly one is present; the input schema checks that) into an
 * engine schedule. The zone is, in order: the schedule's own, the `timezone` argument, the
 * server's; a phrase may name its own ("9am London time").
 */
export function resolveSchedule(input: WhenInput, defaults: { timezone: string; now: number; horizonMs: number }): ResolvedSchedule {
  const argZone = input.timezone === undefined ? undefined : checkZone(input.timezone, "timezone");
  const s = input.schedule;
  if (s === undefined) {
    const zone = argZone ?? defaults.timezone;
    const reading = parsePhrase(input.when ?? "", { timezone: zone, now: defaults.now, horizonMs: defaults.horizonMs });
    const readZone = zoneOf(reading.schedule, zone);
    const zoneSource = readZone !== zone ? "phrase" : argZone !== undefined ? "argument" : "server_default";
    return {
      schedule: reading.schedule,
      zone: readZone,
      zoneSource,
      matched: reading.matched,
      notes: reading.notes,
      ...(reading.endAt !== undefined && { endAt: reading.endAt }),
      ...(reading.maxRuns !== undefined && { maxRuns: reading.maxRuns }),
    };
  }
  if (s.type !== "immediate" && s.timezone !== undefined && argZone !== undefined && s.timezone !== argZone) {
    throw new DomainError("invalid_argument", `schedule.timezone "${s.timezone}" and timezone "${argZone}" disagree.`, {
      field: "timezone",
      expected: "the same zone as schedule.timezone, or only one of the two",
    });
  }
  const own = s.type === "immediate" || s.timezone === undefined ? undefined : checkZone(s.timezone, "schedule.timezone");
  const zone = own ?? argZone ?? defaults.timezone;
  const zoneSource = own !== undefined || argZone !== undefined ? "argument" : "server_default";
  switch (s.type) {
    case "immediate":
      return { schedule: { kind: "immediate" }, zone, zoneSource };
    case "once":
      return { schedule: { kind: "once", at: parseTime(s.at, zone, "schedule.at"), timezone: zone }, zone, zoneSource };
    case "cron":
      return {
        schedule: {
          kind: "cron",
          expr: s.cron.trim(),
          ...(s.also_cron && { also: s.also_cron.map((e) => e.trim()) }),
          timezone: zone,
          ...(s.dst && { dst: s.dst }),
        },
        zone,
        zoneSource,
      };
    case "every": {
      const anchor = s.start_at === undefined ? defaultAnchor(s.every, s.unit, zone, defaults.now) : parseTime(s.start_at, zone, "schedule.start_at");
      return { schedule: { kind: "every", every: s.every, unit: s.unit, anchor, timezone: zone, ...(s.dst && { dst: s.dst }) }, zone, zoneSource };
    }
  }
}

/**
 * The task's end: `end_at` and `max_runs` as given, or as read from `when` ("until June 30",
 * "3 times"); both may say it only if they agree.
 */
export function endsOf(
  args: { end_at?: string | undefined; max_runs?: number | undefined },
  r: Pick<ResolvedSchedule, "zone" | "endAt" | "maxRuns">,
): { endAt?: number; maxRuns?: number } {
  const given = args.end_at === undefined ? undefined : parseTime(args.end_at, r.zone, "end_at");
  if (given !== undefined && r.endAt !== undefined && given !== r.endAt) {
    throw disagree("end_at", `runs until ${isoLocal(r.endAt, r.zone)} (excluded)`);
  }
  if (args.max_runs !== undefined && r.maxRuns !== undefined && args.max_runs !== r.maxRuns) throw disagree("max_runs", `${r.maxRuns} runs`);
  const endAt = given ?? r.endAt;
  const maxRuns = args.max_runs ?? r.maxRuns;
  return { ...(endAt !== undefined && { endAt }), ...(maxRuns !== undefined && { maxRuns }) };
}

const disagree = (field: string, read: string) =>
  new DomainError("invalid_argument", `${field} disagrees with \`when\`, which says the task ${read}.`, {
    field,
    expected: `the same end as \`when\`, or only one of the two`,
    hint: "Ask the user which end they mean, then pass it once.",
  });

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
