import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { ModelAdapter } from "./adapters/adapter.js";
import { ADAPTER_SPECS, adapterFromSpec } from "./adapters/from-spec.js";
import { replayAdapter } from "./adapters/replay.js";
import { type Case, loadCases } from "./harness/case.js";
import { runIfMain } from "./harness/cli-main.js";
import { runCases } from "./harness/run-cases.js";
import { argumentCheckFrom } from "./judge/argument-check.js";
import { type Baseline, baselineOf, gate, gateMissingRuns, readBaseline } from "./judge/baseline.js";
import { judgeCase } from "./judge/judge.js";
import { renderMarkdown } from "./judge/report.js";
import { type ScoredRun, scoreRun, summaryLine, writeReport } from "./score.js";

const USAGE = `usage: npm run evals -- [--model ${ADAPTER_SPECS}] [--cases FILE|DIR] [--out DIR]
       [--trials K] [--record DIR] [--base-url URL] [--baseline FILE] [--only ID|TAG,…]
       [--concurrency N] [--max-turns N] [--write-baseline]

Without --model: every case with \`rules\`, plus a replay of each directory under
evals/recordings/, gated case by case against evals/baseline.json (the CI run).
--write-baseline rewrites that baseline from this run (the full run only).`;

const DEFAULT_CASES = "evals/cases";
const RECORDINGS = "evals/recordings";
const BASELINE = "evals/baseline.json";

interface Planned {
  adapter: ModelAdapter;
  cases: Case[];
  casesSource: string;
}

const slug = (label: string) =>
  label
    .replace(/\s*\(.*\)$/, "")
    .replace(/[^a-zA-Z0-9._-]+/g, "_")
    .replace(/^_+|_+$/g, "");

function select(cases: Case[], only: string | undefined): Case[] {
  if (!only) return cases;
  const wanted = only.split(",").map((s) => s.trim());
  const picked = cases.filter((c) => wanted.includes(c.id) || c.tags.some((t) => wanted.includes(t)));
  if (picked.length === 0) throw new Error(`--only ${only} selects no case`);
  return picked;
}

/** Each recordings directory replays the cases it holds recordings for. */
function recordedRuns(cases: Case[], casesSource: string): Planned[] {
  if (!existsSync(RECORDINGS)) return [];
  return readdirSync(RECORDINGS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(RECORDINGS, d.name))
    .filter((dir) => readdirSync(dir).some((f) => f.endsWith(".json")))
    .map((dir) => {
      const held = new Set(readdirSync(dir).map((f) => f.replace(/\.json$/, "")));
      return { adapter: replayAdapter(dir), cases: cases.filter((c) => held.has(c.id)), casesSource: `${casesSource} ∩ ${dir}` };
    });
}

/** A baseline the gate cannot read fails the run, unless this run rewrites it. */
function readOrRewrite(path: string, writing: boolean): Baseline | null {
  try {
    return readBaseline(path);
  } catch (e) {
    if (!writing) throw e;
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}: rewriting it\n`);
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      model: { type: "string" },
      cases: { type: "string", default: DEFAULT_CASES },
      out: { type: "string", default: "evals/out" },
      trials: { type: "string", default: "1" },
      record: { type: "string" },
      "base-url": { type: "string" },
      baseline: { type: "string" },
      only: { type: "string" },
      concurrency: { type: "string", default: "4" },
      "max-turns": { type: "string" },
      "write-baseline": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (v.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const trials = Number(v.trials);
  const concurrency = Number(v.concurrency);
  if (!Number.isInteger(trials) || trials < 1 || !Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`--trials and --concurrency take a positive integer\n${USAGE}`);
  const ciMode = v.model === undefined;
  const fullRun = ciMode && v.only === undefined && v.cases === DEFAULT_CASES;
  const writing = v["write-baseline"];
  if (writing && !fullRun) throw new Error("--write-baseline goes with the default run (no --model, --cases or --only): it records what CI gates on");

  const cases = select(loadCases(v.cases), v.only);
  const casesSource = v.only ? `${v.cases} [only ${v.only}]` : v.cases;
  const planned: Planned[] = ciMode
    ? [{ adapter: adapterFromSpec("rules", { env: process.env }), cases, casesSource }, ...recordedRuns(cases, casesSource)]
    : [
        {
          adapter: adapterFromSpec(v.model!, { env: process.env, ...(v["base-url"] && { baseURL: v["base-url"] }), ...(v.record && { record: v.record }) }),
          cases,
          casesSource,
        },
      ];
  const baselinePath = v.baseline ?? (ciMode ? BASELINE : undefined);
  const baseline = baselinePath ? readOrRewrite(baselinePath, writing) : null;
  const checkArgs = argumentCheckFrom("schemas");

  let failed = false;
  const runs: ScoredRun[] = [];
  for (const p of planned) {
    const out = ciMode || planned.length > 1 ? join(v.out, slug(p.adapter.label)) : v.out;
    mkdirSync(out, { recursive: true });
    process.stderr.write(
      `\n${p.adapter.label}${p.adapter.isLlm ? "" : " (deterministic baseline, not an LLM)"}: ${p.cases.length} case(s) × ${trials} trial(s)\n`,
    );
    let done = 0;
    const transcripts = await runCases(p.cases, p.adapter, {
      trials,
      concurrency,
      ...(v["max-turns"] && { maxTurns: Number(v["max-turns"]) }),
      onCase: (c, ts) => {
        done++;
        const marks = ts.map((t) => (c.expect ? (judgeCase(c, t, checkArgs).pass ? "✓" : "✗") : "·")).join("");
        process.stderr.write(`  [${done}/${p.cases.length}] ${marks} ${c.id}${ts.some((t) => t.error) ? `  ERROR: ${ts.find((t) => t.error)!.error}` : ""}\n`);
      },
    });
    writeFileSync(join(out, "transcripts.jsonl"), `${transcripts.map((t) => JSON.stringify(t)).join("\n")}\n`);
    const run = scoreRun(p.cases, transcripts, { casesSource: p.casesSource });
    writeReport(out, run);
    runs.push(run);
    process.stdout.write(`${summaryLine(run.report)}\n  transcripts: ${join(out, "transcripts.jsonl")}\n  report: ${join(out, "REPORT.md")}\n`);
    if (run.report.infra_errors > 0) failed = true;
    if (baselinePath) {
      // When rewriting, the verdict still prints: it is what the baseline diff will show.
      const verdict = gate(run.report, baseline);
      process.stdout.write(`${verdict.message}\n`);
      if (!verdict.ok && !writing) failed = true;
    }
  }
  if (baselinePath && fullRun) {
    const verdict = gateMissingRuns(
      baseline,
      runs.map((r) => r.report.adapter),
    );
    if (!verdict.ok) process.stdout.write(`${verdict.message}\n`);
    if (!verdict.ok && !writing) failed = true;
  }

  if (writing) {
    writeFileSync(BASELINE, `${JSON.stringify(baselineOf(runs.map((r) => r.report)), null, 2)}\n`);
    writeFileSync("evals/REPORT.md", runs.map((r) => renderMarkdown(r.report)).join("\n---\n\n"));
    process.stdout.write(`wrote ${BASELINE} and evals/REPORT.md\n`);
  }
  return failed ? 1 : 0;
}

runIfMain(import.meta.url, main);
