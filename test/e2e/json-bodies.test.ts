import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localAuth } from "../../src/cli/service.js";
import { loadConfig } from "../../src/config.js";
import { type HttpServerHandle, startHttpServer } from "../../src/mcp/http.js";
import { parseJsonBody } from "../../src/mcp/json-body.js";
import { openHarness } from "../support/engine-harness.js";
import { apiOf } from "./support.js";

const SECRET = "5".repeat(64);

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { host: u.host, ...headers } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const rpc = (params: unknown) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params });
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };

describe("request bodies that are not JSON, or nest too deep, get 400", () => {
  let harness: Awaited<ReturnType<typeof openHarness>>;
  let server: HttpServerHandle;
  let local: HttpServerHandle;

  beforeAll(async () => {
    harness = await openHarness("2026-03-06T12:00:00Z");
    server = await startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: { kind: "none", owner: "me" } });
    const config = loadConfig({ DUELY_OWNER: "me", DUELY_DB: harness.path, DUELY_TZ: "UTC", DUELY_CONFIG: "" });
    local = await startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: localAuth(SECRET, config, () => Date.now()) });
  });
  afterAll(async () => {
    await server?.close();
    await local?.close();
    await harness?.close();
  });

  it("on /mcp: a 200,000-deep array, a body nested 65 deep, and malformed JSON; 64 deep still parses", async () => {
    for (const body of [deep(200_000), rpc(JSON.parse(deep(64))), '{"jsonrpc": "2.0", ']) {
      const r = await post(server.url, MCP_HEADERS, body);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    }
    expect(JSON.parse((await post(server.url, MCP_HEADERS, deep(200_000))).text).error.message).toBe("Parse error: nested deeper than 64 levels");
    expect((await post(server.url, MCP_HEADERS, rpc({}))).status).toBe(200);
    expect(parseJsonBody(deep(64))).toEqual({ ok: true, value: JSON.parse(deep(64)) });
  });

  it("on /dashboard/session: a deep or malformed body is a 400 naming the problem, not an expired ticket", async () => {
    const url = `${local.origin}/dashboard/session`;
    const headers = { origin: local.origin, "content-type": "application/json" };
    const tooDeep = await post(url, headers, deep(1_000));
    expect(tooDeep.status).toBe(400);
    expect(JSON.parse(tooDeep.text)).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("nested deeper than 64 levels") });
    expect((await post(url, headers, "{ticket:")).status).toBe(400);
    expect((await post(url, headers, JSON.stringify({ ticket: "no-such-ticket" }))).status).toBe(401);
  });

  it("counts only brackets outside strings", () => {
    expect(parseJsonBody(JSON.stringify({ s: "[".repeat(500), t: 'a\\"[[' }))).toMatchObject({ ok: true });
  });
});
