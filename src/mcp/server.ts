import { ProtocolError, ProtocolErrorCode, Server, type Tool as WireTool } from "@modelcontextprotocol/server";
import type { Jobs } from "../app/tasks/jobs.js";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import { DUELY_VERSION } from "../version.js";
import { offersView, withView } from "./app-view.js";
import type { ToolContext } from "./define-tool.js";
import { ICONS } from "./icon.js";
import { registerTaskResources } from "./resources.js";
import { type ChangeSource, registerSubscriptions } from "./subscriptions.js";
import { TOOLS } from "./tools/index.js";

export const SERVER_NAME = "duely";
export const SERVER_VERSION = DUELY_VERSION;

/** What the MCP layer needs from the scheduler: the task use cases, its clock and its logger. No store, no queue. */
export interface TaskApi {
  jobs: Jobs;
  clock: Clock;
  log: Logger;
  /** The changes this process commits, for resource update notifications; absent, none are sent. */
  changes?: ChangeSource;
}

export interface McpServerContext {
  api: TaskApi;
  /** The caller, as established by the transport (stdio: the configured owner; HTTP: the token's). */
  owner: string;
  /** The zone used when the user names none; echoed in every reading. */
  timezone: string;
  /** Told with every task created (embedded stdio: tasks run only while the client is open). */
  createNote?: string;
  /**
   * The protocol era of a transport that keeps this instance for the client's whole session
   * (stdio), which can therefore be sent resource updates; absent for a per-request instance.
   */
  session?: "legacy" | "modern";
}

/**
 * Kept under 512 characters, and self-contained there: some clients cut it. States which
 * tool for what, and what to do when the user left out the time or the zone.
 */
export function instructionsFor(timezone: string): string {
  return [
    "duely schedules digests, reminders and AI prompts.",
    'task_create_v1 makes one from the user\'s words as `when`, e.g. "every weekday at 8am".',
    "If they gave no time, ask; never guess.",
    `No zone named: ${timezone} is used; confirm the reading.`,
    "task_list_v1 finds ids; task_get_v1 shows runs; task_results_v1 what they delivered.",
    "task_update_v1 edits, task_run_now_v1 runs now, task_skip_v1 skips one.",
    "task_pause_v1/task_resume_v1/task_cancel_v1 stop or restart one.",
    "schedule_preview_v1 previews.",
  ].join(" ");
}

const LISTING: WireTool[] = TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: t.inputSchema as WireTool["inputSchema"],
  outputSchema: t.outputSchema as WireTool["outputSchema"],
  annotations: { title: t.title, ...t.annotations },
  icons: ICONS,
}));

/** What `tools/list` returns; with the view linked for a client that renders MCP Apps (app-view.ts). */
export const toolListing = (view = false): WireTool[] => (view ? LISTING.map(withView) : LISTING);

/**
 * The MCP server for one caller, without a transport. Uses the low-level `Server` with our own
 * `tools/list` and `tools/call` handlers, so that our JSON Schemas are published as written and
 * invalid arguments get the structured error, not the SDK's text-only one.
 */
export function createMcpServer(ctx: McpServerContext): Server {
  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION, title: "duely: scheduled tasks", icons: ICONS },
    {
      // logging: the SDK answers logging/setLevel and filters what `mcpReq.log` sends by it.
      capabilities: { tools: { listChanged: false }, resources: { subscribe: true, listChanged: false }, logging: {} },
      instructions: instructionsFor(ctx.timezone),
    },
  );
  const { jobs, clock, log } = ctx.api;
  const toolCtx: ToolContext = {
    jobs,
    owner: ctx.owner,
    timezone: ctx.timezone,
    now: () => clock.now(),
    log,
    ...(ctx.createNote && { createNote: ctx.createNote }),
  };
  const byName = new Map(TOOLS.map((t) => [t.name, t]));

  server.setRequestHandler("tools/list", () => ({ tools: toolListing(offersView(server.getClientCapabilities())) }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const tool = byName.get(request.params.name);
    // An unknown tool is a protocol error (-32602) per the spec, not a tool result.
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${request.params.name}". Tools: ${[...byName.keys()].join(", ")}.`);
    const result = await tool.call(request.params.arguments, toolCtx);
    // A server-side failure is also told to the client as a log message, at level "error";
    // one that set a level above it (logging/setLevel) does not get it.
    const failure = (result.structuredContent as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (failure?.code === "internal") await ctx.mcpReq.log("error", { tool: tool.name, message: failure.message }, SERVER_NAME);
    return server.projectCallToolResult(result, tool.outputSchema);
  });
  registerTaskResources(server, toolCtx);
  const changes = ctx.api.changes;
  registerSubscriptions(server, toolCtx, ctx.session && changes ? { era: ctx.session, changes } : null);
  return server;
}
