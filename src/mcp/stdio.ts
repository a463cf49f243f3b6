import { type StdioServerHandle, serveStdio } from "@modelcontextprotocol/server/stdio";
import { createMcpServer, type TaskApi } from "./server.js";

export interface StdioOptions {
  api: TaskApi;
  /** The local user: every task created over this connection is theirs. */
  owner: string;
  timezone: string;
  /** Told with every task created (see McpServerContext). */
  createNote?: string;
}

/**
 * Serves MCP on stdin/stdout (Claude Desktop). stdout carries only the protocol: every log line
 * goes to stderr through the scheduler's logger.
 */
export function startStdioServer(opts: StdioOptions): StdioServerHandle {
  const { api, owner, timezone, createNote } = opts;
  // One instance serves the whole connection: it can be sent resource updates.
  return serveStdio(({ era }) => createMcpServer({ api, owner, timezone, session: era, ...(createNote && { createNote }) }), {
    onerror: (e) => api.log.log("warn", "stdio transport error", { error: e.message }),
  });
}
