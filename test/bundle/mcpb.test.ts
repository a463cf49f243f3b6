import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getMcpConfigForManifest, type McpbManifestAny } from "@anthropic-ai/mcpb";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildBundle } from "../../scripts/bundle.js";
import { TOOLS } from "../../src/mcp/tools/index.js";
import { envelopeOf } from "../e2e/support.js";
import { BUILD_TIMEOUT_MS, ensureBuilt, ROOT, stopService } from "../support/service.js";

const MCPB = join(ROOT, "node_modules", ".bin", "mcpb");

describe("the MCP bundle (npm run bundle)", () => {
  const out = mkdtempSync(join(tmpdir(), "duely-mcpb-"));
  let bundle: Awaited<ReturnType<typeof buildBundle>>;
  let manifest: McpbManifestAny;

  beforeAll(async () => {
    ensureBuilt();
    bundle = await buildBundle(out);
    manifest = JSON.parse(readFileSync(join(bundle.stage, "manifest.json"), "utf8")) as McpbManifestAny;
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("passes mcpb validate, names the package's version and tools, and gives every optional setting a default", () => {
    expect(execFileSync(MCPB, ["validate", join(bundle.stage, "manifest.json")], { encoding: "utf8" })).toMatch(/Manifest schema validation passes!/);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.tools?.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const settings = Object.entries(manifest.user_config ?? {});
    expect(settings.map(([key]) => key)).toEqual(["timezone", "data_dir", "ntfy_url", "slack_webhook_url", "config_file"]);
    for (const [key, setting] of settings) expect(setting.required === true || setting.default !== undefined, key).toBe(true);
  });

  test("promises only what it ships: node:sqlite's Node range on every platform, one addon for this machine's platform", () => {
    expect(manifest.compatibility).toEqual({ platforms: ["darwin", "win32", "linux"], runtimes: { node: ">=22.13.0" } });
    const addons = execFileSync("find", [bundle.stage, "-name", "*.node"], { encoding: "utf8" }).trim().split("\n");
    expect(addons).toEqual([join(bundle.stage, "node_modules/better-sqlite3/build/Release/better_sqlite3.node")]);
    // The addon is this machine's: an ELF object on Linux (a Mach-O or PE on the others would be a different build).
    if (process.platform === "linux") expect(readFileSync(addons[0]!).subarray(0, 4)).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  });

  test(
    "unpacked and started the way Claude Desktop starts it, it answers tools/list and runs a task in the chosen zone and folder",
    async () => {
      const dir = join(out, "unpacked");
      execFileSync(MCPB, ["unpack", bundle.file, dir], { stdio: "ignore" });
      const home = mkdtempSync(join(tmpdir(), "duely-mcpb-home-"));
      const dataDir = join(home, "duely data");
      const config = await getMcpConfigForManifest({
        manifest: JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as McpbManifestAny,
        extensionPath: dir,
        systemDirs: { HOME: home, DESKTOP: join(home, "Desktop"), DOCUMENTS: join(home, "Documents"), DOWNLOADS: join(home, "Downloads") },
        userConfig: { timezone: "Asia/Tokyo", data_dir: dataDir },
        pathSeparator: "/",
      });
      expect(config?.args).toEqual([join(dir, "server/main.js"), "serve"]);
      expect(config?.env).toEqual({ DUELY_TZ: "Asia/Tokyo", DUELY_DATA_DIR: dataDir, DUELY_NTFY_URL: "", DUELY_SLACK_WEBHOOK_URL: "", DUELY_CONFIG: "" });

      const client = new Client(
        { name: "claude-desktop-like", version: "0" },
        { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } } },
      );
      const transport = new StdioClientTransport({
        command: config!.command,
        args: config!.args ?? [],
        env: { ...getDefaultEnvironment(), ...config!.env },
        stderr: "pipe",
      });
      let stderr = "";
      transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
      try {
        await client.connect(transport, { timeout: 60_000 });
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
        expect(tools.find((t) => t.name === "task_list_v1")?._meta).toMatchObject({ ui: { resourceUri: "ui://duely/tasks" } });
        const created = envelopeOf(
          await client.callTool({ name: "task_create_v1", arguments: { title: "Tea", action: { type: "notify", message: "tea" }, when: "every day at 4pm" } }),
        );
        expect(created.ok, JSON.stringify(created)).toBe(true);
        expect((created.reading as { timezone: string }).timezone).toBe("Asia/Tokyo");
        const view = (await client.readResource({ uri: "ui://duely/tasks" })).contents[0] as { mimeType: string; text: string };
        expect(view.mimeType).toBe("text/html;profile=mcp-app");
        // The bridge started the background service from the bundle, on the chosen folder.
        expect(existsSync(join(dataDir, "duely.db")) && existsSync(join(dataDir, "service.json"))).toBe(true);
      } catch (e) {
        throw new Error(`${(e as Error).message}\nserver stderr:\n${stderr}`);
      } finally {
        await client.close();
        await stopService(dataDir);
        rmSync(home, { recursive: true, force: true });
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
