import { describe, expect, it } from "vitest";
import { attempt, describeReading, runsOf } from "./independent/judge.js";
import { type IndependentRow, isHeldOut, loadSet, SETS } from "./independent/rows.js";
import { CHANGERS, type Changer } from "./metamorphic-changers.js";

/*
 * A metamorphic property: a change that keeps what a phrase means ("please", a request verb put in
 * or taken out, a synonym, accents left out, full-width digits, spaces, punctuation, letter case,
 * the task moved to the other side; metamorphic-changers.ts) must leave its reading as it was — the same runs — or make the reader ask; never another schedule. No answer is
 * worked out by hand: the phrase's own reading is the oracle. The phrases are every tuning row the
 * reader reads (never a held-out one).
 *
 * Every change runs on every row it applies to; where a change has several forms ("please" at the
 * start, ", please" at the end, "hey, "), one a row, in turn from row to row, so that each form runs
 * on a third of the rows and the test stays short (11,401 variants of 1,962 rows). METAMORPHIC_ALL=1
 * runs every form on every row (22,991 variants).
 */

const ALL = process.env.METAMORPHIC_ALL === "1";

type Outcome = "same" | "asked" | "other";
interface Result {
  kind: string;
  row: IndependentRow;
  variant: string;
  outcome: Outcome;
  got: string;
  before: string;
}

/** A row the reader reads, with the runs its reading makes: as many as fall in the row's window, and three more. */
interface Read {
  row: IndependentRow;
  matched: string;
  signature: string;
  describe: string;
  howMany: number;
}

function readRow(row: IndependentRow): Read | null {
  if (!("fires" in row.expect)) return null;
  const now = Date.parse(row.now);
  const got = attempt(row.text, row.timezone, now);
  if (got.kind !== "reading") return null;
  const through = Date.parse(row.expect.last ?? (row.expect.fires.at(-1) as string));
  const howMany = Math.min(400, runsOf(got.reading, now, through).runs.length + 3);
  return {
    row,
    matched: got.reading.matched,
    signature: JSON.stringify(runsOf(got.reading, now, Number.POSITIVE_INFINITY, howMany)),
    describe: describeReading(got.reading, now),
    howMany,
  };
}

function check(read: Read, kind: string, variant: string): Result {
  const { row } = read;
  const now = Date.parse(row.now);
  const got = attempt(variant, row.timezone, now);
  const base = { kind, row, variant, before: read.describe };
  if (got.kind === "crash") return { ...base, outcome: "other", got: `crash: ${got.message}` };
  if (got.kind === "refused") return { ...base, outcome: "asked", got: got.code };
  const same = JSON.stringify(runsOf(got.reading, now, Number.POSITIVE_INFINITY, read.howMany)) === read.signature;
  return { ...base, outcome: same ? "same" : "other", got: describeReading(got.reading, now) };
}

/** The variants of the `index`th row, by kind: one form of each change (every form with METAMORPHIC_ALL). */
function variantsOf(read: Read, index: number, changers: Readonly<Record<string, Changer>>): Array<[string, string]> {
  const phrase = { text: read.row.text, lang: read.row.lang, matched: read.matched };
  return Object.entries(changers).flatMap(([kind, change]) => {
    const forms = change(phrase).filter((v) => v !== read.row.text);
    const kept = ALL || forms.length === 0 ? forms : [forms[index % forms.length] as string];
    return kept.map((v): [string, string] => [kind, v]);
  });
}

const READ: Read[] = SETS.filter((set) => !isHeldOut(set))
  .flatMap(loadSet)
  .map(readRow)
  .filter((r): r is Read => r !== null);

function run(changers: Readonly<Record<string, Changer>>, reads: Read[] = READ): Result[] {
  return reads.flatMap((read, index) => variantsOf(read, index, changers).map(([kind, variant]) => check(read, kind, variant)));
}

const show = (r: Result) =>
  `${r.kind} ${r.row.id} (${r.row.timezone}) ${JSON.stringify(r.row.text)} -> ${JSON.stringify(r.variant)}\n    before ${r.before}\n    now    ${r.got}`;

function tally(results: Result[]): Record<string, Record<Outcome, number>> {
  const out: Record<string, Record<Outcome, number>> = {};
  for (const r of results) {
    out[r.kind] ??= { same: 0, asked: 0, other: 0 };
    (out[r.kind] as Record<Outcome, number>)[r.outcome]++;
  }
  return out;
}

describe("a change that keeps the meaning keeps the reading, or asks", () => {
  it("reads every variant of every tuning row it reads as the row itself, or asks", { timeout: 120_000 }, () => {
    const results = run(CHANGERS);
    console.log(`metamorphic: ${READ.length} rows read, ${results.length} variants`, tally(results));
    expect(READ.length).toBeGreaterThan(1900);
    expect(results.filter((r) => r.outcome === "other").map(show)).toEqual([]);
  });
});

describe("the property can fail", () => {
  // A change that alters the meaning on purpose: the first digit one higher ("8am" -> "9am").
  const shifted: Changer = ({ text }) => {
    const next = text.replace(/[0-8]/, (d) => String(Number(d) + 1));
    return next === text ? [] : [next];
  };

  // One that changes only the runs after the last: an English end or count taken out.
  const unbounded: Changer = ({ text, lang }) => {
    const next = text.replace(/,?\s*\b(?:\d+ times(?: in total)?|until (?:june|april|march) \d+)\b/iu, "");
    return lang !== "en" || next === text ? [] : [next];
  };

  it("reports a change of meaning as another reading", () => {
    const results = run({ shifted }, READ.slice(0, 150));
    expect(results.filter((r) => r.outcome === "other").length).toBeGreaterThan(50);
  });

  it("reports a change of the runs after the row's window: an end or a count dropped", () => {
    const results = run({ unbounded });
    expect(results.length).toBeGreaterThan(5);
    expect(results.filter((r) => r.outcome === "other").length).toBeGreaterThan(5);
  });
});
