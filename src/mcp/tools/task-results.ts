import { z } from "zod";
import { DomainError } from "../../core/errors.js";
import { readIsoTime } from "../../core/schedule/index.js";
import { defineTool } from "../define-tool.js";
import { isoLocal } from "../present.js";
import { decodeCursor, encodeCursor, pageOf, resultView } from "../result-pages.js";
import { ResultView, TaskId } from "../schemas.js";

const DAY_MS = 86_400_000;

export const taskResults = defineTool({
  name: "task_results_v1",
  title: "What scheduled tasks delivered (task.results@v1)",
  description:
    "The results the user's scheduled tasks delivered since a time, newest first, with their full text: digests, reminders. " +
    'Use when the user asks what their tasks said or sent ("what did my digests say today?", "show this morning\'s news summary"). ' +
    "A long text comes in parts across pages: call again with next_cursor until it is absent. " +
    "Do NOT use to see why a run failed or was skipped (task_get_v1) or to list tasks (task_list_v1).",
  input: z.strictObject({
    since: z
      .string()
      .min(10)
      .max(40)
      .optional()
      .describe(
        'Results delivered at or after this time (ISO 8601; without an offset, in the server\'s zone), e.g. "2026-03-02T00:00:00+08:00" for today. Omit for the last 24 hours.',
      ),
    task_id: TaskId.optional().describe("Only this scheduled task's results. Omit for all of the user's tasks."),
    max_chars: z.number().int().min(1_000).max(100_000).default(20_000).describe("Most characters of result text on one page."),
    cursor: z.string().min(1).max(500).optional().describe("next_cursor from the previous page; the query is the one it came from."),
  }),
  output: z.object({
    since: z.string().describe("The start of the query, in the server's zone."),
    results: z.array(ResultView),
    next_cursor: z.string().optional().describe("Pass as `cursor` for the next page; absent on the last page."),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ since, task_id, max_chars, cursor }, { jobs, owner, timezone, now }) {
    const from = cursor === undefined ? null : decodeCursor(cursor);
    const given = since === undefined ? undefined : readIsoTime(since, timezone, "since").at;
    if (from && ((given !== undefined && given !== from.since) || (task_id !== undefined && task_id !== from.task))) {
      throw new DomainError("invalid_argument", "cursor belongs to another query (another since or task_id).", {
        field: "cursor",
        expected: "next_cursor with the same since and task_id, or no since and task_id at all",
        hint: "Pass only the cursor to go on, or call without cursor to start a new query.",
      });
    }
    const start = from?.since ?? given ?? now() - DAY_MS;
    const task = from ? from.task : (task_id ?? null);
    const items = await jobs.results(owner, { since: start, ...(task !== null && { taskId: task }) });
    const page = pageOf(items, from, max_chars);
    return {
      since: isoLocal(start, timezone),
      results: page.parts.map((p) => resultView(p, timezone)),
      ...(page.next && { next_cursor: encodeCursor({ since: start, task, ...page.next }) }),
    };
  },
});
