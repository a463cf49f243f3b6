import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine/engine.js";
import { DEFAULT_SETTINGS, type EngineSettings } from "../../src/app/settings.js";
import { systemClock } from "../../src/ports/clock.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { Store } from "../../src/ports/store.js";

/** A real engine (watcher and worker) on a real SQLite file, with the system clock. */
function engineOn(store: Store, run: () => Promise<void>, settings: Partial<EngineSettings>): Engine {
  return new Engine(
    {
      store,
      queue: new LocalDelayQueue(systemClock, { leadMs: settings.claim_ahead_ms ?? 0 }),
      clock: systemClock,
      random: Math.random,
      actions: {
        run: async () => {
          await run();
          return { text: "ok" };
        },
      },
      log: silentLogger,
      settings: { ...DEFAULT_SETTINGS, concurrency: 2, poll_interval_ms: 50, ...settings },
    },
    { roles: ["watcher", "worker"] },
  );
}

describe("worker: due runs are claimed as slots free", () => {
  it("claims no more due runs than it has free slots, so every claim records its start (one write, not two)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-slots-"));
    const store = await openSqliteStore({ path: join(dir, "duely.db") });
    let running = 0;
    let most = 0;
    const engine = engineOn(
      store,
      async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
      },
      { claim_ahead_ms: 0 },
    );
    try {
      const at = Date.now();
      const jobs = await engine.jobs.createMany(
        "alice",
        Array.from({ length: 12 }, (_, i) => ({
          title: `t${i}`,
          action: { type: "notify" as const, message: "m" },
          schedule: { kind: "once" as const, at, timezone: "UTC" },
        })),
        { lateOk: true },
      );
      engine.start();
      const keys = jobs.map((j) => ({ job_id: j.id, scheduled_at: at }));
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !(await Promise.all(keys.map((k) => store.getRun(k)))).every((r) => r?.status === "succeeded")) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const transitions = await Promise.all(keys.map(async (k) => (await store.listEvents(k)).map((e) => `${e.from}>${e.to}`)));
      // A due run claimed beyond the free slots would show a separate start: running>running.
      expect(transitions).toEqual(keys.map(() => ["null>queued", "queued>running", "running>succeeded"]));
      expect(most).toBe(2);
    } finally {
      await engine.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("claims runs ahead of their time in whole batches, not a free slot's worth at a time", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-slots-"));
    const real = await openSqliteStore({ path: join(dir, "duely.db") });
    const claimBatches: number[] = [];
    const store: Store = {
      ...real,
      commitEach: async (txs) => {
        const claims = txs.filter((t) => t.writes.some((w) => w.op === "update_run" && w.expect.status === "queued" && w.run.status === "running")).length;
        if (claims > 0) claimBatches.push(claims);
        return real.commitEach(txs);
      },
    };
    const started: number[] = [];
    const engine = engineOn(
      store,
      async () => {
        started.push(Date.now());
      },
      { claim_batch: 100, claim_ahead_ms: 3_000 },
    );
    try {
      const at = Date.now() + 1_500;
      await engine.jobs.createMany(
        "alice",
        Array.from({ length: 60 }, (_, i) => ({
          title: `t${i}`,
          action: { type: "notify" as const, message: "m" },
          schedule: { kind: "once" as const, at, timezone: "UTC" },
        })),
      );
      engine.start();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && started.length < 60) await new Promise((r) => setTimeout(r, 20));
      expect(started).toHaveLength(60);
      expect(Math.min(...started)).toBeGreaterThanOrEqual(at - 50);
      // The first claim is limited to the two free slots (the queue could be handing out due
      // runs); once runs wait claimed ahead, the rest come in one batch, not 29 more of two.
      expect(claimBatches).toEqual([2, 58]);
    } finally {
      await engine.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
