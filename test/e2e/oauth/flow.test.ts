import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { decodeJwt, decodeProtectedHeader } from "jose";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateKeyring } from "../../../src/adapters/auth/keyring.js";
import { systemClock } from "../../../src/ports/clock.js";
import { duely } from "../../support/cli.js";
import { ok } from "../support.js";
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

const CIMD_PATH = "/clients/duely-test.json";

describe.skipIf(browserSkipReason)(
  `OAuth end to end with the SDK client and Chromium${browserSkipReason ? ` (skipped: ${browserSkipReason})` : ""}`,
  { timeout: BROWSER_TIMEOUT_MS },
  () => {
    let srv: OAuthServer;
    let callback: Callback;
    let cimd: Awaited<ReturnType<typeof startCimdHost>>;
    let browser: Browser;
    let page: Page;
    const clients: Client[] = [];

    beforeAll(async () => {
      callback = await startCallback();
      cimd = await startCimdHost((origin) => ({
        [CIMD_PATH]: {
          client_id: `${origin}${CIMD_PATH}`,
          client_name: "CIMD Test Client",
          client_uri: origin,
          redirect_uris: [callback.url],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
          application_type: "native",
        },
      }));
      srv = await startOAuthServer({ fetch: cimd.asFetch });
      browser = await launchBrowser();
      page = await (await browser.newContext()).newPage();
    }, BROWSER_TIMEOUT_MS);
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await browser?.close();
      await srv?.close();
      await cimd?.close();
      await callback?.close();
    }, BROWSER_TIMEOUT_MS);

    const dcrClient = () =>
      new MemoryOAuthClient(callback.url, {
        client_name: "DCR Test Client",
        redirect_uris: [callback.url],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      });

    /** The SDK's whole dance: 401 → discovery → registration → authorization in the browser → token → connected. */
    async function connectWithOAuth(provider: MemoryOAuthClient) {
      const first = new Client({ name: "oauth-e2e", version: "0" });
      await expect(first.connect(new StreamableHTTPClientTransport(new URL(srv.server.url), { authProvider: provider }))).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      const url = provider.lastAuthorizationUrl!;
      const outcome = await authorizeInBrowser(page, url, callback);
      expect(outcome.params?.get("code"), outcome.pageText).toBeTruthy();
      await new StreamableHTTPClientTransport(new URL(srv.server.url), { authProvider: provider }).finishAuth(outcome.params!);
      const client = new Client({ name: "oauth-e2e", version: "0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(srv.server.url), { authProvider: provider }));
      clients.push(client);
      return { client, url, outcome };
    }

    it("discovers, registers (DCR), authorizes with PKCE through the sign-in and consent pages, and acts as the owner", async () => {
      const prm = await (await fetch(`${srv.issuer}/.well-known/oauth-protected-resource/mcp`)).json();
      expect(prm).toEqual({
        resource: srv.resource,
        authorization_servers: [srv.issuer],
        scopes_supported: ["tasks:read", "tasks:write"],
        resource_name: "duely",
      });

      const provider = dcrClient();
      const { client, url, outcome } = await connectWithOAuth(provider);
      expect(url.origin + url.pathname).toBe(`${srv.issuer}/oauth/authorize`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        code_challenge_method: "S256",
        resource: srv.resource,
        client_id: provider.clientInformation()!.client_id,
      });
      expect(outcome.steps).toEqual(["login", "consent"]);
      expect(outcome.params!.get("iss")).toBe(srv.issuer);

      const tokens = provider.tokens()!;
      expect(tokens).toMatchObject({ token_type: "Bearer", scope: "tasks:read tasks:write", refresh_token: expect.any(String) });
      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: "ES256", typ: "at+jwt" });
      expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: srv.issuer, aud: srv.resource, sub: OWNER, scope: "tasks:read tasks:write" });

      const created = await ok(client, "task_create_v1", { title: "Water plants", action: { type: "notify", message: "water" }, when: "every day at 9am" });
      const id = (created.task as { id: string }).id;
      expect((await srv.harness.engine.jobs.get(OWNER, id)).job.owner).toBe(OWNER);
      await expect(srv.harness.engine.jobs.get("owner-2", id)).rejects.toMatchObject({ code: "not_found" });
    });

    it("refreshes an access token the server refuses, rotating the refresh token; the old one then revokes the grant", async () => {
      const provider = dcrClient();
      const { client } = await connectWithOAuth(provider);
      const before = provider.tokens()!;
      provider.saveTokens({ ...before, access_token: "not-a-token" });
      await ok(client, "task_list_v1", {});
      const after = provider.tokens()!;
      expect(after.access_token).not.toBe("not-a-token");
      expect(after.refresh_token).not.toBe(before.refresh_token);

      const reuse = await postForm(`${srv.issuer}/oauth/token`, {
        grant_type: "refresh_token",
        refresh_token: before.refresh_token!,
        client_id: provider.clientInformation()!.client_id,
      });
      expect(reuse).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
      const refused = await rawMcp(srv.server.url, after.access_token);
      expect(refused.status).toBe(401);
      expect(refused.challenge).toContain('error_description="grant revoked"');
    });

    it("revoked with `duely owner revoke`: the next call is 401 and the refresh token is dead", async () => {
      const provider = dcrClient();
      await connectWithOAuth(provider);
      const { access_token, refresh_token } = provider.tokens()!;
      expect((await rawMcp(srv.server.url, access_token)).status).toBe(200);

      const grants = duely("owner", "grants", OWNER, "--json", "--db", srv.dbPath).json() as {
        id: string;
        clientId: string;
        clientName: string;
        scopes: string[];
      }[];
      const grant = grants.find((g) => g.clientId === provider.clientInformation()!.client_id)!;
      expect(grant).toMatchObject({ clientName: "DCR Test Client", scopes: ["tasks:read", "tasks:write"] });
      const revoked = duely("owner", "revoke", grant.id, "--db", srv.dbPath);
      expect(revoked.code).toBe(0);

      const after = await rawMcp(srv.server.url, access_token);
      expect(after.status).toBe(401);
      expect(after.challenge).toMatch(
        /^Bearer error="invalid_token", error_description="grant revoked", resource_metadata=".*\/\.well-known\/oauth-protected-resource\/mcp"$/,
      );
      const refresh = await postForm(`${srv.issuer}/oauth/token`, {
        grant_type: "refresh_token",
        refresh_token: refresh_token!,
        client_id: provider.clientInformation()!.client_id,
      });
      expect(refresh).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    });

    it("revoked by the client at /oauth/revoke: the grant goes, its access token is refused at once", async () => {
      const provider = dcrClient();
      await connectWithOAuth(provider);
      const { access_token, refresh_token } = provider.tokens()!;
      const r = await postForm(`${srv.issuer}/oauth/revoke`, {
        token: refresh_token!,
        token_type_hint: "refresh_token",
        client_id: provider.clientInformation()!.client_id,
      });
      expect(r.status).toBe(200);
      expect((await rawMcp(srv.server.url, access_token)).status).toBe(401);
    });

    it("takes a Client ID Metadata Document: the client id is its URL, nothing is registered", async () => {
      const clientId = `${cimd.origin()}${CIMD_PATH}`;
      const provider = new MemoryOAuthClient(
        callback.url,
        { client_name: "CIMD Test Client", redirect_uris: [callback.url], token_endpoint_auth_method: "none" },
        clientId,
      );
      const { client, url } = await connectWithOAuth(provider);
      expect(url.searchParams.get("client_id")).toBe(clientId);
      expect(cimd.hits).toContain(CIMD_PATH);
      expect(decodeJwt(provider.tokens()!.access_token)).toMatchObject({ client_id: clientId, sub: OWNER });
      expect(await srv.store.get("Client", clientId)).toBeNull();
      await ok(client, "task_list_v1", {});
    });

    it("keeps working across a key rotation: tokens of the old key still pass, new ones carry the new key", async () => {
      const provider = dcrClient();
      const { client } = await connectWithOAuth(provider);
      const old = provider.tokens()!.access_token;
      const { kid } = await rotateKeyring(srv.store, systemClock, 3_600_000);
      expect((await rawMcp(srv.server.url, old)).status).toBe(200);
      provider.saveTokens({ ...provider.tokens()!, access_token: "expired-for-the-test" });
      await ok(client, "task_list_v1", {});
      expect(decodeProtectedHeader(provider.tokens()!.access_token).kid).toBe(kid);
      const published = (await (await fetch(`${srv.issuer}/oauth/jwks`)).json()) as { keys: { kid: string }[] };
      expect(published.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([kid, decodeProtectedHeader(old).kid]));
    });

    it("keeps clients, grants, keys and refresh tokens across a restart", async () => {
      const provider = dcrClient();
      await connectWithOAuth(provider);
      const { access_token, refresh_token } = provider.tokens()!;
      await srv.restart();
      expect((await rawMcp(srv.server.url, access_token)).status).toBe(200);
      const refreshed = await postForm(`${srv.issuer}/oauth/token`, {
        grant_type: "refresh_token",
        refresh_token: refresh_token!,
        client_id: provider.clientInformation()!.client_id,
        resource: srv.resource,
      });
      expect(refreshed.status).toBe(200);
      expect((await rawMcp(srv.server.url, refreshed.json.access_token)).status).toBe(200);
    });
  },
);
