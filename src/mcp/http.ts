import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { AuthorizationServerRoutes } from "../ports/authorization-server.js";
import type { TokenVerifier } from "../ports/token-verifier.js";
import type { BearerGate } from "./bearer-gate.js";
import { allowOrigin, answerPreflight } from "./cors.js";
import { type Dashboard, dashboardRoutes, ownsDashboardPath } from "./dashboard.js";
import type { McpEndpoint } from "./http-mcp.js";
import { parseJsonBody } from "./json-body.js";
import { isLoopbackHost } from "./loopback.js";
import type { TaskApi } from "./server.js";

export type HttpAuth =
  /** A bearer token on every request; the verifier names its owner. */
  | {
      kind: "bearer";
      verifier: TokenVerifier;
      /** The authorization server the metadata names; null for static tokens only. */
      issuer: string | null;
      /** The built-in authorization server, served on this origin. */
      routes?: AuthorizationServerRoutes;
    }
  /** Development only, loopback only: every request acts as `owner`. */
  | { kind: "none"; owner: string }
  /**
   * The local service: a request from a loopback peer is checked by `loopback` (the per-user
   * secret, then what `remote` accepts), any other by `remote` alone (static tokens), so the
   * secret says "this user on this machine" only when it comes from this machine. No metadata.
   */
  | { kind: "local"; loopback: TokenVerifier; remote: TokenVerifier; dashboard?: Dashboard };

/** A plain answer from an operations route. */
export interface OpsAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Health, readiness and metrics routes (`/healthz`, `/readyz`, `/metrics`), answered to GET
 * before the Host check and without a token: probes and scrapers address the server by its
 * internal IP, and these routes say nothing of anyone's tasks. null for any other path.
 */
export interface OpsRoutes {
  answer(path: string): Promise<OpsAnswer | null>;
}

export interface HttpOptions {
  api: TaskApi;
  /** Served beside /mcp (see OpsRoutes). */
  ops?: OpsRoutes;
  timezone: string;
  /** Or a function of the origin the server turned out to have (a built-in issuer needs its port). */
  auth: HttpAuth | ((origin: string) => Promise<HttpAuth>);
  /** @default "127.0.0.1" */
  host?: string;
  /** 0 picks a free port. @default 8787 */
  port?: number;
  /** Host names accepted in the Host header besides localhost and the bound host (DNS-rebinding protection). */
  allowedHosts?: readonly string[];
  /** The origin clients reach this server at, behind a TLS-terminating proxy (its host name is allowed too). @default the bound address */
  publicUrl?: string;
  /**
   * Under `--no-auth`, browser origins (scheme, host and port, e.g. "http://localhost:6274")
   * allowed besides this server's own. Ignored under any other auth: a token guards /mcp there.
   */
  allowedOrigins?: readonly string[];
}

export interface HttpServerHandle {
  /** The MCP endpoint on the bound address, e.g. http://127.0.0.1:8787/mcp */
  url: string;
  /** The origin clients see: the public URL, else the bound address. The resource URL is `${origin}/mcp`. */
  origin: string;
  close(): Promise<void>;
}

const LOOPBACK_CONNECTIONS_CHECK_MS = 300_000;

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The JSON body, or undefined after answering 413 or a JSON-RPC parse error (malformed, or nested too deep). */
async function readJson(req: IncomingMessage, res: ServerResponse, maxBytes: number): Promise<{ body: unknown } | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      sendJson(res, 413, { error: "payload_too_large" });
      return undefined;
    }
    chunks.push(chunk);
  }
  const parsed = parseJsonBody(Buffer.concat(chunks).toString("utf8"));
  if (parsed.ok) return { body: parsed.value };
  sendJson(res, 400, { jsonrpc: "2.0", error: { code: -32700, message: `Parse error: ${parsed.problem}` }, id: null });
  return undefined;
}

