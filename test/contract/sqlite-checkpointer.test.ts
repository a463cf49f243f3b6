import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCheckpointer } from "../../src/adapters/store/sqlite/checkpointer.js";
import type { SqliteDb } from "../../src/adapters/store/sqlite/driver.js";

// When the background checkpoint thread starts: it lowers the main connection's own checkpoint
// to a backstop as it does, which is what these tests watch (a real thread on a real file).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function open() {
  const dir = mkdtempSync(join(tmpdir(), "duely-checkpointer-"));
  const pragmas: string[] = [];
  const db = { pragma: (source: string) => pragmas.push(source) } as unknown as SqliteDb;
  let t = 0;
  const checkpointer = createCheckpointer(db, join(dir, "x.db"), 250, "better-sqlite3", () => t);
  cleanups.push(async () => {
    await checkpointer.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { checkpointer, started: () => pragmas.some((p) => p.startsWith("wal_autocheckpoint")), advance: (ms: number) => (t += ms) };
}

describe("the background checkpointer of an SQLite store", () => {
  it("starts its thread once the store is busy: a thousand commits within a minute", () => {
    const c = open();
    for (let i = 0; i < 999; i++) c.checkpointer.noteCommits(1);
    expect(c.started()).toBe(false);
    c.advance(59_000);
    c.checkpointer.noteCommits(1);
    expect(c.started()).toBe(true);
  });

  it("never starts it for a store that only lives long: a desktop service's few hundred commits a day", () => {
    const c = open();
    // 300 commits a day for ten days: 3,000 in all, never 1,000 in a minute.
    for (let day = 0; day < 10; day++) {
      for (let i = 0; i < 300; i++) {
        c.checkpointer.noteCommits(1);
        c.advance(288_000);
      }
    }
    expect(c.started()).toBe(false);
  });
});
