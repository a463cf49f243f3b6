import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Jobs } from "../app/tasks/jobs.js";
import type { Logger } from "../ports/logger.js";
import { errorFromThrown, type FieldAliases, ToolError, toolError } from "./tool-errors.js";
import { errorFromIssues } from "./zod-issues.js";

/** What every tool runs with: the task use cases, no store or queue. `owner` comes from the transport, never from arguments. */
export interface ToolContext {
  jobs: Jobs;
  owner: string;
  /** The zone used when the user names none. */
  timezone: string;
  now(): number;
  log: Logger;
  /** Added to the notes of every task created: where its runs happen, when the transport limits that (embedded stdio). */
  createNote?: string;
}

/** Every hint explicit: ChatGPT treats a tool without readOnlyHint as a write. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

type InputSchema = z.ZodType<Record<string, unknown>>;

export interface ToolSpec<I extends InputSchema, O extends z.ZodObject> {
  /** Wire name: `^[a-z][a-z0-9_]{0,39}$`, ending in `_v<N>`. */
  name: string;
  /** Ends with the versioned id in parentheses: "Create a scheduled task (task.create@v1)". */
  title: string;
  description: string;
  /** A strict object (a refinement on it is fine); validated here, not by the SDK. */
  input: I;
  /** The success fields; the envelope (`ok`, `api`, `error`) is added here. */
  output: O;
  annotations: ToolAnnotations;
  /** Argument names for engine field paths, when they differ (`schedule.expr` → `schedule.cron`). */
  aliases?: (input: z.output<I>) => FieldAliases;
  run(input: z.output<I>, ctx: ToolContext): Promise<z.input<O>>;
}

/** A tool with its types erased, as the server lists and calls it. */
export interface Tool {
  name: string;
  api: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** The published JSON Schemas (draft-07), also written to schemas/. */
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  call(args: unknown, ctx: ToolContext): Promise<CallToolResult>;
}

export const TOOL_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** `task_create_v1` → `task.create@v1`. */
export function apiIdOf(name: string): string {
  const m = /^([a-z][a-z0-9]*)_([a-z0-9_]+)_v(\d+)$/.exec(name);
  if (!m) throw new Error(`tool name ${name} must look like <noun>_<verb>_v<N>`);
  return `${m[1]}.${m[2]!.replace(/_/g, "-")}@v${m[3]}`;
}

/**
 * Draft-07 as clients expect it. Discriminated unions come out of zod as `oneOf`; their
 * branches are disjoint by the tag, so `anyOf` means the same and is the form more clients
 * (OpenAI function schemas, Gemini) accept.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any", override: dropImplicitIntBounds }) as Record<string, unknown>;
  return JSON.parse(JSON.stringify(json).replaceAll('"oneOf":', '"anyOf":')) as Record<string, unknown>;
}

/**
 * zod's `.int()` means a safe integer and publishes that as `minimum`/`maximum` of ±(2^53 − 1)
 * on every integer field: noise to a model, and no client sends such numbers. Only those
 * implicit bounds go; a bound the schema states (`.min(1)`, `.max(50)`) stays.
 */
function dropImplicitIntBounds(ctx: { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const json = ctx.jsonSchema;
  if (json.type !== "integer") return;
  const stated = new Set((ctx.zodSchema._zod.def.checks ?? []).map((c) => c._zod.def.check));
  if (json.minimum === Number.MIN_SAFE_INTEGER && !stated.has("greater_than")) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER && !stated.has("less_than")) delete json.maximum;
}

function result(structured: Record<string, unknown>, isError: boolean): CallToolResult {
  return {
    ...(isError && { isError: true }),
    structuredContent: structured,
    content: [{ type: "text", text: JSON.stringify(structured) }],
  };
}

/**
 * Validates the arguments with zod in our handler (the SDK's own validation answers in text
 * only), runs the tool, and turns every outcome into one envelope: `{ok:true, api, …}` or
 * `{ok:false, api, error}` with `isError`. Tool files hold no try/catch and no formatting.
 */
export function defineTool<I extends InputSchema, O extends z.ZodObject>(spec: ToolSpec<I, O>): Tool {
  const api = apiIdOf(spec.name);
  if (!TOOL_NAME.test(spec.name)) throw new Error(`tool name ${spec.name} does not match ${TOOL_NAME}`);
  if (!spec.title.endsWith(`(${api})`)) throw new Error(`title of ${spec.name} must end with "(${api})"`);
  const envelope = spec.output.partial().extend({
    ok: z.boolean().describe("true on success; false with `error` otherwise."),
    api: z.literal(api).describe("The versioned API id of this tool."),
    error: ToolError.optional(),
  });
  const fail = (error: ToolError) => result({ ok: false, api, error }, true);

  return {
    name: spec.name,
    api,
    title: spec.title,
    description: spec.description,
    annotations: spec.annotations,
    inputSchema: jsonSchemaOf(spec.input, "input"),
    outputSchema: jsonSchemaOf(envelope, "output"),
    async call(args, ctx) {
      const input = args ?? {};
      const parsed = spec.input.safeParse(input);
      if (!parsed.success) return fail(errorFromIssues(spec.name, parsed.error.issues, spec.input, input));
      // A transport that failed to establish who is calling must never act as some tenant.
      if (!ctx.owner) return fail(toolError("unauthorized", "This connection is not tied to a user.", { expected: "an authenticated connection" }));
      try {
        const body = await spec.run(parsed.data, ctx);
        return result(envelope.parse({ ...body, ok: true, api }) as Record<string, unknown>, false);
      } catch (e) {
        return fail(errorFromThrown(e, { tool: spec.name, log: ctx.log, aliases: spec.aliases?.(parsed.data) }));
      }
    },
  };
}
