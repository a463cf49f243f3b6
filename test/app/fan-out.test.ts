import { afterEach, describe, expect, it } from "vitest";
import type { EngineDeps } from "../../src/app/deps.js";
import { claimBatch } from "../../src/app/engine/claims.js";
import { LeaseKeeper, RunAbort } from "../../src/app/engine/lease-keeper.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { Store, Tx } from "../../src/ports/store.js";
import { openHarness } from "../support/engine-harness.js";

/**
 * What a burst due at one instant (every task on the same minute) needs from the parts around
 * the worker's starts: nothing else holds the event loop or the runs while they start.
 */
type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const NOW = "2026-06-01T10:00:00Z";
const T = Date.parse(NOW);

const task = (i: number, at: number) => ({
  title: `t${i}`,
  action: { type: "notify" as const, message: String(i) },
  schedule: { kind: "once" as const, at, timezone: "UTC" },
});

async function createOnce(n: number, at: number): Promise<void> {
  for (let k = 0; k < n; k += 100) {
    await h.engine.jobs.createMany(
      "alice",
      Array.from({ length: Math.min(100, n - k) }, (_, x) => task(k + x, at)),
    );
  }
}

/** Counts run rows written that only move a lease on: an update of a running run with no event. */
function countingExtensions(store: Store) {
  let n = 0;
  const count = (txs: Tx[]) => {
    for (const tx of txs) for (const w of tx.writes) if (w.op === "update_run" && w.run.status === "running" && (tx.events ?? []).length === 0) n++;
  };
  const wrapped: Store = {
    ...store,
    commit: (tx) => {
      count([tx]);
      return store.commit(tx);
    },
    commitEach: (txs) => {
      count(txs);
      return store.commitEach(txs);
    },
  };
  return { store: wrapped, count: () => n };
}

describe("a burst due at one instant", () => {
  it("the watcher gives the event loop a turn between pages: a tick enqueuing 600 runs does not hold the timers for its whole length", async () => {
    h = await openHarness(NOW, { shard_count: 1, max_active_jobs_per_owner: 1_000, dedupe_window_ms: 0 });
    await createOnce(600, T + 60_000); // beyond the 45 s window: pending, the watcher's to enqueue
    h.clock.advance(20_000);
    let turns = 0;
    let ticking = true;
    const spin = () => {
      if (!ticking) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const stats = await h.engine.watcher.tick();
    const during = turns;
    ticking = false;
    expect(stats.enqueued).toBe(600);
    // Three pages of 250: a turn after each.
    expect(during).toBeGreaterThanOrEqual(3);
  });

  it("a heartbeat leaves leases taken within the last sixth of a lease alone, and extends them at the next beat", async () => {
    h = await openHarness(NOW, { shard_count: 1, max_active_jobs_per_owner: 100, dedupe_window_ms: 0 });
    await createOnce(5, T + 1_000); // inside the window: queued at once
    h.clock.advance(1_000);
    const counter = countingExtensions(h.store);
    const settings = { ...DEFAULT_SETTINGS, shard_count: 1, lease_ms: 30_000 };
    const deps: EngineDeps = { store: counter.store, queue: h.queue, clock: h.clock, random: () => 0.5, actions: h.actions, log: silentLogger, settings };
    const messages = await h.queue.receive(10, 0);
    expect(messages).toHaveLength(5);
    // Claimed without a start (no free slot): held, as runs claimed ahead of a burst are.
    const batch = await claimBatch(deps, "w1", messages, h.clock.now(), { slots: 0, horizon: h.clock.now() });
    expect(batch.held).toHaveLength(5);
    const keeper = new LeaseKeeper(deps, "w1");
    const held = batch.held.map((c) => ({ ...c, abort: new RunAbort(), done: null, writing: null }));
    for (const x of held) keeper.track(x);
    const beat = async () => {
      keeper.heartbeat();
      for (const x of held) await keeper.settle(x);
    };

    h.clock.advance(30_000 / 6 - 1);
    await beat();
    expect(counter.count()).toBe(0); // claimed 5 s ago: 25 s of the lease left
    expect(held.every((x) => x.abort.signal.aborted === false)).toBe(true);

    h.clock.advance(2);
    await beat();
    expect(counter.count()).toBe(5);
    const leaseUntil = h.clock.now() + 30_000;
    for (const x of held) expect((await h.store.getRun(x.run))?.lease_until).toBe(leaseUntil);

    await beat(); // just extended: left alone again
    expect(counter.count()).toBe(5);
    keeper.stop();
  });
});
