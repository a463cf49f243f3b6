import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config.js";
import { httpAuthFor } from "../../../src/main.js";
import { type HttpServerHandle, startHttpServer } from "../../../src/mcp/http.js";
import { silentLogger } from "../../../src/ports/logger.js";
import { openHarness } from "../../support/engine-harness.js";
import { apiOf } from "../support.js";
import { SERVER_TIMEOUT_MS } from "./support.js";

const PUBLIC = "https://duely.example.com";

/** A request as the TLS proxy forwards it: plain http on loopback, the public Host, X-Forwarded-Proto. */
function viaProxy(
  port: number,
  path: string,
  method = "GET",
  extra: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: { host: "duely.example.com", "x-forwarded-proto": "https", "content-type": "application/json", ...extra },
      },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

describe("behind a TLS-terminating proxy (http.public_url)", { timeout: SERVER_TIMEOUT_MS }, () => {
  let harness: Awaited<ReturnType<typeof openHarness>>;
  let server: HttpServerHandle;
  let port: number;

  beforeAll(async () => {
    harness = await openHarness("2026-03-02T00:00:00Z");
    const env = { DUELY_DB: join(harness.dir, "duely.db"), DUELY_TZ: "UTC" };
    const config = resolveConfig({ http: { public_url: PUBLIC } }, env);
    server = await startHttpServer({
      api: apiOf(harness.engine),
      timezone: "UTC",
      port: 0,
      publicUrl: PUBLIC,
      auth: httpAuthFor(config, { env, log: silentLogger }),
    });
    port = Number(new URL(server.url).port);
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await harness?.close();
  }, SERVER_TIMEOUT_MS);

  it("is the issuer and the resource at its public origin, with https endpoints and Secure cookies", async () => {
    expect(server.origin).toBe(PUBLIC);
    const prm = JSON.parse((await viaProxy(port, "/.well-known/oauth-protected-resource/mcp")).body) as Record<string, unknown>;
    expect(prm).toMatchObject({ resource: `${PUBLIC}/mcp`, authorization_servers: [PUBLIC] });
    const meta = JSON.parse((await viaProxy(port, "/.well-known/oauth-authorization-server")).body) as Record<string, string>;
    expect(meta).toMatchObject({ issuer: PUBLIC, token_endpoint: `${PUBLIC}/oauth/token`, authorization_endpoint: `${PUBLIC}/oauth/authorize` });

    const q = new URLSearchParams({
      client_id: "x",
      response_type: "code",
      redirect_uri: "https://client.example/cb",
      code_challenge: "a".repeat(43),
      code_challenge_method: "S256",
    });
    const reg = await fetch(`http://127.0.0.1:${port}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["https://client.example/cb"], token_endpoint_auth_method: "none" }),
    });
    expect(reg.status).toBe(201);
    q.set("client_id", ((await reg.json()) as { client_id: string }).client_id);
    const authorize = await viaProxy(port, `/oauth/authorize?${q}`);
    expect(authorize.status).toBe(303);
    const cookies = authorize.headers["set-cookie"] as string[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*secure/i);
  });

  it("challenges with the public metadata URL", async () => {
    const r = await viaProxy(port, "/mcp", "POST");
    expect(r.status).toBe(401);
    expect(r.headers["www-authenticate"]).toContain(`resource_metadata="${PUBLIC}/.well-known/oauth-protected-resource/mcp"`);
  });

  it("publishes its endpoints on the public origin whatever X-Forwarded-Host or X-Forwarded-Proto say, and lets caches keep them", async () => {
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http", forwarded: "host=evil.example;proto=http" };
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]) {
      const r = await viaProxy(port, path, "GET", forged);
      expect(r.status).toBe(200);
      const meta = JSON.parse(r.body) as Record<string, unknown>;
      const urls = Object.entries(meta).filter(([, v]) => typeof v === "string" && /^https?:\/\//.test(v));
      expect(urls.length).toBeGreaterThan(4);
      for (const [key, url] of urls) expect(`${key}: ${String(url)}`).toMatch(new RegExp(`^${key}: ${PUBLIC}(/|$)`));
      expect(r.headers["cache-control"]).toBe("public, max-age=3600");
    }
    expect((await viaProxy(port, "/oauth/jwks", "GET", forged)).headers["cache-control"]).toBe("public, max-age=300");
    const prm = await viaProxy(port, "/.well-known/oauth-protected-resource/mcp", "GET", forged);
    expect(JSON.parse(prm.body)).toMatchObject({ resource: `${PUBLIC}/mcp`, authorization_servers: [PUBLIC] });
    expect(prm.headers["cache-control"]).toBe("public, max-age=3600");
  });
});
