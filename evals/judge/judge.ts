import type { Usage } from "../adapters/adapter.js";
import type { Case, Expectation } from "../harness/case.js";
import type { FinalTask, Transcript, TranscriptCall } from "../harness/transcript.js";
import { scheduleMatches } from "./schedule-match.js";
import { actionMiss, changedMiss, policyMiss, short } from "./task-checks.js";

export { hasKeyword } from "./task-checks.js";

/**
 * Scores one transcript against its case. Pure: reads the transcript and the case only, never
 * the clock, the server or the model. Outcomes are compared by meaning: fire instants, action
 * type and keywords, statuses at the end.
 */

/** Tools that change nothing; any other tool counts as a change when it succeeds. */
const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(["task_list_v1", "task_get_v1", "schedule_preview_v1"]);

/** A read-only tool, or a call that only previews (`dry_run: true`). */
const changesNothing = (c: TranscriptCall) =>
  READ_ONLY_TOOLS.has(c.name) || (typeof c.arguments === "object" && (c.arguments as { dry_run?: unknown }).dry_run === true);

/** Each check: true/false, or null when the expectation does not ask for it. */
export interface Checks {
  /** The expected tool(s) succeeded and no other mutating tool did (or none did, for "none"). */
  tool: boolean;
  /** chat / clarify / explain, for "none". */
  outcome: boolean | null;
  forbidden: boolean | null;
  order: boolean | null;
  schedule: boolean | null;
  action: boolean | null;
  /** The new task(s) have the expected run policies. */
  policy: boolean | null;
  /** Seeded tasks look as `final_state.changed` says (schedule, action, runs started, skips…). */
  changed: boolean | null;
  /** New live tasks counted right, and every seeded task in its expected status. */
  state: boolean;
}

export interface Verdict {
  id: string;
  trial: number;
  adapter: string;
  tags: string[];
  /** null when the case has no `expect` (run and transcribed, not scored). */
  pass: boolean | null;
  reason: string;
  /** Which expectation passed: "primary" or "also_accept[i]"; null when none did. */
  matched: string | null;
  /** The checks of the passing expectation, else of the primary one. */
  checks: Checks | null;
  /** The decisive expectation is an abstention ("none"). */
  abstain: boolean;
  calls: number;
  schema_valid: number;
  accepted: number;
  /** A structured error came up: in the case's history or during the run. */
  error_seen: boolean;
  infra_error?: string;
  usage?: Usage;
  latency_ms?: number;
}

/** Validates a call's arguments against the published input schema of its tool. */
export type ArgumentCheck = (tool: string, args: Record<string, unknown> | string) => boolean;

const accepted = (c: TranscriptCall) => c.result.ok === true;
const QUESTION = /[?？¿]/u;

interface Outcome {
  checks: Checks;
  failures: string[];
}

function createsTasks(e: Expectation): boolean {
  const tools = e.tool === "none" ? [] : Array.isArray(e.tool) ? e.tool : [e.tool];
  return tools.some((t) => t.startsWith("task_create_"));
}

function countOk(n: number, want: number | [number, number]): boolean {
  return Array.isArray(want) ? n >= want[0] && n <= want[1] : n === want;
}

