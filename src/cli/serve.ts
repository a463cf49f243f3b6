import type { Config } from "../config.js";
import type { Logger } from "../ports/logger.js";
import { withDataDir } from "../service/paths.js";

// Types only above (and the data dir): over stdio without --embedded this process is a relay
// (src/cli/bridge.ts), which loads none of the scheduler, the MCP server or the config; the rest
// is imported below, once it is known to be needed.

/** `duely serve`'s options; their meaning is written once, in the option definitions (src/cli/main.ts). */
export interface ServeOptions {
  http?: boolean;
  embedded?: boolean;
  /** `--no-auth` sets it to false. @default true */
  auth?: boolean;
  port?: number;
  host?: string;
  db?: string;
  config?: string;
  dataDir?: string;
}

/** The options with both switches resolved to plain booleans. */
type ServeFlags = ServeOptions & { http: boolean; noAuth: boolean };

/** Told with every task created over embedded stdio, where the scheduler stops with the client. */
export const EMBEDDED_NOTE =
  "duely runs inside this chat app (embedded mode): scheduled tasks run only while the app is open. " +
  "To have them run when it is closed, use `duely serve` without --embedded (a background service keeps running), or run `duely service install`.";

function withFlags(config: Config, flags: ServeFlags): Config {
  return {
    ...config,
    http: { ...config.http, ...(flags.host !== undefined && { host: flags.host }), ...(flags.port !== undefined && { port: flags.port }) },
  };
}

/** Refuses switches that do not go together, before anything is loaded. */
function checkFlags(flags: ServeFlags): void {
  if (flags.http && flags.embedded) throw new Error("--embedded applies to stdio only; --http always runs in this process");
  if (!flags.http && flags.noAuth) throw new Error("--no-auth applies to --http only; stdio always serves the configured owner");
}

/** Refuses, before anything opens, a server that would answer anyone or that no client could use. */
function checkAuth(config: Config, flags: ServeFlags, isLoopbackHost: (host: string) => boolean): void {
  if (!flags.http) return;
  const host = config.http.host;
  if (flags.noAuth) {
    if (!isLoopbackHost(host)) throw new Error(`--no-auth is allowed only on a loopback host (127.0.0.1, localhost, ::1), not ${host}`);
    return;
  }
  if (config.auth.kind === "tokens") {
    if (Object.keys(config.http.tokens).length === 0) {
      throw new Error(
        'auth.kind is "tokens" but no bearer tokens are configured: set http.tokens_env (a variable holding "token=owner,…") or http.tokens, or drop auth.kind to use the built-in authorization server',
      );
    }
    return;
  }
  if (!isLoopbackHost(host) && config.http.public_url === undefined) {
    throw new Error(
      `http.public_url is required to serve OAuth on ${host}: the https origin clients reach duely at (behind a TLS proxy), e.g. "https://duely.example.com"`,
    );
  }
}

/**
 * `duely serve`: over stdio (default), a bridge to the local service, which it starts when none
 * runs (src/cli/bridge.ts). With --embedded or --http: loads the config, opens the engine and
 * (embedded SQLite) starts its roles in this process, then serves MCP over stdio or Streamable
 * HTTP. Resolves after a graceful stop on SIGINT, SIGTERM or (stdio) the client closing stdin.
 */
