import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { fire, isoLocal, taskView, zoneOf } from "../present.js";
import { Fire, TaskId, TaskView } from "../schemas.js";

export const taskSkip = defineTool({
  name: "task_skip_v1",
  title: "Skip one run of a scheduled task (task.skip@v1)",
  description:
    "Skip one upcoming run of a repeating scheduled task, keeping the rest of its schedule: the next one, or the one on a given date or at a given time (`at`). " +
    "The skipped run is recorded as skipped_by_user. With `undo: true`, a skipped run runs after all, as long as it has not fallen due. " +
    'Use when the user says "skip tomorrow\'s …", "not this Friday", "don\'t send the next one". ' +
    "Do NOT use to stop it for a while (task_pause_v1) or for good (task_cancel_v1).",
  input: z.strictObject({
    task_id: TaskId,
    at: z
      .string()
      .min(10)
      .max(40)
      .optional()
      .describe(
        'Which run: a date ("2026-03-06": that day\'s run) or a date and time ("2026-03-06T08:00"), in the task\'s zone unless it has an offset. Omit for the next run.',
      ),
    undo: z.boolean().default(false).describe("true: let a skipped run happen after all (the one at `at`, else the next skipped one)."),
  }),
  output: z.object({
    task: TaskView,
    changed: z.boolean().describe("false when that run already was as asked."),
    occurrence: Fire.describe("The run skipped (or no longer skipped)."),
    skipped: z.array(Fire).describe("All upcoming runs now skipped."),
    next: z.array(Fire).describe("The next runs that will happen."),
    summary: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ task_id, at, undo }, { jobs, owner, timezone }) {
    const result = await jobs.skip(owner, task_id, { at, undo });
    const zone = zoneOf(result.job.schedule, timezone);
    const when = isoLocal(result.at, zone);
    const summary = undo
      ? result.changed
        ? `The run of ${when} will happen after all.`
        : `The run of ${when} was not skipped; nothing changed.`
      : result.changed
        ? `Skipped the run of ${when}; the schedule goes on after it.`
        : `The run of ${when} was already skipped.`;
    return {
      task: taskView(result.job, timezone, { nextRunAt: result.next.next[0] ?? null, skipped: result.skipped }),
      changed: result.changed,
      occurrence: fire(result.at, zone),
      skipped: result.skipped.map((t) => fire(t, zone)),
      next: result.next.next.map((t) => fire(t, zone)),
      summary: `"${result.job.title}": ${summary}`,
    };
  },
});
