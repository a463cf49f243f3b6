import { createHash } from "node:crypto";
import { DomainError } from "../../core/errors.js";
import type { Job } from "../../core/model.js";
import type { parsePhrase } from "../../core/phrase/index.js";
import {
  addDays,
  addMonths,
  anchorInGap,
  formatIsoInZone,
  isValidTimeZone,
  localTimeAt,
  readIsoDay,
  readIsoTime,
  resolveLocalTimeNoted,
  TIMEZONE_EXPECTED,
} from "../../core/schedule/index.js";
import { type DstPolicy, type IntervalUnit, type Schedule, zoneOf } from "../../core/schedule/model.js";

/**
 * A task request as the user states it: when (their words, or a structured schedule whose times
 * are ISO 8601 text), the zone to read it in, and the end. Resolved here, with core's calendar
 * only, so every caller (the MCP tools, the CLI, the evals) gets the same instants and notes.
 */

/** A structured schedule as given: times as ISO 8601 text, local to its zone unless they carry an offset. */
export type ScheduleRequest =
  | { kind: "immediate" }
  | { kind: "once"; at: string; timezone?: string | undefined }
  | { kind: "cron"; expr: string; also?: string[] | undefined; start?: string | undefined; timezone?: string | undefined; dst?: DstPolicy | undefined }
  | { kind: "every"; every: number; unit: IntervalUnit; anchor?: string | undefined; timezone?: string | undefined; dst?: DstPolicy | undefined };

/** When: the user's words or a structured schedule (one of the two), and the zone to read them in. */
export interface WhenRequest {
  schedule?: ScheduleRequest | undefined;
  when?: string | undefined;
  timezone?: string | undefined;
}

/** How a task ends, as given: no runs at or after `end_at` (ISO 8601), or after `max_runs`. */
export interface EndRequest {
  end_at?: string | undefined;
  max_runs?: number | undefined;
}

/** Where the zone a schedule was read in came from. */
export type ZoneSource = "phrase" | "argument" | "server_default";

/** A schedule read from a request, before the use case checks it. */
export interface ResolvedSchedule {
  schedule: Schedule;
  zone: string;
  zoneSource: ZoneSource;
  /** The part of `when` read as the schedule. */
  matched?: string;
  /** What the reading assumed or changed: a DST gap or overlap, a default time. */
  notes?: string[];
  /** How the request bounds the runs: "until June 30", "for two weeks" (endAt, excluded), "3 times". */
  endAt?: number;
  maxRuns?: number;
}

/** What a request is read against: the zone used when it names none, now, and how far ahead a first run may be. */
export interface ReadingDefaults {
  timezone: string;
  now: number;
  horizonMs: number;
}

/** core's phrase reader (core/phrase), passed in: see `phraseReader`. */
export type ReadPhrase = typeof parsePhrase;

/**
 * The phrase reader, loaded on its first use: it and chrono-node's grammars are a sixth of an
 * idle service's memory, and a service whose tasks are all stored needs them only when someone
 * asks for a task in words. Node caches the module, so it loads once. Not loaded ahead in the
 * background: loading blocks the event loop (seconds on a busy machine), and an HTTP keep-alive
 * socket idle that long is closed by the server as the client reuses it (ECONNRESET); while a
 * request waits on it, that request's socket is not idle.
 */
