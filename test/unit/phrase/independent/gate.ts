import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { judgeRow, OUTCOMES, type Outcome } from "./judge.js";
import { type IndependentRow, isHeldOut, loadAllRows, type RowSet, SETS } from "./rows.js";

/**
 * The per-row gate on the independent phrase table: each row's verdict as recorded in
 * baseline.json (the verdicts on main when it was last re-baselined) against the parser now.
 * A row recorded right must stay right, and no row may become silent (or crash). A silent row
 * is recorded only as the state a new set was found in on main (held-out rows only with an
 * explicit flag): it is a known fault to fix, never a licence for another. Changing the baseline
 * is a separate, explicit step (`npm run phrases:baseline`) whose diff is reviewed in its own
 * commit; the gate itself never writes it.
 */

export const BASELINE_FILE = join(import.meta.dirname, "baseline.json");

const Baseline = z.partialRecord(z.enum(SETS), z.record(z.string(), z.enum(OUTCOMES)));
export type Baseline = z.infer<typeof Baseline>;

export const loadBaseline = (): Baseline => Baseline.parse(JSON.parse(readFileSync(BASELINE_FILE, "utf8")));

export interface JudgedRow {
  id: string;
  set: RowSet;
  lang: string;
  outcome: Outcome;
}

export const judgeAllRows = (rows: IndependentRow[] = loadAllRows()): JudgedRow[] =>
  rows.map((row) => ({ id: row.id, set: row.set, lang: row.lang, outcome: judgeRow(row).outcome }));

/** Held-out sets: a silent row there is recorded only with an explicit flag. */
export { isHeldOut };

/** Outcomes that are a wrong task, or no answer at all: never acceptable in a new row state. */
export const WRONG: readonly Outcome[] = ["silent", "crash"];

export interface Breach {
  id: string;
  set: RowSet;
  lang: string;
  was: Outcome | "absent";
  now: Outcome | "absent";
  why: string;
}

/** Every way the verdicts now break the baseline; empty when the gate passes. */
export function checkAgainstBaseline(judged: JudgedRow[], baseline: Baseline): Breach[] {
  const breaches: Breach[] = [];
  const seen = new Set<string>();
  for (const row of judged) {
    seen.add(`${row.set}/${row.id}`);
    const was = baseline[row.set]?.[row.id];
    const base = { id: row.id, set: row.set, lang: row.lang, was: was ?? ("absent" as const), now: row.outcome };
    if (was === undefined) breaches.push({ ...base, why: "not in the baseline: re-baseline explicitly (npm run phrases:baseline)" });
    else if (was === "right" && row.outcome !== "right") breaches.push({ ...base, why: "was right, is not" });
    else if (WRONG.includes(row.outcome) && !WRONG.includes(was)) breaches.push({ ...base, why: "became silent" });
  }
  for (const set of SETS)
    for (const id of Object.keys(baseline[set] ?? {}))
      if (!seen.has(`${set}/${id}`))
        breaches.push({ id, set, lang: "?", was: baseline[set]?.[id] ?? "absent", now: "absent", why: "in the baseline, gone from the table" });
  return breaches;
}

/** The baseline that records the verdicts now, sets and ids in the table's order. */
export function baselineOf(judged: JudgedRow[]): Baseline {
  const out: Baseline = {};
  for (const set of SETS) {
    const rows = judged.filter((r) => r.set === set);
    if (rows.length > 0) out[set] = Object.fromEntries(rows.map((r) => [r.id, r.outcome]));
  }
  return out;
}

export const writeBaseline = (baseline: Baseline): void => writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);

/** One line per breach; a held-out row is named by its id only, never by its phrase. */
export const formatBreach = (b: Breach): string => `  ${b.set}/${b.id} (${b.lang}): ${b.was} -> ${b.now}: ${b.why}`;
