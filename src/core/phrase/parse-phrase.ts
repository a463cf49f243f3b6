import { isValidTimeZone, nextFireTimes, validateSchedule } from "../schedule/index.js";
import type { Schedule } from "../schedule/model.js";
import { bestCluster, type Cluster, clusterFinds } from "./cluster.js";
import { checkCoverage } from "./coverage.js";
import { grammarFor } from "./detect-language.js";
import { findDates } from "./find-dates.js";
import { type Found, findFragments } from "./fragments.js";
import type { Grammar } from "./grammar.js";
import { withPeriodAhead } from "./read-ahead.js";
import { type Bounds, readBounds, spanEnd } from "./read-bounds.js";
import { findsOf, type ReadContext } from "./read-context.js";
import { withoutMonths } from "./read-cron.js";
import { readOneOff, readRelative } from "./read-once.js";
import { onOneDay, takeOneDay } from "./read-one-day.js";
import { dayListAsWeekly, readRecurring } from "./read-recurring.js";
import { startOn, takeStart } from "./read-start.js";
import type { TimeOfDay } from "./read-time.js";
import { refuse } from "./refusals.js";
import { blank, foldWidth, lowerKeepingOffsets, squeezeSpaces } from "./text.js";
import { findZones, writesDayFirstToo } from "./zones.js";

export interface PhraseOptions {
  /** The user's IANA zone; a zone named in the phrase ("9am London time") overrides it. */
  timezone: string;
  /** The reading's "now" (epoch ms): relative phrases and first runs are counted from it. */
  now: number;
  /** How far ahead the first run may be. @default 365 days */
  horizonMs?: number;
  /**
   * The time used when the phrase gives none ("every morning", "tomorrow"), if it fits the
   * part of the day the phrase names. @default null: such phrases are refused with a question.
   */
  defaultTime?: TimeOfDay | null;
}

export interface PhraseReading extends Bounds {
  schedule: Schedule;
  /** The part of the text read as the schedule. */
  matched: string;
  /** Readings worth showing the user, e.g. "read 'tonight' as 20:00". */
  notes: string[];
}

export const DEFAULT_HORIZON_MS = 365 * 86_400_000;

const RECURRENCE_KINDS = new Set(["daily", "weekdays", "interval", "lastDayOfMonth", "nthWeekday"]);
const PRECISE_KINDS = new Set([
  "clock",
  "date",
  "dayOffset",
  "relative",
  "weekdayName",
  "monthDay",
  "monthDate",
  "monthAhead",
  "monthEnd",
  "window",
  ...RECURRENCE_KINDS,
]);

/**
 * Reads a natural-language schedule ("every weekday at 8am", "每天早上八點", "in 20 minutes")
 * into one of the engine's schedules, or throws a DomainError saying what is missing.
 * Pure: `now` and the zone come from `opts`.
 */
export function parsePhrase(said: string, opts: PhraseOptions): PhraseReading {
  if (!isValidTimeZone(opts.timezone)) throw refuse.badZoneOption(opts.timezone);
  const text = squeezeSpaces(said);
  const folded = foldWidth(text);
  const grammar = grammarFor(folded);
  const zoneFinds = findZones(folded, grammar.lang);
  const lowered = lowerKeepingOffsets(blank(folded, zoneFinds));
  const finds = [...zoneFinds, ...findFragments(lowered, grammar.rules)].map((f) => withOriginalText(f, folded));

  // chrono's "tomorrow" depends on the zone's date, and the zone may come from the phrase.
  let timezone = firstKnownZone(finds) ?? opts.timezone;
  let cluster = pickCluster(grammar, folded, lowered, finds, opts.now, timezone);
  if (zoneOf(cluster, opts.timezone).timezone !== timezone) {
    timezone = zoneOf(cluster, opts.timezone).timezone;
    cluster = pickCluster(grammar, folded, lowered, finds, opts.now, timezone);
  }
  if (twoTasks(grammar, lowered, cluster)) throw refuse.conflicting("two tasks, each at its own time (one task per time)");
  const named = zoneOf(cluster, opts.timezone);
  timezone = named.timezone;
  const notes = named.note === null ? [] : [named.note];

  const used = new Set(cluster.finds.filter((f) => f.fragment.kind === "zone" || f.fragment.kind === "noise"));
  const ctx: ReadContext = {
    grammar,
    text: lowered,
    finds: cluster.finds.filter((f) => f.fragment.kind !== "zone"),
    now: opts.now,
    timezone,
    horizonMs: opts.horizonMs ?? DEFAULT_HORIZON_MS,
    defaultTime: opts.defaultTime ?? null,
    notes,
    used,
    nightOrDay: [],
  };
  const { schedule, bounds } = readCluster(ctx);
  checkCoverage(grammar, lowered, folded, cluster.finds, used, finds, schedule);
  const [open] = ctx.nightOrDay;
  if (open !== undefined) throw refuse.nightOrDay(open.text.trim(), open.fragment as { hour: number; minute: number });
  validateSchedule(schedule, ctx.now, { horizonMs: ctx.horizonMs });
  checkBounds(schedule, bounds, ctx);
  return { schedule, matched: trimMatched(text.slice(cluster.start, cluster.end)), notes, ...bounds };
}