export async function phraseReader(): Promise<ReadPhrase> {
  return (await import("../../core/phrase/index.js")).parsePhrase;
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

const withNote = (notes: string[], note: string | undefined) => (note === undefined ? notes : [...notes, note]);

/** The default first run of an `every`: one interval from now on the zone's calendar, on a whole minute. */
function defaultAnchor(every: number, unit: IntervalUnit, zone: string, now: number): number {
  if (unit === "minute" || unit === "hour") return Math.ceil((now + every * (unit === "minute" ? 60_000 : 3_600_000)) / 60_000) * 60_000;
  const local = localTimeAt(now, zone);
  const day = unit === "month" ? addMonths(local, every) : addDays(local, unit === "week" ? 7 * every : every);
  const resolved = resolveLocalTimeNoted({ ...day, hour: local.hour, minute: local.minute }, zone);
  // Now's seconds carry over, as on a day without a clock change; then up to the next whole minute.
  const at = resolved.dst === "gap_shifted" ? resolved.at : resolved.at + local.second * 1000;
  return Math.ceil(at / 60_000) * 60_000;
}

/**
 * Turns `schedule` or `when` (exactly one is present) into an engine schedule. The zone is, in
 * order: the schedule's own, the `timezone` argument, the default; a phrase may name its own
 * ("9am London time"). Every local time goes through core's one resolver, so a structured time
 * the clocks skip or repeat lands where the same time in words does, with the same note.
 */
export function resolveWhen(input: WhenRequest, defaults: ReadingDefaults, readPhrase: ReadPhrase): ResolvedSchedule {
  const argZone = input.timezone === undefined ? undefined : checkZone(input.timezone, "timezone");
  const s = input.schedule;
  if (s === undefined) {
    const zone = argZone ?? defaults.timezone;
    const reading = readPhrase(input.when ?? "", { timezone: zone, now: defaults.now, horizonMs: defaults.horizonMs });
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
  if (s.kind !== "immediate" && s.timezone !== undefined && argZone !== undefined && s.timezone !== argZone) {
    throw new DomainError("invalid_argument", `schedule.timezone "${s.timezone}" and timezone "${argZone}" disagree.`, {
      field: "timezone",
      expected: "the same zone as schedule.timezone, or only one of the two",
    });
  }
  const own = s.kind === "immediate" || s.timezone === undefined ? undefined : checkZone(s.timezone, "schedule.timezone");
  const zone = own ?? argZone ?? defaults.timezone;
  const zoneSource = own !== undefined || argZone !== undefined ? "argument" : "server_default";
  const noted = (schedule: Schedule, note?: string): ResolvedSchedule => ({ schedule, zone, zoneSource, ...(note !== undefined && { notes: [note] }) });
  switch (s.kind) {
    case "immediate":
      return { schedule: { kind: "immediate" }, zone, zoneSource };
    case "once": {
      const at = readIsoTime(s.at, zone, "schedule.at");
      return noted({ kind: "once", at: at.at, timezone: zone }, at.note);
    }
    case "cron": {
      const start = s.start === undefined ? undefined : readIsoTime(s.start, zone, "schedule.start");
      return noted(
        {
          kind: "cron",
          expr: s.expr.trim(),
          ...(s.also && { also: s.also.map((e) => e.trim()) }),
          ...(start !== undefined && { start: start.at }),
          timezone: zone,
          ...(s.dst && { dst: s.dst }),
        },
        start?.note,
      );
    }
    case "every": {
      const given = s.anchor === undefined ? undefined : readIsoTime(s.anchor, zone, "schedule.anchor");
      // As for a phrase: days, weeks and months would carry a shifted first run's time forever.
      if (given?.dst === "gap_shifted" && given.local && s.unit !== "minute" && s.unit !== "hour") throw anchorInGap(given.local, "schedule.anchor");
      const anchor = given?.at ?? defaultAnchor(s.every, s.unit, zone, defaults.now);
      return noted({ kind: "every", every: s.every, unit: s.unit, anchor, timezone: zone, ...(s.dst && { dst: s.dst }) }, given?.note);
    }
  }
}

/**
 * The task's end: `end_at` and `max_runs` as given, or as read from `when` ("until June 30",
 * "3 times"); both may say it only if they agree. `end_at` without an offset is local to `r.zone`.
 */
export function endsOf(args: EndRequest, r: Pick<ResolvedSchedule, "zone" | "endAt" | "maxRuns">): { endAt?: number; maxRuns?: number } {
  const given = args.end_at === undefined ? undefined : readIsoTime(args.end_at, r.zone, "end_at").at;
  if (given !== undefined && r.endAt !== undefined && given !== r.endAt) {
    throw disagree("end_at", `runs until ${formatIsoInZone(r.endAt, r.zone)} (excluded)`);
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

/** The same instant's wall-clock time, read in another zone through core's resolver. */
function sameWallTime(t: number, from: string, to: string): { at: number; note?: string } {
  const local = localTimeAt(t, from);
  const { note, ...resolved } = resolveLocalTimeNoted(local, to);
  const at = resolved.dst === "gap_shifted" ? resolved.at : resolved.at + Math.round(local.second * 1000);
  return { at, ...(note !== undefined && { note }) };
}

/** The same schedule read in another zone: the same wall-clock times (a one-off keeps its local date and time). */
export function rezone(s: Schedule, zone: string): { schedule: Schedule; notes: string[] } {
  switch (s.kind) {
    case "immediate":
      return { schedule: s, notes: [] };
    case "once": {
      const moved = sameWallTime(s.at, s.timezone, zone);
      return { schedule: { ...s, at: moved.at, timezone: zone }, notes: withNote([], moved.note) };
    }
    case "cron": {
      if (s.start === undefined) return { schedule: { ...s, timezone: zone }, notes: [] };
      const moved = sameWallTime(s.start, s.timezone, zone);
      return { schedule: { ...s, start: moved.at, timezone: zone }, notes: withNote([], moved.note) };
    }
    case "every": {
      const moved = sameWallTime(s.anchor, s.timezone, zone);
      return { schedule: { ...s, anchor: moved.at, timezone: zone }, notes: withNote([], moved.note) };
    }
  }
}

/**
 * The new schedule an update asks for, or null: `when` or `schedule` read as create reads them,
 * except that a zone left unnamed is the task's own; `timezone` alone moves the current schedule
 * to that zone, keeping its wall-clock times.
 */
export function scheduleChange(input: WhenRequest, current: Job, defaults: ReadingDefaults, readPhrase: ReadPhrase): ResolvedSchedule | null {
  const taskZone = zoneOf(current.schedule, defaults.timezone);
  if (input.when !== undefined || input.schedule !== undefined) {
    const resolved = resolveWhen(input, { ...defaults, timezone: taskZone }, readPhrase);
    if (resolved.zoneSource !== "server_default") return resolved;
    return { ...resolved, notes: [...(resolved.notes ?? []), `No zone was named, so the task's zone (${taskZone}) was kept.`] };
  }
  if (input.timezone === undefined) return null;
  const zone = checkZone(input.timezone, "timezone");
  const { schedule, notes } = rezone(current.schedule, zone);
  return { schedule, zone, zoneSource: "argument", ...(notes.length > 0 && { notes }) };
}

/** How near a given time a run may be and still be "the run at that time": clocks and roundings differ by a minute. */
const SLACK_MS = 60_000;

/**
 * The span a skip's `at` names, in the task's zone: a date is that whole local day, a date and
 * time that minute (give or take one).
 */
export function skipWindow(at: string, zone: string): { from: number; to: number } {
  const day = readIsoDay(at, zone, "at");
  if (day !== null) return day;
  const t = readIsoTime(at, zone, "at").at;
  return { from: t - SLACK_MS, to: t + SLACK_MS };
}

/**
 * Identifies "the same create": the same arguments read in the same zone are the same task
 * within the dedupe window, so a model's retry is answered with the first one. A caller that
 * resolves its arguments against now (a phrase, a default start) passes the arguments as given,
 * with the zone they were read in; `zone` is null when the arguments carry their own.
 */
export function fingerprintOf(args: unknown, zone: string | null): string {
  return createHash("sha256")
    .update(JSON.stringify([args, zone]))
    .digest("hex")
    .slice(0, 32);
}