export async function runServe(opts: ServeOptions, baseEnv: Record<string, string | undefined>): Promise<void> {
  const env = withDataDir(baseEnv, opts.dataDir);
  const flags: ServeFlags = { ...opts, http: opts.http === true, noAuth: opts.auth === false };
  checkFlags(flags);
  if (!flags.http && !flags.embedded) {
    const { runBridge } = await import("./bridge.js");
    return runBridge({ ...(flags.config && { config: flags.config }), ...(flags.db && { db: flags.db }) }, env);
  }
  // The scheduler first: a restarted embedded server recovers and starts the runs its
  // predecessor left before it loads the MCP server and its transport (a second or more of
  // imports on a busy machine, measured in docs/reliability.md), which it needs only to answer.
  const [
    { prometheusMetrics },
    { loadConfig, withDb },
    { backendFor, httpAuthFor, openEngine },
    { isLoopbackHost },
    { rolesOf, startFields },
    { DomainError },
    { stderrLogger },
  ] = await Promise.all([
    import("../adapters/metrics/prometheus.js"),
    import("../config.js"),
    import("../main.js"),
    import("../mcp/loopback.js"),
    import("./process-roles.js"),
    import("../core/errors.js"),
    import("../adapters/log/pino-logger.js"),
  ]);
  // --db is DUELY_DB's flag: applied while the config is read, so the deployment mode follows it.
  const config = withFlags(loadConfig(withDb(env, flags.db), flags.config), flags);
  checkAuth(config, flags, isLoopbackHost);
  const owner = config.owner;
  const timezone = config.timezone;

  const roles = rolesOf("serve", config);
  // Served at /metrics over HTTP; over stdio there is nowhere to serve them, and counting costs little.
  const metrics = prometheusMetrics();
  // Embedded stdio runs on the user's desktop like the service; --http serves owners from elsewhere.
  const log = stderrLogger(config.log_level);
  // One backend for the engine and the authorization server: on DynamoDB they share one client.
  // One timer for the periodic checks of the store and the engine (imported
  // here: the bridge, which shares this module, loads nothing it does not relay with).
  const periodic = (await import("../ports/periodic-checks.js")).sharedTimer();
  const backend = await backendFor(config, { env, log, periodic });
  let engine: Awaited<ReturnType<typeof openEngine>>;
  try {
    engine = await openEngine(config, { env, log, roles, metrics, desktop: !flags.http, backend, periodic });
  } catch (e) {
    // A client that starts `serve --embedded` shows only "Connection closed" when it exits: it is
    // told why instead, as the error of each request it sends, until it closes.
    if (flags.http || !(e instanceof DomainError && e.code === "conflict")) throw e;
    return refuseOverStdio(`${e.message}. ${e.hint ?? ""}`.trim(), log);
  }
  engine.start();
  // A stop asked for while the transport loads stops the engine (and whatever transport came up).
  const { untilSignal } = await import("./until-signal.js");
  let transport: { close(): Promise<void> } | null = null;
  const stopped = untilSignal({
    name: "duely",
    log,
    stop: async () => {
      await transport?.close().catch((e: unknown) => log.log("warn", "closing the transport failed", { error: String(e) }));
      await engine.stop();
    },
    also: flags.http ? undefined : (trigger) => process.stdin.once("end", () => trigger("stdin closed")),
  });
  const api = { jobs: engine.jobs, clock: engine.clock, log, changes: engine.changes };
  const started = startFields("serve", config);
  const apiOnly = roles.length === 0 ? " (API only: tasks run while `duely watcher` and `duely worker` run with this config)" : "";

  if (flags.http) {
    // Only the transport this process serves is loaded.
    const [{ startHttpServer }, { opsRoutes }] = await Promise.all([import("../mcp/http.js"), import("./ops-http.js")]);
    const http = await startHttpServer({
      api,
      timezone,
      host: config.http.host,
      port: config.http.port,
      allowedHosts: config.http.allowed_hosts,
      allowedOrigins: config.http.allowed_origins,
      ...(config.http.public_url && { publicUrl: config.http.public_url }),
      auth: flags.noAuth ? { kind: "none", owner } : httpAuthFor(config, { env, log, backend }),
      ops: opsRoutes({ ready: () => engine.ready(), metrics, roles: started.runs_here }),
    });
    transport = http;
    const auth = flags.noAuth ? `none (owner ${owner})` : config.auth.kind === "builtin" ? `built-in authorization server at ${http.origin}` : config.auth.kind;
    log.log("info", `duely serving MCP over Streamable HTTP${apiOnly}`, { url: http.url, resource: `${http.origin}/mcp`, auth, timezone, ...started });
  } else {
    const { startStdioServer } = await import("../mcp/stdio.js");
    const stdio = startStdioServer({ api, owner, timezone, createNote: EMBEDDED_NOTE });
    transport = stdio;
    const embedded = roles.length > 0 ? ", embedded: tasks run only while this client is open" : apiOnly;
    log.log("info", `duely serving MCP over stdio${embedded}`, { owner, timezone, ...started });
  }

  await stopped;
  // Anything still holding the loop (a paused stdin, a lingering socket) must not keep a stopped server alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
}

/**
 * Serves stdio only to refuse: every request is answered with `message` as a JSON-RPC error
 * (the bridge with a service that can never be reached), then exits 1 once the client closes.
 */
async function refuseOverStdio(message: string, log: Logger): Promise<void> {
  log.log("error", message);
  const { startBridge } = await import("../mcp/bridge.js");
  const bridge = startBridge({ log, connect: () => Promise.reject(new Error(message)) });
  await bridge.closed;
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 200).unref();
}
