import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listClients, removeClient } from "../../../src/adapters/auth/clients.js";
import type { Config } from "../../../src/config.js";
import { CALLBACK, refresh, registerClient, signInByForm } from "./form-sign-in.js";
import { type OAuthServer, rawMcp, recordingLogger, SERVER_TIMEOUT_MS, startOAuthServer } from "./support.js";

const TIMEOUT_MS = 60_000;
const HOUR = 3_600_000;
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

const limited =
  (maxClients: number) =>
  (c: Config): Config => {
    if (c.auth.kind !== "builtin") throw new Error("expected the built-in server");
    return { ...c, auth: { ...c.auth, registration: { ...c.auth.registration, max_clients: maxClients, unused_client_ttl_ms: 2 * HOUR } } };
  };

describe("dynamic client registration, bounded", { timeout: TIMEOUT_MS }, () => {
  let srv: OAuthServer;
  const logged = recordingLogger();
  beforeAll(async () => {
    srv = await startOAuthServer({ trustedProxies: ["127.0.0.1"], log: logged.log, configure: limited(40) });
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  }, SERVER_TIMEOUT_MS);

  const register = (metadata: Record<string, unknown>) => registerClient(srv.issuer, metadata, { "x-forwarded-for": freshAddress() });

  it.each([
    [
      "a web client's http redirect URI off loopback",
      { application_type: "web", redirect_uris: ["http://evil.example/cb"] },
      "invalid_redirect_uri",
      "http redirect URIs must be on a loopback host",
    ],
    [
      "a native client's http redirect URI off loopback",
      { redirect_uris: ["http://evil.example/cb"] },
      "invalid_redirect_uri",
      "http redirect URIs must be on a loopback host",
    ],
    [
      "eleven redirect URIs",
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
      "invalid_redirect_uri",
      "more than 10 redirect_uris",
    ],
    [
      "50 KB of metadata",
      { client_name: "x".repeat(150), logo_uri: `https://a.example/${"x".repeat(50_000)}` },
      "invalid_client_metadata",
      "client metadata is larger than 16384",
    ],
    ["a 300-character client name", { client_name: "n".repeat(300) }, "invalid_client_metadata", "client_name is longer than 200"],
  ])("refuses %s with 400, storing nothing", async (_what, metadata, error, message) => {
    const before = (await listClients(srv.store)).length;
    const r = await register(metadata);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ error, error_description: expect.stringContaining(message) });
    expect((await listClients(srv.store)).length).toBe(before);
  });

  it.each([
    ["https", { application_type: "web", redirect_uris: ["https://chatgpt.com/connector_platform_oauth_redirect"] }],
    ["http on 127.0.0.1", { redirect_uris: [CALLBACK] }],
    ["http on localhost", { redirect_uris: ["http://localhost:6274/oauth/callback"] }],
    ["an app's own scheme", { redirect_uris: ["cursor://anysphere.cursor-retrieval/oauth/user-duely/callback"] }],
  ])("accepts a redirect URI over %s", async (_what, metadata) => {
    expect((await register(metadata)).status).toBe(201);
  });

  it("limits registrations per client address (429 with Retry-After), not other addresses", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await registerClient(srv.issuer, {}, { "x-forwarded-for": address })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const refused = await registerClient(srv.issuer, {}, { "x-forwarded-for": address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.json).toMatchObject({ error: "temporarily_unavailable" });
    expect((await register({})).status).toBe(201);
    expect(logged.find("client registration refused").at(-1)!.data).toMatchObject({ address });
    expect(logged.find("client registered").length).toBeGreaterThan(10);
  });

  it("expires a client nobody used, keeps one that gets tokens as long as its refresh tokens", async () => {
    const unused = (await register({ client_name: "never used" })).clientId;
    const used = (await register({ client_name: "used" })).clientId;
    const t0 = Date.now();
    const expiry = async (id: string) => (await listClients(srv.store)).find((c) => c.id === id)!.expiresAt!;
    expect(Math.abs((await expiry(unused)) - (t0 + 2 * HOUR))).toBeLessThan(60_000);
    const tokens = await signInByForm(srv.issuer, used, { forwardedFor: freshAddress() });
    expect((await refresh(srv.issuer, used, tokens.refreshToken)).status).toBe(200);
    // The refresh token's life (30 days by default), written after the token request.
    await expect.poll(() => expiry(used)).toBeGreaterThan(t0 + 29 * 24 * HOUR);
    expect(Math.abs((await expiry(unused)) - (t0 + 2 * HOUR))).toBeLessThan(60_000);
  });

  it("lists clients with their grants, and removing one cuts its tokens and drops it", async () => {
    const id = (await register({ client_name: "to remove" })).clientId;
    const tokens = await signInByForm(srv.issuer, id, { forwardedFor: freshAddress() });
    expect((await listClients(srv.store)).find((c) => c.id === id)).toMatchObject({ name: "to remove", redirectUris: [CALLBACK], grants: 1 });
    expect(await removeClient(srv.store, id)).toBe(1);
    expect((await rawMcp(`${srv.issuer}/mcp`, tokens.accessToken)).status).toBe(401);
    expect((await refresh(srv.issuer, id, tokens.refreshToken)).status).toBe(401);
    expect((await listClients(srv.store)).find((c) => c.id === id)).toBeUndefined();
    expect(await removeClient(srv.store, id)).toBeNull();
  });

  it("refuses registrations once the store holds the maximum of clients (503)", async () => {
    let last = 0;
    for (let i = 0; i < 60 && last !== 503; i++) last = (await register({})).status;
    expect(last).toBe(503);
    expect((await listClients(srv.store)).length).toBe(40);
  });
});
