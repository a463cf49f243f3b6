import fc from "fast-check";
import { TOOLS } from "../../src/mcp/tools/index.js";

/**
 * The calls the HTTP fuzz makes: valid calls (so it reaches the engine), calls with one argument
 * broken, random JSON, and probes with ids of the other owner's tasks. `ids` are filled in at
 * call time from what each owner has created, so a probe uses a real id.
 */

export type IdRef = { ref: "own" | "other" | "made_up" };
export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
  /** Which owner's task id goes into `args.task_id`, if any. */
  id?: IdRef["ref"];
}

const soon = () => new Date(Date.now() + 3_600_000).toISOString();

const SCHEDULES = [
  { type: "immediate" },
  { type: "cron", cron: "0 8 * * 1-5", timezone: "Europe/Berlin" },
  { type: "every", every: 2, unit: "hour" },
  { type: "every", every: 1, unit: "minute" },
  { type: "cron", cron: "61 8 * * *" },
  { type: "once", at: "2001-01-01T00:00:00Z" },
];
const PHRASES = ["every weekday at 8am", "in 20 minutes", "每天早上八點", "jeden Montag um 7", "later", "every 0 minutes", "at 25:99", ""];
const FEEDS = [
  "https://feeds.example.org/finance.xml",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "http://169.254.169.254/latest/meta-data/",
  "http://[2002:a9fe:a9fe::1]/",
  "http://localhost:11434/",
  "not a url",
];
const ACTIONS = [
  { type: "notify", message: "Stand up" },
  { type: "summarize", topic: "finance" },
  { type: "notify", message: "<!channel> hi", channels: ["nope"] },
];

const json = fc.jsonValue({ maxDepth: 3 });

const createArgs: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    title: fc.oneof(fc.constantFrom("Digest", "Remind me"), fc.string({ maxLength: 300 })),
    action: fc.oneof(
      fc.constantFrom(...ACTIONS),
      fc.constantFrom(...FEEDS).map((feed) => ({ type: "summarize", topic: "finance", feeds: [feed] })),
      json,
    ),
    when: fc.option(fc.constantFrom(...PHRASES), { nil: undefined }),
    schedule: fc.option(fc.oneof(fc.constantFrom(...SCHEDULES), fc.constant("once-soon"), json), { nil: undefined }),
  })
  .map(({ title, action, when, schedule }) => {
    const out: Record<string, unknown> = { title, action };
    if (schedule === "once-soon") out.schedule = { type: "once", at: soon() };
    else if (schedule !== undefined) out.schedule = schedule;
    else out.when = when ?? "every day at 9";
    return out;
  });

const byId = (tool: string, extra: fc.Arbitrary<Record<string, unknown>> = fc.constant({})) =>
  fc
    .tuple(fc.constantFrom<IdRef["ref"]>("own", "own", "other", "made_up"), extra)
    .map(([id, args]): PlannedCall => ({ tool, args: { ...args, task_id: "" }, id }));

const plain = (tool: string, args: fc.Arbitrary<Record<string, unknown>>) => args.map((a): PlannedCall => ({ tool, args: a }));
const randomArgs = fc.dictionary(fc.string({ maxLength: 10 }), json, { maxKeys: 5 });

export const plannedCall: fc.Arbitrary<PlannedCall> = fc.oneof(
  { weight: 6, arbitrary: plain("task_create_v1", createArgs) },
  { weight: 3, arbitrary: plain("task_list_v1", fc.record({ limit: fc.integer({ min: -1, max: 60 }) }, { requiredKeys: [] })) },
  { weight: 3, arbitrary: byId("task_get_v1", fc.record({ runs: fc.integer({ min: 0, max: 20 }) }, { requiredKeys: [] })) },
  { weight: 2, arbitrary: byId("task_pause_v1") },
  { weight: 2, arbitrary: byId("task_resume_v1") },
  { weight: 3, arbitrary: byId("task_cancel_v1") },
  {
    weight: 3,
    arbitrary: byId(
      "task_update_v1",
      fc.oneof(
        fc.record({ title: fc.constantFrom("Renamed", "Changed") }),
        fc.record({ when: fc.constantFrom(...PHRASES), dry_run: fc.boolean() }),
        fc.record({ expected_version: fc.integer({ min: 1, max: 4 }), clear_end: fc.constant(true) }),
        fc.record({ action: fc.oneof(fc.constantFrom(...ACTIONS), json) }),
        randomArgs,
      ),
    ),
  },
  { weight: 2, arbitrary: byId("task_run_now_v1") },
  {
    weight: 2,
    arbitrary: byId("task_skip_v1", fc.record({ at: fc.constantFrom("2026-03-06", "2099-01-01T08:00", "tomorrow"), undo: fc.boolean() }, { requiredKeys: [] })),
  },
  {
    weight: 2,
    arbitrary: byId(
      "task_results_v1",
      fc.record({ since: fc.constantFrom("2026-01-01T00:00:00Z", "yesterday"), max_chars: fc.integer({ min: 500, max: 5_000 }) }, { requiredKeys: [] }),
    ),
  },
  { weight: 1, arbitrary: plain("task_results_v1", fc.record({ since: fc.constantFrom("2026-01-01T00:00:00Z", "not a time") }, { requiredKeys: [] })) },
  {
    weight: 2,
    arbitrary: plain("schedule_preview_v1", fc.oneof(fc.record({ when: fc.constantFrom(...PHRASES) }), fc.record({ schedule: fc.constantFrom(...SCHEDULES) }))),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom(...TOOLS.map((t) => t.name)), randomArgs).map(([tool, args]): PlannedCall => ({ tool, args })),
  },
);
