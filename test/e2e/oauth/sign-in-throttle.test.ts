import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_FAILURES, ADDRESS_FAILURES } from "../../../src/adapters/auth/sign-in-guard.js";
import { FormSignIn, refresh, registerClient, signInByForm } from "./form-sign-in.js";
import { type OAuthServer, OWNER, PASSWORD, recordingLogger, SERVER_TIMEOUT_MS, startOAuthServer } from "./support.js";

const TIMEOUT_MS = 90_000;

/** Attempts from many made-up addresses, through the loopback peer trusted as a proxy. */
let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

describe("sign-in throttling and the audit lines (built-in authorization server, by form)", { timeout: TIMEOUT_MS }, () => {
  let srv: OAuthServer;
  let clientId: string;
  const logged = recordingLogger();

  beforeAll(async () => {
    srv = await startOAuthServer({ trustedProxies: ["127.0.0.1"], log: logged.log });
    clientId = (await registerClient(srv.issuer)).clientId;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  }, SERVER_TIMEOUT_MS);

  async function attempt(owner: string, password: string, address: string) {
    const { flow, interaction } = await FormSignIn.start(srv.issuer, clientId, address);
    return flow.login(interaction, { owner, password, forwardedFor: address });
  }

  it("after the free failures on one owner, refuses even the right password with 429 and Retry-After, from any address, until the wait is over", async () => {
    for (let i = 0; i < ACCOUNT_FAILURES.free; i++) expect((await attempt(OWNER, `wrong-${i}`, freshAddress())).status).toBe(401);
    const refused = await attempt(OWNER, PASSWORD, freshAddress());
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toContain("Too many failed sign-ins. Try again in");
    await new Promise((r) => setTimeout(r, wait * 1000));
    const accepted = await attempt(OWNER, PASSWORD, freshAddress());
    expect(accepted.status).toBe(303);

    const failed = logged.find("sign-in failed").filter((l) => l.data.owner === OWNER);
    expect(failed).toHaveLength(ACCOUNT_FAILURES.free);
    expect(failed.at(-1)!.data).toMatchObject({ failures_of_owner: ACCOUNT_FAILURES.free, address: expect.stringMatching(/^203\.0\.113\./) });
    expect(logged.find("sign-in refused: too many failed sign-ins").at(-1)!.data).toMatchObject({ owner: OWNER, why: "owner" });
    expect(logged.find("signed in").at(-1)!.data).toMatchObject({ owner: OWNER, client_id: clientId });
  });

  it("after the free failures from one address (over many names), refuses that address and no other", async () => {
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_FAILURES.free; i++) expect((await attempt(`guess-${i}`, "wrong password", address)).status).toBe(401);
    const refused = await attempt("owner-2", "pw-of-owner-2", address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await attempt("owner-2", "pw-of-owner-2", freshAddress())).status).toBe(303);
  });

  it("checks a bounded number of passwords at once: a burst of guesses is partly refused at once, not queued without end", async () => {
    const starts = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => ({ i, address: freshAddress(), ...(await FormSignIn.start(srv.issuer, clientId)) })),
    );
    const t0 = Date.now();
    const answers = await Promise.all(
      starts.map((s) => s.flow.login(s.interaction, { owner: `burst-${s.i}`, password: "wrong password", forwardedFor: s.address })),
    );
    const ms = Date.now() - t0;
    const statuses = answers.map((a) => a.status);
    const busy = answers.filter((a) => a.status === 429);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) expect(a.headers.get("retry-after")).toBe("1");
    console.log(`40 concurrent wrong sign-ins: ${statuses.filter((s) => s === 401).length} checked, ${busy.length} refused busy, ${ms} ms`);
  });

  it("logs a replayed authorization code and a reused refresh token, each revoking the grant", async () => {
    const { flow, interaction } = await FormSignIn.start(srv.issuer, clientId);
    const tokens = await flow.finish(await flow.login(interaction));
    const replay = await flow.redeemRaw(tokens.code);
    expect(replay).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(logged.find("authorization code replayed: grant revoked").at(-1)!.data).toMatchObject({ client_id: clientId });

    const again = await signInByForm(srv.issuer, clientId, { forwardedFor: freshAddress() });
    expect((await refresh(srv.issuer, clientId, again.refreshToken)).status).toBe(200);
    expect((await refresh(srv.issuer, clientId, again.refreshToken)).status).toBe(400);
    expect(logged.find("refresh token reused: grant revoked").at(-1)!.data).toMatchObject({ client_id: clientId, owner: OWNER });
  });
});
