import { Client, type ClientOptions, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { BUILD_TIMEOUT_MS, ensureBuilt } from "../support/service.js";
import { apiOf, ok, openInMemory, TZ } from "./support.js";

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