/**
 * "明天早上九點提醒我繳費，下午三點提醒我開會": a request with its task's words inside the schedule and
 * another after it are two tasks, each at its own time; read as one, the second task's time would run
 * the first task.
 */
function twoTasks(grammar: Grammar, lowered: string, cluster: Cluster): boolean {
  if (grammar.request === undefined) return false;
  const requests = [...lowered.matchAll(grammar.request)];
  return requests.some((m) => m.index > cluster.start && m.index + m[0].length < cluster.end) && requests.some((m) => m.index >= cluster.end);
}

/** An end or a count belongs to a repetition that has a run before the end. */
function checkBounds(schedule: Schedule, bounds: Bounds, ctx: ReadContext): void {
  if (bounds.endAt === undefined && bounds.maxRuns === undefined) return;
  if (schedule.kind === "once" || schedule.kind === "immediate") throw refuse.conflicting("an end or a number of runs for a single run");
  const [first] = nextFireTimes(schedule, ctx.now, 1);
  if (bounds.endAt !== undefined && (first === undefined || first >= bounds.endAt)) throw refuse.conflicting("an end before the first run");
}

/** Fragments are found in lower-cased text; notes quote the user's own spelling. */
const withOriginalText = (f: Found, folded: string): Found => ({ ...f, text: folded.slice(f.start, f.end) });

function pickCluster(grammar: Grammar, folded: string, lowered: string, finds: Found[], now: number, timezone: string): Cluster {
  const dates = grammar.chrono === null ? [] : findDates(grammar.chrono, lowered, finds, now, timezone).map((f) => withOriginalText(f, folded));
  const all = [...finds, ...dates];
  const best = bestCluster(clusterFinds(lowered, all, grammar.glue));
  if (best === null) throw refuse.noWhen(grammar.examples);
  return best;
}

function firstKnownZone(finds: Found[]): string | null {
  for (const { fragment } of finds) if (fragment.kind === "zone" && fragment.timezone !== null) return fragment.timezone;
  return null;
}

/** The zone the cluster names, or `fallback`; refuses an unknown zone or two zones. */
function zoneOf(cluster: Cluster, fallback: string): { timezone: string; note: string | null } {
  const named = new Map<string, string>();
  for (const { fragment, text } of cluster.finds) {
    if (fragment.kind !== "zone") continue;
    if (fragment.timezone === null) throw refuse.unknownZone(fragment.label.trim());
    named.set(fragment.timezone, text.trim());
  }
  const [first, second] = [...named.entries()];
  if (second !== undefined && first !== undefined) throw refuse.twoZones(first[1], second[1]);
  if (first === undefined) return { timezone: fallback, note: null };
  return { timezone: first[0], note: `read '${first[1]}' as ${first[0]}` };
}

