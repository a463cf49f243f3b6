import type { IncomingMessage, ServerResponse } from "node:http";
import { hostHeaderValidation, originValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { type AuthInfo, createMcpHandler, DEFAULT_MAX_REQUEST_BODY_SIZE, localhostAllowedHostnames } from "@modelcontextprotocol/server";
import type { Change } from "../app/changes.js";
import type { Logger } from "../ports/logger.js";
import { type BearerGate, bearerGate, OWNER_KEY } from "./bearer-gate.js";
import type { HttpAuth } from "./http.js";
import { ownListens } from "./listen-filter.js";
import { updatedUris } from "./resources.js";
import type { TaskApi } from "./server.js";

/**
 * The part of the HTTP server built on the MCP SDK: the Host and Origin checks, the bearer gate,
 * the Streamable HTTP handler. http.ts imports this module with the first request that needs it
 * (anything but an ops route), so an always-on service that no client has reached holds none of
 * the SDK (bench/README.md, Desktop).
 */
export interface McpEndpoint {
  /** The largest request body /mcp reads. */
  maxBodyBytes: number;
  ownerKey: string;
  checkHost(req: IncomingMessage, res: ServerResponse): boolean;
  /** The Origin check of a loopback bind (a browser page is the only client that sends one there). */
  checkOriginHost(req: IncomingMessage, res: ServerResponse): boolean;
  /** The bearer check each request goes through, once the server knows its auth and origin. */
  gatesFor(auth: Exclude<HttpAuth, { kind: "none" }>, resourceUrl: URL): (req: IncomingMessage) => BearerGate;
  serve(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body?: unknown): Promise<void>;
  /** Sends the latest-run URIs that `changes` altered to the listen streams open on this server. */
  notify(changes: readonly Change[]): void;
  close(): Promise<void>;
}

export interface McpEndpointOptions {
  api: TaskApi;
  timezone: string;
  log: Logger;
  /** Host names accepted besides localhost's. */
  hosts: readonly string[];
  loopbackBind: boolean;
}

/** Whether the request comes from this machine (the socket's peer, not any header). */
const isLoopbackPeer = (req: IncomingMessage): boolean => /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(req.socket.remoteAddress ?? "");

export function mcpEndpoint(opts: McpEndpointOptions): McpEndpoint {
  const { api, timezone, log } = opts;
  const allowed = [...new Set([...localhostAllowedHostnames(), ...opts.hosts])];
  const originHost = opts.loopbackBind ? originValidation(allowed) : () => true;
  // The MCP server (every tool, its schemas, the phrase reader behind them) is imported with the
  // first request that calls it, later still than this module: only a client's /mcp request
  // needs the tools, a dashboard's does not. Node caches the module.
  const handler = createMcpHandler(
    async ({ authInfo }) => {
      const owner = authInfo?.extra?.[OWNER_KEY];
      const { createMcpServer } = await import("./server.js");
      // The gate always sets it; an empty owner makes every tool answer `unauthorized`.
      return createMcpServer({ api, owner: typeof owner === "string" ? owner : "", timezone });
    },
    { onerror: (e) => log.log("warn", "http transport error", { error: e.message }) },
  );
  const serveNode = toNodeHandler(handler, { onerror: (e) => log.log("error", "http handler failed", { error: e.message }) });
  return {
    maxBodyBytes: DEFAULT_MAX_REQUEST_BODY_SIZE,
    ownerKey: OWNER_KEY,
    checkHost: hostHeaderValidation(allowed),
    checkOriginHost: (req, res) => originHost(req, res),
    gatesFor(auth, resourceUrl) {
      if (auth.kind === "bearer") {
        const gate = bearerGate({ verifier: auth.verifier, resourceUrl, issuer: auth.issuer });
        return () => gate;
      }
      const remote = bearerGate({ verifier: auth.remote, resourceUrl, issuer: null });
      const loopback = bearerGate({ verifier: auth.loopback, resourceUrl, issuer: null });
      return (req) => (isLoopbackPeer(req) ? loopback : remote);
    },
    async serve(req, res, body) {
      if (body === undefined) return serveNode(req, res);
      // A 2026-era listen keeps only its owner's task URIs (listen-filter.ts).
      return serveNode(req, res, await ownListens(body, String(req.auth?.extra?.[OWNER_KEY] ?? ""), api));
    },
    notify(changes) {
      // Per-request instances cannot notify; a 2026-era listen stream can, for the URIs it kept.
      for (const uri of updatedUris(changes)) handler.notify.resourceUpdated(uri);
    },
    close: () => handler.close(),
  };
}
