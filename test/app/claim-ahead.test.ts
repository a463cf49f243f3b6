import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { systemClock } from "../../src/ports/clock.js";
import { silentLogger } from "../../src/ports/logger.js";

/** Real clock: claiming ahead is about timers, so this test waits about a second of real time. */
async function openRealEngine(claimAheadMs: number) {
  const dir = mkdtempSync(join(tmpdir(), "duely-ahead-"));
  const store = await openSqliteStore({ path: join(dir, "duely.db") });
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
  return { engine, store, starts, close };
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
  for (let i = 0; i < 100 && (await e.store.getRun(key))?.status !== "running"; i++) await new Promise((r) => setTimeout(r, 10));
  expect((await e.store.getRun(key))?.status).toBe("running");
  return key;
}

describe("worker: claiming ahead of the due time", () => {
  it("claims a run before it is due, holds it, and starts its action at the due time, not before", async () => {
    const e = await openRealEngine(1_000);
    try {
      const at = Math.ceil((Date.now() + 800) / 100) * 100;
      const { job } = await e.engine.jobs.create("alice", {
        title: "t",
        action: { type: "notify", message: "m" },
        schedule: { kind: "once", at, timezone: "UTC" },
      });
      e.engine.start();
      while (Date.now() < at - 150) await new Promise((r) => setTimeout(r, 20));
      const held = await e.store.getRun({ job_id: job.id, scheduled_at: at });
      expect(held?.status).toBe("running"); // claimed, lease taken…
      expect(e.starts).toEqual([]); // …but not started
      while (e.starts.length === 0 && Date.now() < at + 3_000) await new Promise((r) => setTimeout(r, 10));
      expect(e.starts).toHaveLength(1);
      expect(e.starts[0]!.at).toBeGreaterThanOrEqual(at);
      expect(e.starts[0]!.at - at).toBeLessThan(500);
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

  it.each(["paused", "cancelled"] as const)("does not start a run it claimed ahead once its task was %s meanwhile", async (change) => {
    const e = await openRealEngine(1_500);
    try {
      const key = await claimedAhead(e, Date.now() + 1_000);
      await (change === "paused" ? e.engine.jobs.pause("alice", key.job_id) : e.engine.jobs.cancel("alice", key.job_id));
      while (Date.now() < key.scheduled_at + 300) await new Promise((r) => setTimeout(r, 20));
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
