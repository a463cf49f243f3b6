import { z } from "zod";
import { AskAction, NotifyAction, SummarizeAction } from "../core/action-model.js";
import { JOB_STATUSES, RetryPolicy, RUN_STATUSES, SKIP_REASONS } from "../core/model.js";
import { DstPolicy, INTERVAL_UNITS } from "../core/schedule/model.js";
import { defaultsInWords, PolicyView } from "./policy-schemas.js";

/**
 * The shapes a model sees: inputs strict, with a description on every field it fills; times
 * as ISO 8601 strings (epoch ms stay inside). Field constraints are taken from the core model,
 * so the edge never accepts what the engine would refuse to store.
 */

export const TaskId = z.string().min(1).max(64).describe("The scheduled task's id, as returned by task_create_v1 or task_list_v1.");

const Zone = z.string().min(1).max(64).describe('IANA time zone, e.g. "Asia/Taipei" or "America/New_York". Omit it to use the server\'s default zone.');

const IsoTime = (what: string) =>
  z
    .string()
    .min(10)
    .max(40)
    .describe(
      `${what}, ISO 8601: with an offset ("2026-03-08T09:00:00+08:00") it is that instant; without one ("2026-03-08T09:00") it is local time in the schedule's zone.`,
    );

export const Channels = SummarizeAction.shape.channels.describe(
  'Where to deliver the result besides the task\'s run history: names of the user\'s channels, e.g. ["email"], or ["desktop"] for a notification on their computer when duely runs there. Omit to keep results in the history only.',
);

export const ActionInput = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("summarize").describe("Fetch news or feeds about a topic and write a digest."),
    topic: SummarizeAction.shape.topic.describe('What the digest is about, in the user\'s words, e.g. "finance news".'),
    feeds: SummarizeAction.shape.feeds.describe("RSS/Atom feed URLs to read. Omit to use the server's default sources."),
    max_items: SummarizeAction.shape.max_items.describe("Most items to include. Omit for the server default."),
    language: SummarizeAction.shape.language.describe('Language of the digest as a BCP 47 tag, e.g. "en" or "zh-TW". Omit for the topic\'s language.'),
    length: SummarizeAction.shape.length.describe("How long the digest should be. Omit for medium."),
    channels: Channels,
  }),
  z.strictObject({
    type: z.literal("notify").describe("Send a fixed reminder message."),
    message: NotifyAction.shape.message.describe("The reminder text, as the user should read it."),
    channels: Channels,
  }),
  z.strictObject({
    type: z
      .literal("ask")
      .describe(
        "Run a prompt on the server's language model at each run, optionally reading web pages or feeds first, and deliver the answer (only when `deliver_if` holds, if given). Refused when the server has no model configured.",
      ),
    prompt: AskAction.shape.prompt.describe('What to ask or write each time, in the user\'s words, e.g. "Give me a short motivational quote".'),
    sources: AskAction.shape.sources.describe("Web pages or RSS/Atom feeds to read first; their text is given to the model as data. Omit for none."),
    deliver_if: AskAction.shape.deliver_if.describe(
      'Deliver only when this holds, e.g. "there is news about an earthquake" ("only tell me if …"); the model decides at each run and the run says why when it did not deliver. Omit to always deliver.',
    ),
    channels: Channels,
  }),
]);
export type ActionInput = z.infer<typeof ActionInput>;

const Dst = DstPolicy.describe(
  "What to do when a run's local time falls in a daylight-saving change. Omit for the usual behaviour: a skipped hour runs at the transition, a repeated hour runs once.",
);

export const ScheduleInput = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("immediate").describe("Run once, right away.") }),
  z.strictObject({
    type: z.literal("once").describe("Run once at a given time."),
    at: IsoTime("When to run"),
    timezone: Zone.optional(),
  }),
  z.strictObject({
    type: z.literal("cron").describe("Repeat on a cron pattern, read in the zone's local time."),
    cron: z
      .string()
      .min(9)
      .max(200)
      .describe(
        'Five fields "minute hour day-of-month month day-of-week", e.g. "0 8 * * 1-5" = 08:00 on weekdays. ' +
          'Also "L" (last day of the month, "0 17 L * *"), "5L" (last Friday) and "1#1" (first Monday) in the day fields.',
      ),
    also_cron: z
      .array(z.string().min(9).max(200))
      .min(1)
      .max(24)
      .optional()
      .describe('More expressions in the same zone, for times one cron cannot list: cron "15 8 * * *" with ["45 17 * * *"] runs at 08:15 and 17:45.'),
    start_at: IsoTime("No run before this time, for a repetition that begins later").optional(),
    timezone: Zone.optional(),
    dst: Dst.optional(),
  }),
  z.strictObject({
    type: z.literal("every").describe('Repeat at a fixed interval, e.g. every 3 days or every other week ("every": 2, "unit": "week").'),
    every: z.number().int().min(1).max(1000).describe("How many units between runs."),
    unit: z.enum(INTERVAL_UNITS).describe("Minutes and hours are elapsed time; days, weeks and months keep the local clock time."),
    start_at: IsoTime("The first run").optional(),
    timezone: Zone.optional(),
    dst: Dst.optional(),
  }),
]);
export type ScheduleInput = z.infer<typeof ScheduleInput>;

