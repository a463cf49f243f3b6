import { createHash, randomBytes } from "node:crypto";
import { Client, InsufficientScopeError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../support.js";
import {
  authorizeInBrowser,
  BROWSER_TIMEOUT_MS,
  browserSkipReason,
  type Callback,
  launchBrowser,
  MemoryOAuthClient,
  type OAuthServer,
  OWNER,
  postForm,
  rawMcp,
  startCallback,
  startCimdHost,
  startOAuthServer,
} from "./support.js";

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

describe.skipIf(browserSkipReason)(`OAuth refusals${browserSkipReason ? ` (skipped: ${browserSkipReason})` : ""}`, { timeout: BROWSER_TIMEOUT_MS }, () => {
  let srv: OAuthServer;
  let callback: Callback;
  let cimd: Awaited<ReturnType<typeof startCimdHost>>;
  let browser: Browser;
  let page: Page;
  let clientId: string;

  beforeAll(async () => {
    callback = await startCallback();
    cimd = await startCimdHost((origin) => ({
      "/liar.json": { client_id: `${origin}/someone-else.json`, client_name: "liar", redirect_uris: [callback.url], token_endpoint_auth_method: "none" },
      "/secret.json": { client_id: `${origin}/secret.json`, client_name: "x", redirect_uris: [callback.url], token_endpoint_auth_method: "client_secret_post" },
    }));
    srv = await startOAuthServer({ fetch: cimd.asFetch });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    clientId = await register("by hand");
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await cimd?.close();
    await callback?.close();
  }, BROWSER_TIMEOUT_MS);

  const authorizeUrl = (over: Record<string, string | undefined> = {}) => {
    const u = new URL(`${srv.issuer}/oauth/authorize`);
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: callback.url,
      scope: "tasks:read tasks:write",
      resource: srv.resource,
      state: "s",
      ...over,
    };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    return u;
  };
  async function register(name: string): Promise<string> {
    const reg = await fetch(`${srv.issuer}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: name, redirect_uris: [callback.url], token_endpoint_auth_method: "none", application_type: "native" }),
    });
    return ((await reg.json()) as { client_id: string }).client_id;
  }
  /** An authorization code (for the hand-registered client unless another is named), and its verifier. */
  async function code(scopes?: string[], client = clientId) {
    const p = pkce();
    const url = authorizeUrl({ client_id: client, code_challenge: p.challenge, code_challenge_method: "S256" });
    const outcome = await authorizeInBrowser(page, url, callback, scopes ? { scopes } : {});
    expect(outcome.params?.get("code"), outcome.pageText).toBeTruthy();
    return { code: outcome.params!.get("code")!, verifier: p.verifier };
  }
  const exchange = (body: Record<string, string>) =>
    postForm(`${srv.issuer}/oauth/token`, {
      grant_type: "authorization_code",
      client_id: clientId,
      redirect_uri: callback.url,
      resource: srv.resource,
      ...body,
    });
  const jobCount = async () => (await srv.harness.engine.jobs.list(OWNER, { limit: 100 })).items.length;
  const create = (token: string | undefined) =>
    rawMcp(srv.server.url, token, "tools/call", {
      name: "task_create_v1",
      arguments: { title: "x", action: { type: "notify", message: "x" }, when: "every day at 9am" },
    });

  describe("at /mcp, tokens signed with the server's own key but one thing wrong", () => {
    let key: Awaited<ReturnType<typeof importJWK>>;
    let kid: string;
    let gid: string;
    const mint = (claims: Record<string, unknown> = {}, o: { key?: typeof key; kid?: string; typ?: string } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        sub: OWNER,
        client_id: clientId,
        scope: "tasks:read tasks:write",
        gid,
        iss: srv.issuer,
        aud: srv.resource,
        iat: now,
        exp: now + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: "ES256", kid: o.kid ?? kid, typ: o.typ ?? "at+jwt" })
        .sign(o.key ?? key);
    };

    beforeAll(async () => {
      const ring = (await srv.store.get("Keyring", "current"))!.payload as { keys: { jwk: JWK; status: string }[] };
      const active = ring.keys.find((k) => k.status === "active")!.jwk;
      key = await importJWK(active, "ES256");
      kid = active.kid!;
      const { code: c, verifier } = await code();
      const tokens = await exchange({ code: c, code_verifier: verifier });
      gid = (JSON.parse(Buffer.from(tokens.json.access_token!.split(".")[1]!, "base64url").toString()) as { gid: string }).gid;
    }, BROWSER_TIMEOUT_MS);

    it("accepts the control token: right issuer, audience, expiry, grant", async () => {
      expect((await rawMcp(srv.server.url, await mint())).status).toBe(200);
    });

    it.each([
      ["a wrong audience (another resource)", () => mint({ aud: `${srv.issuer}/other` }), "token aud invalid: not issued for this server"],
      ["an expired token", () => mint({ iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 60 }), "token expired"],
      ["a wrong issuer", () => mint({ iss: "https://evil.example" }), "token iss invalid"],
      ["a foreign key under the right kid", async () => mint({}, { key: (await generateKeyPair("ES256")).privateKey }), "bad signature"],
      ["an unknown kid", async () => mint({}, { key: (await generateKeyPair("ES256")).privateKey, kid: "nope" }), "unknown signing key"],
      ["a JWT that is not an access token (typ JWT)", () => mint({}, { typ: "JWT" }), "token typ invalid: not an access token"],
      ["a token of a grant that is gone", () => mint({ gid: "no-such-grant" }), "grant revoked"],
      ["a sender-constrained token", () => mint({ cnf: { jkt: "x" } }), "sender-constrained tokens are not accepted"],
      ["not a JWT", async () => "abc.def", "token invalid"],
    ])("refuses %s: 401 invalid_token naming why, and creates nothing", async (_what, token, why) => {
      const before = await jobCount();
      const r = await create(await token());
      expect(r.status).toBe(401);
      expect(r.challenge).toContain(`error="invalid_token", error_description="${why}"`);
      expect(r.challenge).toContain(`resource_metadata="${srv.issuer}/.well-known/oauth-protected-resource/mcp"`);
      expect(await jobCount()).toBe(before);
    });

    it("answers no token at all with a challenge that has no error code (RFC 6750 §3.1), only where the metadata is", async () => {
      const before = await jobCount();
      const r = await create(undefined);
      expect(r.status).toBe(401);
      expect(r.challenge).toBe(`Bearer resource_metadata="${srv.issuer}/.well-known/oauth-protected-resource/mcp"`);
      expect(await jobCount()).toBe(before);
    });
  });

  it("gives a read-only token 403 insufficient_scope on task_cancel_v1, and cancels nothing", async () => {
    const readOnly = await register("read-only");
    const { code: c, verifier } = await code(["tasks:read"], readOnly);
    const tokens = await exchange({ code: c, code_verifier: verifier, client_id: readOnly });
    expect(tokens.json.scope).toBe("tasks:read");
    const { job } = await srv.harness.engine.jobs.create(OWNER, {
      title: "keep me",
      action: { type: "notify", message: "x" },
      schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" },
    });

    const r = await rawMcp(srv.server.url, tokens.json.access_token, "tools/call", { name: "task_cancel_v1", arguments: { task_id: job.id } });
    expect(r.status).toBe(403);
    expect(r.challenge).toMatch(/^Bearer error="insufficient_scope", .*scope="tasks:read tasks:write", resource_metadata=/);
    expect((await srv.harness.engine.jobs.get(OWNER, job.id)).job.status).toBe("active");

    // The SDK client reads the same challenge; reading still works.
    const provider = new MemoryOAuthClient(callback.url, { redirect_uris: [callback.url] });
    provider.saveClientInformation({ client_id: readOnly });
    provider.saveTokens({ access_token: tokens.json.access_token!, token_type: "Bearer" });
    const client = new Client({ name: "read-only", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(srv.server.url), { authProvider: provider, onInsufficientScope: "throw" }));
    await ok(client, "task_get_v1", { task_id: job.id });
    await expect(client.callTool({ name: "task_cancel_v1", arguments: { task_id: job.id } })).rejects.toBeInstanceOf(InsufficientScopeError);
    await fails(client, "task_get_v1", { task_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" }, "not_found");
    await client.close();
    expect((await srv.harness.engine.jobs.get(OWNER, job.id)).job.status).toBe("active");
  });

  it("refuses a replayed authorization code, and revokes what the first exchange got", async () => {
    const { code: c, verifier } = await code();
    const first = await exchange({ code: c, code_verifier: verifier });
    expect(first.status).toBe(200);
    expect(await exchange({ code: c, code_verifier: verifier })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    const refresh = await postForm(`${srv.issuer}/oauth/token`, { grant_type: "refresh_token", refresh_token: first.json.refresh_token!, client_id: clientId });
    expect(refresh).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect((await rawMcp(srv.server.url, first.json.access_token)).status).toBe(401);
  });

  it("refuses a code_verifier that does not match the challenge, and burns the code: the right verifier then fails too", async () => {
    const { code: c, verifier } = await code();
    expect(await exchange({ code: c, code_verifier: pkce().verifier })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(await exchange({ code: c, code_verifier: verifier })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
  });

  it("burns a code tried without any code_verifier", async () => {
    const { code: c, verifier } = await code();
    expect(await exchange({ code: c })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(await exchange({ code: c, code_verifier: verifier })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
  });

  it.each([
    ["without a code_challenge", {}],
    ["with code_challenge_method plain", { code_challenge: "a".repeat(43), code_challenge_method: "plain" }],
  ])("refuses an authorization request %s: back to the client with invalid_request", async (_what, over) => {
    const outcome = await authorizeInBrowser(page, authorizeUrl(over), callback);
    expect(outcome.params?.get("error")).toBe("invalid_request");
  });

  it.each([
    ["a redirect URI never registered", "http://127.0.0.1:9/evil"],
    ["another host", "https://evil.example/callback"],
    ["the registered URI with a query added", `CALLBACK?next=https://evil.example`],
    ["the registered URI with a path added", `CALLBACK/../../evil`],
    ["a user-info trick", "http://127.0.0.1@evil.example/callback"],
    ["a javascript: URI", "javascript:alert(1)"],
  ])("never redirects to %s: 400 page, no Location", async (_what, uri) => {
    const p = pkce();
    const r = await fetch(authorizeUrl({ redirect_uri: uri.replace("CALLBACK", callback.url), code_challenge: p.challenge, code_challenge_method: "S256" }), {
      redirect: "manual",
    });
    expect(r.status).toBe(400);
    expect(r.headers.get("location")).toBeNull();
    expect(await r.text()).toContain("redirect_uri");
  });

  it("refuses to register a client whose redirect URI could send codes elsewhere", async () => {
    const register = (body: Record<string, unknown>) =>
      fetch(`${srv.issuer}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(
        async (r) => ({
          status: r.status,
          body: (await r.json()) as { error: string },
        }),
      );
    expect(await register({ redirect_uris: ["http://evil.example/cb"], application_type: "native", token_endpoint_auth_method: "none" })).toMatchObject({
      status: 400,
      body: { error: "invalid_redirect_uri" },
    });
    expect(await register({ redirect_uris: ["javascript:alert(1)"], token_endpoint_auth_method: "none" })).toMatchObject({ status: 400 });
    expect(await register({ redirect_uris: [callback.url], scope: "tasks:admin" })).toMatchObject({ status: 400, body: { error: "invalid_client_metadata" } });
  });

  it("refuses a token for another resource, at the authorization and the token endpoint", async () => {
    const p = pkce();
    const outcome = await authorizeInBrowser(
      page,
      authorizeUrl({ resource: "https://evil.example/mcp", code_challenge: p.challenge, code_challenge_method: "S256" }),
      callback,
    );
    expect(outcome.params?.get("error")).toBe("invalid_target");
    const { code: c, verifier } = await code();
    expect(await exchange({ code: c, code_verifier: verifier, resource: "https://evil.example/mcp" })).toMatchObject({
      status: 400,
      json: { error: "invalid_target" },
    });
  });

  it("sends the client access_denied when the owner presses Deny", async () => {
    const p = pkce();
    const url = authorizeUrl({ client_id: await register("deny me"), code_challenge: p.challenge, code_challenge_method: "S256" });
    const outcome = await authorizeInBrowser(page, url, callback, { deny: true });
    expect(outcome.params?.get("error")).toBe("access_denied");
    expect(outcome.params?.get("code")).toBeNull();
  });

  it("shows the sign-in page again on a wrong password, and sends nothing to the client", async () => {
    const fresh = await (await browser.newContext()).newPage();
    const p = pkce();
    const outcome = await authorizeInBrowser(fresh, authorizeUrl({ code_challenge: p.challenge, code_challenge_method: "S256" }), callback, {
      password: "wrong password",
    });
    expect(outcome.steps).toEqual(["login"]);
    expect(outcome.params).toBeNull();
    expect(outcome.pageText).toContain("Wrong owner name or password.");
    await fresh.context().close();
  });

  it.each([
    ["whose client_id names another URL", "/liar.json", "invalid_client_metadata"],
    ["that asks for a client secret", "/secret.json", "invalid_client_metadata"],
    ["that is not there", "/missing.json", "invalid_client"],
  ])("refuses a Client ID Metadata Document %s", async (_what, path, error) => {
    const p = pkce();
    const r = await fetch(authorizeUrl({ client_id: `${cimd.origin()}${path}`, code_challenge: p.challenge, code_challenge_method: "S256" }), {
      redirect: "manual",
    });
    expect(r.status).toBe(400);
    expect(r.headers.get("location")).toBeNull();
    expect(await r.text()).toContain(error);
  });
});
