import type { AuthInfo } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { staticTokenVerifier } from "../../src/adapters/auth/static-tokens.js";
import { bearerGate, OWNER_KEY } from "../../src/mcp/bearer-gate.js";
import type { TokenVerifier, VerifiedToken } from "../../src/ports/token-verifier.js";

// The resource-server side of /mcp (src/mcp/bearer-gate.ts), on its own: what a client without
// a token, with a bad one, with a good one, or with too few scopes is answered, with and without
// an authorization server to point at. test/e2e/http*.test.ts show the same over real HTTP.

const resourceUrl = new URL("https://duely.example.com/mcp");
const issuer = "https://auth.example.com";
const statics = staticTokenVerifier({ "alice-token": "alice" });

/** A verifier whose one good token is `token` (the OAuth verifiers' answers, without a signing key to set up). */
const oneToken = (token: Partial<VerifiedToken>): TokenVerifier => ({
  verify: async (t) =>
    t === "good"
      ? { ok: true, token: { owner: "bob", scopes: ["tasks:read"], clientId: "client-1", expiresAt: null, ...token } }
      : { ok: false, refusal: "expired", message: "The token expired." },
});

const isResponse = (r: AuthInfo | Response): r is Response => r instanceof Response;
async function refused(r: AuthInfo | Response) {
  if (!isResponse(r)) throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
  return { status: r.status, challenge: r.headers.get("WWW-Authenticate"), body: (await r.json()) as Record<string, unknown> };
}

describe("bearerGate with an authorization server (OAuth)", () => {
  // Built inside each test: what bearerGate works out when called then counts as that test's.
  const open = () => bearerGate({ verifier: statics, resourceUrl, issuer });
  const metadataUrl = "https://duely.example.com/.well-known/oauth-protected-resource/mcp";

  it("serves the RFC 9728 metadata at the path-aware address and the root", () => {
    const gate = open();
    expect(gate.metadata).toMatchObject({
      resource: "https://duely.example.com/mcp",
      authorization_servers: [issuer],
      scopes_supported: ["tasks:read", "tasks:write"],
      resource_name: "duely",
    });
    expect(gate.metadataPaths).toEqual(["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]);
  });

  it("answers a request without credentials 401, pointing at the metadata, with no error code", async () => {
    const gate = open();
    const r = await refused(await gate.authenticate(undefined));
    expect(r).toEqual({
      status: 401,
      challenge: `Bearer resource_metadata="${metadataUrl}"`,
      body: { error_description: "This endpoint needs Authorization: Bearer <token>." },
    });
    expect((await refused(await gate.authenticate(""))).challenge).toBe(`Bearer resource_metadata="${metadataUrl}"`);
  });

  it("answers a bad token 401 invalid_token, with the verifier's reason and the metadata", async () => {
    const gate = open();
    const r = await refused(await gate.authenticate("Bearer nobody-token"));
    expect(r.status).toBe(401);
    expect(r.challenge).toContain('error="invalid_token"');
    expect(r.challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(r.body).toMatchObject({ error: "invalid_token", error_description: "Unknown bearer token." });
  });

  it("lets a good token through as its owner, with its scopes, a static one never expiring", async () => {
    const gate = open();
    const auth = await gate.authenticate("Bearer alice-token");
    expect(auth).toEqual({
      token: "alice-token",
      clientId: "static-token",
      scopes: ["tasks:read", "tasks:write"],
      expiresAt: Number.MAX_SAFE_INTEGER,
      extra: { [OWNER_KEY]: "alice" },
      resourceMetadataUrl: metadataUrl,
    });
  });

  it("refuses a token lacking a scope 403 insufficient_scope, naming it; lets one holding it through", async () => {
    const gate = open();
    const auth = (await gate.authenticate("Bearer alice-token")) as AuthInfo;
    expect(gate.refuseScopes(auth, ["tasks:write"])).toBeNull();
    expect(gate.refuseScopes(auth, [])).toBeNull();
    const readOnly = { ...auth, scopes: ["tasks:read"] };
    expect(gate.refuseScopes(readOnly, ["tasks:read"])).toBeNull();
    const r = await refused(gate.refuseScopes(readOnly, ["tasks:read", "tasks:write"]) as Response);
    expect(r.status).toBe(403);
    expect(r.challenge).toContain('error="insufficient_scope"');
    expect(r.challenge).toContain('scope="tasks:read tasks:write"');
    expect(r.challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(r.body).toMatchObject({ error: "insufficient_scope", error_description: "This request needs the scopes: tasks:read tasks:write" });
  });
});

describe("bearerGate without an authorization server (static tokens only)", () => {
  const open = () => bearerGate({ verifier: statics, resourceUrl, issuer: null });

  it("serves no metadata and points at none", async () => {
    const gate = open();
    expect(gate.metadata).toBeNull();
    expect(gate.metadataPaths).toEqual([]);
    expect(await refused(await gate.authenticate(undefined))).toMatchObject({ status: 401, challenge: "Bearer" });
    const bad = await refused(await gate.authenticate("Bearer nobody-token"));
    expect(bad.challenge).toContain('error="invalid_token"');
    expect(bad.challenge).not.toContain("resource_metadata");
    const scope = await refused(gate.refuseScopes({ token: "t", clientId: "c", scopes: [] }, ["tasks:read"]) as Response);
    expect(scope.status).toBe(403);
    expect(scope.challenge).not.toContain("resource_metadata");
  });
});

describe("bearerGate: the token's own terms", () => {
  it("tasks:write brings tasks:read", async () => {
    const gate = bearerGate({ verifier: oneToken({ scopes: ["tasks:write"] }), resourceUrl, issuer: null });
    expect(await gate.authenticate("Bearer good")).toMatchObject({
      clientId: "client-1",
      scopes: ["tasks:write", "tasks:read"],
      extra: { [OWNER_KEY]: "bob" },
    });
  });

  it("an expiring token carries its expiry in seconds, and is refused once past it", async () => {
    const soon = Date.now() + 60_000;
    const gate = bearerGate({ verifier: oneToken({ expiresAt: soon }), resourceUrl, issuer: null });
    expect(await gate.authenticate("Bearer good")).toMatchObject({ expiresAt: Math.floor(soon / 1000) });
    const past = bearerGate({ verifier: oneToken({ expiresAt: Date.now() - 60_000 }), resourceUrl, issuer: null });
    const r = await refused(await past.authenticate("Bearer good"));
    expect(r.status).toBe(401);
    expect(r.challenge).toContain('error="invalid_token"');
  });

  it("a refused token's message is the verifier's", async () => {
    const gate = bearerGate({ verifier: oneToken({}), resourceUrl, issuer: null });
    expect((await refused(await gate.authenticate("Bearer other"))).body).toMatchObject({ error_description: "The token expired." });
  });
});
