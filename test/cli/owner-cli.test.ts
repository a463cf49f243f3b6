import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addOwner, checkOwnerPassword } from "../../src/adapters/auth/accounts.js";
import { openSqliteAuthStore } from "../../src/adapters/store/sqlite/sqlite-auth-store.js";
import { systemClock } from "../../src/ports/clock.js";
import { CLI_TIMEOUT_MS, duely, duelyWithInput } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "duely-owner-cli-"));
const db = join(dir, "duely.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("duely owner", { timeout: CLI_TIMEOUT_MS }, () => {
  it("adds an owner with a password from stdin, scrypt-hashed; the same name again is refused", async () => {
    const r = duelyWithInput("correct horse battery\n", "owner", "add", "ann", "--password-stdin", "--db", db);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("owner ann created");
    const store = openSqliteAuthStore({ path: db, clock: systemClock });
    expect(String((await store.get("Account", "ann"))?.payload.password)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await checkOwnerPassword(store, "ann", "correct horse battery")).toBe("ann");
    expect(await checkOwnerPassword(store, "ann", "correct horse battery\n")).toBeNull();
    await store.close();

    const again = duelyWithInput("another password", "owner", "add", "ann", "--password-stdin", "--db", db);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("owner ann exists already");
  });

  it.each([
    ["a short password", "bob", "short", "the password is too short"],
    ["a name that is not allowed", "bob smith", "long enough password", 'owner name "bob smith" is not allowed'],
  ])("refuses %s, exit code 1", (_what, name, password, message) => {
    const r = duelyWithInput(password, "owner", "add", name, "--password-stdin", "--db", db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
  });

  it("refuses to ask for a password without a terminal", () => {
    const r = duely("owner", "add", "carol", "--db", db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--password-stdin");
  });

  it("lists no grants before any app connected, and refuses to revoke an unknown grant", () => {
    expect(duely("owner", "grants", "--db", db).stdout).toBe("no app has been granted access\n");
    expect(duely("owner", "grants", "ann", "--json", "--db", db).json()).toEqual([]);
    const r = duely("owner", "revoke", "no-such-grant", "--db", db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no grant no-such-grant");
  });

  it("revokes a grant whose id starts with a dash (base64url ids do, one in 64)", async () => {
    const store = openSqliteAuthStore({ path: db, clock: systemClock });
    await store.put({ kind: "Grant", id: "-Xb_7", payload: { accountId: "ann", clientId: "c1", iat: 1 }, expiresAt: null, accountId: "ann" });
    await store.close();
    expect(duely("owner", "grants", "ann", "--json", "--db", db).json()).toMatchObject([{ id: "-Xb_7" }]);
    const r = duely("owner", "revoke", "-Xb_7", "--db", db);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(duely("owner", "grants", "ann", "--json", "--db", db).json()).toEqual([]);
  });

  // These run the CLI four or five times: a few seconds each on a busy machine.
  it("lists, re-passwords and disables an owner (revoking their grants)", { timeout: 2 * CLI_TIMEOUT_MS }, async () => {
    const setup = openSqliteAuthStore({ path: db, clock: systemClock });
    await addOwner(setup, "dana", "dana's first password", Date.now());
    await setup.close();
    const passwd = duelyWithInput("dana's second password\n", "owner", "passwd", "dana", "--password-stdin", "--db", db);
    expect(passwd.stderr).toBe("");
    expect(passwd.stdout).toContain("password of dana changed");
    let store = openSqliteAuthStore({ path: db, clock: systemClock });
    expect(await checkOwnerPassword(store, "dana", "dana's first password")).toBeNull();
    expect(await checkOwnerPassword(store, "dana", "dana's second password")).toBe("dana");
    await store.put({ kind: "Grant", id: "g-dana", payload: { accountId: "dana", clientId: "c1", iat: 1 }, expiresAt: null, accountId: "dana" });
    await store.close();

    const disabled = duely("owner", "disable", "dana", "--db", db);
    expect(disabled.stdout).toContain("dana disabled: cannot sign in; 1 grant(s) revoked");
    expect(duely("owner", "list", "--json", "--db", db).json()).toContainEqual(expect.objectContaining({ name: "dana", disabledAt: expect.any(Number) }));
    expect(duely("owner", "list", "--db", db).stdout).toMatch(/^dana {2}since \S+ {2}disabled since /m);
    store = openSqliteAuthStore({ path: db, clock: systemClock });
    expect(await checkOwnerPassword(store, "dana", "dana's second password")).toBeNull();
    await store.close();
  });

  it("enables and removes an owner; a missing one is named in the refusal", { timeout: 2 * CLI_TIMEOUT_MS }, async () => {
    expect(duely("owner", "enable", "dana", "--db", db).code).toBe(0);
    const store = openSqliteAuthStore({ path: db, clock: systemClock });
    expect(await checkOwnerPassword(store, "dana", "dana's second password")).toBe("dana");
    await store.close();

    expect(duely("owner", "remove", "dana", "--db", db).stdout).toContain("dana removed");
    expect(duely("owner", "list", "--json", "--db", db).json()).not.toContainEqual(expect.objectContaining({ name: "dana" }));
    const r = duely("owner", "disable", "dana", "--db", db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("there is no owner dana");
  });

  it("revokes every grant of one app, or all of an owner's, leaving other owners' alone", { timeout: 2 * CLI_TIMEOUT_MS }, async () => {
    const store = openSqliteAuthStore({ path: db, clock: systemClock });
    const grant = (id: string, owner: string, client: string) =>
      store.put({ kind: "Grant", id, payload: { accountId: owner, clientId: client, iat: 1 }, expiresAt: null, accountId: owner });
    await grant("g1", "ann", "-app");
    await grant("g2", "ann", "-app");
    await grant("g3", "ann", "other");
    await grant("g4", "bob", "-app");
    await store.close();
    const one = duely("owner", "revoke", "g1", "--db", db);
    expect(one.stdout).toContain("ann gave the same app 1 more grant(s), still working; `duely owner revoke-app ann -app`");
    const app = duely("owner", "revoke-app", "ann", "-app", "--db", db);
    expect(app.stderr).toBe("");
    expect(app.stdout).toContain("1 grant(s) of ann to -app revoked");
    expect(duely("owner", "revoke-app", "ann", "-app", "--db", db).stderr).toContain("ann has no grant for the app -app");
    expect(duely("owner", "revoke-all", "ann", "--db", db).stdout).toContain("1 grant(s) of ann revoked");
    expect(duely("owner", "grants", "--json", "--db", db).json()).toEqual([expect.objectContaining({ id: "g4", owner: "bob" })]);
  });

  it("lists registered clients and removes one with its grants", { timeout: 2 * CLI_TIMEOUT_MS }, async () => {
    const store = openSqliteAuthStore({ path: db, clock: systemClock });
    const payload = {
      client_id: "-cli1",
      client_name: "Inspector",
      redirect_uris: ["http://localhost:6274/oauth/callback"],
      client_id_issued_at: 1_800_000_000,
    };
    await store.put({ kind: "Client", id: "-cli1", payload, expiresAt: null, accountId: "~clients" });
    await store.put({ kind: "Grant", id: "g-cli", payload: { accountId: "ann", clientId: "-cli1", iat: 1 }, expiresAt: null, accountId: "ann" });
    await store.close();
    expect(duely("clients", "list", "--json", "--db", db).json()).toEqual([
      { id: "-cli1", name: "Inspector", redirectUris: ["http://localhost:6274/oauth/callback"], registeredAt: 1_800_000_000_000, expiresAt: null, grants: 1 },
    ]);
    const removed = duely("clients", "remove", "-cli1", "--db", db);
    expect(removed.stderr).toBe("");
    expect(removed.stdout).toContain("client -cli1 removed with 1 grant(s)");
    const after = openSqliteAuthStore({ path: db, clock: systemClock });
    expect(await after.get("Client", "-cli1")).toBeNull();
    expect(await after.get("Grant", "g-cli")).toBeNull();
    await after.close();
  });

  it("rotates the signing key, keeping the old one to verify", async () => {
    const store = openSqliteAuthStore({ path: db, clock: systemClock });
    const before = (await store.get("Keyring", "current"))?.payload as { keys: { jwk: { kid: string } }[] } | undefined;
    await store.close();
    const r = duely("owner", "rotate-keys", "--db", db);
    expect(r.code).toBe(0);
    const kid = /new signing key (\S+);/.exec(r.stdout)?.[1];
    const after = openSqliteAuthStore({ path: db, clock: systemClock });
    const ring = (await after.get("Keyring", "current"))?.payload as { keys: { jwk: { kid: string }; status: string }[] };
    await after.close();
    expect(ring.keys[0]).toMatchObject({ status: "active", jwk: { kid } });
    // The first rotation of a fresh store creates the first key, then retires it.
    expect(ring.keys.map((k) => k.status)).toEqual(["active", "retiring"]);
    expect(before).toBeUndefined();
  });
});
