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

describe("worker: due runs are claimed as slots free", () => {
  it("claims no more due runs than it has free slots, so every claim records its start (one write, not two)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-slots-"));
    const store = await openSqliteStore({ path: join(dir, "duely.db") });
    let running = 0;
    let most = 0;
    const engine = new Engine(
      {
        store,
        queue: new LocalDelayQueue(systemClock, { leadMs: 0 }),
        clock: systemClock,
        random: Math.random,
        actions: {
          run: async () => {
            most = Math.max(most, ++running);
            await new Promise((r) => setTimeout(r, 20));
            running--;
            return { text: "ok" };
          },
        },
        log: silentLogger,
        settings: { ...DEFAULT_SETTINGS, concurrency: 2, claim_ahead_ms: 0, poll_interval_ms: 50 },
      },
      { roles: ["watcher", "worker"] },
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
});
