import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { taskView } from "../present.js";
import { TaskId, TaskView } from "../schemas.js";

export const taskPause = defineTool({
  name: "task_pause_v1",
  title: "Pause a scheduled task (task.pause@v1)",
  description:
    "Stop a scheduled task from running until it is resumed; occurrences while paused are recorded as skipped. " +
    "Use when the user asks to pause, hold or stop a scheduled task for now. Do NOT use to remove it for good (task_cancel_v1).",
  input: z.strictObject({
    task_id: TaskId,
    note: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe('Why, in the user\'s words, e.g. "on vacation until the 20th"; shown with the task until it is resumed.'),
  }),
  output: z.object({
    task: TaskView,
    changed: z.boolean().describe("false when it was already paused."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ task_id, note }, { jobs, owner, timezone }) {
    const { job, changed } = await jobs.pause(owner, task_id, { ...(note !== undefined && { note }) });
    return { task: taskView(job, timezone), changed };
  },
});
