import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { historyView } from "../history.js";
import { HistoryEntry } from "../policy-schemas.js";
import { fire, runView, taskView, zoneOf } from "../present.js";
import { Fire, RunView, TaskId, TaskView } from "../schemas.js";

export const taskGet = defineTool({
  name: "task_get_v1",
  title: "Show one scheduled task and its runs (task.get@v1)",
  description:
    "Show one scheduled task with its recent runs, newest first: status, times, attempt, the result text or error, and for " +
    "occurrences that did not run, why (paused, missed, overlap, dst_gap, quota); older runs with next_cursor. Use when the user asks how a scheduled task " +
    'went or "why didn\'t it run?". Do NOT use to find ids (task_list_v1).',
  input: z.strictObject({
    task_id: TaskId,
    runs: z.number().int().min(1).max(50).default(10).describe("How many recent runs to include."),
    cursor: z.string().min(1).max(200).optional().describe("next_cursor from the previous answer: the runs before those, older ones."),
  }),
  output: z.object({
    task: TaskView,
    runs: z.array(RunView),
    next_cursor: z.string().optional().describe("Pass as `cursor` for the older runs; absent when these are the oldest."),
    next: z.array(Fire).describe("The next fire times."),
    history: z.array(HistoryEntry).optional().describe("Changes made to the task (updates, pauses, runs started now, skips), newest first."),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ task_id, runs, cursor }, { jobs, owner, timezone }) {
    const detail = await jobs.get(owner, task_id, { runs, cursor: cursor ?? null });
    const zone = zoneOf(detail.job.schedule, timezone);
    return {
      task: taskView(detail.job, timezone, { nextRunAt: detail.next_run_at, lastRun: detail.last_run, skipped: detail.skipped, failing: detail.failing }),
      runs: detail.runs.map((r) => runView(r, zone)),
      ...(detail.runs_cursor !== null && { next_cursor: detail.runs_cursor }),
      next: detail.next.map((t) => fire(t, zone)),
      history: detail.history.map((e) => historyView(e, zone)),
    };
  },
});
