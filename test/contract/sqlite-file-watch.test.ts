import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lockDatabaseFile } from "../../src/adapters/store/sqlite/file-lock.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import type { LogLevel } from "../../src/ports/logger.js";
import type { Store } from "../../src/ports/store.js";
import { makeJob } from "../support/builders.js";

// The SQLite file under an open store, deleted or replaced, and data directories duely cannot
// write: real files, real SQLite.

let dir: string;
let path: string;
let store: Store | undefined;
const lines: { level: LogLevel; message: string }[] = [];
const log = { log: (level: LogLevel, message: string) => lines.push({ level, message }) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-file-"));
  path = join(dir, "duely.db");
  lines.length = 0;
});
afterEach(async () => {
  await store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const create = (s: Store) => s.commit({ writes: [{ op: "put_job", job: makeJob(), expectVersion: null }] });

describe("an SQLite store whose file goes away under it", () => {
  it("refuses the next commit once its file is deleted, naming the file, instead of acknowledging it", async () => {
    store = openSqliteStore({ path, log, fileCheckMs: 3_600_000 });
    expect(await create(store)).toBe(true);
    unlinkSync(path);
    const refusal = { message: expect.stringMatching(new RegExp(`the database file ${path} was deleted while duely had it open`)) };
    await expect(create(store)).rejects.toMatchObject(refusal);
    await expect(store.commitEach([{ writes: [] }])).rejects.toMatchObject(refusal);
    // Reads too, from then on: what they would return is no longer anyone's data.
    await expect(store.getJob("x")).rejects.toMatchObject(refusal);
    expect(lines.filter((l) => l.level === "error" && l.message.includes("was deleted"))).toHaveLength(1);
  });

  it("refuses the next commit once another file was moved over its own (a restored backup)", async () => {
    store = openSqliteStore({ path, fileCheckMs: 3_600_000 });
    const other = openSqliteStore({ path: join(dir, "backup.db") });
    await other.close();
    expect(await create(store)).toBe(true);
    renameSync(join(dir, "backup.db"), path);
    await expect(create(store)).rejects.toMatchObject({ message: expect.stringContaining(`the database file ${path} was replaced by another file`) });
  });

  it("notices a deleted file on its timer, with no call to the store, and says so once", async () => {
    store = openSqliteStore({ path, log, fileCheckMs: 20 });
    expect(await create(store)).toBe(true);
    unlinkSync(path);
    await vi.waitFor(() => expect(lines.some((l) => l.message.includes("was deleted"))).toBe(true), { timeout: 5_000, interval: 20 });
    await expect(store.listJobs("owner-a", { limit: 10 })).rejects.toMatchObject({ message: expect.stringContaining(path) });
    expect(lines.filter((l) => l.message.includes("was deleted"))).toHaveLength(1);
  });

  it("goes on as usual while its file stays, also when another connection writes to it", async () => {
    store = openSqliteStore({ path, fileCheckMs: 10 });
    copyFileSync(path, join(dir, "copy.db")); // a copy beside it is another file, not this one
    for (let i = 0; i < 5; i++) expect(await create(store)).toBe(true);
    const second = openSqliteStore({ path });
    expect(await create(second)).toBe(true);
    await second.close();
    expect((await store.listJobs("owner-a", { limit: 10 })).items).toHaveLength(6);
  });
});

describe("a data directory duely cannot write", () => {
  it("refuses at open a database whose directory cannot be created, naming the path, the cause and the fix", () => {
    writeFileSync(join(dir, "not-a-dir"), "");
    const bad = join(dir, "not-a-dir", "data", "duely.db");
    for (const open of [() => openSqliteStore({ path: bad }), () => lockDatabaseFile(bad)]) {
      expect(open).toThrow(/cannot open the database .*not-a-dir\/data\/duely\.db.*: its directory .* does not exist and cannot be created \((ENOTDIR|EEXIST)/);
      expect(open).toThrow(/--db, DUELY_DATA_DIR or store\.path/);
    }
  });

  it("creates a missing directory, nested", async () => {
    const nested = join(dir, "a", "b", "duely.db");
    store = openSqliteStore({ path: nested });
    expect(await create(store)).toBe(true);
  });

  it("refuses a file that is not an SQLite database, naming it, where SQLite names nothing", () => {
    mkdirSync(join(dir, "data"));
    const notDb = join(dir, "data", "duely.db");
    writeFileSync(notDb, "not a database, but long enough for SQLite to read its header and refuse it".repeat(10));
    expect(() => openSqliteStore({ path: notDb })).toThrow(`cannot open the database ${notDb}: it is not an SQLite database`);
  });
});
