import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "./children.js";

const MAIN = join(import.meta.dirname, "../../../src/cli/main.ts");

/** A real `duely serve --http --no-auth` process on a free loopback port, and what it logged. */
export interface ServedHttp {
  child: ChildProcess;
  /** The /mcp address it printed when it started. */
  url: URL;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Its JSON log lines so far. */
  logLines(): Record<string, unknown>[];
}

/** Writes `config` to `dir`/duely.json, starts the server on it and waits until it serves. */
export async function serveHttp(dir: string, config: Record<string, unknown>, timeoutMs: number): Promise<ServedHttp> {
  const file = join(dir, "duely.json");
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, "serve", "--http", "--no-auth", "--port", "0", "--config", file], {
    env: { ...process.env, DUELY_CONFIG: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const logLines = () =>
    stderr
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const started = () => logLines().find((l) => String(l.message).startsWith("duely serving MCP"));
  await waitFor(() => started() !== undefined, timeoutMs, `the server to start: ${stderr}`, 100);
  return { child, url: new URL(String(started()!.url)), stderr: () => stderr, logLines };
}
