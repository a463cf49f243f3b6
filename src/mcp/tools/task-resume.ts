import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { taskView } from "../present.js";
import { TaskId, TaskView } from "../schemas.js";

export const taskResume = defineTool({
  name: "task_resume_v1",
  title: "Resume a paused scheduled task (task.resume@v1)",
  description:
    "Let a paused scheduled task run again from now on; runs missed while paused are not made up. " +
    "Use when the user asks to resume, continue or unpause a scheduled task. Do NOT use on a cancelled one (create a new scheduled task).",
  input: z.strictObject({ task_id: TaskId }),
  output: z.object({
    task: TaskView,
    changed: z.boolean().describe("false when it was already active."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ task_id }, { jobs, owner, timezone }) {
    const { job, changed } = await jobs.resume(owner, task_id);
    const { next_run_at } = await jobs.get(owner, job.id, { runs: 1 });
    return { task: taskView(job, timezone, { nextRunAt: next_run_at }), changed };
  },
});
