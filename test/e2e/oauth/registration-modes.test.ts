import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationMode } from "../../../src/ports/authorization-server.js";
import { CALLBACK, FormSignIn, registerClient } from "./form-sign-in.js";
import { type OAuthServer, rawMcp, SERVER_TIMEOUT_MS, startCimdHost, startOAuthServer } from "./support.js";

const DOC = "/clients/published.json";

/** A server in one registration mode, beside a loopback https host publishing one client's metadata document. */
async function serverIn(mode: RegistrationMode, cimd: Awaited<ReturnType<typeof startCimdHost>>) {
  return startOAuthServer({
    fetch: cimd.asFetch,
    configure: (c) => (c.auth.kind === "builtin" ? { ...c, auth: { ...c.auth, registration: { ...c.auth.registration, mode } } } : c),
  });
}

const metadataOf = async (srv: OAuthServer) => (await (await fetch(`${srv.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;

describe("auth.registration.mode (built-in authorization server, real HTTP servers)", { timeout: 2 * SERVER_TIMEOUT_MS }, () => {
  let cimd: Awaited<ReturnType<typeof startCimdHost>>;
  let documentsOnly: OAuthServer;
  let closed: OAuthServer;
  const published = () => `${cimd.origin()}${DOC}`;

  beforeAll(async () => {
    cimd = await startCimdHost((origin) => ({
      [DOC]: { client_id: `${origin}${DOC}`, client_name: "Published", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" },
    }));
    documentsOnly = await serverIn("metadata-documents-only", cimd);
    closed = await serverIn("closed", cimd);
  }, 3 * SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await documentsOnly?.close();
    await closed?.close();
    await cimd?.close();
  }, SERVER_TIMEOUT_MS);

  it("metadata-documents-only: no registration endpoint advertised, registration answered 403; a metadata document client signs in and gets tokens", async () => {
    const meta = await metadataOf(documentsOnly);
    expect(meta.registration_endpoint).toBeUndefined();
    expect(meta.client_id_metadata_document_supported).toBe(true);

    const r = await registerClient(documentsOnly.issuer);
    expect(r.status).toBe(403);
    expect(r.json).toEqual({
      error: "access_denied",
      error_description: "this server takes no dynamic client registration; use a Client ID Metadata Document (an https URL as client_id)",
    });
    expect(await documentsOnly.store.list("Client", "-")).toEqual([]);

    const { flow, interaction } = await FormSignIn.start(documentsOnly.issuer, published());
    const tokens = await flow.finish(await flow.login(interaction));
    expect((await rawMcp(`${documentsOnly.issuer}/mcp`, tokens.accessToken)).status).toBe(200);
    expect(cimd.hits).toContain(DOC);
  });

  it("closed: neither registration nor metadata documents; the refusal says why", async () => {
    const meta = await metadataOf(closed);
    expect(meta.registration_endpoint).toBeUndefined();
    expect(meta.client_id_metadata_document_supported).toBeUndefined();

    const r = await registerClient(closed.issuer);
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ error: "access_denied", error_description: "this server takes no new clients (auth.registration.mode is closed)" });

    await expect(FormSignIn.start(closed.issuer, published())).rejects.toThrow(/authorize answered 400/);
  });
});
