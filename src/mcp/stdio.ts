import type { Readable, Writable } from "node:stream";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { type StdioServerHandle, StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { ownListens } from "./listen-filter.js";
import { createMcpServer, type TaskApi } from "./server.js";

export interface StdioOptions {
  api: TaskApi;
  /** The local user: every task created over this connection is theirs. */
  owner: string;
  timezone: string;
  /** Told with every task created (see McpServerContext). */
  createNote?: string;
  /**
   * The connection, newline-delimited JSON-RPC both ways. @default this process's stdin and
   * stdout; the local service passes a bridge's relay socket as both.
   */
  streams?: { input: Readable; output: Writable };
}

/**
 * One MCP session over a byte stream that stays open for the client's whole session: stdin and
 * stdout (`duely serve --embedded`, Claude Desktop), or a stdio bridge's relay socket in the
 * local service. stdout carries only the protocol: every log line goes to stderr through the
 * scheduler's logger.
 */
export function startStdioServer(opts: StdioOptions): StdioServerHandle {
  const { api, owner, timezone, createNote } = opts;
  const transport = opts.streams ? new StdioServerTransport(opts.streams.input, opts.streams.output) : new StdioServerTransport();
  const wire = ownListensOn(transport, owner, api);
  // One instance serves the whole connection: it can be sent resource updates.
  return serveStdio(({ era }) => createMcpServer({ api, owner, timezone, session: era, ...(createNote && { createNote }) }), {
    transport: wire,
    onerror: (e) => api.log.log("warn", "stdio transport error", { error: e.message }),
  });
}

/**
 * `inner`, with each 2026-era `subscriptions/listen` cut to the URIs of `owner`'s tasks before
 * the SDK's router sees it, as over HTTP (listen-filter.ts). Messages are handed on in the order
 * they came: a listen waits for its store lookups, and what follows it waits for the listen.
 */
function ownListensOn(inner: Transport, owner: string, api: TaskApi): Transport {
  let chain: Promise<void> = Promise.resolve();
  const outer: Transport = {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  };
  inner.onmessage = (message, extra) => {
    chain = chain
      .then(async () => outer.onmessage?.((await ownListens(message, owner, api)) as JSONRPCMessage, extra))
      .catch((e: unknown) => outer.onerror?.(e instanceof Error ? e : new Error(String(e))));
  };
  inner.onerror = (e) => outer.onerror?.(e);
  inner.onclose = () => outer.onclose?.();
  return outer;
}
