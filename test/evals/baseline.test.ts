import { describe, expect, test } from "vitest";
import { gate, withEntry } from "../../evals/judge/baseline.js";
import type { Verdict } from "../../evals/judge/judge.js";
import { buildReport } from "../../evals/judge/report.js";

const verdict = (id: string, pass: boolean): Verdict => ({
  id,
  trial: 1,
  adapter: "rules",
  tags: [],
  pass,
  reason: pass ? "ok" : "schedule: off by an hour",
  matched: pass ? "primary" : null,
  checks: null,
  abstain: false,
  calls: 1,
  schema_valid: 1,
  accepted: 1,
  error_seen: false,
});
const report = (passes: Record<string, boolean>, casesSource = "evals/cases") =>
  buildReport(
    Object.entries(passes).map(([id, p]) => verdict(id, p)),
    { adapter: "rules", isLlm: false, casesSource, trials: 1 },
  );

describe("the CI gate", () => {
  const baseline = withEntry(null, report({ a: true, b: true, c: false }));

  test("holds when the pass rate stays, and names cases that started passing", () => {
    const r = gate(report({ a: true, b: true, c: true }), baseline);
    expect(r.ok).toBe(true);
    expect(r.message).toContain("newly passing: c");
  });

  test("fails when the pass rate drops, naming the cases that stopped passing", () => {
    const r = gate(report({ a: true, b: false, c: false }), baseline);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/pass rate 33\.3% \(baseline 66\.7%\) — BELOW BASELINE/);
    expect(r.message).toContain("newly failing: b");
  });

  test("does not gate a run over other cases, or an adapter without an entry", () => {
    expect(gate(report({ a: false }, "other.jsonl"), baseline)).toMatchObject({ ok: true, message: expect.stringContaining("not gated") });
    expect(gate({ ...report({ a: false }), adapter: "openai:x" }, baseline).ok).toBe(true);
  });
});