function readCluster(whole: ReadContext): { schedule: Schedule; bounds: Bounds } {
  // "8/4" written month first where day first is as common (Hong Kong): 8 April or 4 August? Asked.
  const eitherOrder = whole.finds.some((f) => (f.fragment.kind === "monthDate" || f.fragment.kind === "date") && f.fragment.eitherOrder === true);
  if (eitherOrder && writesDayFirstToo(whole.timezone)) throw refuse.dayMonth(whole.grammar.examples);
  const { bounds: said, rest, span } = readBounds(whole);
  const { start, rest: afterStart } = takeStart({ ...whole, finds: rest });
  const bounds = span === undefined ? said : { ...said, endAt: spanEnd(whole, span, start) };
  const { oneDay, rest: finds } = takeOneDay({ ...whole, finds: afterStart });
  const ctx = { ...whole, finds };
  const excepts = findsOf(ctx, "exceptMonths");
  const months = excepts.flatMap((f) => f.fragment.months);
  const read = readSchedule({ ...ctx, finds: finds.filter((f) => f.fragment.kind !== "exceptMonths") });
  // A month excepted from a single run ("禮拜五早上九點提醒我開會，除了三月") says the user meant a
  // repetition the reading did not find: asked, quoting the exception, rather than refused as inexpressible.
  if (months.length > 0 && read.kind === "once")
    throw refuse.unusedWords(
      excepts.map((f) => f.text.trim()),
      ctx.grammar.examples,
    );
  const schedule = withoutMonths(read, months);
  if (oneDay === null) return { schedule: startOn(schedule, start, whole.now), bounds };
  if (bounds.endAt !== undefined || start !== null) throw refuse.conflicting(`a repetition on one date ('${oneDay.said}') and another start or end`);
  return { schedule: onOneDay(schedule, oneDay, whole.now, whole.notes), bounds: { ...bounds, endAt: oneDay.endAt } };
}

function readSchedule(said: ReadContext): Schedule {
  const ctx = withPeriodAhead(said);
  const kinds = new Set(ctx.finds.map((f) => f.fragment.kind));
  const ex = ctx.grammar.examples;
  const vagueFinds = findsOf(ctx, "vague");
  const vague = vagueFinds.map((f) => f.fragment);
  // The words said for a vague fragment, quoted in its question ("the weekend ('el finde')").
  const saidFor = (what: string) => vagueFinds.find((f) => f.fragment.what === what)?.text.trim();
  if (vague.some((v) => v.what === "subMinute")) throw refuse.subMinute();
  if (vague.some((v) => v.what === "timezone")) throw refuse.ambiguousZone();
  const skip = vague.find((v) => v.what === "interval");
  if (skip !== undefined) throw refuse.skipCount(ex, skip.skip);
  if (vague.some((v) => v.what === "workdays")) throw refuse.workdays(ex);
  if (vague.some((v) => v.what === "ordinal")) throw refuse.everySecond(ex);
  if (vague.some((v) => v.what === "past")) throw refuse.pastDay(ex);
  const weekend = saidFor("weekend");
  if (weekend !== undefined) throw refuse.thisOrEveryWeekend(weekend, ex);
  const monthPart = saidFor("monthPart");
  if (monthPart !== undefined) throw refuse.monthPart(monthPart, ex);
  const period = saidFor("day");
  if (period !== undefined) throw refuse.vagueDay(period, ex);
  if (vague.some((v) => v.what === "dayMonth")) throw refuse.dayMonth(ex);
  if (vague.some((v) => v.what === "occasion")) throw refuse.occasion(ex);
  const lunar = saidFor("calendar");
  if (lunar !== undefined) throw refuse.lunarDate(lunar, ex);
  if (vague.some((v) => v.what === "clockMinutes")) throw refuse.clockMinutes(ex);
  const precise = [...kinds].some((k) => PRECISE_KINDS.has(k));
  // "twice a day at 9 and 21" says its times; "twice a day" alone does not.
  const clocks = ctx.finds.filter((f) => f.fragment.kind === "clock").length;
  const open = vague.filter((v) => v.what === "time" && v.perDay !== clocks);
  const perDay = open.find((v) => v.perDay !== undefined)?.perDay;
  if (perDay !== undefined) throw refuse.timesPerDay(perDay, clocks, ex);
  if (open.some((v) => v.weak !== true || !precise)) throw refuse.vagueTime(ex);
  if ([...kinds].some((k) => RECURRENCE_KINDS.has(k))) return readRecurring(ctx);
  if (kinds.has("relative")) return readRelative(ctx);
  if (kinds.has("immediate")) {
    findsOf(ctx, "immediate");
    if ([...kinds].some((k) => PRECISE_KINDS.has(k))) throw refuse.conflicting("'now' and a later time");
    return { kind: "immediate" };
  }
  const weekly = dayListAsWeekly(ctx);
  if (weekly !== null) return readRecurring(weekly);
  if (kinds.has("window")) throw refuse.noTime("within that window", "every hour from 9am to 5pm");
  return readOneOff(ctx);
}

const trimMatched = (s: string) =>
  s
    .trim()
    .replace(/[\s,.;:!?，。、！？]+$/u, "")
    .replace(/^[\s,.;:!?，。、！？]+/u, "");
