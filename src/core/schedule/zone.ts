import { IANAZone } from "luxon";
import { DomainError } from "../errors.js";
import { civilFromDays, DAY_MS, daysFromCivil, formatOffset, formatWallDate, formatWallTime } from "./wall-time.js";

/**
 * UTC offsets of an IANA zone, read from luxon's `IANAZone.offset(ts)` (the Intl tz database:
 * deterministic, unlike `DateTime.fromObject`, whose reading of an ambiguous local time depends
 * on the process's current date). One `offset` call costs ~13 µs, so each zone-year is scanned
 * once into a table of transitions and every later lookup is a few comparisons.
 */

/** A change of UTC offset: from `at` (epoch ms) on, the offset is `after` instead of `before`. */
export interface ZoneTransition {
  at: number;
  before: number;
  after: number;
}

export interface ZoneRules {
  readonly name: string;
  /** Offset in ms (local = instant + offset) in effect at instant `t`. */
  offsetAt(t: number): number;
  /** Transitions with from < at <= to, ascending. */
  transitionsIn(from: number, to: number): ZoneTransition[];
}

/**
 * Accepts Area/Location names (and Etc/…), plus "UTC" and "GMT". Bare abbreviations are refused
 * even though Intl knows some: "EST" is a fixed −05:00 that never observes daylight saving time,
 * which is almost never what someone who says "EST" means.
 */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== "string" || tz.length === 0 || tz.length > 64) return false;
  if (!tz.includes("/") && tz !== "UTC" && tz !== "GMT") return false;
  // luxon builds an Intl.DateTimeFormat per check (tens of µs): remember the answer.
  let valid = validity.get(tz);
  if (valid === undefined) {
    if (validity.size >= MAX_VALIDITY) validity.clear();
    valid = IANAZone.isValidZone(tz);
    validity.set(tz, valid);
  }
  return valid;
}
const validity = new Map<string, boolean>();
const MAX_VALIDITY = 4096;

/**
 * No zone has two transitions closer than 7 days (checked for every zone Node knows, 1990–2045;
 * the closest are Brazil in 2000 and Asia/Gaza's Ramadan rules in 2040), so sampling every 3 days
 * cannot miss a pair of transitions that cancel out between two samples.
 */
const SAMPLE_STEP_MS = 3 * DAY_MS;
const MAX_ZONES = 1024;
const MAX_YEARS_PER_ZONE = 64;

interface YearTable {
  start: number;
  end: number;
  initial: number;
  transitions: ZoneTransition[];
}

/**
 * Offsets are returned by luxon in (possibly fractional) minutes; tables keep whole ms. Outside
 * the range of a JavaScript Date luxon answers NaN, which would never compare equal while
 * scanning; such instants get offset 0 instead.
 */
function offsetMs(zone: IANAZone, t: number): number {
  const minutes = zone.offset(t);
  return Number.isFinite(minutes) ? Math.round(minutes * 60_000) : 0;
}

/** Finds every transition in [lo, hi] whose endpoints disagree, to the second. */
function bisect(zone: IANAZone, lo: number, oLo: number, hi: number, oHi: number, out: ZoneTransition[]): void {
  if (hi - lo <= 1000) {
    out.push({ at: hi, before: oLo, after: oHi });
    return;
  }
  const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
  const oMid = offsetMs(zone, mid);
  if (oMid !== oLo) bisect(zone, lo, oLo, mid, oMid, out);
  if (oMid !== oHi) bisect(zone, mid, oMid, hi, oHi, out);
}

function scanYear(zone: IANAZone, year: number): YearTable {
  const start = daysFromCivil(year, 1, 1) * DAY_MS;
  const end = daysFromCivil(year + 1, 1, 1) * DAY_MS;
  const initial = offsetMs(zone, start);
  const transitions: ZoneTransition[] = [];
  let lo = start;
  let oLo = initial;
  while (lo < end) {
    const hi = Math.min(lo + SAMPLE_STEP_MS, end);
    const oHi = offsetMs(zone, hi);
    if (oHi !== oLo) bisect(zone, lo, oLo, hi, oHi, transitions);
    lo = hi;
    oLo = oHi;
  }
  // A transition exactly at `end` is the next year's `initial`.
  return { start, end, initial, transitions: transitions.filter((tr) => tr.at < end) };
}

function createZoneRules(name: string): ZoneRules {
  const zone = IANAZone.create(name);
  const years = new Map<number, YearTable>();
  let last: YearTable | undefined;

  const tableFor = (t: number): YearTable => {
    if (last !== undefined && t >= last.start && t < last.end) return last;
    const year = civilFromDays(Math.floor(t / DAY_MS)).year;
    let table = years.get(year);
    if (table === undefined) {
      if (years.size >= MAX_YEARS_PER_ZONE) years.clear();
      table = scanYear(zone, year);
      years.set(year, table);
    }
    last = table;
    return table;
  };

  return {
    name,
    offsetAt(t) {
      const table = tableFor(t);
      let offset = table.initial;
      for (const tr of table.transitions) {
        if (tr.at > t) break;
        offset = tr.after;
      }
      return offset;
    },
    transitionsIn(from, to) {
      const found: ZoneTransition[] = [];
      let t = from;
      for (;;) {
        const table = tableFor(t);
        for (const tr of table.transitions) if (tr.at > from && tr.at <= to) found.push(tr);
        // `!(end > t)` also stops on a NaN bound instead of looping.
        if (table.end > to || !(table.end > t)) return found;
        t = table.end;
      }
    },
  };
}

const zones = new Map<string, ZoneRules>();

/**
 * Rules for a zone name that passed `isValidTimeZone`. Memoized: the tables are a pure function
 * of the tz database, so sharing them across calls changes no result, only the cost.
 */
export function zoneRules(name: string): ZoneRules {
  let rules = zones.get(name);
  if (rules === undefined) {
    // An invalid zone's offsets are NaN, which would never compare equal while scanning.
    if (!isValidTimeZone(name)) throw unknownTimeZone(name);
    if (zones.size >= MAX_ZONES) zones.clear();
    rules = createZoneRules(name);
    zones.set(name, rules);
  }
  return rules;
}

export const TIMEZONE_EXPECTED = 'an IANA zone such as "America/New_York"';

export function unknownTimeZone(name: string, field = "schedule.timezone"): DomainError {
  return new DomainError("unknown_timezone", `Unknown time zone ${JSON.stringify(name)}.`, {
    field,
    expected: TIMEZONE_EXPECTED,
    hint: 'Use an Area/Location name or "UTC"; abbreviations like EST or PST are not accepted because they do not follow daylight saving time.',
  });
}

/** "2026-03-08 03:00 -04:00": an instant as the zone's clocks show it, for messages and notes. */
export function formatInZone(name: string, t: number): string {
  const offset = zoneRules(name).offsetAt(t);
  return `${formatWallDate(t + offset)} ${formatWallTime(t + offset)} ${formatOffset(offset)}`;
}
