import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine/engine.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { systemClock } from "../../src/ports/clock.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { Store } from "../../src/ports/store.js";

/**
 * Claiming ahead is about timers: the engine runs on the system clock and Node's timers, both
 * faked by vitest, so the test moves time exactly where it says and waits for none of it.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"], now: Date.parse("2026-06-01T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openRealEngine(claimAheadMs: number) {
  const dir = mkdtempSync(join(tmpdir(), "duely-ahead-"));
  const sqlite = await openSqliteStore({ path: join(dir, "duely.db") });
  // The real store, its full task reads counted (and, when told, its version reads failing).
  const reads = { tasks: 0, failVersions: false };
  const store: Store = {
    ...sqlite,
    getJob: async (id) => {
      reads.tasks++;
      return sqlite.getJob(id);
    },
    getJobs: async (ids) => {
      reads.tasks += ids.length;
      return sqlite.getJobs(ids);
    },
    getJobVersions: async (ids) => (reads.failVersions ? Promise.reject(new Error("versions unreadable now")) : sqlite.getJobVersions(ids)),
  };
  const starts: { at: number; key: string }[] = [];
  const engine = new Engine(
    {
      store,
      queue: new LocalDelayQueue(systemClock, { leadMs: claimAheadMs }),
      clock: systemClock,
      random: Math.random,
      actions: {
        run: async (_a, ctx) => {
          starts.push({ at: Date.now(), key: ctx.idempotencyKey });
          return { text: "ok" };
        },
      },
      log: silentLogger,
      settings: { ...DEFAULT_SETTINGS, claim_ahead_ms: claimAheadMs, poll_interval_ms: 50 },
    },
    { roles: ["watcher", "worker"] },
  );
  const close = async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { engine, store, starts, reads, close };
}

/** Waits (moving the fake clock in small steps) until the run's outcome is stored. */
async function finished(e: Awaited<ReturnType<typeof openRealEngine>>, key: { job_id: string; scheduled_at: number }) {
  for (let i = 0; i < 100 && (await e.store.getRun(key))?.status === "running"; i++) await vi.advanceTimersByTimeAsync(10);
  return e.store.getRun(key);
}

/** Creates a once-task at `at`, starts the worker, and waits until it has claimed the run ahead of its time. */
async function claimedAhead(e: Awaited<ReturnType<typeof openRealEngine>>, at: number) {
  const { job } = await e.engine.jobs.create("alice", {
    title: "t",
    action: { type: "notify", message: "m" },
    schedule: { kind: "once", at, timezone: "UTC" },
  });
  const key = { job_id: job.id, scheduled_at: at };
  e.engine.worker.start();
  for (let i = 0; i < 100 && (await e.store.getRun(key))?.status !== "running"; i++) await vi.advanceTimersByTimeAsync(10);
  expect((await e.store.getRun(key))?.status).toBe("running");
  return key;
}

describe("worker: claiming ahead of the due time", () => {
  it("claims a run before it is due, holds it, and starts its action at the due time, not before", async () => {
    const e = await openRealEngine(1_000);
    try {
      const at = Date.now() + 800;
      const { job } = await e.engine.jobs.create("alice", {
        title: "t",
        action: { type: "notify", message: "m" },
        schedule: { kind: "once", at, timezone: "UTC" },
      });
      e.engine.start();
      await vi.advanceTimersByTimeAsync(800 - 1);
      const held = await e.store.getRun({ job_id: job.id, scheduled_at: at });
      expect(held?.status).toBe("running"); // claimed, lease taken…
      expect(e.starts).toEqual([]); // …but not started, a millisecond before its time
      await vi.advanceTimersByTimeAsync(1);
      expect(e.starts).toHaveLength(1);
      expect(e.starts[0]!.at).toBe(at);
    } finally {
      await e.close();
    }
  });

  it("gives runs it claimed ahead back to the queue unstarted when it stops, spending nothing (the attempt, its fencing token, stays)", async () => {
    const e = await openRealEngine(5_000);
    try {
      const key = await claimedAhead(e, Date.now() + 3_000);
      await e.engine.worker.stop();
      expect(await e.store.getRun(key)).toMatchObject({ status: "queued", attempt: 1, executions: 0, started_at: null, lease_owner: null });
      expect(e.starts).toEqual([]);
    } finally {
      await e.close();
    }
  });

  it("starts a run claimed ahead without reading its task again when the task is unchanged since the claim", async () => {
    const e = await openRealEngine(1_500);
    try {
      const key = await claimedAhead(e, Date.now() + 1_000);
      const atClaim = e.reads.tasks;
      await vi.advanceTimersByTimeAsync(key.scheduled_at + 300 - Date.now());
      expect(e.starts).toHaveLength(1);
      expect(await finished(e, key)).toMatchObject({ status: "succeeded", executions: 1 });
      // The start compared the stored version with the claim's copy: no full read, no parse.
      expect(e.reads.tasks).toBe(atClaim);
    } finally {
      await e.engine.worker.stop();
      await e.close();
    }
  });

  it("reads the task in full at the start when it changed since the claim, or when its version cannot be read now", { timeout: 20_000 }, async () => {
    for (const how of ["renamed", "versions fail"] as const) {
      const e = await openRealEngine(1_500);
      try {
        const key = await claimedAhead(e, Date.now() + 1_000);
        if (how === "renamed") await e.engine.jobs.update("alice", key.job_id, { title: "renamed" });
        else e.reads.failVersions = true;
        const atChange = e.reads.tasks;
        await vi.advanceTimersByTimeAsync(key.scheduled_at + 300 - Date.now());
        expect(e.starts).toHaveLength(1);
        expect(await finished(e, key)).toMatchObject({ status: "succeeded", executions: 1 });
        expect(e.reads.tasks).toBeGreaterThan(atChange);
      } finally {
        await e.engine.worker.stop();
        await e.close();
      }
    }
  });

  it.each(["paused", "cancelled"] as const)("does not start a run it claimed ahead once its task was %s meanwhile", async (change) => {
    const e = await openRealEngine(1_500);
    try {
      const key = await claimedAhead(e, Date.now() + 1_000);
      await (change === "paused" ? e.engine.jobs.pause("alice", key.job_id) : e.engine.jobs.cancel("alice", key.job_id));
      await vi.advanceTimersByTimeAsync(key.scheduled_at + 300 - Date.now());
      expect(e.starts).toEqual([]);
      expect(await e.store.getRun(key)).toMatchObject(
        change === "paused" ? { status: "skipped", skip_reason: "paused", executions: 0 } : { status: "cancelled", executions: 0 },
      );
    } finally {
      await e.engine.worker.stop();
      await e.close();
    }
  });
});
