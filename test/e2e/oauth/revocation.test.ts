import { importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOwner, changeOwnerPassword, checkOwnerPassword, disableOwner, enableOwner, removeOwner } from "../../../src/adapters/auth/accounts.js";
import { revokeGrant, revokeGrants } from "../../../src/adapters/auth/grants.js";
import type { Keyring } from "../../../src/adapters/auth/keyring.js";
import { FormSignIn, refresh, registerClient, signInByForm, type Tokens } from "./form-sign-in.js";
import { type OAuthServer, OWNER, PASSWORD, rawMcp, SERVER_TIMEOUT_MS, startOAuthServer } from "./support.js";

const TIMEOUT_MS = 60_000;

describe("revoking access and managing owners (built-in authorization server, signed in by form)", { timeout: TIMEOUT_MS }, () => {
  let srv: OAuthServer;
  let mcp: string;
  beforeAll(async () => {
    srv = await startOAuthServer();
    mcp = `${srv.issuer}/mcp`;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  }, SERVER_TIMEOUT_MS);

  const works = async (t: Tokens) => (await rawMcp(mcp, t.accessToken)).status === 200;
  const refreshes = async (clientId: string, t: Tokens) => (await refresh(srv.issuer, clientId, t.refreshToken)).status === 200;

  it("revoke-by-app cuts every grant one app got from one owner, refresh tokens too, and no other app", async () => {
    const app = (await registerClient(srv.issuer, { client_name: "app" })).clientId;
    const other = (await registerClient(srv.issuer, { client_name: "other" })).clientId;
    // Two connections of the same app, each with its own consent (as prompt=consent gives), and another app.
    const first = await signInByForm(srv.issuer, app);
    const second = await signInByForm(srv.issuer, app);
    const third = await signInByForm(srv.issuer, other);
    const grants = (await srv.store.list("Grant", OWNER)).filter((g) => g.payload.clientId === app);
    expect(grants).toHaveLength(2);
    expect(await works(first)).toBe(true);
    expect(await works(second)).toBe(true);

    // One grant revoked: the app's other connection still works (what one `revoke` does).
    expect(await revokeGrant(srv.store, grants[0]!.id)).toBe(true);
    expect([await works(first), await works(second)].filter(Boolean)).toHaveLength(1);

    expect(await revokeGrants(srv.store, OWNER, app)).toBe(1);
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(false);
    expect(await refreshes(app, first)).toBe(false);
    expect(await refreshes(app, second)).toBe(false);
    expect(await works(third)).toBe(true);
    expect(await revokeGrants(srv.store, OWNER, app)).toBe(0);
  });

  it("revoke-all cuts every app of one owner, refresh tokens too, and no other owner's", async () => {
    const a = (await registerClient(srv.issuer)).clientId;
    const b = (await registerClient(srv.issuer)).clientId;
    const mine = [await signInByForm(srv.issuer, a), await signInByForm(srv.issuer, b)];
    const theirs = await signInByForm(srv.issuer, a, { owner: "owner-2", password: "pw-of-owner-2" });
    expect(await revokeGrants(srv.store, OWNER)).toBeGreaterThanOrEqual(2);
    for (const t of mine) expect(await works(t)).toBe(false);
    expect(await refreshes(a, mine[0]!)).toBe(false);
    expect(await refreshes(b, mine[1]!)).toBe(false);
    expect(await works(theirs)).toBe(true);
  });

  it("refuses a token whose grant belongs to another owner or client, even signed with the server's key", async () => {
    const app = (await registerClient(srv.issuer)).clientId;
    const theirs = await signInByForm(srv.issuer, app, { owner: "owner-2", password: "pw-of-owner-2" });
    const gid = JSON.parse(Buffer.from(theirs.accessToken.split(".")[1]!, "base64url").toString()).gid as string;
    const ring = (await srv.store.get("Keyring", "current"))!.payload as unknown as Keyring;
    const jwk = ring.keys.find((k) => k.status === "active")!.jwk;
    const key = await importJWK(jwk, "ES256");
    const forge = (sub: string, clientId: string) =>
      new SignJWT({ gid, client_id: clientId, scope: "tasks:read tasks:write" })
        .setProtectedHeader({ alg: "ES256", kid: jwk.kid!, typ: "at+jwt" })
        .setIssuer(srv.issuer)
        .setAudience(srv.resource)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(key);
    const asOwner1 = await rawMcp(mcp, await forge(OWNER, app));
    expect(asOwner1.status).toBe(401);
    expect(asOwner1.challenge).toContain("grant not issued to this owner and client");
    expect((await rawMcp(mcp, await forge("owner-2", "another-client"))).status).toBe(401);
    // The same claims as the real token pass: the check refuses the mismatch, not forged tokens as such.
    expect((await rawMcp(mcp, await forge("owner-2", app))).status).toBe(200);
  });

  it("a changed password signs in and the old one does not; apps already allowed keep working", async () => {
    await addOwner(srv.store, "pat", "first password", Date.now());
    const app = (await registerClient(srv.issuer)).clientId;
    const before = await signInByForm(srv.issuer, app, { owner: "pat", password: "first password" });
    await changeOwnerPassword(srv.store, "pat", "second password");
    expect(await checkOwnerPassword(srv.store, "pat", "first password")).toBeNull();
    const { flow, interaction } = await FormSignIn.start(srv.issuer, app);
    expect((await flow.login(interaction, { owner: "pat", password: "first password" })).status).toBe(401);
    await signInByForm(srv.issuer, app, { owner: "pat", password: "second password" });
    expect(await works(before)).toBe(true);
    await expect(changeOwnerPassword(srv.store, "pat", "short")).rejects.toThrow("the password is too short");
    await expect(changeOwnerPassword(srv.store, "nobody", "long enough password")).rejects.toThrow("there is no owner nobody");
  });

  it("a disabled owner cannot sign in, their tokens and refresh tokens stop at once; enabled again, they sign in", async () => {
    await addOwner(srv.store, "dee", "dee's password", Date.now());
    const app = (await registerClient(srv.issuer)).clientId;
    const t = await signInByForm(srv.issuer, app, { owner: "dee", password: "dee's password" });
    expect(await disableOwner(srv.store, "dee", Date.now())).toBe(1);
    expect(await works(t)).toBe(false);
    expect(await refreshes(app, t)).toBe(false);
    const { flow, interaction } = await FormSignIn.start(srv.issuer, app);
    const refused = await flow.login(interaction, { owner: "dee", password: "dee's password" });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("Wrong owner name or password.");
    await enableOwner(srv.store, "dee");
    expect(await works(await signInByForm(srv.issuer, app, { owner: "dee", password: "dee's password" }))).toBe(true);
  });

  it("a removed owner's tokens stop, they cannot sign in, and the name can be added again", async () => {
    await addOwner(srv.store, "rem", "rem's password", Date.now());
    const app = (await registerClient(srv.issuer)).clientId;
    const t = await signInByForm(srv.issuer, app, { owner: "rem", password: "rem's password" });
    expect(await removeOwner(srv.store, "rem")).toBe(1);
    expect(await works(t)).toBe(false);
    expect(await refreshes(app, t)).toBe(false);
    expect(await checkOwnerPassword(srv.store, "rem", "rem's password")).toBeNull();
    await expect(removeOwner(srv.store, "rem")).rejects.toThrow("there is no owner rem");
    await addOwner(srv.store, "rem", "a new password", Date.now());
    expect(await checkOwnerPassword(srv.store, "rem", "a new password")).toBe("rem");
  });

  it("signs in by form as the default owner (the helper the tests above rely on)", async () => {
    const app = (await registerClient(srv.issuer)).clientId;
    expect(await works(await signInByForm(srv.issuer, app, { owner: OWNER, password: PASSWORD }))).toBe(true);
  });
});
