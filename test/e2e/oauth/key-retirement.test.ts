import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateKeyring } from "../../../src/adapters/auth/keyring.js";
import { systemClock } from "../../../src/ports/clock.js";
import { CLI_TIMEOUT_MS, duely } from "../../support/cli.js";
import { refresh, registerClient, signInByForm } from "./form-sign-in.js";
import { type OAuthServer, rawMcp, SERVER_TIMEOUT_MS, startOAuthServer } from "./support.js";

describe("rotating the signing key (built-in authorization server, real HTTP server)", { timeout: CLI_TIMEOUT_MS * 2 }, () => {
  let srv: OAuthServer;
  let mcp: string;
  beforeAll(async () => {
    // A keyring cache far longer than the test (production's is 30 s): a retired key must be
    // refused without waiting for the next periodic read.
    srv = await startOAuthServer({ keysReloadMs: 3_600_000 });
    mcp = `${srv.issuer}/mcp`;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  }, SERVER_TIMEOUT_MS);

  const publishedKids = async () => ((await (await fetch(`${srv.issuer}/oauth/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

  it("a plain rotation keeps the old key verifying: tokens it signed still work", async () => {
    const app = (await registerClient(srv.issuer)).clientId;
    const before = await signInByForm(srv.issuer, app);
    await rotateKeyring(srv.store, systemClock, 3_600_000);
    expect((await rawMcp(mcp, before.accessToken)).status).toBe(200);
  });

  it("`rotate-keys --retire-now` (another process): a token minted before is refused at once; a refresh gets one signed by the new key", async () => {
    const app = (await registerClient(srv.issuer)).clientId;
    const before = await signInByForm(srv.issuer, app);
    expect((await rawMcp(mcp, before.accessToken)).status).toBe(200);
    const oldKid = decodeProtectedHeader(before.accessToken).kid!;

    const r = duely("owner", "rotate-keys", "--retire-now", "--db", srv.dbPath);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const kid = /new signing key (\S+);/.exec(r.stdout)?.[1];
    expect(r.stdout).toContain(`retired at once: `);
    expect(r.stdout).toContain(oldKid);

    const refused = await rawMcp(mcp, before.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain('error="invalid_token"');
    expect(refused.challenge).toContain("unknown signing key");
    expect(await publishedKids()).toEqual([kid]);

    // The grant and its refresh token are not keys: the app refreshes and goes on, on the new key.
    const renewed = await refresh(srv.issuer, app, before.refreshToken);
    expect(renewed.status).toBe(200);
    const token = String(renewed.json.access_token);
    expect(decodeProtectedHeader(token).kid).toBe(kid);
    expect((await rawMcp(mcp, token)).status).toBe(200);
  });
});