/** Checks one expectation; `failures` says what was wrong, in words, for the report. */
function checkExpectation(c: Case, t: Transcript, e: Expectation): Outcome {
  const failures: string[] = [];
  const ok = t.calls.filter(accepted);
  const changed = ok.filter((x) => !changesNothing(x));
  const names = (xs: TranscriptCall[]) => [...new Set(xs.map((x) => x.name))].join(", ");

  let tool: boolean;
  if (e.tool === "none") {
    tool = changed.length === 0;
    if (!tool) failures.push(`expected no change, but ${names(changed)} succeeded`);
  } else {
    const wanted = Array.isArray(e.tool) ? e.tool : [e.tool];
    const missing = wanted.filter((w) => !ok.some((x) => x.name === w));
    const extra = changed.filter((x) => !wanted.includes(x.name));
    tool = missing.length === 0 && extra.length === 0;
    if (missing.length) failures.push(`expected ${missing.join(", ")} to succeed; successful calls: ${names(ok) || "none"}`);
    if (extra.length) failures.push(`unexpected change: ${names(extra)} succeeded`);
  }

  let outcome: boolean | null = null;
  if (e.tool === "none" && e.outcome !== undefined) {
    if (e.outcome === "chat") outcome = t.calls.length === 0;
    else if (e.outcome === "clarify") outcome = QUESTION.test(t.final_text);
    else outcome = t.final_text.trim() !== "";
    if (!outcome) {
      failures.push(
        e.outcome === "chat"
          ? `expected a plain reply, but ${names(t.calls)} was called`
          : e.outcome === "clarify"
            ? `expected a question to the user, got: "${short(t.final_text)}"`
            : "expected an explanation, got no reply",
      );
    }
  }

  let forbidden: boolean | null = null;
  if (e.forbid_tools) {
    const hit = t.calls.filter((x) => e.forbid_tools!.includes(x.name));
    forbidden = hit.length === 0;
    if (!forbidden) failures.push(`called forbidden ${names(hit)}`);
  }

  let order: boolean | null = null;
  if (e.order) {
    let i = 0;
    for (const x of ok) if (i < e.order.length && x.name === e.order[i]) i++;
    order = i === e.order.length;
    if (!order) failures.push(`expected successful ${e.order.join(" → ")} in that order; got ${ok.map((x) => x.name).join(" → ") || "nothing"}`);
  }

  const seededIds = new Set(Object.values(t.seeded));
  const fresh = t.final_state.tasks.filter((x) => !seededIds.has(x.id) && x.status !== "cancelled");

  let state = true;
  const wantNew = e.final_state?.new_tasks ?? (createsTasks(e) ? 1 : 0);
  if (!countOk(fresh.length, wantNew)) {
    state = false;
    failures.push(`expected ${Array.isArray(wantNew) ? wantNew.join("–") : wantNew} new task(s), found ${fresh.length}`);
  }
  for (const s of c.seed_tasks ?? []) {
    const want = e.final_state?.seeded?.[s.key] ?? s.status;
    const got = t.final_state.tasks.find((x) => x.id === t.seeded[s.key])?.status ?? "missing";
    if (got !== want) {
      state = false;
      failures.push(`seeded "${s.title}" should be ${want}, is ${got}`);
    }
  }

  let schedule: boolean | null = null;
  if (e.schedule) {
    const miss = fresh.length === 0 ? "no task was created" : scheduleMatches(e.schedule, fresh, Date.parse(c.now));
    schedule = miss === null;
    if (miss !== null) failures.push(`schedule: ${miss}`);
  }

  /** A check every new task must pass: null when not asked for. */
  const everyNew = (what: string, miss: ((t: FinalTask) => string | null) | null): boolean | null => {
    if (miss === null) return null;
    const first = fresh.map(miss).find((m) => m !== null);
    if (fresh.length === 0) failures.push(`${what}: no task was created`);
    else if (first) failures.push(`${what}: ${first}`);
    return fresh.length > 0 && first === undefined;
  };
  const wantAction = e.action;
  const wantPolicy = e.policy;
  const action = everyNew("action", wantAction ? (t) => actionMiss(wantAction, t) : null);
  const policy = everyNew("policy", wantPolicy ? (t) => policyMiss(wantPolicy, t) : null);

  let changedOk: boolean | null = null;
  if (e.final_state?.changed) {
    changedOk = true;
    for (const [key, want] of Object.entries(e.final_state.changed)) {
      const found = t.final_state.tasks.find((x) => x.id === t.seeded[key]);
      const miss = found ? changedMiss(want, found, Date.parse(c.now)) : "missing";
      if (miss !== null) {
        changedOk = false;
        failures.push(`seeded "${found?.title ?? key}": ${miss}`);
      }
    }
  }

  return { checks: { tool, outcome, forbidden, order, schedule, action, policy, changed: changedOk, state }, failures };
}

const passes = (ch: Checks) => Object.values(ch).every((v) => v !== false);

function errorInHistory(c: Case): boolean {
  return [...(c.history ?? []), ...(c.prefill ?? [])].some((m) => m.role === "tool" && m.result.ok === false);
}

export function judgeCase(c: Case, t: Transcript, checkArgs: ArgumentCheck): Verdict {
  const base = {
    id: c.id,
    trial: t.trial,
    adapter: t.adapter,
    tags: c.tags,
    calls: t.calls.length,
    schema_valid: t.calls.filter((x) => checkArgs(x.name, x.arguments)).length,
    accepted: t.calls.filter(accepted).length,
    error_seen: errorInHistory(c) || t.calls.some((x) => !accepted(x)),
    ...(t.error !== undefined && { infra_error: t.error }),
    ...(t.usage && { usage: t.usage }),
    ...(t.latency_ms !== undefined && { latency_ms: t.latency_ms }),
  };
  if (!c.expect) return { ...base, pass: null, reason: "not scored (no expect)", matched: null, checks: null, abstain: false };
  const primary = c.expect;
  if (t.stop === "error")
    return { ...base, pass: false, reason: `run failed: ${t.error ?? "unknown error"}`, matched: null, checks: null, abstain: primary.tool === "none" };

  const options: [string, Expectation][] = [
    ["primary", primary],
    ...(primary.also_accept ?? []).map((e, i): [string, Expectation] => [`also_accept[${i}]`, e]),
  ];
  const results = options.map(([name, e]) => ({ name, e, ...checkExpectation(c, t, e) }));
  const limit = t.stop === "turn_limit" ? `stopped at the turn limit (${t.turns} turns) without answering` : null;
  const winner = limit === null ? results.find((r) => passes(r.checks)) : undefined;
  if (winner) {
    return {
      ...base,
      pass: true,
      reason: winner.name === "primary" ? "ok" : `ok via ${winner.name}`,
      matched: winner.name,
      checks: winner.checks,
      abstain: winner.e.tool === "none",
    };
  }
  const first = results[0]!;
  const why = [limit, ...first.failures].filter((x): x is string => x !== null).join("; ");
  const alts =
    results.length > 1
      ? ` (alternatives failed too: ${results
          .slice(1)
          .map((r) => r.failures[0] ?? "turn limit")
          .join(" | ")})`
      : "";
  return { ...base, pass: false, reason: why + alts, matched: null, checks: first.checks, abstain: primary.tool === "none" };
}