/** The arguments that say when: a structured schedule or the user's words, and the zone to read them in. */
export const WhenArgs = {
  schedule: ScheduleInput.optional().describe("A structured schedule. Give this or `when`, not both."),
  when: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe(
      'The user\'s own words for when, copied as said, e.g. "every weekday at 8am" or "每天早上八點". The server reads it and echoes its reading. Give this or `schedule`, not both.',
    ),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "The user's IANA time zone, e.g. \"Asia/Taipei\": `when` is read in it, and a `schedule` naming no zone uses it. Omit to use the server's default zone.",
    ),
};

/**
 * Exactly one of `schedule` or `when`. Runs even when other fields are wrong, so one retry can
 * fix everything.
 */
export function exactlyOneWhen<I extends z.ZodType<Record<string, unknown>>>(schema: I): I {
  return schema.superRefine(checkOneWhen, { when: () => true });
}

function checkOneWhen(value: { schedule?: unknown; when?: unknown }, ctx: z.RefinementCtx): void {
  if (value === null || typeof value !== "object") return;
  const has = (value.schedule !== undefined ? 1 : 0) + (value.when !== undefined ? 1 : 0);
  if (has === 1) return;
  ctx.addIssue({
    code: "custom",
    path: [has === 0 ? "when" : "schedule"],
    message: has === 0 ? "Say when: give `when` (the user's words) or `schedule`." : "Give either `schedule` or `when`, not both.",
    params: { expected: 'exactly one of `when` (e.g. "every day at 8am") or `schedule` (e.g. {"type":"cron","cron":"0 8 * * *"})' },
  });
}

export const RetryInput = z
  .strictObject({ max_attempts: RetryPolicy.shape.max_attempts.describe("Total tries including the first; 1 = never retry.") })
  .describe("Retry a failed run. Omit for 3 attempts with growing delays.");

// ---- output views -------------------------------------------------------------------------

export const Fire = z.object({
  local: z.string().describe("ISO 8601 in the task's zone, with offset."),
  utc: z.string().describe("ISO 8601 in UTC."),
});
export type Fire = z.infer<typeof Fire>;

/** The normalized schedule, in the same terms as the input. One object: no union in outputs. */
export const ScheduleView = z.object({
  type: z.enum(["immediate", "once", "cron", "every"]),
  timezone: z.string(),
  at: z.string().optional(),
  cron: z.string().optional(),
  also_cron: z.array(z.string()).optional(),
  every: z.number().int().optional(),
  unit: z.enum(INTERVAL_UNITS).optional(),
  start_at: z.string().optional(),
  dst: z.object({ gap: z.enum(["run_at_transition", "skip"]).optional(), overlap: z.enum(["first", "second", "both"]).optional() }).optional(),
});
export type ScheduleView = z.infer<typeof ScheduleView>;

export const Reading = z.object({
  schedule: ScheduleView,
  description: z.string().describe("The schedule in words; confirm it with the user."),
  timezone: z.string(),
  timezone_source: z.enum(["argument", "phrase", "server_default"]).describe("Where the zone came from; server_default means the user named none."),
  end_at: z.string().optional().describe('No runs at or after this time: the end read from `when` ("until June 30", "for two weeks") or given as end_at.'),
  max_runs: z.number().int().optional().describe('How many runs in all: read from `when` ("3 times") or given as max_runs.'),
  next: z.array(Fire).describe("The next fire times."),
  dst_notes: z.array(z.string()).describe("Daylight-saving changes that move or skip one of those runs."),
  matched: z.string().optional().describe("The part of `when` that was read as the schedule."),
  notes: z.array(z.string()).optional().describe("Assumptions made while reading `when`."),
  policies: PolicyView.optional().describe(`The run policies in effect (defaults: ${defaultsInWords}).`),
});
export type Reading = z.infer<typeof Reading>;

