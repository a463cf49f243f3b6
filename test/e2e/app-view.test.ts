import { Client, type ClientOptions, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { ActionFailure } from "../../src/ports/action.js";
import { BUILD_TIMEOUT_MS, ensureBuilt } from "../support/service.js";
import { apiOf, fails, ok, openInMemory, TZ } from "./support.js";

const UI = "io.modelcontextprotocol/ui";
const MIME = "text/html;profile=mcp-app";
const VIEW = "ui://duely/tasks";
const RENDERS_APPS: ClientOptions = { capabilities: { extensions: { [UI]: { mimeTypes: [MIME] } } } };
const MODERN: ClientOptions = { versionNegotiation: { mode: { pin: "2026-07-28" } } };

type Listed = Awaited<ReturnType<Client["listTools"]>>["tools"];
const linked = (tools: Listed) => tools.filter((t) => (t._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri === VIEW).map((t) => t.name);

describe("the MCP App view: linked for hosts that render apps, the results unchanged", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  let http: HttpServerHandle;
  const clients: Client[] = [];

  const inMemory = async (opts: ClientOptions = {}) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ api: apiOf(env.harness.engine), owner: "ann", timezone: TZ }).connect(serverSide);
    const client = new Client({ name: "duely-e2e-apps", version: "0" }, opts);
    await client.connect(clientSide);
    clients.push(client);
    return client;
  };
  const overHttp = async (opts: ClientOptions = {}) => {
    const client = new Client({ name: "duely-e2e-apps-http", version: "0" }, opts);
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    ensureBuilt();
    env = await openInMemory();
    http = await startHttpServer({ api: apiOf(env.harness.engine), timezone: TZ, port: 0, auth: { kind: "none", owner: "ann" } });
    await ok(await inMemory(), "task_create_v1", { title: "Digest", action: { type: "notify", message: "hi" }, when: "every day at 8am" });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await http.close();
    await env.close();
  });

  test("a client that declares the extension gets task_list_v1 and task_get_v1 linked to ui://duely/tasks, and only those", async () => {
    const { tools } = await (await inMemory(RENDERS_APPS)).listTools();
    expect(linked(tools)).toEqual(["task_list_v1", "task_get_v1"]);
    expect(tools.find((t) => t.name === "task_get_v1")?._meta).toEqual({ ui: { resourceUri: VIEW }, "ui/resourceUri": VIEW });
  });

  test("a client that declares no extension, or another MIME type, gets the listing without _meta", async () => {
    expect(linked((await (await inMemory()).listTools()).tools)).toEqual([]);
    const other = await inMemory({ capabilities: { extensions: { [UI]: { mimeTypes: ["text/uri-list"] } } } });
    expect((await other.listTools()).tools.every((t) => t._meta === undefined)).toBe(true);
  });

  test("tool results are the same with and without the extension", async () => {
    const [withUi, without] = [await inMemory(RENDERS_APPS), await inMemory()];
    const list = await withUi.callTool({ name: "task_list_v1", arguments: {} });
    expect(list).toEqual(await without.callTool({ name: "task_list_v1", arguments: {} }));
    const id = (list.structuredContent as { tasks: { id: string }[] }).tasks[0]!.id;
    expect(await withUi.callTool({ name: "task_get_v1", arguments: { task_id: id } })).toEqual(
      await without.callTool({ name: "task_get_v1", arguments: { task_id: id } }),
    );
  });

  test("the view is one HTML file, served as an MCP App with a CSP that admits no other origin", async () => {
    const client = await inMemory(RENDERS_APPS);
    const { resources } = await client.listResources();
    expect(resources[0]).toMatchObject({ uri: VIEW, mimeType: MIME });
    const { contents } = await client.readResource({ uri: VIEW });
    expect(contents).toHaveLength(1);
    const page = contents[0] as { mimeType: string; text: string; _meta: unknown };
    expect(page.mimeType).toBe(MIME);
    expect(page._meta).toEqual({ ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } });
    expect(page.text).toMatch(/^<!doctype html>/i);
    expect(page.text).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*\shref=/i);
    // A client without the extension may still read it (hosts may fetch before they list), but is not told of it.
    const plain = await inMemory();
    expect((await plain.readResource({ uri: VIEW })).contents[0]).toMatchObject({ mimeType: MIME });
    expect((await plain.listResources()).resources.map((r) => r.uri)).not.toContain(VIEW);
  });

  test("over HTTP a 2026-07-28 client is told of the view only if it declares the extension", async () => {
    expect(linked((await (await overHttp({ ...MODERN, ...RENDERS_APPS })).listTools()).tools)).toEqual(["task_list_v1", "task_get_v1"]);
    expect(linked((await (await overHttp(MODERN)).listTools()).tools)).toEqual([]);
  });

  test("over HTTP a 2025-era client, whose capabilities a stateless server cannot see, is told of the view either way", async () => {
    expect(linked((await (await overHttp(RENDERS_APPS)).listTools()).tools)).toEqual(["task_list_v1", "task_get_v1"]);
    expect(linked((await (await overHttp()).listTools()).tools)).toEqual(["task_list_v1", "task_get_v1"]);
  });
});

