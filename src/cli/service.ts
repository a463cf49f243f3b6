import { createWriteStream, mkdirSync } from "node:fs";
import { staticTokenVerifier } from "../adapters/auth/static-tokens.js";
import { lineLogger, stderrLogger } from "../adapters/log/pino-logger.js";
import { type Config, loadConfig, withDb } from "../config.js";
import { backendFor, openEngine } from "../main.js";
import { DashboardSessions } from "../mcp/dashboard-sessions.js";
import { type HttpAuth, startHttpServer } from "../mcp/http.js";
import { startRelayServer } from "../mcp/relay-server.js";
import { systemClock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import { sharedTimer } from "../ports/periodic-checks.js";
import { ensureSecret, removeDiscovery, writeDiscovery } from "../service/discovery.js";
import { acquireInstanceLock, InstanceLocked } from "../service/instance-lock.js";
import { servicePaths, withDataDir } from "../service/paths.js";
import { DUELY_VERSION } from "../version.js";
import { rolesOf, startFields } from "./process-roles.js";
import { untilSignal } from "./until-signal.js";

/** `duely service run`'s options; their meaning is written once, in the option definitions (src/cli/main.ts). */
export interface ServiceRunOptions {
  config?: string;
  dataDir?: string;
  db?: string;
  port?: number;
  logFile?: string;
}

/**
 * `duely service run`: the one long-lived duely of this user and data dir. Holds the lock, the
 * SQLite file and every scheduler role; serves MCP to the stdio bridges (`duely serve`) on its
 * relay socket, and over Streamable HTTP (loopback by default) to the CLI and the dashboard. Both
 * are found by its discovery file and take the local secret. A second one for the same data dir says which pid runs and exits 0.
 */
export async function runService(opts: ServiceRunOptions, baseEnv: Record<string, string | undefined>): Promise<void> {
  const env = withDataDir(baseEnv, opts.dataDir);
  const config = loadConfig(withDb(env, opts.db), opts.config);
  const paths = servicePaths(config.data_dir);
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  const log = logTo(opts.logFile, config);

  let lock: Awaited<ReturnType<typeof acquireInstanceLock>>;
  try {
    lock = await acquireInstanceLock(paths.lock);
  } catch (e) {
    if (!(e instanceof InstanceLocked)) throw e;
    const message = `duely service is already running for ${paths.dir} (pid ${e.pid}); not starting another. \`duely service status\` shows it, \`duely service stop\` stops it.`;
    process.stderr.write(`${message}\n`);
    if (opts.logFile) log.log("info", message, { holder_pid: e.pid });
    return;
  }
  try {
    await serve(config, paths, env, log);
  } finally {
    lock.release();
  }
  // Anything still holding the loop (a lingering socket) must not keep a stopped service alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
}

async function serve(config: Config, paths: ReturnType<typeof servicePaths>, env: Record<string, string | undefined>, log: Logger): Promise<void> {
  const secret = ensureSecret(paths);
  // One timer for every periodic check of the store and the engine: an idle
  // service wakes once for all of them (docs/service.md).
  const periodic = sharedTimer();
  const backend = await backendFor(config, { env, log, periodic });
  const engine = await openEngine(config, { env, log, roles: rolesOf("serve", config), desktop: true, backend, periodic });
  engine.start();
  const api = { jobs: engine.jobs, clock: engine.clock, log, changes: engine.changes };
  let http: Awaited<ReturnType<typeof startHttpServer>>;
  try {
    http = await startHttpServer({
      api,
      timezone: config.timezone,
      host: config.http.host,
      port: config.service.port,
      allowedHosts: config.http.allowed_hosts,
      // Real time, not the engine's clock: the SDK checks a session's expiry against the real clock.
      auth: localAuth(secret, config, () => systemClock.now()),
    });
  } catch (e) {
    await engine.stop();
    throw e;
  }
  let relay: Awaited<ReturnType<typeof startRelayServer>>;
  try {
    relay = await startRelayServer({
      address: paths.relay,
      secret,
      version: DUELY_VERSION,
      log,
      // The same session as `duely serve --embedded` gives on stdio, for the configured owner (the
      // secret acts as the owner, as over HTTP). Loaded with the first bridge: an idle service has
      // not loaded the MCP server and its tools (see http.ts).
      session: async (socket) => {
        const { startStdioServer } = await import("../mcp/stdio.js");
        return startStdioServer({ api, owner: config.owner, timezone: config.timezone, streams: { input: socket, output: socket } });
      },
    });
  } catch (e) {
    await http.close();
    await engine.stop();
    throw e;
  }
  // Bridges run on this machine: a wildcard bind is reached through loopback.
  const url = http.url.replace(/^http:\/\/(0\.0\.0\.0|\[::\])/, "http://127.0.0.1");
  const startedAt = new Date().toISOString();
  writeDiscovery(paths, { pid: process.pid, url, relay: paths.relay, version: DUELY_VERSION, started_at: startedAt, data_dir: paths.dir });
  log.log("info", "duely service running", {
    url,
    relay: paths.relay,
    version: DUELY_VERSION,
    data_dir: paths.dir,
    owner: config.owner,
    timezone: config.timezone,
    ...backend.startFields,
    ...startFields("serve", config),
  });
  await untilSignal({
    name: "duely service",
    log,
    stop: async () => {
      // First: no bridge may find a service that is going away.
      removeDiscovery(paths, process.pid);
      await relay.close().catch((e: unknown) => log.log("warn", "closing the relay socket failed", { error: String(e) }));
      await http.close().catch((e: unknown) => log.log("warn", "closing the HTTP server failed", { error: String(e) }));
      await engine.stop();
    },
  });
}

/**
 * The per-user secret acts as the configured owner from this machine, and so do the sessions of
 * the dashboard it opens (`duely service open`); static tokens from the config work from anywhere.
 */
export function localAuth(secret: string, config: Config, now: () => number): HttpAuth {
  const remote = staticTokenVerifier(config.http.tokens);
  const owner = { [secret]: config.owner };
  const sessions = new DashboardSessions({ now, next: remote });
  return { kind: "local", loopback: staticTokenVerifier(owner, sessions), remote, dashboard: { sessions, ticketIssuer: staticTokenVerifier(owner) } };
}

/** Log lines to `file` (a Windows scheduled task has no output of its own to redirect), else to stderr. */
function logTo(file: string | undefined, config: Config): Logger {
  if (file === undefined) return stderrLogger(config.log_level);
  const stream = createWriteStream(file, { flags: "a", mode: 0o600 });
  return lineLogger((line) => stream.write(line), config.log_level);
}
