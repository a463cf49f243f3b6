import { describe, expect, test } from "vitest";
import { Case } from "../../evals/harness/case.js";
import type { FinalTask, Transcript, TranscriptCall } from "../../evals/harness/transcript.js";
import { argumentCheckFrom } from "../../evals/judge/argument-check.js";
import { hasKeyword, judgeCase } from "../../evals/judge/judge.js";
import { buildReport, passHatK, renderMarkdown } from "../../evals/judge/report.js";

const checkArgs = argumentCheckFrom("schemas");
const NOW = "2026-03-05T15:07:30Z";
/** 08:00 New York, from Friday 6 March; Sunday 8 March is already EDT. */
const DAILY_8AM = ["2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-08T12:00:00Z", "2026-03-09T12:00:00Z", "2026-03-10T12:00:00Z"];

const caseOf = (c: Record<string, unknown>) => Case.parse({ id: "c", prompt: "p", user_tz: "America/New_York", now: NOW, tags: ["t"], ...c });

const task = (over: Partial<FinalTask> = {}): FinalTask => ({
  id: "01KJZ8M8TGBA8T9RP98T4BKB31",
  title: "Finance digest",
  status: "active",
  action: { type: "summarize", topic: "finance news" },
  schedule: { type: "cron", cron: "0 8 * * *", timezone: "America/New_York" },
  timezone: "America/New_York",
  next: DAILY_8AM,
  ...over,
});

const ok = (name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}): TranscriptCall => ({
  name,
  arguments: args,
  result: { ok: true, api: name, ...extra },
});
const refused = (name: string, args: Record<string, unknown>, code: string): TranscriptCall => ({
  name,
  arguments: args,
  result: { ok: false, api: name, error: { code, message: "no", hint: "ask" } },
});

const transcript = (over: Partial<Transcript> = {}): Transcript => ({
  id: "c",
  adapter: "test",
  trial: 1,
  calls: [],
  final_text: "Done.",
  final_state: { tasks: [] },
  seeded: {},
  turns: 2,
  stop: "reply",
  ...over,
});

const createArgs = { title: "Finance digest", action: { type: "summarize", topic: "finance news" }, when: "every day at 8am" };
const dailyFinance = caseOf({
  expect: { tool: "task_create_v1", schedule: { next: DAILY_8AM }, action: { type: "summarize", keywords: ["financ"] } },
});