/**
 * Streamable HTTP at `/mcp`, stateless (one server instance per request, as the SDK's handler
 * does), on 127.0.0.1 by default, beside the OAuth metadata and, when built in, the
 * authorization server. Requests pass, in order: the Host check (DNS rebinding), the Origin
 * check on loopback binds (a browser page is the only client that sends one there), the path,
 * then the bearer token, which names the owner (nothing from the request body does), then the
 * scopes the JSON-RPC message needs; a 2026-era `subscriptions/listen` keeps only the owner's
 * task URIs. Only such a listen stream outlives its request, and only it is sent resource updates.
 */
export async function startHttpServer(opts: HttpOptions): Promise<HttpServerHandle> {
  const host = opts.host ?? "127.0.0.1";
  const refuseNoAuth = () => new Error(`--no-auth is allowed only on a loopback host (127.0.0.1, localhost, ::1), not ${host}`);
  if (typeof opts.auth !== "function" && opts.auth.kind === "none" && !isLoopbackHost(host)) throw refuseNoAuth();
  const { api, timezone } = opts;
  const log = api.log;
  const bound = host === "0.0.0.0" || host === "::" ? [] : [host.includes(":") && !host.startsWith("[") ? `[${host}]` : host];
  const publicHost = opts.publicUrl ? [new URL(opts.publicUrl).hostname] : [];
  // The MCP SDK's part (Host and Origin checks, bearer gate, handler) loads with the first
  // request past the ops routes: an always-on service may wait hours for one (http-mcp.ts).
  let endpoint: McpEndpoint | null = null;
  let loading: Promise<McpEndpoint> | null = null;
  const mcp = async (): Promise<McpEndpoint> => {
    loading ??= import("./http-mcp.js").then((m) => {
      const hosts = [...bound, ...publicHost, ...(opts.allowedHosts ?? [])];
      endpoint = m.mcpEndpoint({ api, timezone, log, hosts, loopbackBind: isLoopbackHost(host) });
      return endpoint;
    });
    return loading;
  };
  // Under --no-auth any page that reaches /mcp acts as the owner, so only exact origins count
  // (scheme, host and port): another local port is another site. Set once listening.
  let exactOrigins: ReadonlySet<string> | null = null;
  const checkOrigin = (req: IncomingMessage, res: ServerResponse, m: McpEndpoint): boolean => {
    const page = req.headers.origin;
    if (!exactOrigins || !page) return m.checkOriginHost(req, res);
    if (exactOrigins.has(URL.parse(page)?.origin ?? "")) return true;
    sendJson(res, 403, {
      jsonrpc: "2.0",
      error: { code: -32000, message: `Invalid Origin: ${page} (without a token, only this server's own origin)` },
      id: null,
    });
    return false;
  };

  // Before the endpoint loads no listen stream is open, so there is no one to tell.
  const stopUpdates = api.changes?.subscribe((changes) => endpoint?.notify(changes));

  // Set once listening: a built-in issuer is the origin, port included.
  let auth: HttpAuth | undefined;
  let resourceUrl: URL | undefined;
  let gateOf: ((req: IncomingMessage) => BearerGate) | null = null;
  let dashboard: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | null = null;

  async function route(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const ops = req.method === "GET" && opts.ops ? await opts.ops.answer(path) : null;
    if (ops) {
      res.writeHead(ops.status, { "content-type": ops.contentType, "cache-control": "no-store" });
      res.end(ops.body);
      return;
    }
    const m = await mcp();
    if (!m.checkHost(req, res) || !checkOrigin(req, res, m)) return;
    if (!auth || !resourceUrl) return sendJson(res, 503, { error: "temporarily_unavailable", error_description: "Starting up." });
    if (auth.kind !== "none") gateOf ??= m.gatesFor(auth, resourceUrl);
    if (auth.kind === "bearer" && auth.routes?.owns(path)) return auth.routes.handle(req, res);
    const gate = gateOf?.(req) ?? null;
    if (gate?.metadata && gate.metadataPaths.includes(path)) {
      if (req.method === "OPTIONS") return answerPreflight(req, res, "GET, HEAD, OPTIONS", "*");
      allowOrigin(req, res, "*");
      res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
      res.end(req.method === "HEAD" ? undefined : JSON.stringify(gate.metadata));
      return;
    }
    if (dashboard && ownsDashboardPath(path)) return dashboard(req, res);
    if (path !== "/mcp") return sendJson(res, 404, { error: "not_found", error_description: "The MCP endpoint is /mcp." });
    if (req.method === "OPTIONS") return answerPreflight(req, res, "GET, POST, DELETE, OPTIONS", "reflect");
    allowOrigin(req, res, "reflect");
    let verified: AuthInfo;
    if (auth.kind === "none") verified = { token: "", clientId: auth.owner, scopes: [], extra: { [m.ownerKey]: auth.owner } };
    else {
      const checked = await gate!.authenticate(req.headers.authorization);
      if (checked instanceof Response) return writeResponse(res, checked);
      verified = checked;
    }
    req.auth = verified;
    if (req.method !== "POST") return m.serve(req, res);
    const parsed = await readJson(req, res, m.maxBodyBytes);
    if (!parsed) return;
    // A token that may write may do anything here; a narrower one is held to what the body needs.
    // scopes.ts reads the tools' annotations, so it loads with the tools (see the handler above).
    const refused =
      gate && !verified.scopes.includes("tasks:write") ? gate.refuseScopes(verified, (await import("./scopes.js")).scopesNeeded(parsed.body)) : null;
    if (refused) return writeResponse(res, refused);
    return m.serve(req, res, parsed.body);
  }

  // Node checks open connections against its request and header timeouts on a timer that runs
  // whether or not any are open (every 30 s by default). A server bound to loopback (the desktop
  // service) is reached only by this machine's own processes: checking every 5 minutes keeps an
  // idle service from waking twice a minute for it. A reachable server keeps Node's default.
  // It stays on Node's own timer: the only way to move it onto the process's periodic timer
  // is through Node's private fields, which a Node upgrade may change; it costs 0.2 wake-ups a minute.
  const connectionsCheckMs = isLoopbackHost(host) ? LOOPBACK_CONNECTIONS_CHECK_MS : 30_000;
  const server = createServer({ connectionsCheckingInterval: connectionsCheckMs }, (req, res) => {
    route(req, res).catch((e: unknown) => {
      log.log("error", "http request failed", { error: String(e) });
      if (!res.headersSent) sendJson(res, 500, { error: "server_error" });
      else res.end();
    });
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
  const origin = opts.publicUrl ? new URL(opts.publicUrl).origin : `http://${urlHost}:${address.port}`;
  let resolved: HttpAuth;
  try {
    resolved = typeof opts.auth === "function" ? await opts.auth(origin) : opts.auth;
  } catch (e) {
    server.close();
    throw e;
  }
  if (resolved.kind === "none" && !isLoopbackHost(host)) {
    server.close();
    throw refuseNoAuth();
  }
  if (resolved.kind === "none") {
    // The server's own origin under each loopback name the Host check accepts, plus the configured ones.
    const own = [...new Set(["localhost", "127.0.0.1", "[::1]", ...bound])].map((name) => `http://${name}:${address.port}`);
    const configured = (opts.allowedOrigins ?? []).map((o) => URL.parse(o)?.origin ?? o);
    exactOrigins = new Set([...own, origin, ...configured]);
  }
  resourceUrl = new URL(`${origin}/mcp`);
  if (resolved.kind === "local" && resolved.dashboard) dashboard = dashboardRoutes(resolved.dashboard, origin, api.changes);
  auth = resolved;
  return {
    url: `http://${urlHost}:${address.port}/mcp`,
    origin,
    async close() {
      stopUpdates?.();
      await endpoint?.close();
      if (auth?.kind === "bearer") await auth.routes?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
