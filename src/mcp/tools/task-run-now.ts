import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { fire, runView, taskView, zoneOf } from "../present.js";
import { latestRunUri } from "../resources.js";
import { Fire, RunView, TaskId, TaskView } from "../schemas.js";

export const taskRunNow = defineTool({
  name: "task_run_now_v1",
  title: "Run a scheduled task once now (task.run-now@v1)",
  description:
    "Run an existing scheduled task once right now, in addition to its schedule: its next regular run stays as it is, and this extra run counts for no limit. " +
    "Works on a paused task too (it stays paused). Use when the user asks to run, send, test or trigger a scheduled task now. " +
    "The run starts within seconds; its result shows in task_get_v1 and in the resource duely://tasks/{id}/runs/latest. " +
    'Do NOT use to create something new that runs once (task_create_v1 with `when` "now") or to change the schedule (task_update_v1).',
  input: z.strictObject({ task_id: TaskId }),
  output: z.object({
    task: TaskView,
    run: RunView.describe("The extra run, queued to start now."),
    paused: z.boolean().describe("true when the task is paused: this run happens anyway, the schedule stays paused."),
    next: Fire.optional().describe("The next regular run, unchanged."),
    result_at: z.string().describe("Where the run's result will be: the latest-run resource of the task."),
    summary: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ task_id }, { jobs, owner, timezone }) {
    const { job, run } = await jobs.runNow(owner, task_id);
    const { next_run_at } = await jobs.get(owner, job.id, { runs: 1 });
    const zone = zoneOf(job.schedule, timezone);
    const paused = job.status === "paused";
    const nextText = next_run_at === null ? "" : paused ? " The task stays paused." : ` Its next regular run is unchanged.`;
    return {
      task: taskView(job, timezone, { nextRunAt: next_run_at }),
      run: runView(run, zone),
      paused,
      ...(next_run_at !== null && !paused && { next: fire(next_run_at, zone) }),
      result_at: latestRunUri(job.id),
      summary: `"${job.title}" runs once now${paused ? " even though it is paused" : ""}.${nextText} Call task_get_v1 shortly to see the result.`,
    };
  },
});
