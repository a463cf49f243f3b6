import { createHash } from "node:crypto";
import { z } from "zod";
import { describeSchedule } from "../../core/schedule/index.js";
import { defineTool } from "../define-tool.js";
import { taskView } from "../present.js";
import { parseTime, readingOf, resolveSchedule, whenAliases } from "../schedule-input.js";
import { ActionInput, exactlyOneWhen, Reading, RetryInput, TaskView, WhenArgs } from "../schemas.js";

const Input = exactlyOneWhen(
  z.strictObject({
    title: z.string().trim().min(1).max(200).describe('A short name for the scheduled task, e.g. "Morning finance digest".'),
    action: ActionInput.describe("What to do at each run: summarize a topic, or send a reminder."),
    ...WhenArgs,
    retry: RetryInput.optional(),
    end_at: z.string().min(10).max(40).optional().describe("No runs at or after this time (ISO 8601). Omit to repeat until cancelled."),
    max_runs: z.number().int().min(1).max(100_000).optional().describe("Stop after this many runs. Omit for no limit."),
  }),
);

/** Same arguments, same task: the model's retry of a create is answered with the first one. */
const fingerprintOf = (args: unknown, zone: string) =>
  createHash("sha256")
    .update(JSON.stringify([args, zone]))
    .digest("hex")
    .slice(0, 32);

export const taskCreate = defineTool({
  name: "task_create_v1",
  title: "Create a scheduled task (task.create@v1)",
  description:
    "Create a scheduled task that runs later or repeatedly on the server: a news/topic digest (summarize) or a reminder (notify). " +
    "Use when the user asks to do something at a time or on a repeating schedule. Pass the user's own words as `when` " +
    "(preferred; the server reads them) or a structured `schedule`, exactly one. If the user gave no time, ask instead of guessing. " +
    "The reply echoes how the schedule was read (description, zone, next 3 runs): confirm it with the user. " +
    "Do NOT use to change an existing scheduled task (cancel it and create a new one) or to just check a schedule (schedule_preview_v1).",
  input: Input,
  output: z.object({
    task: TaskView,
    reading: Reading,
    deduplicated: z.boolean().describe("true when an identical create moments ago already made this task; nothing new was created."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  aliases: whenAliases,
  async run(args, { engine, owner, timezone, now }) {
    const at = now();
    const resolved = resolveSchedule(args, { timezone, now: at, horizonMs: engine.settings.horizon_ms });
    const created = await engine.jobs.create(owner, {
      title: args.title,
      action: args.action,
      schedule: resolved.schedule,
      ...(args.retry && { retry: args.retry }),
      ...(args.end_at !== undefined && { end_at: parseTime(args.end_at, resolved.zone, "end_at") }),
      ...(args.max_runs !== undefined && { max_runs: args.max_runs }),
      fingerprint: fingerprintOf(args, resolved.zone),
    });
    return {
      task: taskView(created.job, timezone, { nextRunAt: created.next[0] ?? null }),
      reading: readingOf({ ...resolved, schedule: created.job.schedule }, created.next, created.notes, describeSchedule),
      deduplicated: created.deduplicated,
    };
  },
});
