import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, resolveConfig } from "../../../src/config.js";
import { httpAuthFor } from "../../../src/main.js";
import { type HttpServerHandle, startHttpServer } from "../../../src/mcp/http.js";
import { silentLogger } from "../../../src/ports/logger.js";
import { openHarness } from "../../support/engine-harness.js";
import { apiOf, ok } from "../support.js";
import { rawMcp, SERVER_TIMEOUT_MS } from "./support.js";

/** An identity provider on loopback: its OpenID discovery document and its JWKS, nothing else. */
async function startIdentityProvider() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "idp-key-1", alg: "RS256", use: "sig" };
  let issuer = "";
  const server: Server = createServer((req, res) => {
    const docs: Record<string, unknown> = {
      "/tenant/.well-known/openid-configuration": { issuer, jwks_uri: `${issuer}/keys`, authorization_endpoint: `${issuer}/authorize` },
      "/tenant/keys": { keys: [jwk] },
    };
    const doc = docs[req.url ?? ""];
    res.writeHead(doc ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(doc ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tenant`;
  const mint = (claims: Record<string, unknown>, key = privateKey) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: issuer, iat: now, exp: now + 300, scope: "tasks:read tasks:write", azp: "chat-app", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "idp-key-1" })
      .sign(key);
  };
  return {
    get issuer() {
      return issuer;
    },
    mint,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("an external identity provider's JWT access tokens, checked against its JWKS on loopback", { timeout: SERVER_TIMEOUT_MS }, () => {
  let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
  let harness: Awaited<ReturnType<typeof openHarness>>;
  let server: HttpServerHandle;
  const AUDIENCE = "https://duely.example.com/api";

  beforeAll(async () => {
    idp = await startIdentityProvider();
    harness = await openHarness("2026-03-02T00:00:00Z");
    const config = resolveConfig({ auth: { kind: "external", issuer: idp.issuer, audience: AUDIENCE, owner_claim: "email" } }, { DUELY_TZ: "UTC" });
    server = await startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: httpAuthFor(config, { env: {}, log: silentLogger }) });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await harness?.close();
    await idp?.close();
  }, SERVER_TIMEOUT_MS);

  it("names the provider as the authorization server in the resource metadata", async () => {
    const prm = (await (await fetch(`${server.origin}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(prm).toMatchObject({ resource: `${server.origin}/mcp`, authorization_servers: [idp.issuer] });
    const challenge = (await rawMcp(server.url, undefined)).challenge;
    expect(challenge).toContain(`resource_metadata="${server.origin}/.well-known/oauth-protected-resource/mcp"`);
  });

  it("maps the configured claim to the owner: tasks created belong to that owner", async () => {
    const token = await idp.mint({ sub: "auth0|123", email: "ann@example.com", aud: AUDIENCE });
    const client = new Client({ name: "external", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const created = await ok(client, "task_create_v1", { title: "Idp", action: { type: "notify", message: "x" }, when: "every day at 9am" });
    const id = (created.task as { id: string }).id;
    expect((await harness.engine.jobs.get("ann@example.com", id)).job.owner).toBe("ann@example.com");
    await client.close();
  });

  it.each([
    ["another audience", { email: "ann@example.com", aud: "https://other.example" }, "token aud invalid: not issued for this server"],
    ["no owner claim", { sub: "x", aud: AUDIENCE }, "token has no email claim naming the owner"],
    ["another issuer", { email: "ann@example.com", aud: AUDIENCE, iss: "https://evil.example/" }, "token iss invalid"],
    ["an expired token", { email: "ann@example.com", aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) - 60 }, "token expired"],
  ])("refuses %s with 401", async (_what, claims, why) => {
    const r = await rawMcp(server.url, await idp.mint(claims));
    expect(r.status).toBe(401);
    expect(r.challenge).toContain(`error_description="${why}"`);
  });

  it("refuses a token signed by another key under the provider's kid", async () => {
    const other = (await generateKeyPair("RS256")).privateKey;
    const r = await rawMcp(server.url, await idp.mint({ email: "ann@example.com", aud: AUDIENCE }, other));
    expect(r.status).toBe(401);
    expect(r.challenge).toContain('error_description="bad signature"');
  });

  it("refuses to start when the provider's metadata names another issuer", async () => {
    const config = loadConfig({ DUELY_TZ: "UTC" });
    const wrong = { ...config, auth: { kind: "external" as const, issuer: `${idp.issuer}/other`, owner_claim: "sub" } };
    await expect(
      startHttpServer({ api: apiOf(harness.engine), timezone: "UTC", port: 0, auth: httpAuthFor(wrong, { env: {}, log: silentLogger }) }),
    ).rejects.toThrow(/cannot find the JWKS of .*\/tenant\/other \(set auth\.jwks_uri\)/);
  });
});
