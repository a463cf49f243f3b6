import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuthRecord, AuthStore } from "../../src/ports/auth-store.js";
import { FakeClock } from "../support/fake-clock.js";

export interface OpenedAuthStore {
  store: AuthStore;
  /** Closes the store and removes whatever `open` created. */
  cleanup(): Promise<void>;
}

const T0 = Date.parse("2026-03-01T12:00:00Z");
const MINUTE = 60_000;

const record = (over: Partial<AuthRecord> & Pick<AuthRecord, "kind" | "id">): AuthRecord => ({
  payload: { n: 1, nested: { list: ["a", "b"] } },
  expiresAt: null,
  ...over,
});

/**
 * The AuthStore port contract, written once; every adapter's test file calls this with a
 * store on the given clock. `open` MUST return a new, empty store each time.
 */
export function describeAuthStoreContract(name: string, open: (clock: FakeClock) => Promise<OpenedAuthStore>): void {
  describe(`AuthStore contract: ${name}`, () => {
    let clock: FakeClock;
    let store: AuthStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      clock = new FakeClock(T0);
      ({ store, cleanup } = await open(clock));
    });
    afterEach(async () => {
      await cleanup();
    });

    it("reads back what was put, payload and lookup keys as written; a missing record is null", async () => {
      const r = record({ kind: "Grant", id: "g1", grantId: "g1", accountId: "ann", expiresAt: T0 + MINUTE });
      await store.put(r);
      expect(await store.get("Grant", "g1")).toEqual({ ...r, uid: null, consumedAt: null });
      expect(await store.get("Grant", "nope")).toBeNull();
      expect(await store.get("Session", "g1")).toBeNull();
    });

    it("replaces a record on put, clearing its consumed mark", async () => {
      await store.put(record({ kind: "AuthorizationCode", id: "c1" }));
      await store.consume("AuthorizationCode", "c1");
      await store.put(record({ kind: "AuthorizationCode", id: "c1", payload: { n: 2 } }));
      expect(await store.get("AuthorizationCode", "c1")).toMatchObject({ payload: { n: 2 }, consumedAt: null });
    });

    it("hides a record from its expiry on, everywhere", async () => {
      await store.put(record({ kind: "Session", id: "s1", uid: "u1", accountId: "ann", expiresAt: T0 + MINUTE }));
      clock.advance(MINUTE - 1);
      expect(await store.get("Session", "s1")).not.toBeNull();
      clock.advance(1);
      expect(await store.get("Session", "s1")).toBeNull();
      expect(await store.findByUid("Session", "u1")).toBeNull();
      expect(await store.list("Session", "ann")).toEqual([]);
    });

    it("creates only when no live record has that kind and id, and may reuse an expired one", async () => {
      expect(await store.create(record({ kind: "Account", id: "ann", payload: { v: 1 } }))).toBe(true);
      expect(await store.create(record({ kind: "Account", id: "ann", payload: { v: 2 } }))).toBe(false);
      expect((await store.get("Account", "ann"))?.payload).toEqual({ v: 1 });

      expect(await store.create(record({ kind: "Lock", id: "x", expiresAt: T0 + MINUTE }))).toBe(true);
      clock.advance(MINUTE);
      expect(await store.create(record({ kind: "Lock", id: "x", payload: { v: 3 } }))).toBe(true);
      expect((await store.get("Lock", "x"))?.payload).toEqual({ v: 3 });
    });

    it("marks a record consumed at the store's time, and ignores consuming a missing one", async () => {
      await store.put(record({ kind: "AuthorizationCode", id: "c1" }));
      clock.advance(5);
      await store.consume("AuthorizationCode", "c1");
      await store.consume("AuthorizationCode", "never-written");
      expect((await store.get("AuthorizationCode", "c1"))?.consumedAt).toBe(T0 + 5);
      expect(await store.get("AuthorizationCode", "never-written")).toBeNull();
    });

    it("finds a record by its uid within its kind", async () => {
      await store.put(record({ kind: "Session", id: "s1", uid: "u1" }));
      await store.put(record({ kind: "Interaction", id: "i1", uid: "u1" }));
      expect((await store.findByUid("Session", "u1"))?.id).toBe("s1");
      expect(await store.findByUid("Session", "u2")).toBeNull();
    });

    it("lists the records of a kind that belong to an account, of every account or of one", async () => {
      await store.put(record({ kind: "Grant", id: "g1", accountId: "ann" }));
      await store.put(record({ kind: "Grant", id: "g2", accountId: "ann" }));
      await store.put(record({ kind: "Grant", id: "g3", accountId: "ann#x" }));
      await store.put(record({ kind: "Session", id: "s1", accountId: "ann" }));
      await store.put(record({ kind: "Client", id: "c1" }));
      const ids = (rs: { id: string }[]) => rs.map((r) => r.id).sort();
      expect(ids(await store.list("Grant", "ann"))).toEqual(["g1", "g2"]);
      expect(ids(await store.list("Grant"))).toEqual(["g1", "g2", "g3"]);
      expect(await store.list("Grant", "bob")).toEqual([]);
      expect(await store.list("Client")).toEqual([]);
    });

    it("deletes one record, and the records of a grant by kind or all of them", async () => {
      await store.put(record({ kind: "Grant", id: "g1", grantId: "g1", accountId: "ann" }));
      await store.put(record({ kind: "RefreshToken", id: "r1", grantId: "g1" }));
      await store.put(record({ kind: "RefreshToken", id: "r2", grantId: "g1" }));
      await store.put(record({ kind: "AuthorizationCode", id: "c1", grantId: "g1" }));
      await store.put(record({ kind: "RefreshToken", id: "other", grantId: "g2" }));

      expect(await store.deleteByGrant("g1", "RefreshToken")).toBe(2);
      expect(await store.get("RefreshToken", "r1")).toBeNull();
      expect(await store.get("AuthorizationCode", "c1")).not.toBeNull();

      expect(await store.deleteByGrant("g1")).toBe(2);
      expect(await store.get("Grant", "g1")).toBeNull();
      expect(await store.get("AuthorizationCode", "c1")).toBeNull();
      expect(await store.get("RefreshToken", "other")).not.toBeNull();

      await store.delete("RefreshToken", "other");
      await store.delete("RefreshToken", "never-written");
      expect(await store.get("RefreshToken", "other")).toBeNull();
    });
  });
}
