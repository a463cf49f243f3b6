import { z } from "zod";
import type { UpdatedJob } from "../../app/tasks/jobs.js";
import { plainText } from "../../core/plain-text.js";
import { defineTool } from "../define-tool.js";
import { PolicyInput } from "../policy-schemas.js";
import { fire, isoLocal, taskView, zoneOf } from "../present.js";
import { whenRequestOf } from "../schedule-input.js";
import { ActionInput, Channels, Fire, Reading, RetryInput, TaskId, TaskView, WhenArgs } from "../schemas.js";
import { policyPatch, readingOfJob, taskAliases } from "../task-input.js";

const Input = z
  .strictObject({
    task_id: TaskId,
    expected_version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        "The task's `version` as you last read it (task_get_v1, task_list_v1, task_create_v1). If it changed since, nothing is changed and the answer is `conflict`.",
      ),
    title: plainText(z.string().trim().min(1).max(200), { lines: false }).optional().describe("A new name for the scheduled task."),
    action: ActionInput.optional().describe("A new action, replacing the whole current one. To change only where results go, use `channels`."),
    channels: Channels.optional().describe('Where results go besides the run history, replacing the current list, e.g. ["email"]; [] for the history only.'),
    ...WhenArgs,
    policies: PolicyInput.optional(),
    retry: RetryInput.optional(),
    end_at: z.string().min(10).max(40).optional().describe("No runs at or after this time (ISO 8601, local time in the task's zone without an offset)."),
    max_runs: z.number().int().min(1).max(100_000).optional().describe("Stop after this many runs in all, counting those so far."),
    clear_end: z.boolean().optional().describe("true: remove end_at and max_runs, so it repeats until cancelled."),
    dry_run: z.boolean().default(false).describe("true: check the change and show the readings before and after, changing nothing."),
  })
  .superRefine((v, ctx) => {
    if (v.schedule !== undefined && v.when !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["schedule"],
        message: "Give either `schedule` or `when`, not both.",
        params: { expected: "at most one of `when` or `schedule`" },
      });
    }
    if (v.clear_end === true && (v.end_at !== undefined || v.max_runs !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["clear_end"],
        message: "clear_end removes the end: give it without end_at and max_runs.",
        params: { expected: "clear_end alone, or end_at/max_runs" },
      });
    }
    const { task_id: _t, expected_version: _v, dry_run: _d, ...changes } = v;
    if (Object.values(changes).every((x) => x === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "Say what to change.",
        params: { expected: "at least one of title, action, channels, when, schedule, timezone, policies, retry, end_at, max_runs, clear_end" },
      });
    }
  });

/** Engine field names → the arguments that set them. */
const ARGUMENT_OF: Record<string, string> = { policy: "policies" };

function summaryOf(u: UpdatedJob, zone: string): string {
  const name = `"${u.after.title}"`;
  if (u.changed.length === 0) return `Nothing to change: ${name} already is as asked.`;
  const what = u.changed.map((k) => ARGUMENT_OF[k] ?? k).join(", ");
  const next = u.next_after.next[0];
  const runs = next === undefined ? "It has no upcoming run." : `Next run: ${isoLocal(next, zone)}.`;
  const removed = u.cancelled_runs.length ? ` ${u.cancelled_runs.length} upcoming run(s) of the old plan ${u.dry_run ? "would be" : "were"} removed.` : "";
  return u.dry_run ? `Dry run, nothing changed: ${name} would change in ${what}. ${runs}${removed}` : `Changed ${name}: ${what}. ${runs}${removed}`;
}

export const taskUpdate = defineTool({
  name: "task_update_v1",
  title: "Change a scheduled task (task.update@v1)",
  description:
    "Change an existing scheduled task in place, keeping its id and history: its time or repetition (`when` in the user's words, or `schedule`), " +
    "its zone, what it does (`action`), where results go (`channels`), its title, run policies, or end. Fields left out stay as they are. " +
    "Use when the user asks to move, reschedule, rename or edit a scheduled task, or to change its topic or message. " +
    "The reply shows the reading before and after and the next runs: confirm them with the user. Pass `expected_version` from your last read. " +
    "Do NOT use to pause (task_pause_v1), to run it once now (task_run_now_v1) or to skip one run (task_skip_v1).",
  input: Input,
  output: z.object({
    task: TaskView,
    changed: z.array(z.string()).describe("The fields that changed (title, action, schedule, policies, retry, end_at, max_runs); empty when nothing differed."),
    before: Reading.describe("The schedule as it was, with its next runs."),
    after: Reading.describe("The schedule as it is now (or would be, on a dry run), with its next runs."),
    removed_runs: z.array(Fire).describe("Upcoming runs of the old plan that were removed."),
    dry_run: z.boolean(),
    summary: z.string().describe("What changed, in words."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  aliases: taskAliases,
  async run(args, { jobs, owner, timezone }) {
    const request = {
      ...whenRequestOf(args),
      title: args.title,
      action: args.action,
      channels: args.channels,
      ...(args.policies !== undefined && { policy: policyPatch(args.policies) }),
      retry: args.retry,
      end_at: args.end_at,
      max_runs: args.max_runs,
      clear_end: args.clear_end,
    };
    const updated = await jobs.updateTask(owner, args.task_id, request, {
      ...(args.expected_version !== undefined && { expectedVersion: args.expected_version }),
      dryRun: args.dry_run,
      timezone,
    });
    const after = zoneOf(updated.after.schedule, timezone);
    return {
      task: taskView(updated.after, timezone, { nextRunAt: updated.next_after.next[0] ?? null }),
      changed: updated.changed.map((k) => ARGUMENT_OF[k] ?? k),
      before: readingOfJob(updated.before, updated.next_before, timezone),
      after: readingOfJob(updated.after, updated.next_after, timezone, updated.reading ?? undefined),
      removed_runs: updated.cancelled_runs.map((r) => fire(r.scheduled_at, after)),
      dry_run: updated.dry_run,
      summary: summaryOf(updated, after),
    };
  },
});
