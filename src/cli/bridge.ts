import type { Socket } from "node:net";
import { resolve } from "node:path";
import { stderrLineLogger } from "../adapters/log/stderr-lines.js";
import { startBridge } from "../mcp/bridge.js";
import type { LogLevel } from "../ports/logger.js";
import { connectService, ServiceUnavailable } from "../service/launch.js";
import { dataDirOf, servicePaths } from "../service/paths.js";
import { openRelay } from "../service/relay-client.js";
import { SERVICE_NODE_FLAGS } from "../service/units/spec.js";
import { DUELY_VERSION } from "../version.js";
import { untilSignal } from "./until-signal.js";

/** How this program starts the service of `dataDir`, the same way it runs (tsx in development): `duely service run` in the foreground. */
export function serviceCommand(dataDir: string, opts: { config?: string; db?: string }): string[] {
  return [
    process.execPath,
    ...process.execArgv,
    ...SERVICE_NODE_FLAGS,
    process.argv[1]!,
    "service",
    "run",
    "--data-dir",
    dataDir,
    ...(opts.config ? ["--config", resolve(opts.config)] : []),
    ...(opts.db ? ["--db", resolve(opts.db)] : []),
  ];
}

/** The command that stops the service of `dataDir`, as a user would type it. */
export function stopHintFor(dataDir: string, env: Record<string, string | undefined>): string {
  const isDefaultDir = dataDir === dataDirOf({ ...env, DUELY_DATA_DIR: undefined });
  return isDefaultDir ? "duely service stop" : `duely service stop --data-dir ${JSON.stringify(dataDir)}`;
}

const LEVELS: readonly string[] = ["debug", "info", "warn", "error"] satisfies LogLevel[];

/**
 * `duely serve` (stdio): relays the chat client's MCP messages to the local service of this
 * data dir, starting the service when none runs. The scheduler lives in the service, so tasks
 * keep running after the client closes. `config` and `db` are passed to a service this bridge
 * starts (which reads and checks the config); a service already running keeps its own.
 *
 * A relay and nothing more, started for every chat session: it reads no config (the data dir
 * and its own log level come from the environment), loads no store, scheduler, MCP SDK, zod or
 * pino, and connects with the discovery file and the secret alone: it opens the service's relay
 * socket, sends the secret, and from then on copies lines (test/e2e/bridge-imports.test.ts keeps
 * it so).
 */
export async function runBridge(opts: { config?: string; db?: string }, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = dataDirOf(env);
  const paths = servicePaths(dataDir);
  const level = env.DUELY_LOG_LEVEL !== undefined && LEVELS.includes(env.DUELY_LOG_LEVEL) ? (env.DUELY_LOG_LEVEL as LogLevel) : "info";
  const log = stderrLineLogger(level);
  const command = serviceCommand(dataDir, opts);
  const stopHint = stopHintFor(dataDir, env);

  const bridge = startBridge({
    log,
    connect: async () => {
      // The relay handshake is the health check: a discovery file left by a service that did not
      // stop cleanly names a socket nothing listens on, and one is started. The connection the
      // check opened is the one relayed on.
      let opened: Socket | null = null;
      const probe = async (service: { relay?: string; version: string }, secret: string) => {
        // A service from before the relay socket is another version: connectService says so, with the fix.
        if (service.relay === undefined) return service.version;
        const relay = await openRelay(service.relay, secret);
        opened?.destroy();
        opened = relay.socket;
        return relay.version;
      };
      let s: Awaited<ReturnType<typeof connectService>>;
      try {
        s = await connectService({ paths, version: DUELY_VERSION, probe, command, env, stopHint });
      } catch (e) {
        (opened as Socket | null)?.destroy();
        throw e;
      }
      if (!opened)
        throw new ServiceUnavailable(`duely's background service (pid ${s.pid}) could not be reached on ${paths.relay}. Your next request tries again.`);
      return { stream: opened, label: `pid ${s.pid}, log ${paths.log}` };
    },
  });
  log.log("info", "duely serve: relaying MCP between stdio and the local service", { data_dir: paths.dir });
  await untilSignal({
    name: "duely serve (bridge)",
    log,
    stop: () => bridge.close(),
    also: (trigger) => {
      bridge.closed.then(() => trigger("stdin closed")).catch(() => trigger("bridge failed"));
    },
  });
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
}
