import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeNotice } from "../../../src/adapters/auth/oidc/load.js";
import { preferredDriver } from "../../../src/adapters/store/sqlite/driver.js";
import { CLI_TIMEOUT_MS, duelyWithInput } from "../../support/cli.js";
import { waitFor } from "../../support/processes/children.js";
import { registerClient, signInByForm } from "./form-sign-in.js";
import { rawMcp } from "./support.js";

// `duely serve --http` with the built-in authorization server, as a real process on whatever
// Node runs the tests: Node 20 in the main suite, Node 22 in CI's node:sqlite run (.ci/run),
// where better-sqlite3 (built for Node 20) does not load and duely falls back to node:sqlite.

const MAIN = join(import.meta.dirname, "../../../src/cli/main.ts");
const PASSWORD = "a password long enough";
let dir: string;
let serve: ChildProcess;
let stderr = "";
let mcp: URL;

const logLines = () =>
  stderr
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "duely-runtime-"));
  const config = join(dir, "duely.json");
  writeFileSync(config, JSON.stringify({ store: { kind: "sqlite", path: join(dir, "duely.db") }, timezone: "UTC" }));
  const added = duelyWithInput(PASSWORD, "owner", "add", "ann", "--password-stdin", "--config", config);
  if (added.code !== 0) throw new Error(`owner add failed: ${added.stderr}`);
  serve = spawn(process.execPath, ["--import", "tsx", MAIN, "serve", "--http", "--port", "0", "--config", config], {
    env: { ...process.env, DUELY_CONFIG: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  serve.stderr!.on("data", (d) => (stderr += d));
  await waitFor(() => logLines().some((l) => String(l.message).startsWith("duely serving MCP")), 2 * CLI_TIMEOUT_MS, `the server to start: ${stderr}`, 100);
  mcp = new URL(String(logLines().find((l) => String(l.message).startsWith("duely serving MCP"))!.url));
}, 3 * CLI_TIMEOUT_MS);

afterAll(() => {
  if (serve && serve.exitCode === null) serve.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe(`duely serve --http with the built-in authorization server on Node ${process.version}`, { timeout: CLI_TIMEOUT_MS }, () => {
  it("says once, in its own words, what this Node means for the authorization server; oidc-provider's own warning is not printed", () => {
    expect(stderr).not.toContain("oidc-provider WARNING");
    expect(stderr).not.toContain("Unsupported runtime");
    const notice = runtimeNotice(process.version);
    const said = logLines().filter((l) => String(l.message).startsWith("the built-in authorization server runs on Node"));
    if (notice === null) expect(said).toEqual([]);
    else {
      expect(said).toHaveLength(1);
      expect(said[0]).toMatchObject({ level: "warn", message: notice, node: process.version });
      expect(notice).toContain("should run on Node 22 or later");
    }
  });

  it("signs an owner in by form and serves /mcp with the token it issued", async () => {
    const issuer = mcp.origin;
    const { clientId, status } = await registerClient(issuer);
    expect(status).toBe(201);
    const tokens = await signInByForm(issuer, clientId, { owner: "ann", password: PASSWORD });
    expect((await rawMcp(String(mcp), tokens.accessToken)).status).toBe(200);
    expect((await rawMcp(String(mcp), undefined)).status).toBe(401);
    // The server runs on this test's Node; from 22 on better-sqlite3's addon (built for 20) does not load there.
    if (Number(process.versions.node.split(".")[0]) >= 22) expect(preferredDriver()).toBe("node:sqlite");
  });
});

describe("runtimeNotice", () => {
  it("is null from Node 22 on and names the version before", () => {
    expect(runtimeNotice("v22.13.0")).toBeNull();
    expect(runtimeNotice("v24.1.0")).toBeNull();
    expect(runtimeNotice("v20.20.2")).toContain("runs on Node v20.20.2, which oidc-provider (the OAuth library under it) no longer supports");
  });
});
