/**
 * Measures the phrase parser on the independent table and the coverage property
 * (docs/phrases.md). Prints counts per language for every set of rows.ts (held-out sets as counts only);
 * lists the failing tuning rows; never prints a held-out row unless run with --reveal-held-out, which is
 * meant for a final report only. Ends with the per-row gate against baseline.json and exits 1
 * when a row recorded right is not right now, or a row became silent (ids only for held-out rows).
 *
 *   npm run phrases:measure [-- --quiet] [-- --reveal-held-out]
 */
import { parseArgs } from "node:util";
import { COVERAGE_OUTCOMES, type CoverageResult, measureCoverage, WINDOW_DAYS } from "../test/unit/phrase/independent/coverage.js";
import { checkAgainstBaseline, formatBreach, loadBaseline } from "../test/unit/phrase/independent/gate.js";
import { judgeRow, OUTCOMES, type Outcome, type Verdict } from "../test/unit/phrase/independent/judge.js";
import { type IndependentRow, isHeldOut, loadSet, MEASURED_LANGS, type RowSet, SETS } from "../test/unit/phrase/independent/rows.js";

const { values } = parseArgs({ options: { quiet: { type: "boolean", default: false }, "reveal-held-out": { type: "boolean", default: false } } });

type Judged = IndependentRow & Verdict;
const judgeAll = (rows: IndependentRow[]): Judged[] => rows.map((row) => ({ ...row, ...judgeRow(row) }));

/** Wide enough for the longest tag or modifier name. */
const LABEL = 18;
const cell = (s: string | number, width: number) => String(s).padStart(width);
const pct = (n: number, of: number) => (of === 0 ? "-" : `${((100 * n) / of).toFixed(0)}%`);

function countTable<K extends string>(title: string, keys: readonly K[], groups: Array<[string, Array<{ outcome: K }>]>, withTotal = true): string {
  const head = `${"".padEnd(LABEL)}${cell("rows", 6)}${keys.map((k) => cell(k, 11)).join("")}${cell("right %", 9)}`;
  const line = (name: string, items: Array<{ outcome: K }>) =>
    `${name.padEnd(LABEL)}${cell(items.length, 6)}${keys.map((k) => cell(items.filter((i) => i.outcome === k).length, 11)).join("")}${cell(pct(items.filter((i) => i.outcome === keys[0]).length, items.length), 9)}`;
  const all = groups.filter(([name]) => !name.startsWith("(")).flatMap(([, items]) => items);
  const lines = groups.filter(([, items]) => items.length > 0).map(([name, items]) => line(name, items));
  return [title, head, ...lines, ...(withTotal ? [line("total", all)] : [])].join("\n");
}

/** The six languages the parser reads today, then the five it does not, each with a subtotal. */
const READ_TODAY: readonly string[] = ["en", "zh-Hant", "zh-Hans", "ja", "es", "de"];
const byLang = (rows: Judged[]): Array<[string, Judged[]]> => [
  ...MEASURED_LANGS.map((lang): [string, Judged[]] => [lang, rows.filter((r) => r.lang === lang)]),
  ["(read today)", rows.filter((r) => READ_TODAY.includes(r.lang))],
  ["(new five)", rows.filter((r) => !READ_TODAY.includes(r.lang))],
];

function expectedText(row: IndependentRow): string {
  if ("refused" in row.expect) return `refused ${row.expect.refused.join("|")}`;
  const { fires, last, orRefused } = row.expect;
  return `[${fires.join(", ")}]${last === undefined ? "" : ` last ${last}`}${orRefused ? " (or ask)" : ""}`;
}

function listRows(title: string, rows: Judged[]): string {
  const order: Outcome[] = ["silent", "crash", "other-code", "refused"];
  const failing = rows.filter((r) => r.outcome !== "right").sort((a, b) => order.indexOf(a.outcome) - order.indexOf(b.outcome));
  const lines = failing.map(
    (r) => `  [${r.outcome}] ${r.id} (${r.timezone}) ${JSON.stringify(r.text)}\n      expected ${expectedText(r)}\n      got      ${r.got}`,
  );
  return [title, ...lines].join("\n");
}

function byTag(rows: Judged[]): Array<[string, Judged[]]> {
  const tags = [...new Set(rows.flatMap((r) => r.tags))].sort();
  return tags.map((tag) => [tag, rows.filter((r) => r.tags.includes(tag))]);
}

/**
 * How each set is titled in the counts, and whether it gets a table by feature. Every set of
 * rows.ts's SETS is measured, gated and listed from this one table; a new set needs its line here.
 */
