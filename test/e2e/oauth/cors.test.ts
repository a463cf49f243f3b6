import { createHash, randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizeInBrowser,
  BROWSER_TIMEOUT_MS,
  browserSkipReason,
  type Callback,
  launchBrowser,
  type OAuthServer,
  startCallback,
  startOAuthServer,
} from "./support.js";

interface PageFetch {
  status?: number;
  challenge?: string | null;
  body?: string;
  error?: string;
}

/**
 * What a browser-based client (the MCP Inspector's web UI) needs: a page on another origin
 * (http://localhost:W) calls the metadata, registration, token endpoint and /mcp with fetch().
 * A CORS refusal shows up in the page as "TypeError: Failed to fetch".
 */
describe.skipIf(browserSkipReason)(
  `CORS for a browser-based client${browserSkipReason ? ` (skipped: ${browserSkipReason})` : ""}`,
  { timeout: BROWSER_TIMEOUT_MS },
  () => {
    let srv: OAuthServer;
    let web: Callback;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      web = await startCallback("localhost");
      srv = await startOAuthServer();
      browser = await launchBrowser();
      page = await (await browser.newContext()).newPage();
      await page.goto(`${new URL(web.url).origin}/app`);
    }, BROWSER_TIMEOUT_MS);
    afterAll(async () => {
      await browser?.close();
      await srv?.close();
      await web?.close();
    }, BROWSER_TIMEOUT_MS);

    const inPage = (p: Page, url: string, init: RequestInit = {}) =>
      p.evaluate(
        async ([u, i]): Promise<PageFetch> => {
          try {
            const r = await fetch(u, i);
            return { status: r.status, challenge: r.headers.get("www-authenticate"), body: await r.text() };
          } catch (e) {
            return { error: String(e) };
          }
        },
        [url, init] as const,
      );
    const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "web", version: "0" } },
    });

    it("lets the page discover, register, get a token and call /mcp, reading the 401 challenge on the way", async () => {
      expect(await inPage(page, `${srv.issuer}/.well-known/oauth-protected-resource/mcp`, { headers: { "mcp-protocol-version": "2025-11-25" } })).toMatchObject(
        {
          status: 200,
        },
      );
      expect(await inPage(page, `${srv.issuer}/.well-known/oauth-authorization-server`, { headers: { "mcp-protocol-version": "2025-11-25" } })).toMatchObject({
        status: 200,
      });
      const unauthenticated = await inPage(page, srv.server.url, { method: "POST", headers: mcpHeaders, body: initialize });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.challenge).toContain("resource_metadata=");

      const registered = await inPage(page, `${srv.issuer}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "web client", redirect_uris: [web.url], token_endpoint_auth_method: "none", application_type: "web" }),
      });
      expect(registered.status, registered.error).toBe(201);
      const clientId = (JSON.parse(registered.body!) as { client_id: string }).client_id;

      const verifier = randomBytes(32).toString("base64url");
      const authorize = new URL(`${srv.issuer}/oauth/authorize`);
      const params = {
        response_type: "code",
        client_id: clientId,
        redirect_uri: web.url,
        scope: "tasks:read tasks:write",
        resource: srv.resource,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
      };
      for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
      const signIn = await (await browser.newContext()).newPage();
      const { params: back } = await authorizeInBrowser(signIn, authorize, web);
      const body = new URLSearchParams({
        grant_type: "authorization_code",
        code: back!.get("code")!,
        code_verifier: verifier,
        redirect_uri: web.url,
        client_id: clientId,
      });
      const token = await inPage(page, `${srv.issuer}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
      expect(token.status, token.error).toBe(200);
      const { access_token, refresh_token } = JSON.parse(token.body!) as { access_token: string; refresh_token: string };

      const called = await inPage(page, srv.server.url, {
        method: "POST",
        headers: { ...mcpHeaders, authorization: `Bearer ${access_token}` },
        body: initialize,
      });
      expect(called.status, called.error).toBe(200);

      // A page on an origin that is none of the client's redirect URIs cannot use its refresh token.
      const other = await startCallback("localhost");
      const foreign = await (await browser.newContext()).newPage();
      await foreign.goto(`${new URL(other.url).origin}/app`);
      const stolen = await inPage(foreign, `${srv.issuer}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token, client_id: clientId }).toString(),
      });
      expect(stolen.error).toMatch(/Failed to fetch/);
      await other.close();
    });
  },
);
