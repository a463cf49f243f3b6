import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqliteAuthStore } from "../../src/adapters/store/sqlite/sqlite-auth-store.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { FakeClock } from "../support/fake-clock.js";
import { describeAuthStoreContract } from "./auth-store-contract.js";

const tempDir = () => mkdtempSync(join(tmpdir(), "duely-sqlite-auth-"));

describeAuthStoreContract("sqlite", async (clock) => {
  const dir = tempDir();
  const store = openSqliteAuthStore({ path: join(dir, "duely.db"), clock });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe("SQLite auth store, beyond the port", () => {
  it("shares the task store's file, and keeps its records when the file is reopened", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const clock = new FakeClock(0);
    const tasks = openSqliteStore({ path });
    let auth = openSqliteAuthStore({ path, clock });
    await auth.put({ kind: "Account", id: "ann", payload: { hash: "h" }, expiresAt: null });
    await auth.close();
    auth = openSqliteAuthStore({ path, clock });
    expect((await auth.get("Account", "ann"))?.payload).toEqual({ hash: "h" });
    await auth.close();
    await tasks.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("deletes expired rows as it writes, so they do not pile up", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const clock = new FakeClock(0);
    const auth = openSqliteAuthStore({ path, clock, sweepEvery: 3 });
    await auth.put({ kind: "AuthorizationCode", id: "old", payload: {}, expiresAt: 10 });
    clock.advance(10);
    await auth.put({ kind: "Session", id: "s", payload: {}, expiresAt: null });
    const count = () => (new Database(path, { readonly: true }).prepare("SELECT count(*) AS n FROM auth_records").get() as { n: number }).n;
    expect(count()).toBe(2);
    await auth.put({ kind: "Session", id: "t", payload: {}, expiresAt: null });
    expect(count()).toBe(2);
    await auth.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("rejects a record whose payload is not JSON, naming it", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const auth = openSqliteAuthStore({ path, clock: new FakeClock(0) });
    await auth.put({ kind: "Grant", id: "g", payload: {}, expiresAt: null });
    const db = new Database(path);
    db.prepare("UPDATE auth_records SET payload = '{not json' WHERE id = 'g'").run();
    db.close();
    await expect(auth.get("Grant", "g")).rejects.toMatchObject({ code: "corrupt_record", message: expect.stringContaining("Grant g") });
    await auth.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
