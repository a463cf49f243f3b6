import { getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps/server";
import type { ClientCapabilities, ReadResourceResult, Resource, Tool as WireTool } from "@modelcontextprotocol/server";
import { builtPage } from "./built-pages.js";

/**
 * The MCP App (the MCP Apps extension, `io.modelcontextprotocol/ui`): one HTML view of the
 * caller's tasks, linked from the tools whose results it shows. Tool results are the same with
 * or without it; only the listing and the resource differ.
 */
export const TASKS_VIEW_URI = "ui://duely/tasks";

/** The tools whose results the view renders. */
const VIEW_TOOLS = new Set(["task_list_v1", "task_get_v1"]);

/**
 * Whether to link the view for this client. A client that stated its capabilities gets it only
 * if it declared the extension with the MCP App MIME type. A client whose capabilities this
 * server cannot see gets it too: a 2025-era client over Streamable HTTP is served statelessly
 * (a fresh server per request never saw its `initialize`), and that is how the hosts that render
 * apps (Claude, ChatGPT) reach duely. (A `duely serve` bridge's session on the service's relay
 * socket keeps the client's `initialize`, as embedded stdio does.) Linking costs such a
 * client nothing: an unknown `_meta` key is ignored, and the results do not change.
 */
export function offersView(caps: ClientCapabilities | undefined): boolean {
  if (caps === undefined) return true;
  return getUiCapability(caps)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true;
}

/** The tool's listing entry with the view linked, when it is one of the view's tools. */
export function withView(tool: WireTool): WireTool {
  if (!VIEW_TOOLS.has(tool.name)) return tool;
  // The flat key is the extension's earlier spelling, still read by some hosts.
  return { ...tool, _meta: { ...tool._meta, ui: { resourceUri: TASKS_VIEW_URI }, [RESOURCE_URI_META_KEY]: TASKS_VIEW_URI } };
}

/**
 * The view's CSP, as the host applies it: no origin beyond the view's own inline code. It
 * reaches duely only through the host (tools/call), never by fetch.
 */
const VIEW_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };

export const TASKS_VIEW_RESOURCE: Resource = {
  uri: TASKS_VIEW_URI,
  name: "duely-tasks-view",
  title: "duely: scheduled tasks",
  description: "An interactive view of your scheduled tasks: next runs on a week timeline, recent runs and why any did not run, pause, resume and cancel.",
  mimeType: RESOURCE_MIME_TYPE,
  _meta: VIEW_META,
};

/** resources/read of the view: served to every client (hosts may read it before any tool call). */
export function readTasksView(): ReadResourceResult {
  return { contents: [{ uri: TASKS_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: builtPage("tasks"), _meta: VIEW_META }] };
}
