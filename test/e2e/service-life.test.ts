import { spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isAlive } from "../../src/service/paths.js";
import { BUILD_TIMEOUT_MS, CLI, ensureBuilt, newDataDir, ROOT, servicePid, stopService } from "../support/service.js";

// The service's life from a shell, with real processes: `duely service start`, and what a second
// scheduler on the same data dir is told. The data dir is given only as --data-dir.

const dirs: string[] = [];
beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all(dirs.map((d) => stopService(d)));
}, 60_000);

/** A data dir and an environment that does not name it: only --data-dir does. */
function fresh() {
  const d = newDataDir();
  dirs.push(d.dir);
  const { DUELY_DATA_DIR: _, ...env } = d.env;
  return { dir: d.dir, env: { ...env, XDG_DATA_HOME: `${d.dir}-unused` } };
}

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000, env: { ...getDefaultEnvironment(), ...env } });

describe("duely service start", () => {
  test("starts the service of --data-dir in the background, says so, and leaves a running one as it is", async () => {
    const { dir, env } = fresh();
    const started = cli(["service", "start", "--data-dir", dir], env);
    expect(started.stderr).toBe("");
    expect(started.status).toBe(0);
    const pid = servicePid(dir);
    expect(pid).not.toBeNull();
    expect(started.stdout).toContain(`duely service started: pid ${pid}, http://127.0.0.1:`);
    expect(started.stdout).toContain(`data dir  ${dir}`);
    expect(isAlive(pid!)).toBe(true);

    const again = cli(["service", "start", "--data-dir", dir], env);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^duely service already running \\(up .+\\): pid ${pid}, `));
    expect(servicePid(dir)).toBe(pid);

    const status = cli(["service", "status", "--data-dir", dir, "--json"], env);
    expect(status.status).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true, pid, data_dir: dir });
  }, 120_000);
});

describe("a second scheduler on a data dir whose service runs", () => {
  test("serve --embedded --data-dir answers the client with an MCP error naming the service's pid, its command and the fix", async () => {
    const { dir, env } = fresh();
    expect(cli(["service", "start", "--data-dir", dir], env).status).toBe(0);
    const pid = servicePid(dir)!;

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "--embedded", "--data-dir", dir],
      cwd: ROOT,
      env: { ...getDefaultEnvironment(), ...env },
      stderr: "pipe",
    });
    const client = new Client({ name: "duely-e2e-embedded", version: "0" });
    const refused = await client.connect(transport, { timeout: 60_000 }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    await transport.close();
    expect(refused).not.toBeNull();
    expect(refused!.message).toContain(`another duely process is running the scheduler on ${dir}/duely.db: pid ${pid} (duely service run --data-dir ${dir}`);
    expect(refused!.message).toContain("use `duely serve` without --embedded to reach it, or stop it first with `duely service stop`");
    expect(isAlive(pid)).toBe(true);
  }, 120_000);

  test("serve --http on the same database exits 1, printing the holder and the fix", () => {
    const { dir, env } = fresh();
    expect(cli(["service", "start", "--data-dir", dir], env).status).toBe(0);
    const pid = servicePid(dir)!;
    const r = cli(["serve", "--http", "--no-auth", "--port", "0", "--data-dir", dir], env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`another duely process is running the scheduler on ${dir}/duely.db: pid ${pid} (duely service run --data-dir ${dir}`);
    expect(r.stderr).toContain("It is duely's background service for this data dir");
  }, 120_000);
});
