import { z } from "zod";
import { type ErrorCode as DomainErrorCode, isDomainError } from "../core/errors.js";
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
  limit_exceeded: "Cancel scheduled tasks that are no longer needed, or choose a longer interval.",
  unauthorized: "The connection has no authenticated user; reconnect with a valid bearer token.",
  internal: "Something failed on the server. Retry once; if it fails again, tell the user.",
} as const satisfies Record<ToolErrorCode, string>;

export const ToolError = z.object({
  code: z.enum(TOOL_ERROR_CODES).describe("One of a closed set; see the server documentation."),
  message: z.string().describe("What went wrong, in one sentence."),
  field: z.string().optional().describe("Dotted path of the argument at fault, e.g. `schedule.cron`."),
  expected: z.string().optional().describe("The form that argument must take."),
  hint: z.string().describe("What to do next."),
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

export function toolError(code: ToolErrorCode, message: string, detail: { field?: string; expected?: string; hint?: string } = {}): ToolError {
  return {
    code,
    message,
    ...(detail.field !== undefined && { field: detail.field }),
    ...(detail.expected !== undefined && { expected: detail.expected }),
    hint: detail.hint ?? ERROR_HINTS[code],
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
      opts.log.log("error", "tool failed on a server-side problem", { tool: opts.tool, code: e.code, message: e.message });
      return toolError("internal", "The server could not read its own data for this request.");
    }
    return toolError(code, e.message, {
      field: aliasField(e.field, opts.aliases ?? {}),
      expected: e.expected,
      hint: e.hint,
    });
  }
  const err = e instanceof Error ? e : new Error(String(e));
  opts.log.log("error", "tool failed unexpectedly", { tool: opts.tool, error: err.message, stack: err.stack });
  return toolError("internal", `The server failed while handling ${opts.tool}.`);
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(", ");

/**
 * The zod schema at `path`, following the input through discriminated unions, to quote a
 * field's description and its allowed keys back to the model.
 */
function schemaAt(root: z.ZodType, path: readonly PropertyKey[], input: unknown): z.ZodType | undefined {
  let schema: z.ZodType | undefined = root;
  let value = input;
  for (let i = 0; i <= path.length && schema; i++) {
    schema = unwrap(schema, value);
    if (i === path.length || !schema) break;
    const key = path[i]!;
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, z.ZodType>)[String(key)];
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else return undefined;
    value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return schema;
}

function unwrap(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodDiscriminatedUnion) {
      const key = (s._zod.def as z.core.$ZodDiscriminatedUnionDef).discriminator;
      const tag = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
      const option = (s.options as z.ZodType[]).find((o) => o instanceof z.ZodObject && (o.shape as Record<string, z.ZodType>)[key]?.safeParse(tag).success);
      if (!option) return s;
      s = option;
    } else return s;
  }
}

/** The description of a schema, wherever zod keeps it on the wrappers. */
function describe(schema: z.ZodType | undefined): string | undefined {
  let s = schema;
  while (s) {
    if (s.description) return s.description;
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else return undefined;
  }
  return undefined;
}

function expectedFor(issue: z.core.$ZodIssue, root: z.ZodType, input: unknown): string {
  const here = schemaAt(root, issue.path, input);
  const described = (base: string) => {
    const d = describe(here);
    return d ? `${base}: ${d}` : base;
  };
  switch (issue.code) {
    case "invalid_type":
      return described(TYPE_WORDS[issue.expected] ?? issue.expected);
    case "invalid_value":
      return `one of ${quoteList(issue.values)}`;
    case "unrecognized_keys": {
      const allowed = here instanceof z.ZodObject ? Object.keys(here.shape) : [];
      return allowed.length ? `only these properties: ${allowed.join(", ")}` : "no other properties";
    }
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      return options ? `one of ${quoteList(options)}` : described("one of the documented forms");
    }
    case "too_small":
    case "too_big": {
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const word = issue.code === "too_small" ? "at least" : "at most";
      const strict = issue.code === "too_small" ? "more than" : "less than";
      const cmp = issue.inclusive === false ? strict : word;
      if (issue.origin === "string") return `${cmp} ${bound} character(s)`;
      if (issue.origin === "array" || issue.origin === "set") return `${cmp} ${bound} item(s)`;
      return `a number ${cmp} ${bound}`;
    }
    case "invalid_format":
      if (issue.format === "url") return "an absolute URL, e.g. https://example.com/feed.xml";
      if (issue.format === "regex" && "pattern" in issue) return `text matching ${String(issue.pattern)}`;
      return described(`a valid ${issue.format}`);
    case "not_multiple_of":
      return `a multiple of ${String(issue.divisor)}`;
    case "custom":
      return typeof issue.params?.expected === "string" ? issue.params.expected : described(issue.message);
    default:
      return described("the documented form");
  }
}

function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys" && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  return path.length ? path.join(".") : undefined;
}

/**
 * Arguments that break the input schema, as one correctable error: the first problem gives
 * `field` and `expected`, the message lists every problem so one retry can fix them all.
 */
export function errorFromIssues(tool: string, issues: readonly z.core.$ZodIssue[], root: z.ZodType, input: unknown): ToolError {
  const first = issues[0];
  const lines = issues
    .slice(0, 6)
    .map((i) => `${fieldOf(i) ?? "(arguments)"}: ${i.code === "unrecognized_keys" ? "not a property of this tool" : i.message.replace(/\.$/, "")}`);
  const more = issues.length > 6 ? ` (and ${issues.length - 6} more)` : "";
  return toolError("invalid_argument", `Invalid arguments for ${tool}: ${lines.join("; ")}${more}.`, {
    field: first ? fieldOf(first) : undefined,
    expected: first ? expectedFor(first, root, input) : undefined,
  });
}
