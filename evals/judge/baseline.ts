import { existsSync, readFileSync } from "node:fs";
import type { Report } from "./report.js";

/**
 * The committed pass rates CI holds the line on, one entry per adapter label. A run fails the
 * gate when its pass rate drops below its entry; the message names the cases that passed at
 * the baseline and fail now.
 */
export interface BaselineEntry {
  adapter: string;
  cases_source: string;
  cases: number;
  trials: number;
  pass_rate: number;
  passed_ids: string[];
}

export interface Baseline {
  about: string;
  runs: Record<string, BaselineEntry>;
}

const ABOUT = "Pass rates `npm run evals` must not drop below. Regenerate with `npm run evals -- --write-baseline` after an intended change.";
/** Rates are ratios of small integers; this only absorbs float noise. */
const EPSILON = 1e-9;

export function readBaseline(path: string): Baseline | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Baseline) : null;
}

export function withEntry(baseline: Baseline | null, report: Report): Baseline {
  return {
    about: ABOUT,
    runs: {
      ...baseline?.runs,
      [report.adapter]: {
        adapter: report.adapter,
        cases_source: report.cases_source,
        cases: report.cases,
        trials: report.trials,
        pass_rate: report.pass_rate ?? 0,
        passed_ids: report.passed_ids,
      },
    },
  };
}

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

export function gate(report: Report, baseline: Baseline | null): { ok: boolean; message: string } {
  const entry = baseline?.runs[report.adapter];
  if (!entry) return { ok: true, message: `${report.adapter}: no baseline entry; not gated` };
  if (entry.cases_source !== report.cases_source) {
    return { ok: true, message: `${report.adapter}: baseline was taken on ${entry.cases_source}, this run used ${report.cases_source}; not gated` };
  }
  const rate = report.pass_rate ?? 0;
  const ok = rate + EPSILON >= entry.pass_rate;
  const ran = new Set([...report.passed_ids, ...report.failures.map((f) => f.id)]);
  const newlyFailing = entry.passed_ids.filter((id) => ran.has(id) && !report.passed_ids.includes(id));
  const newlyPassing = report.passed_ids.filter((id) => !entry.passed_ids.includes(id));
  const parts = [
    `${report.adapter}: pass rate ${pct(rate)} (baseline ${pct(entry.pass_rate)}) — ${ok ? "ok" : "BELOW BASELINE"}`,
    ...(newlyFailing.length ? [`  newly failing: ${newlyFailing.join(", ")}`] : []),
    ...(newlyPassing.length ? [`  newly passing: ${newlyPassing.join(", ")} (update the baseline with --write-baseline)`] : []),
  ];
  return { ok, message: parts.join("\n") };
}
