import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connect, hasNodeSqlite } from "../../src/adapters/store/sqlite/driver.js";
import { lockDatabaseFile } from "../../src/adapters/store/sqlite/file-lock.js";
import { openSqliteAuthStore } from "../../src/adapters/store/sqlite/sqlite-auth-store.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { makeJob, makeRun, T0 } from "../support/builders.js";
import { corruptSqliteJob, corruptSqliteRun } from "../support/corrupt-sqlite-run.js";
import { describeAuthStoreContract } from "./auth-store-contract.js";
import { describeStoreContract } from "./store-contract.js";

// The same adapters on Node's own node:sqlite, which a host whose Node cannot load better-sqlite3's
// addon falls back to. Node 20 has no node:sqlite: these run on Node 22.13 and later.
const tempDir = () => mkdtempSync(join(tmpdir(), "duely-node-sqlite-"));

// CI runs this file again under Node 22 with REQUIRE_NODE_SQLITE=1: there a missing driver fails, never skips.
const required = process.env.REQUIRE_NODE_SQLITE === "1";
it.runIf(required)("has node:sqlite on this Node, as CI requires", () => {
  expect(hasNodeSqlite(), `node:sqlite is missing on Node ${process.version}`).toBe(true);
});

describe.skipIf(!hasNodeSqlite() && !required)("the SQLite adapters on node:sqlite", () => {
  describeStoreContract("sqlite on node:sqlite", async (opts) => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    const store = openSqliteStore({ path, driver: "node:sqlite", ...opts });
    return {
      store,
      cleanup: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
      corruptRun: corruptSqliteRun(path, "node:sqlite"),
      corruptJob: corruptSqliteJob(path, "node:sqlite"),
    };
  });

  describeAuthStoreContract("sqlite on node:sqlite", async (clock) => {
    const dir = tempDir();
    const store = openSqliteAuthStore({ path: join(dir, "duely.db"), clock, driver: "node:sqlite" });
    return {
      store,
      cleanup: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  it("reads a file better-sqlite3 or node:sqlite wrote alike, and checkpoints a busy store from its worker thread", async () => {
    const dir = tempDir();
    const path = join(dir, "duely.db");
    let store = openSqliteStore({ path, driver: "node:sqlite" });
    const job = makeJob();
    const runs = Array.from({ length: 1200 }, (_, i) => makeRun(job, T0 + i * 60_000));
    for (let i = 0; i < runs.length; i += 400) {
      expect((await store.commitEach(runs.slice(i, i + 400).map((run) => ({ writes: [{ op: "insert_run" as const, run }] })))).every(Boolean)).toBe(true);
    }
    await store.close();
    store = openSqliteStore({ path, driver: "node:sqlite" });
    expect(await store.getRun(runs[1199]!)).toEqual(runs[1199]);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("rolls back only the inner transaction of a nested one, as better-sqlite3 does with savepoints", () => {
    const { db } = connect(":memory:", { timeoutMs: 0, driver: "node:sqlite" });
    db.exec("CREATE TABLE t (v INTEGER)");
    const insert = db.prepare<[number]>("INSERT INTO t (v) VALUES (?)");
    const inner = db.transaction((v: number) => {
      insert.run(v);
      if (v === 2) throw new Error("no");
    });
    const outer = db.transaction(() => {
      inner(1);
      expect(() => inner(2)).toThrow("no");
      inner(3);
    });
    outer.immediate();
    expect(
      db
        .prepare<[], { v: number }>("SELECT v FROM t ORDER BY v")
        .all()
        .map((r) => r.v),
    ).toEqual([1, 3]);
    db.close();
  });

  it("refuses a second scheduler on the same file with the same error as under better-sqlite3", () => {
    const dir = tempDir();
    const lock = lockDatabaseFile(join(dir, "duely.db"));
    try {
      expect(() => lockDatabaseFile(join(dir, "duely.db"))).toThrow(/another duely process is running the scheduler/);
    } finally {
      lock.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
