import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { NotifyAction, SummarizeAction } from "../../src/core/action-model.js";
import { JOB_STATUSES } from "../../src/core/model.js";
import { PolicyInput } from "../../src/mcp/policy-schemas.js";
import { ScheduleInput } from "../../src/mcp/schemas.js";

/**
 * One eval case: what the user says, where and when, what exists before, and what must be
 * true afterwards. `expect` describes outcomes, never spellings: fire instants instead of cron
 * strings, keywords instead of exact topics, final statuses instead of call sequences.
 */

const Iso = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), {
  message: "an ISO 8601 instant with Z or an offset",
});

/** A wire tool name (`task_create_v1`) as listed by the server. */
const ToolName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

/**
 * A task that exists before the case starts, created through the engine. `key` names it in
 * `expect.final_state.seeded` and in `{{seed:<key>}}` placeholders inside `history`.
 */
const SeedTask = z.strictObject({
  key: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  title: z.string().min(1),
  action: z.discriminatedUnion("type", [SummarizeAction, NotifyAction]),
  /** The MCP input form (`{"type":"cron","cron":"0 8 * * *"}`); its zone defaults to the case's `user_tz`. */
  schedule: ScheduleInput,
  status: z.enum(["active", "paused", "cancelled"]).default("active"),
  /** Occurrences the user already skipped (task_skip_v1), ISO instants of the task's fires. */
  skip: z.array(Iso).optional(),
  /** Run policies other than the defaults, in the tools' input form (`{"catch_up": "skip"}`). */
  policies: PolicyInput.optional(),
});

const RecordedCall = z.strictObject({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()) });

/** An earlier turn. Tool results are given as the structured envelope the server returned. */
export const HistoryMessage = z.discriminatedUnion("role", [
  z.strictObject({ role: z.literal("user"), content: z.string() }),
  z.strictObject({ role: z.literal("assistant"), content: z.string().default(""), tool_calls: z.array(RecordedCall).optional() }),
  z.strictObject({ role: z.literal("tool"), tool_call_id: z.string(), name: z.string(), result: z.record(z.string(), z.unknown()) }),
]);
export type HistoryMessage = z.infer<typeof HistoryMessage>;

/**
 * The schedule of the task(s) the case creates, as fire instants (ISO UTC):
 * - `next`: the first fires of a repetition (up to 5), any of `alternatives` also passes;
 *   with `union`, the merged fires of all created tasks (one request split into two tasks);
 * - `at`: the single instant of a one-off (any of a list), within `tolerance_s`;
 * - `every_s`: a fixed interval with any alignment, first fire within `first_within_s` of now;
 * - `immediate`: runs right away.
 */
export const ScheduleExpect = z.union([
  z.strictObject({ next: z.array(Iso).min(1).max(5), alternatives: z.array(z.array(Iso).min(1).max(5)).optional(), union: z.boolean().optional() }),
  z.strictObject({ at: z.union([Iso, z.array(Iso).min(1)]), tolerance_s: z.number().min(0).default(0) }),
  z.strictObject({ every_s: z.number().int().min(60), first_within_s: z.number().int().min(0).optional() }),
  z.strictObject({ immediate: z.literal(true) }),
]);
export type ScheduleExpect = z.infer<typeof ScheduleExpect>;

const ActionExpect = z.strictObject({
  type: z.enum(["summarize", "notify", "ask"]),
  /** At least one must appear (at the start of a word) in the topic, message, prompt or condition. */
  keywords: z.array(z.string().min(1)).optional(),
  /** `ask` only: true when the run must deliver only if a condition holds (`deliver_if` set), false when it must always deliver. */
  conditional: z.boolean().optional(),
  /** Every one of these channels must be in the action's `channels`. */
  channels: z.array(z.string().min(1)).optional(),
});

/** Run policies a task must have; a field left out is not checked. */
const PolicyExpect = z.strictObject({
  overlap: z.enum(["skip", "allow", "buffer_one"]).optional(),
  catch_up: z
    .array(z.enum(["skip", "latest", "all"]))
    .min(1)
    .optional(),
  /** [min, max] minutes of the flexible start window. */
  window_minutes: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
});

