import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { fire, taskView, zoneOf } from "../present.js";
import { Fire, TaskId, TaskView } from "../schemas.js";

export const taskCancel = defineTool({
  name: "task_cancel_v1",
  title: "Cancel a scheduled task (task.cancel@v1)",
  description:
    "Cancel a scheduled task for good: its upcoming runs are removed and it never runs again (a run already in progress may finish). " +
    "Its history stays readable with task_get_v1. Use when the user asks to cancel, delete or stop a scheduled task permanently. " +
    "Do NOT use to stop it for a while (task_pause_v1). Confirm the task with the user first.",
  input: z.strictObject({ task_id: TaskId }),
  output: z.object({
    task: TaskView,
    changed: z.boolean().describe("false when it was already cancelled."),
    removed_runs: z.array(Fire).describe("The upcoming runs that were removed."),
    summary: z.string().describe("What was removed, in words."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ task_id }, { jobs, owner, timezone }) {
    const { job, changed, cancelled_runs } = await jobs.cancel(owner, task_id);
    const zone = zoneOf(job.schedule, timezone);
    const n = cancelled_runs.length;
    const summary = !changed
      ? `"${job.title}" was already cancelled; nothing was removed.`
      : `Cancelled "${job.title}": ${n === 0 ? "no upcoming run was pending" : `removed ${n} upcoming run${n === 1 ? "" : "s"}`}; it will not run again. Its run history is kept.`;
    return {
      task: taskView(job, timezone),
      changed,
      removed_runs: cancelled_runs.map((r) => fire(r.scheduled_at, zone)),
      summary,
    };
  },
});