describe("the judge", () => {
  test("passes a create whose task fires at the expected instants, whatever the spelling", () => {
    const t = transcript({
      calls: [ok("task_create_v1", { ...createArgs, when: undefined, schedule: { type: "cron", cron: "0 8 * * MON-SUN" } })],
      final_state: { tasks: [task({ schedule: { type: "cron", cron: "0 8 * * MON-SUN" } })] },
    });
    const v = judgeCase(dailyFinance, t, checkArgs);
    expect(v.pass, v.reason).toBe(true);
    expect(v.checks).toMatchObject({ tool: true, schedule: true, action: true, state: true });
  });

  test("fails a task that fires an hour off after the DST change, and says where", () => {
    const wrong = [...DAILY_8AM.slice(0, 2), "2026-03-08T13:00:00Z", "2026-03-09T13:00:00Z", "2026-03-10T13:00:00Z"];
    const v = judgeCase(dailyFinance, transcript({ calls: [ok("task_create_v1", createArgs)], final_state: { tasks: [task({ next: wrong })] } }), checkArgs);
    expect(v.pass).toBe(false);
    expect(v.checks?.schedule).toBe(false);
    expect(v.reason).toMatch(/schedule: expected \[2026-03-06T13:00Z.*got \[.*2026-03-08T13:00Z/);
  });

  test("fails the wrong tool: a pause where a cancel was expected", () => {
    const c = caseOf({
      seed_tasks: [{ key: "pm", title: "Crypto digest", action: { type: "summarize", topic: "crypto" }, schedule: { type: "cron", cron: "0 20 * * *" } }],
      expect: { tool: "task_cancel_v1", final_state: { seeded: { pm: "cancelled" } } },
    });
    const t = transcript({
      calls: [ok("task_list_v1", {}), ok("task_pause_v1", { task_id: "01PM" })],
      final_state: { tasks: [task({ id: "01PM", title: "Crypto digest", status: "paused" })] },
      seeded: { pm: "01PM" },
    });
    const v = judgeCase(c, t, checkArgs);
    expect(v.pass).toBe(false);
    expect(v.reason).toContain("expected task_cancel_v1 to succeed");
    expect(v.reason).toContain("unexpected change: task_pause_v1 succeeded");
    expect(v.reason).toContain('seeded "Crypto digest" should be cancelled, is paused');
  });

  test("fails an extra task, even when one of the two is right", () => {
    const t = transcript({
      calls: [ok("task_create_v1", createArgs), ok("task_create_v1", { ...createArgs, title: "Again" })],
      final_state: { tasks: [task(), task({ id: "01OTHER", title: "Again" })] },
    });
    const v = judgeCase(dailyFinance, t, checkArgs);
    expect(v.pass).toBe(false);
    expect(v.reason).toContain("expected 1 new task(s), found 2");
  });

  test("does not count a new task the model cancelled again", () => {
    const t = transcript({
      calls: [
        ok("task_create_v1", { ...createArgs, when: "every day at 9am" }),
        ok("task_cancel_v1", { task_id: "01WRONG" }),
        ok("task_create_v1", createArgs),
      ],
      final_state: { tasks: [task({ id: "01WRONG", status: "cancelled", next: ["2026-03-06T14:00:00Z"] }), task()] },
    });
    const c = caseOf({ expect: { ...dailyFinance.expect, tool: ["task_create_v1", "task_cancel_v1"] } });
    expect(judgeCase(c, t, checkArgs).pass).toBe(true);
  });

  test("fails when the right call pauses the wrong seeded task", () => {
    const seeds = [
      { key: "am", title: "Morning finance digest", action: { type: "summarize", topic: "finance" }, schedule: { type: "cron", cron: "0 7 * * *" } },
      { key: "pm", title: "Evening crypto digest", action: { type: "summarize", topic: "crypto" }, schedule: { type: "cron", cron: "0 20 * * *" } },
    ];
    const c = caseOf({
      seed_tasks: seeds,
      expect: { tool: "task_pause_v1", order: ["task_list_v1", "task_pause_v1"], final_state: { seeded: { am: "paused" } } },
    });
    const t = transcript({
      calls: [ok("task_list_v1", {}), ok("task_pause_v1", { task_id: "01PM" })],
      final_state: { tasks: [task({ id: "01AM", title: "Morning finance digest" }), task({ id: "01PM", title: "Evening crypto digest", status: "paused" })] },
      seeded: { am: "01AM", pm: "01PM" },
    });
    const v = judgeCase(c, t, checkArgs);
    expect(v.pass).toBe(false);
    expect(v.checks).toMatchObject({ tool: true, order: true, state: false });
    expect(v.reason).toContain('seeded "Morning finance digest" should be paused, is active');
    expect(v.reason).toContain('seeded "Evening crypto digest" should be active, is paused');
  });

  test("fails chit-chat that called a tool, even a read-only one", () => {
    const c = caseOf({ expect: { tool: "none", outcome: "chat" } });
    const v = judgeCase(c, transcript({ calls: [ok("task_list_v1", {}, { tasks: [] })], final_text: "You have nothing scheduled." }), checkArgs);
    expect(v.pass).toBe(false);
    expect(v.abstain).toBe(true);
    expect(v.reason).toContain("expected a plain reply, but task_list_v1 was called");
  });

  test("accepts a clarifying question listed as an alternative, and says so", () => {
    const c = caseOf({ expect: { ...dailyFinance.expect, also_accept: [{ tool: "none", outcome: "clarify" }] } });
    const asked = judgeCase(c, transcript({ final_text: "Should that be 8am New York time?" }), checkArgs);
    expect(asked).toMatchObject({ pass: true, matched: "also_accept[0]", reason: "ok via also_accept[0]", abstain: true });
    const statement = judgeCase(c, transcript({ final_text: "Okay." }), checkArgs);
    expect(statement.pass).toBe(false);
    expect(statement.reason).toContain("alternatives failed too: expected a question to the user");
  });

  test("tolerates a refused create when the answer is an explanation, not when it must be a plain reply", () => {
    const explain = caseOf({ expect: { tool: "none", outcome: "explain" } });
    const t = transcript({ calls: [refused("task_create_v1", createArgs, "in_the_past")], final_text: "8am today has passed." });
    expect(judgeCase(explain, t, checkArgs).pass).toBe(true);
    expect(judgeCase(caseOf({ expect: { tool: "none", outcome: "chat" } }), t, checkArgs).pass).toBe(false);
  });

  test("fails a forbidden tool even when the server refused it", () => {
    const c = caseOf({ expect: { tool: "none", outcome: "explain", forbid_tools: ["task_cancel_v1"] } });
    const v = judgeCase(c, transcript({ calls: [refused("task_cancel_v1", { task_id: "x" }, "not_found")] }), checkArgs);
    expect(v.pass).toBe(false);
    expect(v.reason).toContain("called forbidden task_cancel_v1");
  });

  test("checks the order of required calls", () => {
    const c = caseOf({ expect: { tool: "task_get_v1", order: ["task_list_v1", "task_get_v1"] } });
    const backwards = transcript({ calls: [ok("task_get_v1", { task_id: "x" }), ok("task_list_v1", {})] });
    expect(judgeCase(c, backwards, checkArgs).checks?.order).toBe(false);
  });

  test("accepts a DST alternative and any interval alignment; rejects uneven spacing", () => {
    const gap = caseOf({ expect: { tool: "task_create_v1", schedule: { next: ["2026-03-08T07:00:00Z"], alternatives: [["2026-03-08T07:30:00Z"]] } } });
    const shifted = transcript({
      calls: [ok("task_create_v1", createArgs)],
      final_state: { tasks: [task({ next: ["2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"] })] },
    });
    expect(judgeCase(gap, shifted, checkArgs).pass).toBe(true);

    const every = caseOf({ expect: { tool: "task_create_v1", schedule: { every_s: 900 } } });
    const aligned = ["2026-03-05T15:15:00Z", "2026-03-05T15:30:00Z", "2026-03-05T15:45:00Z"];
    const unaligned = ["2026-03-05T15:22:30Z", "2026-03-05T15:37:30Z", "2026-03-05T15:52:30Z"];
    const uneven = ["2026-03-05T15:15:00Z", "2026-03-05T15:30:00Z", "2026-03-05T16:00:00Z"];
    const run = (next: string[]) =>
      judgeCase(every, transcript({ calls: [ok("task_create_v1", createArgs)], final_state: { tasks: [task({ next })] } }), checkArgs);
    expect(run(aligned).pass).toBe(true);
    expect(run(unaligned).pass).toBe(true);
    expect(run(uneven).reason).toContain("expected every 900s, got gaps of 900, 1800s");
  });

  test("gives a relative time its tolerance, and refuses a repetition where one run was asked", () => {
    const c = caseOf({ expect: { tool: "task_create_v1", schedule: { at: "2026-03-05T15:27:30Z", tolerance_s: 60 } } });
    const at = (next: string[]) => judgeCase(c, transcript({ calls: [ok("task_create_v1", createArgs)], final_state: { tasks: [task({ next })] } }), checkArgs);
    expect(at(["2026-03-05T15:28:00Z"]).pass).toBe(true);
    expect(at(["2026-03-05T15:37:30Z"]).pass).toBe(false);
    expect(at(["2026-03-05T15:27:30Z", "2026-03-06T15:27:30Z"]).reason).toContain("got a repetition");
  });

  test("fails a run that hit the turn limit or broke", () => {
    expect(judgeCase(dailyFinance, transcript({ stop: "turn_limit", turns: 8 }), checkArgs).reason).toMatch(/turn limit/);
    const broken = judgeCase(dailyFinance, transcript({ stop: "error", error: "ReplayError: stale recording" }), checkArgs);
    expect(broken).toMatchObject({ pass: false, infra_error: "ReplayError: stale recording" });
  });

  test("counts schema-valid and server-accepted calls separately", () => {
    const t = transcript({
      calls: [
        refused("task_create_v1", { ...createArgs, owner: "me" }, "invalid_argument"),
        refused("task_create_v1", createArgs, "ambiguous_schedule"),
        ok("task_list_v1", {}),
        { name: "task_make_v1", arguments: "{oops", result: { ok: false } },
      ],
    });
    const v = judgeCase(caseOf({ expect: { tool: "none" } }), t, checkArgs);
    expect(v).toMatchObject({ calls: 4, schema_valid: 2, accepted: 1, error_seen: true });
  });
});

describe("the judge on changes to existing tasks", () => {
  const seeds = [
    { key: "am", title: "Morning finance digest", action: { type: "summarize", topic: "finance" }, schedule: { type: "cron", cron: "0 7 * * *" } },
  ];
  const moved = ["2026-03-06T11:30:00Z", "2026-03-07T11:30:00Z", "2026-03-08T10:30:00Z"];
  const updateCase = (changed: Record<string, unknown>) =>
    caseOf({ seed_tasks: seeds, expect: { tool: "task_update_v1", order: ["task_list_v1", "task_update_v1"], final_state: { changed: { am: changed } } } });
  const endState = (over: Partial<FinalTask>) =>
    transcript({
      calls: [ok("task_list_v1", {}), ok("task_update_v1", { task_id: "01AM", when: "every day at 6:30" })],
      final_state: { tasks: [task({ id: "01AM", title: "Morning finance digest", ...over })] },
      seeded: { am: "01AM" },
    });

  test("checks the seeded task's new fire instants, not the call's spelling", () => {
    const c = updateCase({ schedule: { next: moved } });
    expect(judgeCase(c, endState({ next: [...moved, "2026-03-09T10:30:00Z"] }), checkArgs)).toMatchObject({ pass: true, checks: { changed: true } });
    const v = judgeCase(c, endState({ next: DAILY_8AM }), checkArgs);
    expect(v.pass).toBe(false);
    expect(v.reason).toContain('seeded "Morning finance digest": schedule: expected [2026-03-06T11:30Z');
  });

  test("checks runs started now, skipped occurrences, policies and the pause note", () => {
    const c = updateCase({ manual_runs: 1, skipped: ["2026-03-06T13:00:00Z"], policy: { catch_up: ["latest"] }, pause_note: false });
    const good = { manual_runs: 1, skipped: ["2026-03-06T13:00:00Z"], policy: { overlap: "skip", catch_up: "latest", window_minutes: 0 } };
    expect(judgeCase(c, endState(good), checkArgs).pass).toBe(true);
    expect(judgeCase(c, endState({ ...good, manual_runs: 0 }), checkArgs).reason).toContain("expected 1 run(s) started now, found 0");
    expect(judgeCase(c, endState({ ...good, skipped: [] }), checkArgs).reason).toContain("expected skipped");
    expect(judgeCase(c, endState({ ...good, policy: { ...good.policy, catch_up: "all" } }), checkArgs).reason).toContain("expected catch_up latest, got all");
    expect(judgeCase(c, endState({ ...good, pause_note: "vacation" }), checkArgs).reason).toContain("expected no pause note");
  });

  test("checks an ask action's condition and channels", () => {
    const c = updateCase({ action: { type: "ask", keywords: ["earthquake"], conditional: true, channels: ["email"] } });
    const ask = { type: "ask", prompt: "Any earthquake news?", deliver_if: "there is news about an earthquake", channels: ["email"] };
    expect(judgeCase(c, endState({ action: ask }), checkArgs).pass).toBe(true);
    expect(judgeCase(c, endState({ action: { ...ask, deliver_if: undefined } }), checkArgs).reason).toContain("expected a deliver_if condition");
    expect(judgeCase(c, endState({ action: { ...ask, channels: [] } }), checkArgs).reason).toContain("expected channels email");
  });

  test("counts a dry run as a preview, not a change", () => {
    const c = caseOf({ seed_tasks: seeds, expect: { tool: "none", outcome: "explain" } });
    const t = transcript({ calls: [ok("task_update_v1", { task_id: "01AM", when: "at 6:30", dry_run: true })], seeded: { am: "01AM" } });
    t.final_state = { tasks: [task({ id: "01AM", title: "Morning finance digest" })] };
    expect(judgeCase(c, t, checkArgs).pass).toBe(true);
  });
});

describe("the report", () => {
  test("computes pass^k as the chance that k trials all pass", () => {
    const v = (id: string, pass: boolean) => ({ id, pass }) as never;
    // Case a: 3/3 → 1; case b: 2/3 → C(2,3)/C(3,3) = 0 for k = 3, C(2,2)/C(3,2) = 1/3 for k = 2.
    const vs = [v("a", true), v("a", true), v("a", true), v("b", true), v("b", true), v("b", false)];
    expect(passHatK(vs, 3)).toBe(0.5);
    expect(passHatK(vs, 2)).toBeCloseTo((1 + 1 / 3) / 2);
    expect(passHatK(vs, 1)).toBeCloseTo((1 + 2 / 3) / 2);
  });

  test("labels the rules baseline as not an LLM", () => {
    const v = judgeCase(dailyFinance, transcript({ adapter: "rules" }), checkArgs);
    const md = renderMarkdown(buildReport([v], { adapter: "rules", isLlm: false, casesSource: "x", trials: 1 }));
    expect(md).toContain("**Not an LLM.**");
    expect(md).toContain("| c | 1 | t | expected task_create_v1 to succeed");
  });
});

describe("keywords", () => {
  test("match at the start of a word, or anywhere in Chinese and Japanese", () => {
    expect(hasKeyword("Financial news", "financ")).toBe(true);
    expect(hasKeyword("AI news", "ai")).toBe(true);
    expect(hasKeyword("daily email", "ai")).toBe(false);
    expect(hasKeyword("stand-up in 5 minutes", "stand")).toBe(true);
    expect(hasKeyword("看财经新闻", "财经")).toBe(true);
    expect(hasKeyword("c++ (news)", "c++")).toBe(true);
  });

  test("treats a CJK character before a Latin keyword as a word boundary", () => {
    expect(hasKeyword("先週のAIニュース", "ai")).toBe(true);
    expect(hasKeyword("看AI新闻", "ai")).toBe(true);
    expect(hasKeyword("매일 AI뉴스", "ai")).toBe(true);
    expect(hasKeyword("先週のdaily", "ai")).toBe(false);
    expect(hasKeyword("先週のメール", "ai")).toBe(false);
  });
});