const TABLES: Readonly<Record<RowSet, { title: string; byFeature: boolean }>> = {
  tuning: { title: "TUNING", byFeature: true },
  tuning2: { title: "TUNING2 (the second tuning set: casual phrasings, half English)", byFeature: false },
  tuning3: { title: "TUNING3 (the third tuning set: modifiers beside a schedule, conditions, n times a day)", byFeature: false },
  tuning4: { title: "TUNING4 (the fourth tuning set, English: relative days, spoken times, dates, task text)", byFeature: false },
  "held-out": { title: "HELD-OUT (counts only)", byFeature: false },
  tuning5: { title: "TUNING5 (the fifth set, twelve languages, typed to an assistant)", byFeature: true },
  "held-out5": { title: "HELD-OUT5 (counts only)", byFeature: true },
  tuning6: { title: "TUNING6 (the sixth tuning set, by feature and language)", byFeature: true },
  tuning7: { title: "TUNING7 (the seventh tuning set, weighted to en, es, zh-Hant)", byFeature: true },
  tuning8: { title: "TUNING8 (the eighth tuning set, mostly zh-Hant, and the shapes tuning7 refused)", byFeature: true },
  tuning9: { title: "TUNING9 (the ninth tuning set, weighted to zh-Hant, en and es)", byFeature: true },
  tuning10: { title: "TUNING10 (the tenth tuning set, twelve languages, shapes the earlier sets have few of)", byFeature: true },
  tuning11: { title: "TUNING11 (the eleventh tuning set, weighted to zh-Hant and es)", byFeature: true },
  tuning12: { title: "TUNING12 (the twelfth tuning set, sentence shapes, weighted to zh-Hant and es)", byFeature: true },
  tuning13: { title: "TUNING13 (the thirteenth tuning set, Taiwanese usage, windows, ends; voice-typed Spanish)", byFeature: true },
  tuning14: { title: "TUNING14 (the fourteenth tuning set: a start before a repetition, several named days, a count beside a time)", byFeature: true },
  tuning15: { title: "TUNING15 (the fifteenth tuning set: Traditional Chinese as typed in Taiwan, and Simplified)", byFeature: true },
  tuning16: { title: "TUNING16 (the sixteenth tuning set: Hong Kong Chinese, Cantonese words, English mixed in)", byFeature: true },
  tuning18: { title: "TUNING18 (the weekend in every language: every weekend, the bare word, this weekend, this Saturday and Sunday)", byFeature: true },
  tuning19: { title: "TUNING19 (Chinese reminders, task first: bounded repetition, ends, a time relative to an event, two tasks)", byFeature: true },
  tuning20: { title: "TUNING20 (Japanese and Korean reminders as people ask for them: bounded repetitions, day lists, conditions)", byFeature: true },
  tuning21: { title: "TUNING21 (reminders in en, es, pt, fr, de, it, hi: bounded repetition, spoken times, English mixed in)", byFeature: true },
};

const judged = new Map(SETS.map((set) => [set, judgeAll(loadSet(set))]));
const rowsOf = (set: RowSet): Judged[] => judged.get(set) ?? [];
const heldOutSets = SETS.filter(isHeldOut);
const tuningSets = SETS.filter((set) => !isHeldOut(set));
const drawnCount = rowsOf("tuning").length + rowsOf("held-out").length;
const out: string[] = [
  `Independent phrase table: ${drawnCount} rows, ${rowsOf("tuning").length} tuning, ${rowsOf("held-out").length} held out (docs/phrases.md).`,
  "right = the expected runs or a fair refusal; refused = refused where a reading was expected;",
  "silent = a different reading, or a reading where a refusal was expected.",
];
for (const set of SETS) {
  const { title, byFeature } = TABLES[set];
  out.push("", countTable(title, OUTCOMES, byLang(rowsOf(set))));
  if (byFeature)
    out.push(
      "",
      countTable(`${set.toUpperCase()} by feature (a row may carry several${isHeldOut(set) ? "; counts only" : ""})`, OUTCOMES, byTag(rowsOf(set)), false),
    );
}
out.push("", countTable(`ALL HELD-OUT (${heldOutSets.join(" and ")})`, OUTCOMES, byLang(heldOutSets.flatMap(rowsOf))));
if (!values.quiet) for (const set of tuningSets) out.push("", listRows(`${set.toUpperCase()} rows not read right:`, rowsOf(set)));
if (values["reveal-held-out"])
  for (const set of heldOutSets) out.push("", listRows(`${set.toUpperCase()} rows not read right (final report only):`, rowsOf(set)));

const coverage = measureCoverage();
const groupCoverage = (items: CoverageResult[]): Array<[string, CoverageResult[]]> =>
  [...new Set(items.map((i) => i.lang))].map((lang) => [lang, items.filter((i) => i.lang === lang)]);
const modifierOf = (i: CoverageResult) => i.shape.replace(/^[DWM] /, "");
const byModifier = (items: CoverageResult[]): Array<[string, CoverageResult[]]> =>
  [...new Set(items.map(modifierOf))].map((m) => [m, items.filter((i) => modifierOf(i) === m)]);
out.push(
  "",
  `COVERAGE PROPERTY: known-good phrases with a schedule-bearing modifier put in; runs compared over ${WINDOW_DAYS} days.`,
  "ignored = read exactly as the phrase without its modifier (a silent fragment); other = some other wrong reading.",
  countTable("Bases (must all be right)", COVERAGE_OUTCOMES, groupCoverage(coverage.bases)),
  "",
  countTable("Modified, by language", COVERAGE_OUTCOMES, groupCoverage(coverage.modified)),
  "",
  countTable("Modified, by modifier", COVERAGE_OUTCOMES, byModifier(coverage.modified)),
);
if (!values.quiet) {
  const wrong = coverage.modified.filter((c) => c.outcome !== "right" && c.outcome !== "refused");
  out.push("", "Coverage cases read wrong:", ...wrong.map((c) => `  [${c.outcome}] ${c.lang} ${JSON.stringify(c.text)} (${c.shape}): ${c.got}`));
}
console.log(out.join("\n"));

const judgedAll = SETS.flatMap(rowsOf).map((r) => ({ id: r.id, set: r.set, lang: r.lang, outcome: r.outcome }));
const breaches = checkAgainstBaseline(judgedAll, loadBaseline());
console.log(
  breaches.length === 0
    ? "\nPER-ROW GATE: every row recorded right in baseline.json is right, and none became silent."
    : `\nPER-ROW GATE FAILED: ${breaches.length} row(s) (baseline.json; re-baseline only in a reviewed commit with npm run phrases:baseline)\n${breaches.map(formatBreach).join("\n")}`,
);
if (breaches.length > 0) process.exitCode = 1;
