import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditEntry, type AuditEventKind, readAudit } from "../../../src/adapters/auth/audit.js";
import { parseSince } from "../../../src/cli/owner-audit.js";
import { CLI_TIMEOUT_MS, duely } from "../../support/cli.js";
import { FormSignIn, refresh, registerClient, signInByForm } from "./form-sign-in.js";
import { type OAuthServer, OWNER, recordingLogger, SERVER_TIMEOUT_MS, startOAuthServer } from "./support.js";

describe("the audit trail (built-in authorization server, real HTTP server, signed in by form)", { timeout: CLI_TIMEOUT_MS * 5 }, () => {
  let srv: OAuthServer;
  let clientId: string;
  const logged = recordingLogger();
  beforeAll(async () => {
    srv = await startOAuthServer({ log: logged.log });
    clientId = (await registerClient(srv.issuer, { client_name: "audited app" })).clientId;
  }, SERVER_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  }, SERVER_TIMEOUT_MS);

  const last = async (event: AuditEventKind, owner?: string): Promise<AuditEntry | undefined> =>
    (await readAudit(srv.store, { event, ...(owner && { owner }) })).at(-1);

  it("stores a client registration", async () => {
    expect(await last("client_registration")).toMatchObject({ owner: null, data: { client_id: clientId, client_name: "audited app" } });
  });

  it("stores a failed sign-in under the name typed, and a sign-in and the consent that followed", async () => {
    const { flow, interaction } = await FormSignIn.start(srv.issuer, clientId);
    expect((await flow.login(interaction, { password: "not the password" })).status).toBe(401);
    expect(await last("sign_in_failed", OWNER)).toMatchObject({ owner: OWNER, data: { client_id: clientId, failures_of_owner: 1 } });
    // A name no owner could have is kept (cut to 64 characters) but listed under no owner.
    const odd = await FormSignIn.start(srv.issuer, clientId);
    expect((await odd.flow.login(odd.interaction, { owner: `<script>${"x".repeat(100)}`, password: "guess" })).status).toBe(401);
    expect(await last("sign_in_failed")).toMatchObject({ owner: null, data: { owner: `<script>${"x".repeat(56)}` } });

    await signInByForm(srv.issuer, clientId);
    expect(await last("sign_in", OWNER)).toMatchObject({ owner: OWNER, data: { client_id: clientId, address: "127.0.0.1" } });
    const consent = await last("consent", OWNER);
    expect(consent).toMatchObject({ owner: OWNER, data: { client_id: clientId, scopes: "tasks:read tasks:write" } });
    expect(String(consent!.data.grant_id)).not.toBe("");
    // Still logged as before, the same line.
    expect(logged.find("signed in").at(-1)!.data).toMatchObject({ owner: OWNER, client_id: clientId });
  });

  it("stores a replayed authorization code and a reused refresh token", async () => {
    const { flow, interaction } = await FormSignIn.start(srv.issuer, clientId);
    const tokens = await flow.finish(await flow.login(interaction));
    expect((await flow.redeemRaw(tokens.code)).status).toBe(400);
    expect(await last("code_replay")).toMatchObject({ data: { client_id: clientId } });

    const again = await signInByForm(srv.issuer, clientId);
    expect((await refresh(srv.issuer, clientId, again.refreshToken)).status).toBe(200);
    expect((await refresh(srv.issuer, clientId, again.refreshToken)).status).toBe(400);
    expect(await last("refresh_reuse", OWNER)).toMatchObject({ owner: OWNER, data: { client_id: clientId } });
  });

  it("stores revocations and key rotations made by the CLI; `duely owner audit` filters by owner, since and event", async () => {
    await signInByForm(srv.issuer, clientId, { owner: "owner-2", password: "pw-of-owner-2" });
    const revoked = duely("owner", "revoke-all", "owner-2", "--db", srv.dbPath);
    expect(revoked.code).toBe(0);
    expect(duely("owner", "rotate-keys", "--db", srv.dbPath).code).toBe(0);
    expect(await last("revocation", "owner-2")).toMatchObject({ owner: "owner-2", data: { command: "revoke-all", grants: 1, by: "cli" } });
    expect(await last("key_rotation")).toMatchObject({ owner: null, data: { retire_now: false, by: "cli" } });

    const theirs = duely("owner", "audit", "owner-2", "--since", "1h", "--json", "--db", srv.dbPath);
    expect(theirs.stderr).toBe("");
    const entries = theirs.json() as AuditEntry[];
    expect(entries.map((e) => e.event)).toEqual(["sign_in", "consent", "revocation"]);
    expect(entries.every((e) => e.owner === "owner-2")).toBe(true);

    const rotations = duely("owner", "audit", "--event", "key_rotation", "--db", srv.dbPath);
    expect(rotations.stdout).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}key_rotation {2}- {2}kid=\S+ dropped=\[.*\] retire_now=false by=cli\n$/);

    const bad = duely("owner", "audit", "--event", "signin", "--db", srv.dbPath);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--event "signin" is not an audit event; one of: sign_in, sign_in_failed, consent,');
  });

  it("reads --since as a date-time or a span back from now, and refuses anything else saying what it takes", () => {
    const now = Date.parse("2026-12-02T12:00:00Z");
    expect(parseSince("24h", now)).toBe(Date.parse("2026-12-01T12:00:00Z"));
    expect(parseSince("30m", now)).toBe(Date.parse("2026-12-02T11:30:00Z"));
    expect(parseSince("2026-12-01T09:00Z", now)).toBe(Date.parse("2026-12-01T09:00:00Z"));
    expect(() => parseSince("yesterday", now)).toThrow(
      '--since "yesterday" is neither a date-time (2026-12-01T09:00Z) nor a span back from now (30m, 24h, 7d)',
    );
    expect(() => parseSince("1w", now)).toThrow("--since");
  });
});
