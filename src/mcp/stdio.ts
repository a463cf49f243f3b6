import { type StdioServerHandle, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Engine } from "../app/engine.js";
import { createMcpServer } from "./server.js";

export interface StdioOptions {
  engine: Engine;
  /** The local user: every task created over this connection is theirs. */
  owner: string;
  timezone: string;
}

/**
 * Serves MCP on stdin/stdout (Claude Desktop). stdout carries only the protocol: every log line
 * goes to stderr through the engine's logger.
 */
export function startStdioServer(opts: StdioOptions): StdioServerHandle {
  const { engine, owner, timezone } = opts;
  return serveStdio(() => createMcpServer({ engine, owner, timezone }), {
    onerror: (e) => engine.log.log("warn", "stdio transport error", { error: e.message }),
  });
}
