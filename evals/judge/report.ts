import type { Verdict } from "./judge.js";

/** A share: how many of how many. `rate` is null when nothing was counted. */
export interface Rate {
  ok: number;
  of: number;
  rate: number | null;
}

const rate = (ok: number, of: number): Rate => ({ ok, of, rate: of === 0 ? null : ok / of });
const share = (vs: Verdict[], pick: (v: Verdict) => boolean | null | undefined): Rate => {
  const counted = vs.map(pick).filter((x): x is boolean => typeof x === "boolean");
  return rate(counted.filter(Boolean).length, counted.length);
};

export interface Metrics {
  /** Cases passed (every trial counted). */
  pass: Rate;
  /** The expected tool succeeded, and no other mutating one, where a change was expected. */
  right_tool: Rate;
  /** Nothing changed, and the reply was of the expected kind, where no change was expected. */
  right_abstention: Rate;
  schedule_match: Rate;
  action_match: Rate;
  final_state_match: Rate;
  /** Calls whose arguments validate against the published input schema. */
  schema_valid_calls: Rate;
  /** Calls the server answered with ok:true. */
  server_accepted_calls: Rate;
  /** Cases that met a structured error (in their history or during the run) and still passed. */
  recovery: Rate;
}

function metricsOf(vs: Verdict[]): Metrics {
  const scored = vs.filter((v) => v.pass !== null);
  return {
    pass: share(scored, (v) => v.pass),
    right_tool: share(
      scored.filter((v) => !v.abstain),
      (v) => v.checks?.tool ?? false,
    ),
    right_abstention: share(
      scored.filter((v) => v.abstain),
      (v) => (v.checks ? v.checks.tool && v.checks.outcome !== false : false),
    ),
    schedule_match: share(scored, (v) => v.checks?.schedule),
    action_match: share(scored, (v) => v.checks?.action),
    final_state_match: share(scored, (v) => v.checks?.state ?? false),
    schema_valid_calls: rate(
      vs.reduce((n, v) => n + v.schema_valid, 0),
      vs.reduce((n, v) => n + v.calls, 0),
    ),
    server_accepted_calls: rate(
      vs.reduce((n, v) => n + v.accepted, 0),
      vs.reduce((n, v) => n + v.calls, 0),
    ),
    recovery: share(
      scored.filter((v) => v.error_seen),
      (v) => v.pass,
    ),
  };
}

const choose = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};

/**
 * pass^k (τ-bench): per case, the chance that k trials drawn from its n all pass,
 * C(successes, k) / C(n, k), averaged over cases. With one trial it is the pass rate.
 */
export function passHatK(vs: Verdict[], k: number): number | null {
  const byCase = new Map<string, boolean[]>();
  for (const v of vs) if (v.pass !== null) byCase.set(v.id, [...(byCase.get(v.id) ?? []), v.pass]);
  const per = [...byCase.values()].filter((xs) => xs.length >= k).map((xs) => choose(xs.filter(Boolean).length, k) / choose(xs.length, k));
  return per.length === 0 ? null : per.reduce((a, b) => a + b, 0) / per.length;
}

export interface Report {
  adapter: string;
  /** False for `rules`: the report must say it is not an LLM. */
  is_llm: boolean;
  cases_source: string;
  cases: number;
  unscored: number;
  trials: number;
  /** Runs that failed outright (adapter error, missing recording). */
  infra_errors: number;
  pass_rate: number | null;
  pass_hat_k: number | null;
  metrics: Metrics;
  by_tag: Record<
    string,
    { cases: number; pass: Rate; right_tool: Rate; right_abstention: Rate; schedule_match: Rate; action_match: Rate; final_state_match: Rate }
  >;
  /** Totals over all trials, when the adapter reports them. */
  usage: { input_tokens: number; output_tokens: number; mean_latency_ms: number | null } | null;
  failures: { id: string; trial: number; tags: string[]; reason: string }[];
  /** Every case id that ran, scored or not; the CI gate fails when one of the baseline's is missing. */
  case_ids: string[];
  /** Case ids whose every trial passed; the CI gate fails when one that passed at the baseline is not here. */
  passed_ids: string[];
}

