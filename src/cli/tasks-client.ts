import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { stderrLogger } from "../adapters/log/pino-logger.js";
import type { Config } from "../config.js";
import { openEngine } from "../main.js";
import { probeServer } from "../mcp/probe.js";
import { createMcpServer } from "../mcp/server.js";
import { findService } from "../service/launch.js";
import { servicePaths } from "../service/paths.js";
import { DUELY_VERSION } from "../version.js";

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
  const client = new Client({ name: "duely-cli", version: DUELY_VERSION });
  const running = await findService(servicePaths(config.data_dir), probeServer);
  if (running) {
    const transport = new StreamableHTTPClientTransport(new URL(running.url), { requestInit: { headers: { Authorization: `Bearer ${running.secret}` } } });
    await client.connect(transport);
    return { call: callOn(client), viaService: true, close: () => client.close() };
  }
  const log = stderrLogger("warn");
  const engine = await openEngine(config, { env, log, roles: [] });
  const server = createMcpServer({
    api: { jobs: engine.jobs, clock: engine.clock, log, runs: engine.outcomes },
    owner: config.owner,
    timezone: config.timezone,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    call: callOn(client),
    viaService: false,
    close: async () => {
      await client.close();
      await engine.stop();
    },
  };
}

const callOn =
  (client: Client) =>
  async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const result = await client.callTool({ name, arguments: args });
    return (
      (result.structuredContent as Record<string, unknown> | undefined) ?? { ok: false, error: { code: "internal", message: JSON.stringify(result.content) } }
    );
  };
