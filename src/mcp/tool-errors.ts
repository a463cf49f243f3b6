import { z } from "zod";
import { type ErrorCode as DomainErrorCode, type ErrorReason, isDomainError } from "../core/errors.js";
import type { Logger } from "../ports/logger.js";

/**
 * The closed set of codes a tool result can carry. It is part of every tool's v1 contract:
 * adding a code is a v2 change, so the engine's codes are mapped onto these here, once.
 */
export const TOOL_ERROR_CODES = [
  "invalid_argument",
  "invalid_schedule",
  "unknown_timezone",
  "in_the_past",
  "beyond_horizon",
  "ambiguous_schedule",
  "not_found",
  "conflict",
  "limit_exceeded",
  "unauthorized",
  "internal",
] as const;
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

/** A new engine code does not compile until it is mapped here. */
const FROM_DOMAIN = {
  invalid_argument: "invalid_argument",
  invalid_schedule: "invalid_schedule",
  unknown_timezone: "unknown_timezone",
  in_the_past: "in_the_past",
  beyond_horizon: "beyond_horizon",
  ambiguous_schedule: "ambiguous_schedule",
  not_found: "not_found",
  conflict: "conflict",
  limit_exceeded: "limit_exceeded",
  unauthorized: "unauthorized",
  // A stored record that does not parse is our fault, not the caller's: nothing to fix in the call.
  corrupt_record: "internal",
  internal: "internal",
} as const satisfies Record<DomainErrorCode, ToolErrorCode>;

/** What the model should do next, used when the error carries no more specific hint. */
export const ERROR_HINTS = {
  invalid_argument: "Fix the named field to the expected form and call again.",
  invalid_schedule: "Correct the schedule, or pass the user's own words as `when` and let the server read them.",
  unknown_timezone: 'Use an IANA zone name such as "Asia/Taipei", or omit the zone to use the server default.',
  in_the_past: "Ask the user for a time in the future; check the date and the time zone.",
  beyond_horizon: "Pick a time within the allowed horizon, or a recurring schedule instead of one far-off date.",
  ambiguous_schedule: "Ask the user the missing detail (usually the exact time or day), then call again.",
  not_found: "Call task_list_v1 to find the id of the scheduled task.",
  conflict: "Call task_get_v1 to see the task's current status, then retry if it still makes sense.",
  limit_exceeded: "Cancel scheduled tasks that are no longer needed, choose a longer interval, or wait retry_after_s seconds when given.",
  unauthorized: "The connection has no authenticated user; reconnect with a valid bearer token.",
  internal: "Something failed on the server. Retry once; if it fails again, tell the user.",
} as const satisfies Record<ToolErrorCode, string>;

/**
 * What to do next for a refusal the engine gives a reason for, in this surface's words: the
 * tools to call. The engine names none (src/app knows no tool), and a new reason does not
 * compile until it has its hint here.
 */
export const REASON_HINTS = {
  task_not_found: "Call task_list_v1 to find the task's id.",
  task_ended: "It will not run again: create a new task (task_create_v1) instead.",
  version_mismatch: "Call task_get_v1 to see the task as it is now, check the change still makes sense, then retry with its version.",
  would_never_run: "Choose a later end or more runs; if the task is no longer needed, cancel it (task_cancel_v1).",
  one_off_skip: "Pause it (task_pause_v1) or cancel it (task_cancel_v1) instead.",
  no_such_occurrence: "Call task_get_v1 to see the task's next runs (and those already skipped), then pass one of them as `at`.",
  last_occurrence: "To stop it for good, cancel the task (task_cancel_v1) instead.",
  too_many_skips: "Pause the task (task_pause_v1) for a longer break instead.",
  nothing_skipped: "Nothing to undo; task_get_v1 lists the task's runs.",
  occurrence_not_ahead: "Call task_get_v1 to see the task's next runs.",
  task_cap: "Cancel a task you no longer need (task_cancel_v1), or ask the operator to raise max_active_jobs_per_owner in the duely config.",
} as const satisfies Record<ErrorReason, string>;

export const ToolError = z.object({
  code: z.enum(TOOL_ERROR_CODES).describe("One of a closed set; see the server documentation."),
  message: z.string().describe("What went wrong, in one sentence."),
  field: z.string().optional().describe("Dotted path of the argument at fault, e.g. `schedule.cron`."),
  expected: z.string().optional().describe("The form that argument must take."),
  hint: z.string().describe("What to do next."),
  retry_after_s: z.number().int().min(0).optional().describe("With `limit_exceeded` from a rate limit: seconds to wait before the same call can succeed."),
});
export type ToolError = z.infer<typeof ToolError>;

/**
 * Rewrites field paths named by the engine (`schedule.expr`) to the tool's argument names
 * (`schedule.cron`, or `when` when the schedule came from a phrase). Keys match a path or a
 * dotted prefix of it; the longest key wins.
 */
export type FieldAliases = Readonly<Record<string, string>>;

function aliasField(field: string | undefined, aliases: FieldAliases): string | undefined {
  if (field === undefined) return undefined;
  const key = Object.keys(aliases)
    .filter((k) => field === k || field.startsWith(`${k}.`))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? field : aliases[key]! + field.slice(key.length);
}

export function toolError(
  code: ToolErrorCode,
  message: string,
  detail: { field?: string; expected?: string; hint?: string; retryAfterS?: number } = {},
): ToolError {
  return {
    code,
    message,
    ...(detail.field !== undefined && { field: detail.field }),
    ...(detail.expected !== undefined && { expected: detail.expected }),
    hint: detail.hint ?? ERROR_HINTS[code],
    ...(detail.retryAfterS !== undefined && { retry_after_s: detail.retryAfterS }),
  };
}

/**
 * The one place a thrown value becomes a tool error. Domain errors render themselves; anything
 * else is a bug: it is logged once, with its stack, and the caller gets `internal` without one.
 */
export function errorFromThrown(e: unknown, opts: { tool: string; log: Logger; aliases?: FieldAliases }): ToolError {
  if (isDomainError(e)) {
    const code = FROM_DOMAIN[e.code];
    if (code === "internal") {
      opts.log.log("error", "tool failed on a server-side problem", { tool: opts.tool, code: e.code, error: e.message });
      return toolError("internal", "The server could not read its own data for this request.");
    }
    const field = aliasField(e.field, opts.aliases ?? {});
    // A message may name the engine's path ("schedule.anchor …"); the caller knows the argument's.
    const renamed = e.field !== undefined && field !== undefined && e.field.includes(".") ? e.message.replaceAll(e.field, field) : e.message;
    return toolError(code, renamed, {
      field,
      expected: e.expected,
      hint: e.hint ?? (e.reason === undefined ? undefined : REASON_HINTS[e.reason]),
      retryAfterS: e.retryAfterS,
    });
  }
  const err = e instanceof Error ? e : new Error(String(e));
  opts.log.log("error", "tool failed unexpectedly", { tool: opts.tool, error: err.message, stack: err.stack });
  return toolError("internal", `The server failed while handling ${opts.tool}.`);
}
