import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS } from "../support/cli.js";
import { waitFor } from "../support/processes/children.js";
import { type ServedHttp, serveHttp } from "../support/processes/serve-http.js";
import { callTool } from "./support.js";

// A running `duely serve --http` whose SQLite file is deleted under it: a real process, a real
// MCP client, a real file.

let dir: string;
let db: string;
let served: ServedHttp;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "duely-deleted-"));
  db = join(dir, "duely.db");
  served = await serveHttp(dir, { store: { kind: "sqlite", path: db }, owner: "ann", timezone: "UTC" }, 2 * CLI_TIMEOUT_MS);
  const { url } = served;
  client = new Client({ name: "duely-test", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(url));
}, 3 * CLI_TIMEOUT_MS);

afterAll(async () => {
  await client?.close();
  if (served?.child.exitCode === null) served.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const create = (title: string) =>
  callTool(client, "task_create_v1", {
    title,
    action: { type: "notify", message: title },
    schedule: { type: "once", at: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z") },
  });

describe("a server whose database file is deleted", { timeout: CLI_TIMEOUT_MS }, () => {
  it("refuses the next create instead of acknowledging it into the deleted file, and logs the file's path", async () => {
    expect((await create("before")).ok).toBe(true);
    unlinkSync(db);
    const after = await create("after");
    expect(after).toMatchObject({ ok: false, error: { code: "internal" } });
    await waitFor(() => served.stderr().includes(`the database file ${db} was deleted while duely had it open`), 5_000, "the log line", 50);
    expect(served.logLines().filter((l) => l.level === "error" && String(l.message).startsWith(`the database file ${db} was deleted`))).toHaveLength(1);
  });
});
