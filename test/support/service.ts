import { execSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { readDiscovery } from "../../src/service/discovery.js";
import { readPid } from "../../src/service/instance-lock.js";
import { isAlive, servicePaths } from "../../src/service/paths.js";
import { waitFor } from "./processes/children.js";

export const ROOT = resolve(import.meta.dirname, "../..");
export const CLI = join(ROOT, "dist/cli/main.js");

function newestMtime(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newestMtime(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)),
  );
}

/** These tests run the built CLI, as a desktop client does: `npm run build` first when src/ changed since the last build. */
export function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(CLI).mtimeMs;
  } catch {
    // not built yet
  }
  if (built < Math.max(newestMtime(join(ROOT, "src")), statSync(join(ROOT, "package.json")).mtimeMs)) {
    execSync("npm run build --silent", { cwd: ROOT, stdio: "inherit" });
  }
}
/** A build on a busy machine takes about a minute. */
export const BUILD_TIMEOUT_MS = 240_000;

/** A fresh data dir with a config that polls fast (the service reads it through DUELY_CONFIG). */
export function newDataDir(engine: Record<string, unknown> = {}): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), "duely-service-"));
  const config = join(dir, "duely.json");
  writeFileSync(config, JSON.stringify({ owner: "local-user", timezone: "UTC", engine: { poll_interval_ms: 100, look_ahead_ms: 5_000, ...engine } }));
  return { dir, env: { DUELY_DATA_DIR: dir, DUELY_CONFIG: config, DUELY_LOG_LEVEL: "info" } };
}

export interface BridgeClient {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
}

/** Starts `duely serve` (the bridge) as Claude Desktop does, with a real SDK client on its stdio. */
export async function connectBridge(env: Record<string, string>, opts: { era?: "legacy" | "modern" } = {}): Promise<BridgeClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "serve"],
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "duely-e2e-bridge", version: "0" }, opts.era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {});
  try {
    await client.connect(transport, { timeout: 60_000 });
  } catch (e) {
    await transport.close();
    throw e;
  }
  return { client, transport, stderr: () => stderr };
}

/** The pid of the service of `dir`, from its discovery file (or its lock while it starts). */
export function servicePid(dir: string): number | null {
  const paths = servicePaths(dir);
  return readDiscovery(paths)?.pid ?? readPid(paths.lock);
}

/** Stops the service of `dir` if one runs (SIGTERM, then SIGKILL after 15 s), and removes the dir. */
export async function stopService(dir: string): Promise<void> {
  const pid = servicePid(dir);
  if (pid !== null && isAlive(pid)) {
    process.kill(pid, "SIGTERM");
    await waitFor(() => !isAlive(pid), 15_000, "the service to stop").catch(() => process.kill(pid, "SIGKILL"));
  }
  rmSync(dir, { recursive: true, force: true });
}
