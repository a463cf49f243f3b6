import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { LIVE_JOB_STATUSES } from "../../src/core/model.js";

/**
 * Rate limits and the task cap held by two real processes on one SQLite file. better-sqlite3
 * runs a transaction to its end before the next in one process, so only two processes can race
 * a read against another's write; the limit state's BEGIN IMMEDIATE and the store's counted
 * insert are what keep them apart (without them these tests fail with busy errors or an overshoot).
 */

const SCRIPT = join(import.meta.dirname, "../support/processes/limits-node.ts");
const children: ChildProcess[] = [];
let dir = "";
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Counts {
  ok: number;
  limit: number;
  other: string[];
  otherCount: number;
}

/** Starts a process; `ready` resolves once it is set up, `result` with its counts once it has made its calls. */
function start(env: Record<string, string>): { ready: Promise<void>; result: Promise<Counts> } {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<never>((_, reject) => child.on("exit", (code) => reject(new Error(`exited ${code} before answering: ${err}`))));
  child.stdout!.on("data", (d) => {
    out += d;
  });
  const ready = new Promise<void>((resolve) => child.stdout!.on("data", () => out.includes("ready") && resolve()));
  const result = new Promise<Counts>((resolve) =>
    child.stdout!.on("data", () => {
      const line = /result (.*)\n/.exec(out)?.[1];
      if (line) resolve(JSON.parse(line) as Counts);
    }),
  );
  return { ready: Promise.race([ready, exited]), result: Promise.race([result, exited]) };
}

/** Two processes on one file make their calls at once (a GO file releases both); their counts. */
async function race(env: Record<string, string>): Promise<Counts[]> {
  dir = mkdtempSync(join(tmpdir(), "duely-two-processes-"));
  const go = join(dir, "go");
  const both = [0, 1].map(() => start({ DB: join(dir, "duely.db"), GO: go, ...env }));
  await Promise.all(both.map((p) => p.ready));
  writeFileSync(go, "");
  return Promise.all(both.map((p) => p.result));
}

describe("limits shared by two processes on one SQLite file", () => {
  it("lets exactly `burst` creates through a burst from both at once, and refuses the rest at the limit", async () => {
    const counts = await race({ MODE: "rate", COUNT: "400", BURST: "300" });
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(counts[0]!.ok + counts[1]!.ok).toBe(300);
    expect(counts[0]!.limit + counts[1]!.limit).toBe(500);
    // Both really raced for the same tokens: each got some and was refused some.
    for (const c of counts) expect(c.ok * c.limit).toBeGreaterThan(0);
  }, 60_000);

  it("never lets an owner past the task cap when both create at once", async () => {
    const counts = await race({ MODE: "cap", COUNT: "150", CAP: "100", PARALLEL: "10" });
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(counts[0]!.ok + counts[1]!.ok).toBe(100);
    expect(counts[0]!.limit + counts[1]!.limit).toBe(200);
    for (const c of counts) expect(c.ok * c.limit).toBeGreaterThan(0);
    const store = openSqliteStore({ path: join(dir, "duely.db") });
    try {
      expect(await store.countJobs("alice", LIVE_JOB_STATUSES)).toBe(100);
    } finally {
      await store.close();
    }
  }, 60_000);
});
