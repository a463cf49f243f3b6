/**
 * Measures the phrase parser on the independent table and the coverage property
 * (docs/phrases.md). Prints counts per language for the four tuning sets and the held-out set;
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
import {
  type IndependentRow,
  loadHeldOut5Rows,
  loadHeldOutRows,
  loadTuning2Rows,
  loadTuning3Rows,
  loadTuning4Rows,
  loadTuning5Rows,
  loadTuning6Rows,
  loadTuning7Rows,
  loadTuning8Rows,
  loadTuning9Rows,
  loadTuning10Rows,
  loadTuning11Rows,
  loadTuning12Rows,
  loadTuning14Rows,
  loadTuningRows,
  MEASURED_LANGS,
} from "../test/unit/phrase/independent/rows.js";

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

const tuning = judgeAll(loadTuningRows());
const tuning2 = judgeAll(loadTuning2Rows());
const tuning3 = judgeAll(loadTuning3Rows());
const tuning4 = judgeAll(loadTuning4Rows());
const heldOut = judgeAll(loadHeldOutRows());
const tuning5 = judgeAll(loadTuning5Rows());
const heldOut5 = judgeAll(loadHeldOut5Rows());
const tuning6 = judgeAll(loadTuning6Rows());
const tuning7 = judgeAll(loadTuning7Rows());
const tuning8 = judgeAll(loadTuning8Rows());
const tuning9 = judgeAll(loadTuning9Rows());
const tuning10 = judgeAll(loadTuning10Rows());
const tuning11 = judgeAll(loadTuning11Rows());
const tuning12 = judgeAll(loadTuning12Rows());
const tuning14 = judgeAll(loadTuning14Rows());
const out: string[] = [
  `Independent phrase table: ${tuning.length + heldOut.length} rows, ${tuning.length} tuning, ${heldOut.length} held out (docs/phrases.md).`,
  "right = the expected runs or a fair refusal; refused = refused where a reading was expected;",
  "silent = a different reading, or a reading where a refusal was expected.",
  "",
  countTable("TUNING", OUTCOMES, byLang(tuning)),
  "",
  countTable("TUNING2 (the second tuning set: casual phrasings, half English)", OUTCOMES, byLang(tuning2)),
  "",
  countTable("TUNING3 (the third tuning set: modifiers beside a schedule, conditions, n times a day)", OUTCOMES, byLang(tuning3)),
  "",
  countTable("TUNING4 (the fourth tuning set, English: relative days, spoken times, dates, task text)", OUTCOMES, byLang(tuning4)),
  "",
  countTable("HELD-OUT (counts only)", OUTCOMES, byLang(heldOut)),
  "",
  countTable("TUNING by tag (a row may carry several)", OUTCOMES, byTag(tuning), false),
  "",
  countTable("TUNING5 (the fifth set, twelve languages, typed to an assistant)", OUTCOMES, byLang(tuning5)),
  "",
  countTable("HELD-OUT5 (counts only)", OUTCOMES, byLang(heldOut5)),
  "",
  countTable("TUNING5 by feature (a row may carry several)", OUTCOMES, byTag(tuning5), false),
  "",
  countTable("HELD-OUT5 by feature (counts only)", OUTCOMES, byTag(heldOut5), false),
  "",
  countTable("ALL HELD-OUT (held-out and held-out5)", OUTCOMES, byLang([...heldOut, ...heldOut5])),
  "",
  countTable("TUNING6 (the sixth tuning set, by feature and language)", OUTCOMES, byLang(tuning6)),
  "",
  countTable("TUNING6 by feature (a row may carry several)", OUTCOMES, byTag(tuning6), false),
  "",
  countTable("TUNING7 (the seventh tuning set, weighted to en, es, zh-Hant)", OUTCOMES, byLang(tuning7)),
  "",
  countTable("TUNING7 by feature (a row may carry several)", OUTCOMES, byTag(tuning7), false),
  "",
  countTable("TUNING8 (the eighth tuning set, mostly zh-Hant, and the shapes tuning7 refused)", OUTCOMES, byLang(tuning8)),
  "",
  countTable("TUNING8 by feature (a row may carry several)", OUTCOMES, byTag(tuning8), false),
  "",
  countTable("TUNING9 (the ninth tuning set, weighted to zh-Hant, en and es)", OUTCOMES, byLang(tuning9)),
  "",
  countTable("TUNING9 by feature (a row may carry several)", OUTCOMES, byTag(tuning9), false),
  "",
  countTable("TUNING10 (the tenth tuning set, twelve languages, shapes the earlier sets have few of)", OUTCOMES, byLang(tuning10)),
  "",
  countTable("TUNING10 by feature (a row may carry several)", OUTCOMES, byTag(tuning10), false),
  "",
  countTable("TUNING11 (the eleventh tuning set, weighted to zh-Hant and es)", OUTCOMES, byLang(tuning11)),
  "",
  countTable("TUNING11 by feature (a row may carry several)", OUTCOMES, byTag(tuning11), false),
  "",
  countTable("TUNING12 (the twelfth tuning set, sentence shapes, weighted to zh-Hant and es)", OUTCOMES, byLang(tuning12)),
  "",
  countTable("TUNING12 by feature (a row may carry several)", OUTCOMES, byTag(tuning12), false),
  "",
  countTable("TUNING14 (the fourteenth tuning set: a start before a repetition, named days, a count with a time)", OUTCOMES, byLang(tuning14)),
  "",
  countTable("TUNING14 by feature (a row may carry several)", OUTCOMES, byTag(tuning14), false),
];
if (!values.quiet)
  out.push(
    "",
    listRows("TUNING rows not read right:", tuning),
    "",
    listRows("TUNING2 rows not read right:", tuning2),
    "",
    listRows("TUNING3 rows not read right:", tuning3),
    "",
    listRows("TUNING4 rows not read right:", tuning4),
    "",
    listRows("TUNING5 rows not read right:", tuning5),
    "",
    listRows("TUNING6 rows not read right:", tuning6),
    "",
    listRows("TUNING7 rows not read right:", tuning7),
    "",
    listRows("TUNING8 rows not read right:", tuning8),
    "",
    listRows("TUNING9 rows not read right:", tuning9),
    "",
    listRows("TUNING10 rows not read right:", tuning10),
    "",
    listRows("TUNING11 rows not read right:", tuning11),
    "",
    listRows("TUNING12 rows not read right:", tuning12),
    "",
    listRows("TUNING14 rows not read right:", tuning14),
  );
if (values["reveal-held-out"])
  out.push(
    "",
    listRows("HELD-OUT rows not read right (final report only):", heldOut),
    "",
    listRows("HELD-OUT5 rows not read right (final report only):", heldOut5),
  );

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

const judgedAll = [
  ...tuning,
  ...tuning2,
  ...tuning3,
  ...tuning4,
  ...heldOut,
  ...tuning5,
  ...heldOut5,
  ...tuning6,
  ...tuning7,
  ...tuning8,
  ...tuning9,
  ...tuning10,
  ...tuning11,
  ...tuning12,
  ...tuning14,
].map((r) => ({
  id: r.id,
  set: r.set,
  lang: r.lang,
  outcome: r.outcome,
}));
const breaches = checkAgainstBaseline(judgedAll, loadBaseline());
console.log(
  breaches.length === 0
    ? "\nPER-ROW GATE: every row recorded right in baseline.json is right, and none became silent."
    : `\nPER-ROW GATE FAILED: ${breaches.length} row(s) (baseline.json; re-baseline only in a reviewed commit with npm run phrases:baseline)\n${breaches.map(formatBreach).join("\n")}`,
);
if (breaches.length > 0) process.exitCode = 1;
