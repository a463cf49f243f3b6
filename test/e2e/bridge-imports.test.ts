import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { waitFor } from "../support/processes/children.js";
import { BUILD_TIMEOUT_MS, CLI, connectBridge, ensureBuilt, newDataDir, ROOT, servicePid, stopService } from "../support/service.js";

/**
 * What `duely serve` (the stdio bridge, spawned for every chat session) may load: a relay needs
 * the CLI parser, the service's files (discovery, secret, start) and its relay socket, and
 * nothing of the MCP SDK, zod, pino, the store, the scheduler, the tools, AWS, the
 * authorization server, the model SDKs or the UI: it copies lines between stdio and the
 * service's socket. A change that makes it load more fails here: add to these lists only what a
 * relay needs.
 */
const PACKAGES = ["commander"];
const MODULES = [
  "cli/main.js",
  "cli/serve.js",
  "cli/bridge.js",
  "cli/process-policy.js",
  "cli/preview-command.js",
  "cli/until-signal.js",
  "defaults.js",
  "version.js",
  "adapters/log/stderr-lines.js",
  "adapters/queue/sqs/queues.js",
  "core/errors.js",
  "mcp/bridge.js",
  "service/paths.js",
  "service/launch.js",
  "service/discovery.js",
  "service/relay-client.js",
  "service/units/spec.js",
];

const dist = `${join(ROOT, "dist")}/`;
const recorder = fileURLToPath(new URL("../support/record-imports.mjs", import.meta.url));

/** `@scope/name` or `name` of a file under node_modules, or the path of one of duely's built modules, or the builtin. */
function owner(url: string): string {
  if (url.startsWith("node:")) return url;
  const path = url.startsWith("file://") ? fileURLToPath(url) : url;
  const inModules = path.lastIndexOf("/node_modules/");
  if (inModules >= 0) {
    const [first, second] = path.slice(inModules + "/node_modules/".length).split("/");
    return first!.startsWith("@") ? `${first}/${second}` : first!;
  }
  if (path.startsWith(dist)) return `duely:${path.slice(dist.length)}`;
  return path;
}

/**
 * What an idle service loads only once a client needs it: the MCP SDK (its HTTP checks and
 * handler), the MCP server with its tools and their schemas, the phrase reader and its date
 * grammars (an always-on service may wait hours for its first client).
 */
const ON_FIRST_CLIENT = [
  "@modelcontextprotocol/server",
  "@modelcontextprotocol/node",
  "chrono-node",
  "duely:mcp/http-mcp.js",
  "duely:mcp/server.js",
  "duely:mcp/tools/index.js",
  "duely:mcp/scopes.js",
  "duely:core/phrase/index.js",
];

/** The packages behind the optional parts, loaded only when the config uses them. */
const OPTIONAL = ["@aws-sdk/client-dynamodb", "@aws-sdk/client-sqs", "@aws-sdk/lib-dynamodb", "oidc-provider", "openai", "@anthropic-ai/sdk", "nodemailer"];

/** What the file `record` says was loaded: package names and duely's module paths (`duely:` prefixed). */
function loadedIn(record: string): Set<string> {
  return new Set(
    readFileSync(record, "utf8")
      .split("\n")
      .filter((l) => l !== "" && !l.startsWith("data:"))
      .map(owner),
  );
}

const exited = (pid: number) => () => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

let data: ReturnType<typeof newDataDir>;

beforeAll(async () => {
  ensureBuilt();
  data = newDataDir();
  // A service running already: the bridge under test only relays (starting one would record the service's imports too).
  const first = await connectBridge(data.env);
  await first.client.close();
}, BUILD_TIMEOUT_MS);
afterAll(() => stopService(data.dir), 60_000);