describe("what the view reads: skips and failures in the list, runs page by page, late starts", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  let client: Client;
  const MINUTE = 60_000;
  const cron = (title: string, message: string, expr = "* * * * *") => ({
    title,
    action: { type: "notify", message },
    schedule: { type: "cron", cron: expr, timezone: "UTC" },
    retry: { max_attempts: 1 },
  });
  const task = async (id: string) =>
    ((await ok(client, "task_list_v1", {})).tasks as { id: string; failing?: unknown; skipped?: unknown }[]).find((t) => t.id === id)!;
  /** The clock moves by `ms`, then the engine takes one step, as a service back after that long. */
  const stepAfter = async (ms: number) => {
    env.harness.clock.advance(ms);
    await env.harness.engine.step();
  };

  beforeAll(async () => {
    env = await openInMemory();
    client = await env.clientFor("ann");
    env.harness.actions.behaviour = (action) => {
      if (action.type === "notify" && action.message.startsWith("fail")) throw new ActionFailure(`refused: ${action.message}`, { permanent: true });
      return { text: action.type === "notify" ? action.message : "" };
    };
  });
  afterAll(() => env.close());

  test("task_list_v1 marks a task failing from its newest run that ran, through skipped and running ones, until one succeeds", async () => {
    const id = ((await ok(client, "task_create_v1", cron("Sync", "fail sync"))).task as { id: string }).id;
    await env.harness.runFor(3 * MINUTE, MINUTE);
    expect((await task(id)).failing).toEqual({
      reason: "refused: fail sync",
      last_failed: { local: "2026-03-02T00:03:00Z", utc: "2026-03-02T00:03:00Z" },
      in_a_row: 3,
    });
    // Two occurrences skipped while paused say nothing of how it does: still failing, 3 in a row.
    await ok(client, "task_pause_v1", { task_id: id });
    await env.harness.runFor(2 * MINUTE, MINUTE);
    await ok(client, "task_resume_v1", { task_id: id });
    expect((await task(id)).failing).toMatchObject({ in_a_row: 3 });
    await ok(client, "task_update_v1", { task_id: id, action: { type: "notify", message: "synced" } });
    await env.harness.runFor(MINUTE, MINUTE);
    expect((await task(id)).failing).toBeUndefined();
    expect((await ok(client, "task_get_v1", { task_id: id })).task).not.toHaveProperty("failing");
    await ok(client, "task_cancel_v1", { task_id: id });
  });

  test("task_list_v1 carries the occurrences skipped with task_skip_v1, as task_get_v1 does", async () => {
    const id = ((await ok(client, "task_create_v1", cron("Daily", "daily", "0 9 * * *"))).task as { id: string }).id;
    const skipped = (await ok(client, "task_skip_v1", { task_id: id })).skipped;
    expect(skipped).toHaveLength(1);
    expect((await task(id)).skipped).toEqual(skipped);
    expect(((await ok(client, "task_get_v1", { task_id: id })).task as { skipped: unknown }).skipped).toEqual(skipped);
    await ok(client, "task_cancel_v1", { task_id: id });
  });

  test("task_get_v1 gives every run once, newest first, a page at a time with cursor, and refuses a cursor it did not give", async () => {
    const id = ((await ok(client, "task_create_v1", cron("Tick", "tick"))).task as { id: string }).id;
    await env.harness.runFor(25 * MINUTE, MINUTE);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await ok(client, "task_get_v1", { task_id: id, runs: 7, ...(cursor && { cursor }) });
      seen.push(...(page.runs as { scheduled_for: { utc: string } }[]).map((r) => r.scheduled_for.utc));
      cursor = page.next_cursor as string | undefined;
      pages++;
    } while (cursor && pages < 10);
    const stored = (await env.harness.store.listJobRuns(id, { limit: 100 })).items.map((r) => new Date(r.scheduled_at).toISOString().replace(".000Z", "Z"));
    expect(stored.length).toBe(26);
    expect(seen).toEqual(stored);
    expect(pages).toBe(4);
    expect((await fails(client, "task_get_v1", { task_id: id, cursor: "not-a-cursor" }, "invalid_argument")).field).toBe("cursor");
    await ok(client, "task_cancel_v1", { task_id: id });
  });

  test("a run that first started a minute or more after its time says late_by; one 59 seconds late does not", async () => {
    const id = ((await ok(client, "task_create_v1", cron("Hourly", "hourly", "0 * * * *"))).task as { id: string }).id;
    const top = Math.ceil((env.harness.clock.now() + 1) / 3_600_000) * 3_600_000;
    // Steps at hh:00:59, then (hh+1):01:00, then (hh+2):15:00, after downtime.
    await stepAfter(top - env.harness.clock.now() + 59_000);
    await stepAfter(60 * MINUTE + 1_000);
    await stepAfter(74 * MINUTE);
    const runs = (await ok(client, "task_get_v1", { task_id: id })).runs as { status: string; late_by?: string; started_at?: string }[];
    expect(runs.filter((r) => r.status === "succeeded").map((r) => r.late_by ?? null)).toEqual(["15 min", "1 min", null]);
    await ok(client, "task_cancel_v1", { task_id: id });
  });
});
