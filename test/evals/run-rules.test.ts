import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { loadCases } from "../../evals/harness/case.js";
import { runCases } from "../../evals/harness/run-cases.js";
import { rulesAssistant } from "../../evals/rules/rules-assistant.js";
import { scoreRun } from "../../evals/score.js";

const SMOKE = [
  "daily-8am-finance",
  "dst-ny-daily-0230-gap",
  "every-15-min-water",
  "zh-hant-daily-finance",
  "pause-morning-digest",
  "chat-thanks",
  "clarify-later-john",
  "repair-prefill-not-found",
];

describe("a small run with the rules assistant", () => {
  const out = mkdtempSync(join(tmpdir(), "duely-evals-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("creates, pauses, asks and repairs through the real server, and every case passes", async () => {
    const cases = loadCases("evals/cases").filter((c) => SMOKE.includes(c.id));
    expect(cases).toHaveLength(SMOKE.length);
    const transcripts = await runCases(cases, rulesAssistant, { concurrency: 4 });
    const { report, verdicts } = scoreRun(cases, transcripts, { casesSource: "smoke" });

    expect(verdicts.filter((v) => !v.pass).map((v) => `${v.id}: ${v.reason}`)).toEqual([]);
    expect(report).toMatchObject({ adapter: "rules", is_llm: false, pass_rate: 1 });
    expect(report.metrics.schema_valid_calls.rate).toBe(1);

    const pause = transcripts.find((t) => t.id === "pause-morning-digest")!;
    expect(pause.calls.map((c) => c.name)).toEqual(["task_list_v1", "task_pause_v1"]);
    expect(pause.final_state.tasks.map((t) => [t.title, t.status]).sort()).toEqual([
      ["Evening crypto digest", "active"],
      ["Morning finance digest", "paused"],
      ["Quarterly tax reminder", "paused"],
      ["Stand-up reminder", "active"],
    ]);
    const daily = transcripts.find((t) => t.id === "daily-8am-finance")!;
    expect(daily.final_state.tasks[0]).toMatchObject({ status: "active", timezone: "America/New_York", schedule: { type: "cron" } });
    expect(daily.final_state.tasks[0]!.next).toHaveLength(5);
    expect(transcripts.find((t) => t.id === "chat-thanks")!.calls).toEqual([]);
  }, 30_000);

  test("the CLIs write transcripts and reports, and the scorer re-scores them alone", async () => {
    const run = promisify(execFile);
    const tsx = join("node_modules", ".bin", "tsx");
    await run(tsx, ["evals/run.ts", "--model", "rules", "--only", "daily-8am-finance,chat-thanks", "--out", out]);
    expect(existsSync(join(out, "transcripts.jsonl"))).toBe(true);
    expect(readFileSync(join(out, "REPORT.md"), "utf8")).toContain("**Not an LLM.**");
    const scored = await run(tsx, [
      "evals/score.ts",
      "--transcripts",
      join(out, "transcripts.jsonl"),
      "--cases",
      "evals/cases",
      "--out",
      join(out, "rescored"),
    ]);
    expect(scored.stdout).toContain("rules (deterministic baseline, not an LLM): 2/2 passed (100.0%)");
    const report = JSON.parse(readFileSync(join(out, "rescored", "report.json"), "utf8"));
    // Case order: chat.jsonl sorts before create-recurring.jsonl.
    expect(report.verdicts.map((v: { id: string; pass: boolean }) => [v.id, v.pass])).toEqual([
      ["chat-thanks", true],
      ["daily-8am-finance", true],
    ]);
  }, 120_000);
});