describe("the stdio bridge is a relay", () => {
  test("loads only what relaying needs, while it answers initialize and a tool listing", async () => {
    const record = join(data.dir, "imports.txt");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", recorder, CLI, "serve"],
      cwd: ROOT,
      env: { ...getDefaultEnvironment(), ...data.env, DUELY_RECORD_IMPORTS: record },
      stderr: "pipe",
    });
    const client = new Client({ name: "duely-e2e-imports", version: "0" });
    await client.connect(transport, { timeout: 60_000 });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("task_create_v1");
    const pid = transport.pid!;
    await client.close();
    await waitFor(exited(pid), 15_000, "the bridge to exit");

    expect(existsSync(record)).toBe(true);
    const loaded = loadedIn(record);
    const ours = [...loaded].filter((o) => o.startsWith("duely:")).map((o) => o.slice("duely:".length));
    const packages = [...loaded].filter((o) => !o.startsWith("duely:") && !o.startsWith("node:") && !o.startsWith("/"));
    expect(ours.length).toBeGreaterThan(5); // the recorder saw the bridge load
    expect(ours.filter((m) => !MODULES.includes(m)).sort()).toEqual([]);
    expect(packages.filter((p) => !PACKAGES.includes(p)).sort()).toEqual([]);
    // Named, as what the relay was written to leave out (also covered by the list above).
    expect(["@modelcontextprotocol/client", "@modelcontextprotocol/server", "@modelcontextprotocol/core", "zod", "pino"].filter((p) => loaded.has(p))).toEqual(
      [],
    );
  }, 120_000);
});

/** `duely service run` on a fresh data dir under the import recorder, once it has started. */
async function startRecordedService() {
  const own = newDataDir();
  const record = join(own.dir, "imports.txt");
  const child = spawn(process.execPath, ["--import", recorder, CLI, "service", "run"], {
    cwd: ROOT,
    env: { ...process.env, ...own.env, DUELY_RECORD_IMPORTS: record },
    stdio: "ignore",
  });
  try {
    await waitFor(() => servicePid(own.dir) === child.pid && existsSync(join(own.dir, "service.json")), 60_000, "the service to start");
  } catch (e) {
    await stopService(own.dir);
    throw e;
  }
  return { own, record, child };
}

describe("the service loads the optional parts only when configured", () => {
  test("with the default config (SQLite, local secret, no model, no mail) it loads no AWS SDK, authorization server, model SDK or mailer, and idle no tools or phrase reader", async () => {
    const { own, record, child } = await startRecordedService();
    try {
      process.kill(child.pid!, "SIGTERM");
      await waitFor(exited(child.pid!), 30_000, "the service to stop");
      const loaded = loadedIn(record);
      expect(loaded.has("duely:app/engine/engine.js")).toBe(true); // the recorder saw the service load
      expect(OPTIONAL.filter((p) => loaded.has(p))).toEqual([]);
      expect(ON_FIRST_CLIENT.filter((p) => loaded.has(p))).toEqual([]);
      expect(loaded.has("fast-xml-parser")).toBe(false); // with the first feed parsed
    } finally {
      await stopService(own.dir);
    }
  }, 120_000);

  test("loads the tools with the first client, and the phrase reader with the first schedule in words, not with a structured one", async () => {
    const { own, record } = await startRecordedService();
    try {
      const { url } = JSON.parse(readFileSync(join(own.dir, "service.json"), "utf8")) as { url: string };
      const secret = readFileSync(join(own.dir, "service.secret"), "utf8").trim();
      expect(loadedIn(record).has("duely:mcp/tools/index.js")).toBe(false);
      const client = new Client({ name: "duely-e2e-lazy", version: "0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }));
      const created = await client.callTool({
        name: "task_create_v1",
        arguments: { title: "Daily", action: { type: "notify", message: "hi" }, schedule: { type: "cron", cron: "0 8 * * *", timezone: "UTC" } },
      });
      expect(created.isError).toBeFalsy();
      let loaded = loadedIn(record);
      expect(loaded.has("duely:mcp/tools/index.js")).toBe(true);
      expect(["chrono-node", "duely:core/phrase/index.js"].filter((p) => loaded.has(p))).toEqual([]);
      const previewed = await client.callTool({ name: "schedule_preview_v1", arguments: { when: "every day at 8am", timezone: "UTC" } });
      expect(previewed.isError).toBeFalsy();
      loaded = loadedIn(record);
      expect(["chrono-node", "duely:core/phrase/index.js"].filter((p) => loaded.has(p))).toEqual(["chrono-node", "duely:core/phrase/index.js"]);
      await client.close();
    } finally {
      await stopService(own.dir);
    }
  }, 120_000);
});
