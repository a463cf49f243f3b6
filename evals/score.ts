import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { type Case, loadCases } from "./harness/case.js";
import { runIfMain } from "./harness/cli-main.js";
import { readTranscripts, type Transcript } from "./harness/transcript.js";
import { argumentCheckFrom } from "./judge/argument-check.js";
import { gate, readBaseline } from "./judge/baseline.js";
import { type ArgumentCheck, judgeCase, type Verdict } from "./judge/judge.js";
import { buildReport, type Report, renderMarkdown } from "./judge/report.js";

/**
 * Scoring reads transcripts and cases only, so any run can be re-scored later:
 *   npm run evals:score -- --transcripts evals/out/rules/transcripts.jsonl --cases evals/cases [--out DIR] [--baseline evals/baseline.json]
 */

function scoreTranscripts(cases: Case[], transcripts: Transcript[], checkArgs: ArgumentCheck): Verdict[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return transcripts.map((t) => {
    const c = byId.get(t.id);
    if (!c) throw new Error(`transcript for case "${t.id}", which is not in the cases`);
    return judgeCase(c, t, checkArgs);
  });
}

export interface ScoredRun {
  report: Report;
  verdicts: Verdict[];
}

export function scoreRun(cases: Case[], transcripts: Transcript[], opts: { casesSource: string; schemasDir?: string }): ScoredRun {
  const adapters = [...new Set(transcripts.map((t) => t.adapter))];
  if (adapters.length !== 1) throw new Error(`transcripts must come from one adapter; found ${adapters.join(", ") || "none"}`);
  const adapter = adapters[0]!;
  const verdicts = scoreTranscripts(cases, transcripts, argumentCheckFrom(opts.schemasDir ?? "schemas"));
  const trials = Math.max(1, ...transcripts.map((t) => t.trial));
  const report = buildReport(verdicts, { adapter, isLlm: adapter !== "rules", casesSource: opts.casesSource, trials });
  return { report, verdicts };
}

/** `report.json` (with every verdict) and `REPORT.md`. */
export function writeReport(outDir: string, run: ScoredRun): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "report.json"), `${JSON.stringify({ ...run.report, verdicts: run.verdicts }, null, 2)}\n`);
  writeFileSync(join(outDir, "REPORT.md"), renderMarkdown(run.report));
}

export function summaryLine(r: Report): string {
  const p = r.metrics.pass;
  return `${r.adapter}${r.is_llm ? "" : " (deterministic baseline, not an LLM)"}: ${p.ok}/${p.of} passed (${((p.rate ?? 0) * 100).toFixed(1)}%)${r.trials > 1 ? `, pass^${r.trials} ${((r.pass_hat_k ?? 0) * 100).toFixed(1)}%` : ""}${r.infra_errors ? `, ${r.infra_errors} run(s) FAILED` : ""}`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      transcripts: { type: "string" },
      cases: { type: "string", default: "evals/cases" },
      out: { type: "string" },
      schemas: { type: "string", default: "schemas" },
      baseline: { type: "string" },
    },
  });
  if (!values.transcripts) {
    process.stderr.write("usage: npm run evals:score -- --transcripts FILE [--cases FILE|DIR] [--out DIR] [--schemas DIR] [--baseline FILE]\n");
    return 2;
  }
  const run = scoreRun(loadCases(values.cases), readTranscripts(values.transcripts), { casesSource: values.cases, schemasDir: values.schemas });
  const out = values.out ?? dirname(values.transcripts);
  writeReport(out, run);
  process.stdout.write(`${summaryLine(run.report)}\nreport: ${join(out, "REPORT.md")}\n`);
  if (values.baseline) {
    const verdict = gate(run.report, readBaseline(values.baseline));
    process.stdout.write(`${verdict.message}\n`);
    if (!verdict.ok) return 1;
  }
  return 0;
}

runIfMain(import.meta.url, main);
