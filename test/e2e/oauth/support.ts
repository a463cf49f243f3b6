// The OAuth end-to-end tests' parts: a real duely HTTP server with the built-in authorization
// server, an in-memory OAuthClientProvider for the SDK client, a loopback redirect target,
// Debian's Chromium (through playwright-core) to drive the sign-in and consent pages, and a
// loopback HTTPS host serving Client ID Metadata Documents.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OAuthClientMetadata, OAuthClientProvider, StoredOAuthClientInformation, StoredOAuthTokens } from "@modelcontextprotocol/client";
import { type Browser, chromium, type Page } from "playwright-core";
import { addOwner } from "../../../src/adapters/auth/accounts.js";
import { type Config, loadConfig } from "../../../src/config.js";
import { httpAuthFor, openAuthStore } from "../../../src/main.js";
import { startHttpServer } from "../../../src/mcp/http.js";
import type { AuthStore } from "../../../src/ports/auth-store.js";
import { type Logger, silentLogger } from "../../../src/ports/logger.js";
import { openHarness } from "../../support/engine-harness.js";
import { apiOf } from "../support.js";

export const OWNER = "owner-1";
export const PASSWORD = "pw-of-owner-1";
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Browser tests run wherever Chromium is installed, and always in CI (.ci/run installs it):
 * there a missing browser fails the run rather than skipping it.
 */
export const browserSkipReason =
  !existsSync(CHROMIUM) && !process.env.CI ? `${CHROMIUM} is absent (apt-get install -y chromium); set CI=1 to fail instead` : null;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A logger that keeps every line, for asserting what was logged. */
export function recordingLogger() {
  const lines: { level: string; message: string; data: Record<string, unknown> }[] = [];
  const log: Logger = { log: (level, message, data = {}) => lines.push({ level, message, data }) };
  return { log, lines, find: (message: string) => lines.filter((l) => l.message === message) };
}

/** A real engine and duely's HTTP server with the built-in authorization server, and two owners. */
export async function startOAuthServer(
  opts: {
    fetch?: typeof fetch;
    accessTokenTtlMs?: number;
    trustedProxies?: string[];
    log?: Logger;
    configure?: (c: Config) => Config;
    /** How often the server re-reads the keyring; 0 (every request) unless a test needs the production cache. */
    keysReloadMs?: number;
  } = {},
) {
  const harness = await openHarness("2026-03-02T00:00:00Z");
  const env = { DUELY_DB: join(harness.dir, "duely.db"), DUELY_TZ: "UTC" };
  const base = loadConfig(env);
  const withTtl = opts.accessTokenTtlMs ? { ...base, auth: { ...base.auth, access_token_ttl_ms: opts.accessTokenTtlMs } } : base;
  const proxied = opts.trustedProxies ? { ...withTtl, http: { ...withTtl.http, trusted_proxies: opts.trustedProxies } } : withTtl;
  const config = opts.configure ? opts.configure(proxied) : proxied;
  const store: AuthStore = await openAuthStore(config, env);
  await addOwner(store, OWNER, PASSWORD, Date.now());
  await addOwner(store, "owner-2", "pw-of-owner-2", Date.now());
  const serve = (port: number) =>
    startHttpServer({
      api: apiOf(harness.engine),
      timezone: "UTC",
      port,
      auth: httpAuthFor(config, { env, log: opts.log ?? silentLogger, keysReloadMs: opts.keysReloadMs ?? 0, ...(opts.fetch && { fetch: opts.fetch }) }),
    });
  let server = await serve(0);
  return {
    harness,
    get server() {
      return server;
    },
    /** Stops the HTTP server and starts a new one on the same port and file, as a restarted process would. */
    async restart() {
      const port = Number(new URL(server.origin).port);
      await server.close();
      server = await serve(port);
    },
    /** The authorization server's store, as `duely owner` commands see it. */
    store,
    dbPath: env.DUELY_DB,
    issuer: server.origin,
    resource: `${server.origin}/mcp`,
    async close() {
      await server.close();
      await store.close();
      await harness.close();
    },
  };
}
export type OAuthServer = Awaited<ReturnType<typeof startOAuthServer>>;

/** An OAuthClientProvider that keeps everything in memory and records where it was sent to authorize. */
export class MemoryOAuthClient implements OAuthClientProvider {
  lastAuthorizationUrl: URL | undefined;
  clientMetadataUrl?: string;
  private client: StoredOAuthClientInformation | undefined;
  private saved: StoredOAuthTokens | undefined;
  private verifier = "";
  readonly redirectUrl: string;
  readonly clientMetadata: OAuthClientMetadata;
  constructor(redirectUrl: string, clientMetadata: OAuthClientMetadata, clientMetadataUrl?: string) {
    this.redirectUrl = redirectUrl;
    this.clientMetadata = clientMetadata;
    if (clientMetadataUrl) this.clientMetadataUrl = clientMetadataUrl;
  }
  clientInformation = () => this.client;
  saveClientInformation = (info: StoredOAuthClientInformation) => {
    this.client = info;
  };
  tokens = () => this.saved;
  saveTokens = (tokens: StoredOAuthTokens) => {
    this.saved = tokens;
  };
  redirectToAuthorization = (url: URL) => {
    this.lastAuthorizationUrl = url;
  };
  saveCodeVerifier = (v: string) => {
    this.verifier = v;
  };
  codeVerifier = () => this.verifier;
  invalidateCredentials = (scope: "all" | "client" | "tokens" | "verifier" | "discovery") => {
    if (scope === "all" || scope === "client") this.client = undefined;
    if (scope === "all" || scope === "tokens") this.saved = undefined;
  };
}

