import { z } from "zod";
import { describeSchedule } from "../../core/schedule/index.js";
import { defineTool } from "../define-tool.js";
import { readingOf, whenAliases, whenRequestOf } from "../schedule-input.js";
import { exactlyOneWhen, Reading, WhenArgs } from "../schemas.js";

export const schedulePreview = defineTool({
  name: "schedule_preview_v1",
  title: "Preview a schedule without creating anything (schedule.preview@v1)",
  description:
    "Read a schedule (the user's words as `when`, or a structured `schedule`) and show how the server understands it: " +
    "the normalized schedule, a description, the zone and the next fire times. Creates nothing. " +
    'Use to check a reading with the user before creating a scheduled task, or to answer "when would that run?". ' +
    "Do NOT use to create the scheduled task (task_create_v1 echoes the same reading).",
  input: exactlyOneWhen(
    z.strictObject({
      ...WhenArgs,
      count: z.number().int().min(1).max(10).default(3).describe("How many upcoming fire times to show."),
    }),
  ),
  output: z.object({ reading: Reading }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  aliases: whenAliases,
  async run(args, { jobs, timezone }) {
    const { reading, next, notes } = await jobs.previewTask(whenRequestOf(args), args.count, { timezone });
    return { reading: readingOf(reading, next, notes, describeSchedule) };
  },
});