export function buildReport(vs: Verdict[], meta: { adapter: string; isLlm: boolean; casesSource: string; trials: number }): Report {
  const metrics = metricsOf(vs);
  const tags = [...new Set(vs.flatMap((v) => v.tags))].sort();
  const by_tag: Report["by_tag"] = {};
  for (const tag of tags) {
    const sub = vs.filter((v) => v.tags.includes(tag));
    const m = metricsOf(sub);
    by_tag[tag] = {
      cases: new Set(sub.map((v) => v.id)).size,
      pass: m.pass,
      right_tool: m.right_tool,
      right_abstention: m.right_abstention,
      schedule_match: m.schedule_match,
      action_match: m.action_match,
      final_state_match: m.final_state_match,
    };
  }
  const withUsage = vs.filter((v) => v.usage !== undefined);
  const withLatency = vs.filter((v) => v.latency_ms !== undefined);
  const ids = [...new Set(vs.map((v) => v.id))];
  return {
    adapter: meta.adapter,
    is_llm: meta.isLlm,
    cases_source: meta.casesSource,
    cases: ids.length,
    unscored: new Set(vs.filter((v) => v.pass === null).map((v) => v.id)).size,
    trials: meta.trials,
    infra_errors: vs.filter((v) => v.infra_error !== undefined).length,
    pass_rate: metrics.pass.rate,
    pass_hat_k: passHatK(vs, meta.trials),
    metrics,
    by_tag,
    usage:
      withUsage.length || withLatency.length
        ? {
            input_tokens: withUsage.reduce((n, v) => n + v.usage!.input_tokens, 0),
            output_tokens: withUsage.reduce((n, v) => n + v.usage!.output_tokens, 0),
            mean_latency_ms: withLatency.length ? Math.round(withLatency.reduce((n, v) => n + v.latency_ms!, 0) / withLatency.length) : null,
          }
        : null,
    failures: vs.filter((v) => v.pass === false).map((v) => ({ id: v.id, trial: v.trial, tags: v.tags, reason: v.reason })),
    case_ids: ids,
    passed_ids: ids.filter((id) => vs.filter((v) => v.id === id).every((v) => v.pass === true)),
  };
}

const pct = (r: Rate | number | null) => {
  const x = r === null ? null : typeof r === "number" ? r : r.rate;
  if (x === null) return "–";
  const text = `${(x * 100).toFixed(1)}%`;
  return typeof r === "object" && r !== null ? `${text} (${r.ok}/${r.of})` : text;
};

function describeAdapter(r: Report): string {
  if (r.is_llm) return `\`${r.adapter}\``;
  return `\`${r.adapter}\`: the deterministic baseline assistant (keyword intent detection + duely's own phrase parser). **Not an LLM.** It shows what the harness and server do with a fixed, simple caller; it says nothing about how a model would score.`;
}

export function renderMarkdown(r: Report): string {
  const m = r.metrics;
  const lines = [
    "# duely tool-use evals",
    "",
    `Adapter: ${describeAdapter(r)}`,
    "",
    `Cases: ${r.cases} from \`${r.cases_source}\`${r.unscored ? ` (${r.unscored} not scored)` : ""}; trials per case: ${r.trials}${r.infra_errors ? `; **${r.infra_errors} run(s) failed outright**` : ""}.`,
    "",
    "| Metric | Value |",
    "|---|---|",
    `| Pass rate | ${pct(m.pass)} |`,
    ...(r.trials > 1 ? [`| pass^${r.trials} | ${pct(r.pass_hat_k)} |`] : []),
    `| Right tool (a change was expected) | ${pct(m.right_tool)} |`,
    `| Right abstention (no change was expected) | ${pct(m.right_abstention)} |`,
    `| Schedule match (fire instants) | ${pct(m.schedule_match)} |`,
    `| Action match (type + keywords) | ${pct(m.action_match)} |`,
    `| Final-state match | ${pct(m.final_state_match)} |`,
    `| Schema-valid calls | ${pct(m.schema_valid_calls)} |`,
    `| Server-accepted calls | ${pct(m.server_accepted_calls)} |`,
    `| Recovery after a structured error | ${pct(m.recovery)} |`,
    ...(r.usage
      ? [
          `| Tokens in / out (all trials) | ${r.usage.input_tokens} / ${r.usage.output_tokens} |`,
          `| Mean model latency per case | ${r.usage.mean_latency_ms === null ? "–" : `${r.usage.mean_latency_ms} ms`} |`,
        ]
      : []),
    "",
    "## By tag",
    "",
    "| Tag | Cases | Pass | Right tool | Right abstention | Schedule | Action | Final state |",
    "|---|---|---|---|---|---|---|---|",
    ...Object.entries(r.by_tag).map(
      ([tag, t]) =>
        `| ${tag} | ${t.cases} | ${pct(t.pass)} | ${pct(t.right_tool)} | ${pct(t.right_abstention)} | ${pct(t.schedule_match)} | ${pct(t.action_match)} | ${pct(t.final_state_match)} |`,
    ),
    "",
    "## Failures",
    "",
    ...(r.failures.length === 0
      ? ["None."]
      : [
          "| Case | Trial | Tags | Why |",
          "|---|---|---|---|",
          ...r.failures.map((f) => `| ${f.id} | ${f.trial} | ${f.tags.join(", ")} | ${f.reason.replace(/\|/g, "\\|").replace(/\n/g, " ")} |`),
        ]),
    "",
  ];
  return lines.join("\n");
}
