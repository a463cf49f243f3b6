import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EMBEDDED_NOTE } from "../../src/cli/serve.js";
import { fails, ok, TOOL_NAMES } from "./support.js";

const ROOT = resolve(import.meta.dirname, "../..");

describe("stdio: `duely serve --embedded` as a child process, the scheduler inside it", () => {
  let dir: string;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-stdio-"));
    const config = join(dir, "duely.json");
    writeFileSync(config, JSON.stringify({ owner: "local-user", timezone: "Europe/Berlin", engine: { poll_interval_ms: 100, look_ahead_ms: 5000 } }));
    transport = new StdioClientTransport({
      command: "npx",
      args: ["tsx", "src/cli/main.ts", "serve", "--embedded", "--db", join(dir, "duely.db"), "--config", config],
      cwd: ROOT,
      env: { ...getDefaultEnvironment(), DUELY_LOG_LEVEL: "info" },
      stderr: "pipe",
    });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    client = new Client({ name: "duely-e2e-stdio", version: "0" });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("lists the tools and states the configured zone in its instructions", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(client.getInstructions()).toContain("Europe/Berlin");
  });

  test("a once-task a few seconds ahead waits for its time, then runs, and task_get_v1 shows it succeeded", async () => {
    // The server answers a first create slowly when the machine is busy (modules load on first
    // use): warm the same path up, so the lead below is measured from a server that is ready.
    await ok(client, "schedule_preview_v1", { schedule: { type: "once", at: new Date(Date.now() + 60_000).toISOString() } });
    const at = Date.now() + 5_000;
    const created = await ok(client, "task_create_v1", {
      title: "Kettle",
      action: { type: "notify", message: "The kettle is on" },
      schedule: { type: "once", at: new Date(at).toISOString() },
    });
    expect(created.reading).toMatchObject({ timezone: "Europe/Berlin", timezone_source: "server_default" });
    // The scheduler stops with this client: every create says so.
    expect((created.reading as { notes: string[] }).notes).toContain(EMBEDDED_NOTE);
    expect(EMBEDDED_NOTE).toMatch(/scheduled tasks run only while the app is open/);
    const id = (created.task as any).id as string;
    let got: any = await ok(client, "task_get_v1", { task_id: id });
    // Stepped: before its time it has not run (this read is made ahead of the time, checked below)…
    const readAt = Date.now();
    if (readAt < at - 500) expect(got.runs.map((r: any) => r.status)).not.toContain("succeeded");
    // …and after it, it has.
    for (const deadline = at + 15_000; Date.now() < deadline; ) {
      got = await ok(client, "task_get_v1", { task_id: id });
      if (got.runs.some((r: any) => r.status === "succeeded")) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(got.runs[0]).toMatchObject({ status: "succeeded", result: "The kettle is on" });
    expect(Date.parse(got.runs[0].started_at)).toBeGreaterThanOrEqual(Math.floor(at / 1000) * 1000);
  }, 40_000);

  test("resources/subscribe: an update arrives when the subscribed task's run finishes; after unsubscribe, none", async () => {
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (n) => {
      updates.push(n.params.uri);
    });
    const create = async (title: string, inMs: number) =>
      (
        (
          await ok(client, "task_create_v1", {
            title,
            action: { type: "notify", message: title },
            schedule: { type: "once", at: new Date(Date.now() + inMs).toISOString() },
          })
        ).task as { id: string }
      ).id;
    const watched = await create("Watched", 3_000);
    const dropped = await create("Dropped", 3_000);
    const uri = (id: string) => `duely://tasks/${id}/runs/latest`;
    await client.subscribeResource({ uri: uri(watched) });
    await client.subscribeResource({ uri: uri(dropped) });
    await client.unsubscribeResource({ uri: uri(dropped) });
    await expect.poll(() => updates, { timeout: 15_000, interval: 100 }).toContain(uri(watched));
    const statusOf = async (id: string) => ((await ok(client, "task_get_v1", { task_id: id })).runs as { status: string }[])[0]?.status;
    await expect.poll(() => statusOf(dropped), { timeout: 15_000, interval: 200 }).toBe("succeeded");
    expect(updates).toEqual([uri(watched)]);
  }, 40_000);

  test("errors are structured over stdio too", async () => {
    const e = await fails(client, "task_create_v1", { title: "x", action: { type: "notify", message: "x" }, when: "sometime next week" }, "ambiguous_schedule");
    expect(e.field).toBe("when");
  });

  test("logs go to stderr, and stop when the client closes stdin", async () => {
    expect(stderr).toMatch(/duely serving MCP over stdio, embedded: tasks run only while this client is open/);
    const exited = new Promise<void>((resolve) => (transport.onclose = () => resolve()));
    await client.close();
    await exited;
    expect(stderr).toMatch(/duely stopping/);
  }, 20_000);
});
