import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOOLS } from "../../src/mcp/tools/index.js";
import { ok } from "../e2e/support.js";
import { CLI_TIMEOUT_MS } from "../support/cli.js";
import { BUILD_TIMEOUT_MS, ensureBuilt, ROOT, stopService } from "../support/service.js";

interface Manifest {
  version: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
}

/**
 * The published package, installed without a network: the tarball `npm pack` makes is unpacked
 * into a clean folder's node_modules/duely, and each of its declared dependencies is linked from
 * this checkout's node_modules (what `npm install` would have fetched, already built). A module
 * the package needs but does not declare, or a file `files` leaves out, fails here as it would
 * for a user. `npx --no-install` then finds the bin npm would have linked.
 */
describe("the npm package (npm pack)", () => {
  const work = mkdtempSync(join(tmpdir(), "duely-pack-"));
  const app = join(work, "app");
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;
  let tarball = "";
  const npx = (...args: string[]) =>
    execFileSync("npx", ["--no-install", ...args], { cwd: app, encoding: "utf8", env: { ...process.env, npm_config_offline: "true" } });

  beforeAll(() => {
    ensureBuilt();
    // `npm run build` just ran (or had nothing to do): prepack would only build again.
    const [packed] = JSON.parse(execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: ROOT, encoding: "utf8" })) as {
      filename: string;
    }[];
    tarball = join(work, packed!.filename);
    const into = join(app, "node_modules", "duely");
    mkdirSync(into, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "-C", into, "--strip-components=1"]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "clean", private: true }));
    for (const dep of Object.keys(pkg.dependencies)) {
      const link = join(app, "node_modules", dep);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(realpathSync(join(ROOT, "node_modules", dep)), link, "dir");
    }
    const bin = join(app, "node_modules", ".bin");
    mkdirSync(bin);
    chmodSync(join(into, pkg.bin.duely!), 0o755);
    symlinkSync(join("..", "duely", pkg.bin.duely!), join(bin, "duely"));
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test("builds before it packs, so a package made from a fresh clone holds dist/", () => {
    expect(pkg.scripts.prepack).toBe("npm run build");
    expect(pkg.scripts.build).toMatch(/tsc -p tsconfig\.build\.json && npm run build:ui/);
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((f) => f.replace(/^package\//, ""));
    expect(files).toEqual(expect.arrayContaining(["dist/cli/main.js", "dist/ui/tasks.html", "dist/ui/dashboard.html", "assets/icon.png", "package.json"]));
    expect(files.filter((f) => f.startsWith("src/") || f.startsWith("test/"))).toEqual([]);
  });

  test(
    "exports webhook verification and the config by name, with their types, and nothing else",
    () => {
      const node = (script: string) => execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: app, encoding: "utf8" });
      const run = node(`
      import { memoryReplayCache, signWebhook, verifyWebhook } from "duely/webhooks";
      import { ConfigError, resolveConfig } from "duely/config";
      const headers = signWebhook("whsec_c2VjcmV0", "run-1", "{}", 1_000_000);
      const replay = memoryReplayCache();
      let refused = null;
      try { resolveConfig({ store: { kind: "dynamodb", region: "eu-west-1" } }, {}); } catch (e) { refused = e instanceof ConfigError && e.problems[0]; }
      console.log(JSON.stringify({
        first: verifyWebhook("whsec_c2VjcmV0", headers, "{}", 1_000_000, 300, replay),
        again: verifyWebhook("whsec_c2VjcmV0", headers, "{}", 1_000_000, 300, replay),
        mode: resolveConfig({}, { DUELY_DATA_DIR: "/tmp/duely-exports" }).mode,
        refused,
      }));
    `);
      expect(JSON.parse(run)).toEqual({
        first: { ok: true, id: "run-1", timestamp: 1000 },
        again: { ok: false, reason: "replayed" },
        mode: "embedded",
        refused: expect.stringMatching(/^queue: store\.kind "dynamodb" needs queue\.kind "sqs"/),
      });
      expect(() => node(`await import("duely/dist/config.js")`)).toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/);

      // A consumer's TypeScript finds the declarations by the same names; a wrong value is an error, so they are not `any`.
      symlinkSync(realpathSync(join(ROOT, "node_modules", "@types")), join(app, "node_modules", "@types"), "dir");
      writeFileSync(
        join(app, "consumer.mts"),
        [
          'import type { Config, ConfigFile, DeploymentMode } from "duely/config";',
          'import { type Verification, verifyWebhook } from "duely/webhooks";',
          'export const mode: DeploymentMode = "distributed";',
          'export const level: ConfigFile["log_level"] = "warn";',
          "// @ts-expect-error not a deployment mode",
          'export const wrong: Config["mode"] = "clustered";',
          'export const check: Verification = verifyWebhook("secret", {}, "", 0);',
        ].join("\n"),
      );
      const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
      // skipLibCheck as most projects set it: a type that failed to resolve would still be `any`, which the @ts-expect-error line catches.
      const flags = [
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "--types",
        "node",
      ];
      expect(execFileSync(process.execPath, [tsc, ...flags, "consumer.mts"], { cwd: app, encoding: "utf8" })).toBe("");
    },
    // A type check of the package's declarations, besides two node processes: longer than one CLI call on a busy machine.
    BUILD_TIMEOUT_MS,
  );

  test(
    "`npx duely --help` and `--version` work from a clean folder",
    () => {
      expect(npx("duely", "--version").trim()).toBe(pkg.version);
      expect(npx("duely", "--help")).toMatch(/serve \[options\]/);
    },
    CLI_TIMEOUT_MS,
  );

  test(
    "`npx duely serve` answers tools/list and runs a task over stdio",
    async () => {
      const data = join(work, "data");
      const client = new Client({ name: "duely-npx-probe", version: "0" });
      const transport = new StdioClientTransport({
        command: "npx",
        args: ["--no-install", "duely", "serve"],
        cwd: app,
        env: { ...getDefaultEnvironment(), npm_config_offline: "true", DUELY_DATA_DIR: data, DUELY_TZ: "Europe/Paris", DUELY_CONFIG: "" },
        stderr: "ignore",
      });
      try {
        await client.connect(transport, { timeout: 60_000 });
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
        await ok(client, "task_create_v1", { title: "Digest", action: { type: "notify", message: "hi" }, when: "every day at 8am" });
        expect(((await ok(client, "task_list_v1", {})).tasks as unknown[]).length).toBe(1);
      } finally {
        await client.close();
        await stopService(data);
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
