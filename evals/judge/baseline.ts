import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { Report } from "./report.js";

/**
 * What CI holds the line on, one entry per adapter label: every case that ran and the ones that
 * passed. The gate is per case, so one case breaking cannot hide behind another starting to
 * pass: a run fails when a case that passed at the baseline fails now, when a case of the
 * baseline no longer ran (deleted, renamed, its recording removed), or when the baseline has no
 * entry for it. Only `--write-baseline` moves the line. Cases new since the baseline are named,
 * not gated.
 */
const BaselineEntry = z.object({
  adapter: z.string(),
  cases_source: z.string(),
  cases: z.number(),
  trials: z.number(),
  pass_rate: z.number(),
  case_ids: z.array(z.string()),
  passed_ids: z.array(z.string()),
});

const Baseline = z.object({ about: z.string(), runs: z.record(z.string(), BaselineEntry) });
export type Baseline = z.infer<typeof Baseline>;

export interface GateVerdict {
  ok: boolean;
  message: string;
}

const REWRITE = "`npm run evals -- --write-baseline`";
const ABOUT = `Per case: every case listed must still run, and every passing one must still pass. Rewrite with ${REWRITE} after an intended change.`;

export function readBaseline(path: string): Baseline | null {
  if (!existsSync(path)) return null;
  const parsed = Baseline.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${path} is not a baseline the gate can read (${issue?.path.join(".")}: ${issue?.message}); rewrite it with ${REWRITE}`);
}

/** The baseline of exactly these runs: an entry for a run that is not among them is dropped. */
export function baselineOf(reports: Report[]): Baseline {
  const runs: Baseline["runs"] = {};
  for (const r of reports) {
    runs[r.adapter] = {
      adapter: r.adapter,
      cases_source: r.cases_source,
      cases: r.cases,
      trials: r.trials,
      pass_rate: r.pass_rate ?? 0,
      case_ids: r.case_ids,
      passed_ids: r.passed_ids,
    };
  }
  return { about: ABOUT, runs };
}

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
const listed = (label: string, ids: string[]) => (ids.length ? [`  ${label}: ${ids.join(", ")}`] : []);

export function gate(report: Report, baseline: Baseline | null): GateVerdict {
  const entry = baseline?.runs[report.adapter];
  if (!entry) return { ok: false, message: `${report.adapter}: no baseline entry — FAILS the gate; record one with ${REWRITE}` };
  if (entry.cases_source !== report.cases_source) {
    // Only a hand-picked subset (--only, --cases) gets here: the baseline is written from the full run.
    return { ok: true, message: `${report.adapter}: baseline was taken on ${entry.cases_source}, this run used ${report.cases_source}; not gated` };
  }
  const ran = new Set(report.case_ids);
  const passes = new Set(report.passed_ids);
  const known = new Set([...entry.case_ids, ...entry.passed_ids]);
  const passedBefore = new Set(entry.passed_ids);
  const newlyFailing = entry.passed_ids.filter((id) => ran.has(id) && !passes.has(id));
  const gone = [...known].filter((id) => !ran.has(id));
  const added = report.case_ids.filter((id) => !known.has(id));
  const newlyPassing = report.passed_ids.filter((id) => known.has(id) && !passedBefore.has(id));
  const ok = newlyFailing.length === 0 && gone.length === 0;
  const lines = [
    `${report.adapter}: ${report.cases} case(s), pass rate ${pct(report.pass_rate)} (baseline ${entry.cases}, ${pct(entry.pass_rate)}) — ${ok ? "ok" : "FAILS the gate"}`,
    ...listed("newly failing", newlyFailing),
    ...listed(`in the baseline but did not run (rewrite the baseline with ${REWRITE} if they were removed on purpose)`, gone),
    ...listed(`new, not in the baseline (passing: ${added.filter((id) => passes.has(id)).length} of ${added.length})`, added),
    ...listed(`newly passing (record with ${REWRITE})`, newlyPassing),
  ];
  return { ok, message: lines.join("\n") };
}

/** Runs the baseline holds that did not happen now, such as a recordings directory that was removed. */
export function gateMissingRuns(baseline: Baseline | null, ran: string[]): GateVerdict {
  const missing = Object.keys(baseline?.runs ?? {}).filter((adapter) => !ran.includes(adapter));
  if (missing.length === 0) return { ok: true, message: "" };
  return {
    ok: false,
    message: `baseline runs that did not run: ${missing.join(", ")} — FAILS the gate; rewrite the baseline with ${REWRITE} if they were removed on purpose`,
  };
}