function closeServer(server: { closeAllConnections(): void; close(cb: () => void): void }): Promise<void> {
  server.closeAllConnections();
  return new Promise((r) => server.close(() => r()));
}

/** A loopback page the authorization server redirects to; each wait resolves with the next callback's query. */
export async function startCallback(urlHost = "127.0.0.1") {
  let waiter: ((q: URLSearchParams) => void) | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/app") {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>app</title><p>app</p>");
      return;
    }
    if (url.pathname !== "/callback") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>done</title><p id=done>done</p>");
    waiter?.(url.searchParams);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://${urlHost}:${(server.address() as AddressInfo).port}/callback`;
  return {
    url,
    next: () => new Promise<URLSearchParams>((r) => (waiter = r)),
    close: () => closeServer(server),
  };
}
export type Callback = Awaited<ReturnType<typeof startCallback>>;

export interface BrowserOutcome {
  steps: ("login" | "consent")[];
  /** The callback's query, or null when the browser stopped on a page of the server. */
  params: URLSearchParams | null;
  pageText: string;
}

/** Walks the pages like a person: signs in if asked, ticks the given scopes (all by default), presses Allow or Deny. */
export async function authorizeInBrowser(
  page: Page,
  url: URL | string,
  callback: Callback,
  o: { password?: string; owner?: string; scopes?: string[]; deny?: boolean } = {},
): Promise<BrowserOutcome> {
  const arrived = callback.next();
  const steps: BrowserOutcome["steps"] = [];
  await page.goto(String(url));
  for (let i = 0; i < 4 && !page.url().startsWith(callback.url); i++) {
    if ((await page.locator("#signin").count()) > 0) {
      if (steps.includes("login")) break;
      steps.push("login");
      await page.fill("#username", o.owner ?? OWNER);
      await page.fill("#password", o.password ?? PASSWORD);
      await Promise.all([page.waitForNavigation(), page.click("#signin")]);
    } else if ((await page.locator("#allow").count()) > 0) {
      steps.push("consent");
      for (const box of await page.locator("input[name=scope]").all()) {
        const value = (await box.getAttribute("value")) ?? "";
        if (!o.scopes || o.scopes.includes(value)) await box.check();
        else await box.uncheck();
      }
      await Promise.all([page.waitForNavigation(), page.click(o.deny ? "#deny" : "#allow")]);
    } else break;
  }
  const params = page.url().startsWith(callback.url) ? await arrived : null;
  return { steps, params, pageText: (await page.textContent("body"))?.replace(/\s+/g, " ").trim() ?? "" };
}

/**
 * HTTPS on 127.0.0.1 with a throw-away certificate, serving Client ID Metadata Documents, and
 * the `fetch` the authorization server is given in tests: it trusts that certificate for this
 * host only and keeps oidc-provider's guard against private addresses for every other one.
 */
export async function startCimdHost(documents: (origin: string) => Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), "duely-cimd-"));
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ]),
    { stdio: "ignore" },
  );
  const cert = readFileSync(join(dir, "cert.pem"));
  const hits: string[] = [];
  let origin = "";
  const server = createHttpsServer({ key: readFileSync(join(dir, "key.pem")), cert }, (req, res) => {
    hits.push(req.url ?? "");
    const doc = documents(origin)[new URL(req.url ?? "/", "https://x").pathname];
    if (!doc) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" }).end(JSON.stringify(doc));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const trusting = new Agent({ connect: { ca: cert } });
  const asFetch = ((url: string | URL, init?: RequestInit) =>
    new URL(String(url)).origin === origin ? fetch(url, { ...init, dispatcher: trusting } as RequestInit) : fetch(url, init)) as typeof fetch;
  return { origin: () => origin, asFetch, hits, close: () => closeServer(server) };
}

// Node's own undici Agent class, reached as oidc-provider reaches it: no undici package needed.
const globals = globalThis as unknown as Record<symbol, { constructor: new (o: unknown) => unknown } | undefined>;
const Agent = (globals[Symbol.for("undici.globalDispatcher.2")] ?? globals[Symbol.for("undici.globalDispatcher.1")])!.constructor;
/**
 * A connection per request for the raw calls below: a pooled one may have been closed by the
 * server meanwhile (its keep-alive ran out while a CLI command ran, or it restarted).
 */
const unpooled = { dispatcher: new Agent({ pipelining: 0 }) } as RequestInit;

export async function postForm(url: string, body: Record<string, string>) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
  const text = await r.text();
  let json: Record<string, string> = {};
  try {
    json = JSON.parse(text) as Record<string, string>;
  } catch {}
  return { status: r.status, json, text };
}

/** One JSON-RPC call on /mcp with exactly the given token, as a script would send it. */
export async function rawMcp(url: string, token: string | undefined, method = "tools/list", params: Record<string, unknown> = {}) {
  const r = await fetch(url, {
    ...unpooled,
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return { status: r.status, challenge: r.headers.get("www-authenticate") ?? "", body: await r.text() };
}

/** Starting Chromium and walking the sign-in and consent pages takes seconds, many on a busy machine. */
export const BROWSER_TIMEOUT_MS = 90_000;
/** Starting a duely HTTP server (and its authorization server) in-process. */
export const SERVER_TIMEOUT_MS = 30_000;
