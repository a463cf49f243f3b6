import { z } from "zod";
import { JOB_STATUSES } from "../../core/model.js";
import { defineTool } from "../define-tool.js";
import { taskView } from "../present.js";
import { TaskView } from "../schemas.js";

export const taskList = defineTool({
  name: "task_list_v1",
  title: "List scheduled tasks (task.list@v1)",
  description:
    "List the user's scheduled tasks, newest first, each with its next run and the outcome of its last run. " +
    "Use to find a scheduled task's id, or when the user asks what is scheduled. " +
    "Do NOT use for one task's run history (task_get_v1).",
  input: z.strictObject({
    status: z
      .union([z.enum(JOB_STATUSES), z.array(z.enum(JOB_STATUSES)).min(1).max(JOB_STATUSES.length)])
      .optional()
      .describe('Only scheduled tasks in this state, or in these states: "active" or ["active", "paused"]. Omit for ["active", "paused"].'),
    limit: z.number().int().min(1).max(100).default(20).describe("Most tasks to return."),
    cursor: z.string().min(1).max(200).optional().describe("next_cursor from the previous page."),
  }),
  output: z.object({
    tasks: z.array(TaskView),
    next_cursor: z.string().optional().describe("Pass as `cursor` for the next page; absent on the last page."),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ status, limit, cursor }, { jobs, owner, timezone }) {
    const statuses = status === undefined ? (["active", "paused"] as const) : typeof status === "string" ? [status] : status;
    const page = await jobs.list(owner, { statuses, limit, cursor: cursor ?? null });
    return {
      tasks: page.items.map((s) => taskView(s.job, timezone, { nextRunAt: s.next_run_at, lastRun: s.last_run, skipped: s.skipped, failing: s.failing })),
      ...(page.cursor !== null && { next_cursor: page.cursor }),
    };
  },
});
