import { stderrLogger } from "../adapters/log/pino-logger.js";
import type { Config } from "../config.js";
import { openEngine } from "../main.js";
import { httpProbe } from "../mcp/probe.js";
import { createMcpServer } from "../mcp/server.js";
import { httpToolClient, inProcessToolClient } from "../mcp/tool-client.js";
import { findService } from "../service/launch.js";
import { servicePaths } from "../service/paths.js";

/** The MCP tools of the data dir, as `duely tasks` reaches them. */
export interface TaskTools {
  /** The tool's structured result; `ok: false` (with `error`) when the tool refused. */
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Whether the running service answered; false: the data dir's file was opened directly. */
  viaService: boolean;
  close(): Promise<void>;
}

/**
 * The same tools a chat client calls, so every rule stays in the use cases behind them: over
 * Streamable HTTP to the running service of the data dir (found by its discovery file, signed
 * in with the local secret, like the bridge); when none runs, served in this process on the
 * data dir's store, with no scheduler role (no lock is taken: a service may start meanwhile).
 */
export async function openTaskTools(config: Config, env: Record<string, string | undefined>): Promise<TaskTools> {
  const running = await findService(servicePaths(config.data_dir), httpProbe);
  if (running) {
    const client = await httpToolClient(running.url, running.secret);
    return { ...client, viaService: true };
  }
  const log = stderrLogger("warn");
  const engine = await openEngine(config, { env, log, roles: [] });
  const server = createMcpServer({
    api: { jobs: engine.jobs, clock: engine.clock, log, changes: engine.changes },
    owner: config.owner,
    timezone: config.timezone,
  });
  const client = await inProcessToolClient(server);
  return {
    call: client.call,
    viaService: false,
    close: async () => {
      await client.close();
      await engine.stop();
    },
  };
}