/** What a seeded task must look like at the end, besides its status (`seeded`). */
export const ChangedExpect = z.strictObject({
  /** Its next fire instants after the case's `now`, as for a new task. */
  schedule: ScheduleExpect.optional(),
  action: ActionExpect.optional(),
  /** At least one must appear (at the start of a word) in the title. */
  title_keywords: z.array(z.string().min(1)).optional(),
  policy: PolicyExpect.optional(),
  /** Extra runs started outside the schedule (task_run_now_v1) during the case. */
  manual_runs: z.number().int().min(0).optional(),
  /** Exactly these upcoming occurrences are skipped by the user (ISO instants); [] for none. */
  skipped: z.array(Iso).optional(),
  /** true: paused with a note saying why; false: no note. */
  pause_note: z.boolean().optional(),
  /** `end_at` lies in [first, second] (ISO instants). */
  end_between: z.tuple([Iso, Iso]).optional(),
});
export type ChangedExpect = z.infer<typeof ChangedExpect>;

/** How many live (not cancelled) new tasks: exactly N, or [min, max]. */
const Count = z.union([z.number().int().min(0), z.tuple([z.number().int().min(0), z.number().int().min(0)])]);

export const Expectation = z.strictObject({
  /**
   * The tool(s) that must succeed, and no other mutating tool may. "none": no mutating tool
   * succeeds; `outcome` then says what the reply must be.
   */
  tool: z.union([z.literal("none"), ToolName, z.array(ToolName).min(1)]),
  /** chat: no tool call at all; clarify: the reply asks a question; explain: any reply. */
  outcome: z.enum(["chat", "clarify", "explain"]).optional(),
  schedule: ScheduleExpect.optional(),
  action: ActionExpect.optional(),
  /** The run policies of the new task(s). */
  policy: PolicyExpect.optional(),
  /** Tools that must not be called at all, even unsuccessfully. */
  forbid_tools: z.array(ToolName).optional(),
  /** Tools that must succeed in this order (a subsequence of the successful calls). */
  order: z.array(ToolName).optional(),
  /**
   * The state at the end. `new_tasks` defaults to 1 when the tool is a create, else 0; a seeded
   * task not named in `seeded` must keep its starting status.
   */
  final_state: z
    .strictObject({
      new_tasks: Count.optional(),
      seeded: z.record(z.string(), z.enum(JOB_STATUSES)).optional(),
      /** Seed key → what that task must look like at the end (changed by task_update_v1, run now, skipped…). */
      changed: z.record(z.string(), ChangedExpect).optional(),
    })
    .optional(),
});
export type Expectation = z.infer<typeof Expectation>;

const Expect = Expectation.extend({
  /** Other outcomes a careful person would also accept (a question instead of a guess). */
  also_accept: z.array(Expectation).optional(),
});

export const Case = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    prompt: z.string().min(1),
    user_tz: z.string().min(1),
    now: Iso,
    /** The server's default zone. @default user_tz (a personal server set to the user's zone) */
    server_tz: z.string().min(1).optional(),
    history: z.array(HistoryMessage).optional(),
    /** Messages after `prompt` the model continues from (its own failed call and the error). */
    prefill: z.array(HistoryMessage).optional(),
    seed_tasks: z.array(SeedTask).optional(),
    /** Absent: the case is run and transcribed, not scored. */
    expect: Expect.optional(),
    tags: z.array(z.string().min(1)).default([]),
    note: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    const keys = (c.seed_tasks ?? []).map((s) => s.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", path: ["seed_tasks"], message: "seed keys must be unique" });
    for (const e of [c.expect, ...(c.expect?.also_accept ?? [])]) {
      for (const key of [...Object.keys(e?.final_state?.seeded ?? {}), ...Object.keys(e?.final_state?.changed ?? {})]) {
        if (!keys.includes(key)) ctx.addIssue({ code: "custom", path: ["expect", "final_state", "seeded"], message: `no seed task "${key}"` });
      }
      if (e?.outcome !== undefined && e.tool !== "none") ctx.addIssue({ code: "custom", path: ["expect", "outcome"], message: "outcome goes with tool none" });
    }
  });
export type Case = z.infer<typeof Case>;

/** Reads one .jsonl file or every .jsonl file in a directory (sorted); ids must be unique. */
export function loadCases(path: string): Case[] {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith(".jsonl"))
        .sort()
        .map((f) => join(path, f))
    : [path];
  const cases: Case[] = [];
  for (const file of files) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (line.trim() === "" || line.trimStart().startsWith("//")) return;
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch (e) {
          throw new Error(`${file}:${i + 1}: not JSON (${(e as Error).message})`);
        }
        const parsed = Case.safeParse(json);
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${z.prettifyError(parsed.error)}`);
        cases.push(parsed.data);
      });
  }
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`case id "${c.id}" appears twice`);
    seen.add(c.id);
  }
  return cases;
}
