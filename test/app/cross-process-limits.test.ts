import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { LIVE_JOB_STATUSES } from "../../src/core/model.js";
import { killRacers, overlapped, race } from "../support/processes/limits-race.js";

/**
 * Rate limits and the task cap held by two real processes on one SQLite file. better-sqlite3
 * runs a transaction to its end before the next in one process, so only two processes can race
 * a read against another's write; the limit state's BEGIN IMMEDIATE and the store's counted
 * insert are what keep them apart (without them these tests fail with busy errors or an overshoot).
 */

let dir = "";
afterEach(() => {
  killRacers();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Two processes on one SQLite file. */
function raceOnFile(env: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "duely-two-processes-"));
  return race(dir, { DB: join(dir, "duely.db"), ...env });
}

describe("limits shared by two processes on one SQLite file", () => {
  it("lets exactly `burst` creates through a burst from both at once, and refuses the rest at the limit", async () => {
    const counts = await raceOnFile({ MODE: "rate", COUNT: "400", BURST: "300" });
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(counts[0]!.ok + counts[1]!.ok).toBe(300);
    expect(counts[0]!.limit + counts[1]!.limit).toBe(500);
    // Both really raced for the same tokens: their calls overlapped in time.
    expect(overlapped(counts)).toBe(true);
  }, 60_000);

  it("never lets an owner past the task cap when both create at once", async () => {
    const counts = await raceOnFile({ MODE: "cap", COUNT: "150", CAP: "100", PARALLEL: "10" });
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(counts[0]!.ok + counts[1]!.ok).toBe(100);
    expect(counts[0]!.limit + counts[1]!.limit).toBe(200);
    expect(overlapped(counts)).toBe(true);
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    try {
      expect(await store.countJobs("alice", LIVE_JOB_STATUSES)).toBe(100);
    } finally {
      await store.close();
    }
  }, 60_000);
});
