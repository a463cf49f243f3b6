import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../../src/core/model.js";
import type { Store } from "../../src/ports/store.js";
import { openHarness } from "../support/engine-harness.js";

// A live worker's runs are its own until their outcomes are stored, whatever the wall clock or
// the disk do meanwhile: the reaper takes only what a dead worker left.

const NOW = "2026-06-01T00:00:00Z";
const notify = (message: string) => ({ title: message, action: { type: "notify" as const, message }, schedule: { kind: "immediate" as const } });
const settle = () => new Promise((r) => setTimeout(r, 20));

let h: Awaited<ReturnType<typeof openHarness>> | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** The store as a full disk leaves it: reads answer, every write fails while `down`. */
function diskFull(store: Store, isDown: () => boolean): Store {
  const fail = () => Promise.reject(new Error("SQLITE_FULL: database or disk is full"));
  return {
    ...store,
    commit: (tx) => (isDown() ? fail() : store.commit(tx)),
    commitEach: (txs) => (isDown() ? fail() : store.commitEach(txs)),
  };
}

describe("leases under pressure", () => {
  it("keeps finished runs through a write outage longer than the lease: none is reaped, each outcome is stored once the disk has room", async () => {
    let down = false;
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 }, { wrapStore: (s) => diskFull(s, () => down) });
    const created = await Promise.all([1, 2, 3].map((i) => h!.engine.jobs.create("alice", notify(`n${i}`))));
    // The disk fills while the actions run: their outcomes cannot be written.
    h.actions.behaviour = (action): RunResult => {
      down = true;
      return { text: action.type === "notify" ? action.message : "" };
    };
    const pass = h.engine.worker.runOnce();
    await settle();
    // 45 s of outage, the watcher ticking all along (its own writes fail too).
    for (let i = 0; i < 45; i++) {
      h.clock.advance(1_000);
      await h.engine.watcher.tick();
    }
    down = false;
    // The first tick after the outage finds the leases long expired: the worker is alive and
    // still storing, so the reaper leaves its runs alone.
    expect((await h.engine.watcher.tick()).reaped).toBe(0);
    await pass;
    for (const { job } of created) expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", attempt: 1, executions: 1 });
    expect(h.actions.calls).toHaveLength(3);
  });

  it("reaps no live run when the wall clock jumps an hour ahead with actions in flight, and each runs once", async () => {
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 });
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => h!.engine.jobs.create("alice", notify(`n${i}`))));
    const release: (() => void)[] = [];
    h.actions.behaviour = (action) => new Promise((r) => release.push(() => r({ text: action.type === "notify" ? action.message : "" })));
    const pass = h.engine.worker.runOnce();
    await settle();
    expect(release).toHaveLength(10);
    h.clock.jump(3_600_000);
    expect((await h.engine.watcher.tick()).reaped).toBe(0);
    for (const r of release) r();
    await pass;
    for (const { job } of created) expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", attempt: 1 });
    expect(h.actions.calls).toHaveLength(10);
  });
});
