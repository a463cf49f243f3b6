import { DateTime } from "luxon";
import { COVERAGE, type CoverageLanguage, SHAPES, type Shape, type ShapeKey } from "./coverage-cases.js";
import { attempt, describeReading, runsOf } from "./judge.js";

/** Runs are compared over this window: long enough for "for two weeks" and "last Monday" to show. */
export const WINDOW_DAYS = 70;
const DAY_MS = 86_400_000;

/**
 * The runs a shape makes after `now` within the window, walked day by day in the zone with
 * luxon: an oracle apart from the parser and the engine. The cases use 08:00 and 09:00 only,
 * which exist on every day of every zone here, so DST gaps never arise.
 */
export function shapeRuns(shape: Shape, timezone: string, now: number): number[] {
  const start = DateTime.fromMillis(now, { zone: timezone }).startOf("day");
  let runs: number[] = [];
  for (let i = 0; i <= WINDOW_DAYS; i++) {
    const day = start.plus({ days: i });
    if (!dayMatches(shape, day)) continue;
    if (shape.until !== undefined && day.toISODate()! > shape.until) continue;
    const at = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: shape.hour, minute: shape.minute }, { zone: timezone }).toMillis();
    if (at > now && at <= now + WINDOW_DAYS * DAY_MS) runs.push(at);
  }
  if (shape.everyOther) runs = runs.filter((_, i) => i % 2 === 0);
  // "for two weeks" ends at the same wall-clock time two weeks on, as a person counts it.
  if (shape.forDays !== undefined) {
    const end = DateTime.fromMillis(now, { zone: timezone }).plus({ days: shape.forDays }).toMillis();
    runs = runs.filter((at) => at < end);
  }
  if (shape.count !== undefined) runs = runs.slice(0, shape.count);
  return runs;
}

function dayMatches(shape: Shape, day: DateTime): boolean {
  const weekday = day.weekday % 7;
  if (shape.days !== undefined && !shape.days.includes(weekday)) return false;
  if (shape.monthDay !== undefined && day.day !== shape.monthDay) return false;
  if (shape.lastDayOfMonth && day.day !== day.daysInMonth) return false;
  if (shape.nthWeekday !== undefined) {
    const { n, weekday: wanted } = shape.nthWeekday;
    if (weekday !== wanted) return false;
    return n === -1 ? day.day + 7 > (day.daysInMonth ?? 31) : Math.ceil(day.day / 7) === n;
  }
  return true;
}

/** right; ignored: read as the base phrase, the modifier dropped; other: some other reading. */
export const COVERAGE_OUTCOMES = ["right", "ignored", "other", "refused", "crash"] as const;
export type CoverageOutcome = (typeof COVERAGE_OUTCOMES)[number];

export interface CoverageResult {
  lang: CoverageLanguage["lang"];
  text: string;
  shape: ShapeKey;
  outcome: CoverageOutcome;
  got: string;
}

const sameRuns = (a: number[], b: number[]) => a.length === b.length && a.every((t, i) => t === b[i]);

function judge(text: string, timezone: string, now: number, shape: ShapeKey, base: Shape): Omit<CoverageResult, "lang"> {
  const got = attempt(text, timezone, now);
  if (got.kind === "crash") return { text, shape, outcome: "crash", got: got.message };
  if (got.kind === "refused") return { text, shape, outcome: "refused", got: got.code };
  const { runs } = runsOf(got.reading, now, now + WINDOW_DAYS * DAY_MS);
  const outcome = sameRuns(runs, shapeRuns(SHAPES[shape], timezone, now)) ? "right" : sameRuns(runs, shapeRuns(base, timezone, now)) ? "ignored" : "other";
  return { text, shape, outcome, got: describeReading(got.reading, now) };
}

/** Now is Thursday 5 March 2026, 10:00 in each language's zone. */
const nowIn = (timezone: string) => DateTime.fromObject({ year: 2026, month: 3, day: 5, hour: 10 }, { zone: timezone }).toMillis();

/** The bases first (each must read right for the figures to mean anything), then the modified. */
export function measureCoverage(): { bases: CoverageResult[]; modified: CoverageResult[] } {
  const bases: CoverageResult[] = [];
  const modified: CoverageResult[] = [];
  for (const language of COVERAGE) {
    const now = nowIn(language.timezone);
    for (const [key, text] of Object.entries(language.bases) as Array<[keyof CoverageLanguage["bases"], string]>) {
      bases.push({ lang: language.lang, ...judge(text, language.timezone, now, key, SHAPES[key]) });
    }
    for (const [text, key] of language.modified) {
      const base = SHAPES[key.split(" ")[0] as keyof CoverageLanguage["bases"]];
      modified.push({ lang: language.lang, ...judge(text, language.timezone, now, key, base) });
    }
  }
  return { bases, modified };
}
