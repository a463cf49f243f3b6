import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { baselineOf, gate, gateMissingRuns, readBaseline } from "../../evals/judge/baseline.js";
import type { Verdict } from "../../evals/judge/judge.js";
import { buildReport } from "../../evals/judge/report.js";

const verdict = (id: string, pass: boolean | null): Verdict => ({
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
/** `null`: a case without expectations, run but not scored. */
const report = (passes: Record<string, boolean | null>, casesSource = "evals/cases") =>
  buildReport(
    Object.entries(passes).map(([id, p]) => verdict(id, p)),
    { adapter: "rules", isLlm: false, casesSource, trials: 1 },
  );

describe("the CI gate", () => {
  const baseline = baselineOf([report({ a: true, b: true, c: false, d: null })]);

  test("holds when every case runs and every passing case still passes, and names cases that started passing", () => {
    const r = gate(report({ a: true, b: true, c: true, d: null }), baseline);
    expect(r.ok).toBe(true);
    expect(r.message).toContain("newly passing (record with `npm run evals -- --write-baseline`): c");
  });

  test("fails when a passing case starts failing, even while another starts passing and the rate holds", () => {
    const r = gate(report({ a: true, b: false, c: true, d: null }), baseline);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/pass rate 66\.7% \(baseline 4, 66\.7%\) — FAILS the gate/);
    expect(r.message).toContain("newly failing: b");
  });

  test("fails when a case of the baseline no longer runs, even an unscored one, naming it", () => {
    const deletedPassing = gate(report({ a: true, c: true, d: null }), baseline);
    expect(deletedPassing.ok).toBe(false);
    expect(deletedPassing.message).toMatch(/in the baseline but did not run .*: b$/m);
    expect(gate(report({ a: true, b: true, c: false }), baseline)).toMatchObject({ ok: false, message: expect.stringMatching(/did not run .*: d$/m) });
  });

  test("reports a case not in the baseline without failing, passing or not", () => {
    const r = gate(report({ a: true, b: true, c: false, d: null, e: true, f: false }), baseline);
    expect(r.ok).toBe(true);
    expect(r.message).toContain("new, not in the baseline (passing: 1 of 2): e, f");
  });

  test("fails a run the baseline has no entry for, and any run when there is no baseline at all", () => {
    expect(gate({ ...report({ a: true }), adapter: "replay:gpt" }, baseline)).toMatchObject({
      ok: false,
      message: expect.stringContaining("no baseline entry"),
    });
    expect(gate(report({ a: true }), null).ok).toBe(false);
  });

  test("fails when a run of the baseline did not happen at all", () => {
    const two = baselineOf([report({ a: true }), { ...report({ a: true }), adapter: "replay:gpt" }]);
    expect(gateMissingRuns(two, ["rules", "replay:gpt"]).ok).toBe(true);
    expect(gateMissingRuns(two, ["rules"])).toMatchObject({ ok: false, message: expect.stringContaining("did not run: replay:gpt") });
  });

  test("moves the line only when the baseline is rewritten from the run", () => {
    const shrunk = report({ a: true, c: false });
    expect(gate(shrunk, baseline).ok).toBe(false);
    const rewritten = baselineOf([shrunk]);
    expect(rewritten.runs.rules).toMatchObject({ cases: 2, case_ids: ["a", "c"], passed_ids: ["a"] });
    expect(gate(shrunk, rewritten).ok).toBe(true);
  });

  test("does not gate a hand-picked subset run over other cases", () => {
    expect(gate(report({ a: false }, "evals/cases [only a]"), baseline)).toMatchObject({ ok: true, message: expect.stringContaining("not gated") });
  });
});

describe("reading the baseline", () => {
  const dir = mkdtempSync(join(tmpdir(), "duely-baseline-"));
  const file = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("reads back what was written, and nothing when there is no file", () => {
    const b = baselineOf([report({ a: true, b: false })]);
    expect(readBaseline(file("ok.json", b))).toEqual(b);
    expect(readBaseline(join(dir, "absent.json"))).toBeNull();
  });

  test("refuses an entry without its case list rather than gate on rates alone", () => {
    const old = { about: "rates", runs: { rules: { adapter: "rules", cases_source: "evals/cases", cases: 1, trials: 1, pass_rate: 1, passed_ids: ["a"] } } };
    expect(() => readBaseline(file("old.json", old))).toThrow(/runs\.rules\.case_ids.*--write-baseline/);
  });
});
