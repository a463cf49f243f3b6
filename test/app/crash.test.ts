import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { idempotencyKey } from "../../src/core/keys.js";
import type { Run } from "../../src/core/model.js";
import { Children, logLines, waitFor } from "../support/processes/children.js";

const NODE_SCRIPT = join(import.meta.dirname, "../support/processes/crash-node.ts");
const children = new Children();
let dir = "";

afterEach(() => {
  children.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const startNode = (env: Record<string, string>) => children.start(NODE_SCRIPT, env);
const lines = logLines;

async function allRuns(db: string): Promise<Run[]> {
  const store = await openSqliteStore({ path: db });
  try {
    const out: Run[] = [];
    let cursor: string | null = null;
    do {
      const page = await store.listJobs("crash", { limit: 100, cursor });
      for (const job of page.items) out.push(...(await store.listJobRuns(job.id, { limit: 100 })).items);
      cursor = page.cursor;
    } while (cursor);
    return out;
  } finally {
    await store.close();
  }
}

describe("crash recovery with real processes", () => {
  it("after SIGKILL mid-run and a restart, every due run completes at least once and no run key is duplicated", async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-crash-"));
    const db = join(dir, "duely.db");
    const log = join(dir, "actions.log");
    // Embedded mode: the file's lock is held by the first node, and dropped by the OS when it is killed.
    const a = await startNode({ DB: db, LOG: log, CREATE: "30", ACTION_MS: "800", EXCLUSIVE: "1" });
    await waitFor(() => lines(log).filter((l) => l.startsWith("start")).length >= 5, 15_000, "runs to start");
    a.kill("SIGKILL");
    await new Promise((r) => a.once("exit", r));
    const interrupted = lines(log).filter((l) => l.startsWith("start")).length - lines(log).filter((l) => l.startsWith("end")).length;
    expect(interrupted).toBeGreaterThan(0); // the kill really landed mid-run

    await startNode({ DB: db, LOG: log, ACTION_MS: "50", EXCLUSIVE: "1" });
    await waitFor(async () => (await allRuns(db)).filter((r) => r.status === "succeeded").length === 30, 30_000, "all 30 runs to succeed");

    const runs = await allRuns(db);
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => `${r.job_id}@${r.scheduled_at}`)).size).toBe(30);
    const ended = new Set(
      lines(log)
        .filter((l) => l.startsWith("end"))
        .map((l) => l.split(" ")[1]),
    );
    expect(ended.size).toBe(30);
    expect(runs.some((r) => r.attempt >= 2)).toBe(true); // the interrupted ones were re-run
    // A run is charged only for starts of its action: never more executions than starts logged.
    const starts = lines(log).filter((l) => l.startsWith("start"));
    for (const r of runs) expect(r.executions).toBeLessThanOrEqual(starts.filter((l) => l.includes(` ${idempotencyKey(r)} `)).length);
  }, 60_000);

  it("refuses a second embedded scheduler on the file while the first one lives", async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-lock-"));
    const db = join(dir, "duely.db");
    const log = join(dir, "actions.log");
    await startNode({ DB: db, LOG: log, EXCLUSIVE: "1" });
    await expect(startNode({ DB: db, LOG: log, EXCLUSIVE: "1" })).rejects.toThrow(/another duely process is running the scheduler on/);
  }, 30_000);

  it("rejects the late writes of a frozen worker whose leases were taken over", async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-zombie-"));
    const db = join(dir, "duely.db");
    const log = join(dir, "actions.log");
    const a = await startNode({ DB: db, LOG: log, CREATE: "6", ACTION_MS: "2500" });
    await waitFor(() => lines(log).filter((l) => l.startsWith(`start`) && l.endsWith(` ${a.pid}`)).length >= 3, 15_000, "the first node to start runs");
    a.kill("SIGSTOP"); // frozen like a long GC pause: it holds leases it can no longer renew
    const b = await startNode({ DB: db, LOG: log, ACTION_MS: "50" });
    await waitFor(async () => (await allRuns(db)).filter((r) => r.status === "succeeded").length === 6, 30_000, "the second node to finish all runs");
    a.kill("SIGCONT");
    const zombieStarts = lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${a.pid}`)).length;
    const store = await openSqliteStore({ path: db });
    try {
      const runs = await allRuns(db);
      await waitFor(
        async () => {
          const events = (await Promise.all(runs.map((r) => store.listEvents(r)))).flat();
          return events.filter((e) => e.detail?.startsWith("fenced")).length >= zombieStarts;
        },
        15_000,
        "the frozen node's late writes to be rejected",
      );
      for (const r of await allRuns(db)) {
        expect(r.status).toBe("succeeded");
        expect((r.result?.data as { pid: number } | undefined)?.pid).toBe(b.pid);
      }
    } finally {
      await store.close();
    }
  }, 60_000);
  it("rejects a frozen worker's late writes that land while the second worker is still running the same runs", async () => {
    dir = mkdtempSync(join(tmpdir(), "duely-zombie-"));
    const db = join(dir, "duely.db");
    const log = join(dir, "actions.log");
    const hold = join(dir, "release");
    const a = await startNode({ DB: db, LOG: log, CREATE: "4", ACTION_MS: "2500" });
    const startsOf = (pid: number | undefined, attempt?: number) =>
      lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${pid}`) && (attempt === undefined || l.split(" ")[2] === String(attempt)));
    await waitFor(() => startsOf(a.pid).length >= 2, 15_000, "the first node to start runs");
    a.kill("SIGSTOP");
    const frozen = startsOf(a.pid).map((l) => l.split(" ")[1]!);
    // The second node takes the runs over, and holds each of them running until the test says.
    const b = await startNode({ DB: db, LOG: log, HOLD: hold });
    await waitFor(() => frozen.every((key) => startsOf(b.pid, 2).some((l) => l.split(" ")[1] === key)), 30_000, "the second node to start attempt 2");
    const store = await openSqliteStore({ path: db });
    try {
      const taken = (await allRuns(db)).filter((r) => frozen.includes(idempotencyKey(r)));
      expect(taken.map((r) => [r.status, r.attempt])).toEqual(frozen.map(() => ["running", 2]));
      a.kill("SIGCONT"); // the zombie wakes: its actions end and it writes their outcomes now, while attempt 2 runs
      await waitFor(
        async () => {
          const events = (await Promise.all(taken.map((r) => store.listEvents(r)))).flat();
          const fenced = events.filter((e) => e.detail?.startsWith("fenced") && e.attempt === 1).length >= taken.length;
          // A late write that landed ends the wait too: the check below names it.
          const moved = (await allRuns(db)).some((r) => frozen.includes(idempotencyKey(r)) && (r.status !== "running" || r.attempt !== 2));
          return fenced || moved;
        },
        15_000,
        "the frozen node's late writes to be rejected",
      );
      for (const r of await allRuns(db)) if (frozen.includes(idempotencyKey(r))) expect(r).toMatchObject({ status: "running", attempt: 2 });
      writeFileSync(hold, "");
      await waitFor(async () => (await allRuns(db)).every((r) => r.status === "succeeded"), 30_000, "every run to succeed");
      for (const r of await allRuns(db)) expect((r.result?.data as { pid: number } | undefined)?.pid).toBe(b.pid);
    } finally {
      await store.close();
    }
  }, 90_000);
});
