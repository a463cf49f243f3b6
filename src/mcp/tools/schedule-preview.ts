import { z } from "zod";
import { describeSchedule, validateSchedule } from "../../core/schedule/index.js";
import { defineTool } from "../define-tool.js";
import { previewFires, readingOf, resolveSchedule, whenAliases } from "../schedule-input.js";
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
  async run(args, { engine, timezone, now }) {
    const at = now();
    const horizonMs = engine.settings.horizon_ms;
    const resolved = resolveSchedule(args, { timezone, now: at, horizonMs });
    validateSchedule(resolved.schedule, at, { horizonMs });
    const { next, dst } = previewFires(resolved.schedule, at, args.count);
    return { reading: readingOf(resolved, next, dst, describeSchedule) };
  },
});
