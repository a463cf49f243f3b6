import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hostHeaderValidation, originValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { type AuthInfo, createMcpHandler, localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { createMcpServer, type TaskApi } from "./server.js";

export type HttpAuth =
  /** Bearer token → owner. Every request must carry one of these tokens. */
  | { kind: "bearer"; tokens: Readonly<Record<string, string>> }
  /** Development only, loopback only: every request acts as `owner`. */
  | { kind: "none"; owner: string }
  /**
   * The local service: the per-user `secret` as a bearer token acts as `owner`, from a loopback
   * peer only; `tokens` work as with "bearer", for remote callers.
   */
  | { kind: "local"; secret: string; owner: string; tokens: Readonly<Record<string, string>> };

export interface HttpOptions {
  api: TaskApi;
  timezone: string;
  auth: HttpAuth;
  /** @default "127.0.0.1" */
  host?: string;
  /** 0 picks a free port. @default 8787 */
  port?: number;
  /** Host names accepted in the Host header besides localhost and the bound host (DNS-rebinding protection). */
  allowedHosts?: readonly string[];
}

export interface HttpServerHandle {
  /** The MCP endpoint, e.g. http://127.0.0.1:8787/mcp */
  url: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
export const isLoopbackHost = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

const OWNER_KEY = "duely_owner";
const digest = (s: string) => createHash("sha256").update(s).digest();

/** Compares against every token in constant time per token, so timing says nothing about which matched. */
function tokenOwner(tokens: Readonly<Record<string, string>>): (presented: string) => string | null {
  const table = Object.entries(tokens).map(([token, owner]) => ({ hash: digest(token), owner }));
  return (presented) => {
    const hash = digest(presented);
    let found: string | null = null;
    for (const entry of table) if (timingSafeEqual(entry.hash, hash)) found = entry.owner;
    return found;
  };
}

const isLoopbackPeer = (req: IncomingMessage): boolean => /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(req.socket.remoteAddress ?? "");

/** Who a bearer token names, or null; no lookup at all without auth. */
function tokenLookup(auth: HttpAuth): ((token: string, req: IncomingMessage) => string | null) | null {
  if (auth.kind === "none") return null;
  const byToken = tokenOwner(auth.tokens);
  if (auth.kind === "bearer") return byToken;
  // The secret says "this user on this machine" only when it comes from this machine.
  const bySecret = tokenOwner({ [auth.secret]: auth.owner });
  return (token, req) => (isLoopbackPeer(req) ? bySecret(token) : null) ?? byToken(token);
}

function deny(res: ServerResponse, status: number, challenge: string | null, error: string, description: string): void {
  res.writeHead(status, {
    "content-type": "application/json",
    ...(challenge !== null && { "www-authenticate": challenge }),
  });
  res.end(JSON.stringify({ error, error_description: description }));
}

/**
 * Streamable HTTP at `/mcp`, stateless (one server instance per request, as the SDK's handler
 * does), on 127.0.0.1 by default. Requests pass, in order: the Host check (DNS rebinding), the
 * Origin check on loopback binds (a browser page is the only client that sends one there),
 * the path, then the bearer token, which names the owner; nothing from the request body does.
 */
export async function startHttpServer(opts: HttpOptions): Promise<HttpServerHandle> {
  const host = opts.host ?? "127.0.0.1";
  if (opts.auth.kind === "none" && !isLoopbackHost(host)) {
    throw new Error(`--no-auth is allowed only on a loopback host (127.0.0.1, localhost, ::1), not ${host}`);
  }
  const { api, timezone } = opts;
  const log = api.log;
  const bound = host === "0.0.0.0" || host === "::" ? [] : [host.includes(":") && !host.startsWith("[") ? `[${host}]` : host];
  const allowed = [...new Set([...localhostAllowedHostnames(), ...bound, ...(opts.allowedHosts ?? [])])];
  const checkHost = hostHeaderValidation(allowed);
  const checkOrigin = isLoopbackHost(host) ? originValidation(allowed) : () => true;
  const ownerOf = tokenLookup(opts.auth);
  const fixedOwner = opts.auth.kind === "none" ? opts.auth.owner : null;

  const handler = createMcpHandler(
    ({ authInfo }) => {
      const owner = authInfo?.extra?.[OWNER_KEY];
      // The gate below always sets it; an empty owner makes every tool answer `unauthorized`.
      return createMcpServer({ api, owner: typeof owner === "string" ? owner : "", timezone });
    },
    { onerror: (e) => log.log("warn", "http transport error", { error: e.message }) },
  );
  const serve = toNodeHandler(handler, { onerror: (e) => log.log("error", "http handler failed", { error: e.message }) });

  const server = createServer((req: IncomingMessage & { auth?: AuthInfo }, res) => {
    if (!checkHost(req, res) || !checkOrigin(req, res)) return;
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path !== "/mcp") return deny(res, 404, null, "not_found", "The MCP endpoint is /mcp.");

    let owner = fixedOwner;
    let token = "";
    if (ownerOf) {
      const header = req.headers.authorization ?? "";
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      token = m?.[1] ?? "";
      owner = m ? ownerOf(token, req) : null;
      if (owner === null) {
        const challenge = m ? 'Bearer realm="duely", error="invalid_token"' : 'Bearer realm="duely"';
        return deny(res, 401, challenge, m ? "invalid_token" : "invalid_request", m ? "Unknown bearer token." : "A bearer token is required.");
      }
    }
    req.auth = { token, clientId: owner ?? "", scopes: [], extra: { [OWNER_KEY]: owner } };
    serve(req, res).catch((e: unknown) => log.log("error", "http request failed", { error: String(e) }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 8787, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}/mcp`,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
