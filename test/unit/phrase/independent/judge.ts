import { type ErrorCode, isDomainError } from "../../../../src/core/errors.js";
import { type PhraseReading, parsePhrase } from "../../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../../src/core/schedule/index.js";
import type { IndependentRow } from "./rows.js";

/**
 * right: the expected runs, or a fair refusal. refused: a refusal where a reading was expected
 * (honest, but not done). silent: a reading that differs from the expected one, or any reading
 * where a refusal was expected: the worst case, a task the user did not ask for. other-code:
 * refused as expected but with another code. crash: an error that is not a DomainError.
 */
export const OUTCOMES = ["right", "refused", "silent", "other-code", "crash"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type Attempt = { kind: "reading"; reading: PhraseReading } | { kind: "refused"; code: ErrorCode } | { kind: "crash"; message: string };

export function attempt(text: string, timezone: string, now: number): Attempt {
  try {
    return { kind: "reading", reading: parsePhrase(text, { timezone, now }) };
  } catch (e) {
    if (isDomainError(e)) return { kind: "refused", code: e.code };
    return { kind: "crash", message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The runs a reading would make after `now` up to `through`, and whether any run follows. The
 * reading's `endAt` and `maxRuns` are the job's end_at (exclusive) and max_runs.
 */
export function runsOf(reading: PhraseReading, now: number, through: number, max = 400): { runs: number[]; more: boolean } {
  const { endAt, maxRuns } = reading;
  const limit = Math.min(max, maxRuns ?? Number.POSITIVE_INFINITY);
  const runs: number[] = [];
  let cursor = now;
  for (;;) {
    const [next] = nextFireTimes(reading.schedule, cursor, 1);
    if (next === undefined || (endAt != null && next >= endAt)) return { runs, more: false };
    if (next > through || runs.length >= limit) return { runs, more: runs.length < (maxRuns ?? Number.POSITIVE_INFINITY) };
    runs.push(next);
    cursor = next;
  }
}

const iso = (t: number) => new Date(t).toISOString().replace(".000Z", "Z");

export interface Verdict {
  outcome: Outcome;
  /** What the parser did, for the rows a measure may list. */
  got: string;
}

export function judgeRow(row: IndependentRow): Verdict {
  const now = Date.parse(row.now);
  const got = attempt(row.text, row.timezone, now);
  if (got.kind === "crash") return { outcome: "crash", got: `crash: ${got.message}` };
  const expect = row.expect;
  if ("refused" in expect) {
    if (got.kind === "refused") return { outcome: expect.refused.includes(got.code) ? "right" : "other-code", got: got.code };
    return { outcome: "silent", got: describeReading(got.reading, now) };
  }
  if (got.kind === "refused") return { outcome: expect.orRefused === true && got.code === "ambiguous_schedule" ? "right" : "refused", got: got.code };
  const fires = expect.fires.map((t) => Date.parse(t));
  const last = expect.last === undefined ? undefined : Date.parse(expect.last);
  const { runs, more } = runsOf(got.reading, now, last ?? (fires.at(-1) as number));
  const sameStart = fires.every((t, i) => runs[i] === t);
  // A bounded phrase must stop at its last run; a single run must not repeat; a repetition must go on.
  const rightLength = last !== undefined ? runs.at(-1) === last && !more : fires.length === 1 ? runs.length === 1 && !more : more;
  return { outcome: sameStart && rightLength ? "right" : "silent", got: describeReading(got.reading, now) };
}

export function describeReading(reading: PhraseReading, now: number): string {
  const s = reading.schedule;
  const shape = s.kind === "cron" ? `cron ${s.expr}` : s.kind === "every" ? `every ${s.every} ${s.unit}` : s.kind;
  const { runs, more } = runsOf(reading, now, Number.POSITIVE_INFINITY, 3);
  return `${shape} [${runs.map(iso).join(", ")}${more ? ", …" : ""}] from '${reading.matched}'`;
}
