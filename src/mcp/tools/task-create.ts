import { z } from "zod";
import { plainText } from "../../core/plain-text.js";
import { describeSchedule } from "../../core/schedule/index.js";
import { defineTool } from "../define-tool.js";
import { PolicyInput } from "../policy-schemas.js";
import { catchUpNote, policyView, taskView } from "../present.js";
import { readingOf, whenRequestOf } from "../schedule-input.js";
import { ActionInput, exactlyOneWhen, Reading, RetryInput, TaskView, WhenArgs } from "../schemas.js";
import { policyPatch, taskAliases } from "../task-input.js";

const Input = exactlyOneWhen(
  z.strictObject({
    title: plainText(z.string().trim().min(1).max(200), { lines: false }).describe('A short name for the scheduled task, e.g. "Morning finance digest".'),
    action: ActionInput.describe("What to do at each run: summarize a topic, send a reminder, or ask the server's language model."),
    ...WhenArgs,
    retry: RetryInput.optional(),
    end_at: z
      .string()
      .min(10)
      .max(40)
      .optional()
      .describe('No runs at or after this time (ISO 8601). Omit to repeat until cancelled, or when `when` says the end ("until June 30").'),
    max_runs: z.number().int().min(1).max(100_000).optional().describe('Stop after this many runs. Omit for no limit, or when `when` says it ("3 times").'),
    policies: PolicyInput.optional(),
  }),
);

export const taskCreate = defineTool({
  name: "task_create_v1",
  title: "Create a scheduled task (task.create@v1)",
  description:
    "Create a scheduled task that runs later or repeatedly on the server: a news/topic digest (summarize), a reminder (notify), " +
    'or a prompt for the server\'s language model (ask), optionally delivered only if a condition holds ("only tell me if …"). ' +
    "Use when the user asks to do something at a time or on a repeating schedule. Pass the user's own words as `when` " +
    "(preferred; the server reads them) or a structured `schedule`, exactly one. If the user gave no time, ask instead of guessing. " +
    "The reply echoes how the schedule was read (description, zone, next 3 runs): confirm it with the user. " +
    "Do NOT use to change an existing scheduled task (task_update_v1) or to just check a schedule (schedule_preview_v1).",
  input: Input,
  output: z.object({
    task: TaskView,
    reading: Reading,
    deduplicated: z.boolean().describe("true when an identical create moments ago already made this task; nothing new was created."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  aliases: taskAliases,
  async run(args, { jobs, owner, timezone, createNote }) {
    const created = await jobs.createTask(
      owner,
      {
        title: args.title,
        action: args.action,
        ...whenRequestOf(args),
        ...(args.retry && { retry: args.retry }),
        ...(args.end_at !== undefined && { end_at: args.end_at }),
        ...(args.max_runs !== undefined && { max_runs: args.max_runs }),
        ...(args.policies !== undefined && { policy: policyPatch(args.policies) }),
      },
      { timezone },
    );
    const reading = readingOf(created.reading, created.next, created.notes, describeSchedule);
    // How runs happen while duely is away, and where it runs: told with the reading, so the assistant can tell the user.
    const notes = [...(reading.notes ?? []), catchUpNote(created.job), createNote].filter((n): n is string => typeof n === "string" && n.length > 0);
    return {
      task: taskView(created.job, timezone, { nextRunAt: created.next[0] ?? null }),
      reading: { ...reading, ...(notes.length > 0 && { notes }), policies: policyView(created.job, created.reading.zone, created.next[0]) },
      deduplicated: created.deduplicated,
    };
  },
});
