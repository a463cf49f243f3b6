import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { staticTokenVerifier } from "../../src/adapters/auth/static-tokens.js";
import type { Engine } from "../../src/app/engine/engine.js";
import { loadConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import type { TaskApi } from "../../src/mcp/server.js";
import { silentLogger } from "../../src/ports/logger.js";
import { openHarness, ScriptedActions } from "../support/engine-harness.js";
import { apiOf, fails, ok, rawPost } from "./support.js";

const TOKEN_A = "token-for-alice-0123456789";
const TOKEN_B = "token-for-bob-0123456789abc";

async function httpClient(url: string, token: string, era: "legacy" | "modern" = "legacy"): Promise<Client> {
  const client = new Client({ name: "duely-e2e-http", version: "0" }, era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

describe("Streamable HTTP with bearer tokens, real clock, engine roles started", () => {
  let dir: string;
  let engine: Engine;
  let server: HttpServerHandle;
  const clients: Client[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-http-"));
    const config = loadConfig({ DUELY_DB: join(dir, "duely.db"), DUELY_TZ: "Asia/Taipei", DUELY_OWNER: "local" });
    engine = await openEngine(
      { ...config, engine: { ...config.engine, poll_interval_ms: 100, look_ahead_ms: 5_000 } },
      { actions: new ScriptedActions(), log: silentLogger },
    );
    engine.start();
    server = await startHttpServer({
      api: apiOf(engine),
      timezone: "Asia/Taipei",
      port: 0,
      auth: { kind: "bearer", verifier: staticTokenVerifier({ [TOKEN_A]: "alice", [TOKEN_B]: "bob" }), issuer: null },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const connectAs = async (token: string, era: "legacy" | "modern" = "legacy") => {
    const c = await httpClient(server.url, token, era);
    clients.push(c);
    return c;
  };

  test("serves on 127.0.0.1 at /mcp", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  test("a once-task 2 seconds ahead runs, and task_get_v1 shows it succeeded", async () => {
    const alice = await connectAs(TOKEN_A);
    const at = new Date(Date.now() + 2_000).toISOString();
    const created = await ok(alice, "task_create_v1", { title: "Tea", action: { type: "notify", message: "Tea is ready" }, schedule: { type: "once", at } });
    const id = (created.task as any).id as string;
    let last: any;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      last = await ok(alice, "task_get_v1", { task_id: id });
      if ((last.runs as any[]).some((r) => r.status === "succeeded")) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(last.runs[0]).toMatchObject({ status: "succeeded", result: "Tea is ready", attempt: 1 });
    expect(last.task).toMatchObject({ status: "completed", last_run: { status: "succeeded" } });
  }, 20_000);

  test("one owner can never see, pause or cancel another's task", async () => {
    const alice = await connectAs(TOKEN_A);
    const bob = await connectAs(TOKEN_B);
    const id = ((await ok(bob, "task_create_v1", { title: "Bob's", action: { type: "notify", message: "hi" }, when: "every day at 9am" })).task as any).id;
    expect(((await ok(alice, "task_list_v1", { status: ["active", "paused", "cancelled", "completed"] })).tasks as any[]).map((t) => t.id)).not.toContain(id);
    for (const tool of ["task_get_v1", "task_pause_v1", "task_resume_v1", "task_cancel_v1"]) {
      const e = await fails(alice, tool, { task_id: id }, "not_found");
      expect(e.field).toBe("task_id");
    }
    await expect(alice.readResource({ uri: `duely://tasks/${id}/runs/latest` })).rejects.toThrow();
    expect((await ok(bob, "task_get_v1", { task_id: id })).task).toMatchObject({ status: "active" });
  });

  test("the owner cannot be passed as an argument", async () => {
    const alice = await connectAs(TOKEN_A);
    const e = await fails(alice, "task_list_v1", { owner: "bob" }, "invalid_argument");
    expect(e.field).toBe("owner");
  });

  test("a 2026-07-28 (modern era) client gets the same tools and structured errors", async () => {
    const alice = await connectAs(TOKEN_A, "modern");
    const { tools } = await alice.listTools();
    expect(tools.map((t) => t.name)).toContain("task_create_v1");
    const created = await ok(alice, "task_create_v1", { title: "Modern", action: { type: "notify", message: "hi" }, when: "every monday at 10am" });
    expect(created.reading).toMatchObject({ timezone: "Asia/Taipei", timezone_source: "server_default" });
    const e = await fails(alice, "task_create_v1", { title: "Modern", action: { type: "notify", message: "hi" } }, "invalid_argument");
    expect(e.field).toBe("when");
  }, 15_000);

  test("without a token: 401 with a bare WWW-Authenticate: Bearer, no error code", async () => {
    const res = await rawPost(server.url, {});
    expect(res.status).toBe(401);
    // RFC 6750 §3.1: no credentials, so no error code in the challenge (static tokens: no metadata either).
    expect(res.headers["www-authenticate"]).toBe("Bearer");
  });

  test("an unknown token: 401 invalid_token", async () => {
    const res = await rawPost(server.url, { authorization: "Bearer not-a-known-token-000000" });
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer .*error="invalid_token"/);
  });

  test("DNS-rebinding protection rejects a foreign Host header", async () => {
    const res = await rawPost(server.url, { host: "evil.example:80", authorization: `Bearer ${TOKEN_A}` });
    expect(res.status).toBe(403);
    const good = await rawPost(server.url, { host: `localhost:${new URL(server.url).port}`, authorization: `Bearer ${TOKEN_A}` });
    expect(good.status).toBe(200);
  });

  test("a foreign browser Origin is rejected on a loopback bind", async () => {
    const res = await rawPost(server.url, { origin: "https://evil.example", authorization: `Bearer ${TOKEN_A}` });
    expect(res.status).toBe(403);
  });

  test("anything but /mcp is 404", async () => {
    const res = await rawPost(server.url.replace(/\/mcp$/, "/other"), { authorization: `Bearer ${TOKEN_A}` });
    expect(res.status).toBe(404);
  });
});

describe("--no-auth", () => {
  test("accepts only its own origin (scheme, host and port) and configured ones: a page on another local port is refused", async () => {
    const harness = await openHarness("2026-03-01T12:00:00Z");
    const configured = "http://localhost:6274";
    const server = await startHttpServer({
      api: apiOf(harness.engine),
      timezone: "UTC",
      port: 0,
      auth: { kind: "none", owner: "me" },
      allowedOrigins: [configured],
    });
    const port = Number(new URL(server.url).port);
    // What a page's fetch sends: a task_create that would act as the owner if let through.
    const create = (origin: string) =>
      fetch(server.url, {
        method: "POST",
        headers: { origin, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "task_create_v1", arguments: { title: `from ${origin}`, action: { type: "notify", message: "x" }, when: "every day at 9am" } },
        }),
      });
    try {
      for (const foreign of [`http://127.0.0.1:${port + 1}`, `http://localhost:${port + 1}`, `https://127.0.0.1:${port}`, "http://localhost:6275", "null"]) {
        const res = await create(foreign);
        expect(res.status, foreign).toBe(403);
        expect(await res.text()).toMatch(/Invalid Origin/);
      }
      expect((await harness.engine.jobs.list("me", { limit: 10 })).items).toHaveLength(0);
      for (const own of [server.origin, `http://localhost:${port}`, configured]) expect((await create(own)).status, own).toBe(200);
      expect((await harness.engine.jobs.list("me", { limit: 10 })).items).toHaveLength(3);
    } finally {
      await server.close();
      await harness.close();
    }
  });

  test("is refused on a non-loopback host", async () => {
    await expect(startHttpServer({ api: {} as TaskApi, timezone: "UTC", host: "0.0.0.0", port: 0, auth: { kind: "none", owner: "me" } })).rejects.toThrow(
      /loopback/,
    );
  });

  test("on loopback, serves the one configured owner without a token", async () => {
    const harness = await openHarness("2026-03-01T12:00:00Z");
    const server = await startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: { kind: "none", owner: "me" } });
    const client = new Client({ name: "duely-e2e-noauth", version: "0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const id = ((await ok(client, "task_create_v1", { title: "Mine", action: { type: "notify", message: "x" }, when: "every day at 9am" })).task as any).id;
      expect((await harness.engine.jobs.get("me", id)).job.owner).toBe("me");
    } finally {
      await client.close();
      await server.close();
      await harness.close();
    }
  });
});