export const ActionView = z.object({
  type: z.enum(["summarize", "notify", "ask"]),
  topic: z.string().optional(),
  message: z.string().optional(),
  prompt: z.string().optional(),
  sources: z.array(z.string()).optional(),
  deliver_if: z.string().optional(),
  feeds: z.array(z.string()).optional(),
  max_items: z.number().int().optional(),
  language: z.string().optional(),
  length: z.enum(["short", "medium", "long"]).optional(),
  channels: z.array(z.string()).optional(),
});

export const RunView = z.object({
  scheduled_for: Fire.describe("The occurrence's nominal time."),
  status: z.enum(RUN_STATUSES),
  skip_reason: z.enum(SKIP_REASONS).optional(),
  why: z.string().optional().describe("Why this occurrence did not run, in words."),
  attempt: z.number().int(),
  started_at: z.string().optional(),
  late_by: z
    .string()
    .optional()
    .describe('How long after its time the run first started, in words ("14 min"), when a minute or more: run late after downtime (catch-up) or a busy spell.'),
  finished_at: z.string().optional(),
  result: z.string().optional().describe("The run's output text."),
  result_truncated: z.boolean().optional(),
  error: z
    .object({
      message: z.string(),
      kind: z.enum(["retryable", "permanent", "lease_expired", "timeout"]),
      outcome_unknown: z
        .boolean()
        .optional()
        .describe("true when the attempt was interrupted mid-action (its worker stopped): the action may or may not have taken effect."),
    })
    .optional(),
  manual: z.boolean().optional().describe("true for an extra run started with task_run_now_v1, outside the schedule."),
  condition: z
    .object({ met: z.boolean(), reason: z.string() })
    .optional()
    .describe("For an ask with deliver_if: whether the condition held (the answer was delivered) and why."),
  tokens: z.object({ input: z.number().int(), output: z.number().int() }).optional().describe("Language-model tokens the run used."),
});
export type RunView = z.infer<typeof RunView>;

export const TaskView = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  action: ActionView,
  schedule: ScheduleView,
  description: z.string(),
  timezone: z.string(),
  retry: z.object({ max_attempts: z.number().int() }),
  end_at: z.string().optional(),
  max_runs: z.number().int().optional(),
  run_count: z.number().int().describe("Occurrences so far, run or skipped."),
  created_at: z.string(),
  updated_at: z.string(),
  next_run: Fire.optional().describe("When it runs next."),
  last_run: RunView.optional().describe("The newest finished (or running) run."),
  last_run_failed: z
    .literal(true)
    .optional()
    .describe("Present when the newest finished run failed: tell the user; last_run.error says why, task_get_v1 shows the runs before it."),
  version: z.number().int().optional().describe("Changes with every change to the task; pass it as task_update_v1's expected_version."),
  policies: PolicyView.optional(),
  pause_note: z.string().optional().describe("Why it was paused, as given to task_pause_v1."),
  skipped: z.array(Fire).optional().describe("Upcoming runs skipped with task_skip_v1."),
  failing: z
    .object({
      reason: z.string().describe("The newest failed run's error."),
      last_failed: Fire.describe("That run's time."),
      in_a_row: z.number().int().describe("How many of the newest runs that ran failed in a row, among the last 10 runs."),
    })
    .optional()
    .describe("Present when the newest run that ran to its end failed, even while a newer one runs or after skipped ones: tell the user why."),
});
export type TaskView = z.infer<typeof TaskView>;

export const ResultView = z.object({
  task_id: z.string(),
  title: z.string().describe("The scheduled task's title."),
  scheduled_for: Fire.describe("The occurrence that produced it."),
  finished_at: z.string().describe("When it was delivered (UTC)."),
  delivered_to: z.array(z.string()).optional().describe('Where it went besides the history, by channel name ("inbox" is the history itself).'),
  text: z.string().describe("What the task delivered: the whole text, or the part given by text_from and text_continues."),
  text_length: z.number().int().describe("Length of the whole text, in characters."),
  text_from: z.number().int().optional().describe("Present when this is a later part: where it starts in the whole text."),
  text_continues: z.literal(true).optional().describe("Present when the text goes on: its rest starts the next page (pass next_cursor)."),
});
export type ResultView = z.infer<typeof ResultView>;
