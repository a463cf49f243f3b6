import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/ports/store.js";
import { Beats } from "../support/beats.js";
import { openHarness } from "../support/engine-harness.js";

// A reap is recorded when it is decided. A watcher's tick scans its buckets before its waking
// runs, and on a slow store (DynamoDB under load) the scans take seconds: a worker can die
// during them. Its runs are then reaped in the same tick, and the reap must not be stamped with
// the tick's start, before the death it acts on (the chaos run counts such a reap as one taken
// from a live worker).

const NOW = "2026-06-01T00:00:00Z";
const LEASE = 30_000;
const notify = { type: "notify" as const, message: "hi" };

let h: Awaited<ReturnType<typeof openHarness>> | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("the time a reap is recorded", () => {
  it("is never before the death it acts on, when the worker dies while the tick scans its buckets", async () => {
    const beats = new Beats();
    /** Runs once, inside the next bucket scan: the store is slow and the worker dies meanwhile. */
    let duringScan: (() => Promise<void>) | null = null;
    const slowScans = (store: Store): Store => ({
      ...store,
      queryBucket: async (q) => {
        const page = await store.queryBucket(q);
        const f = duringScan;
        duringScan = null;
        await f?.();
        return page;
      },
    });
    h = await openHarness(NOW, { shard_count: 1, lease_ms: LEASE }, { presence: beats, wrapStore: slowScans });
    const clock = h.clock;
    await beats.beat("worker-a", clock.now(), LEASE);
    h.actions.behaviour = () => new Promise(() => {}); // worker-a's action never returns: it is killed mid-run
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    h.engine
      .newWorker("worker-a")
      .runOnce()
      .catch(() => {}); // never settles: its action hangs until the harness closes
    while ((await h.onlyRun(job.id)).started_at === null) await new Promise((r) => setImmediate(r));

    let diedAt = 0;
    duringScan = async () => {
      clock.advance(5_000);
      await beats.bury("worker", "worker-a");
      diedAt = clock.now();
    };
    const tickStart = clock.now();
    expect((await h.engine.watcher.tick()).reaped).toBe(1);
    expect(diedAt).toBeGreaterThan(tickStart);
    const run = await h.onlyRun(job.id);
    const reap = (await h.store.listEvents(run)).find((e) => e.attempt === 1 && e.from === "running" && e.to !== "running");
    expect(reap?.detail).toMatch(/gone/);
    expect(reap!.at).toBeGreaterThanOrEqual(diedAt);
  });
});
