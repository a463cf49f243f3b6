import { afterEach, describe, expect, it } from "vitest";
import type { Store, Tx } from "../../src/ports/store.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const NOW = "2026-06-01T10:00:00Z";
const T = Date.parse(NOW);

/** Counts the run rows the engine writes that only move a lease on (heartbeats), per job. */
function countingExtensions() {
  const byJob = new Map<string, number>();
  const count = (txs: Tx[]) => {
    for (const tx of txs) {
      for (const w of tx.writes) {
        if (w.op === "update_run" && w.expect.status === "running" && w.run.status === "running" && w.run.started_at !== null && (tx.events ?? []).length === 0)
          byJob.set(w.run.job_id, (byJob.get(w.run.job_id) ?? 0) + 1);
      }
    }
  };
  const wrap = (s: Store): Store => ({
    ...s,
    commit: (tx) => {
      count([tx]);
      return s.commit(tx);
    },
    commitEach: (txs) => {
      count(txs);
      return s.commitEach(txs);
    },
  });
  const total = () => [...byJob.values()].reduce((a, b) => a + b, 0);
  return { wrap, byJob, total };
}

describe("heartbeats", () => {
  it("coalesces an action's heartbeats: 50 runs beating 21 times each (once per feed) write at most one extension each", async () => {
    const counter = countingExtensions();
    h = await openHarness(NOW, { shard_count: 2, max_active_jobs_per_owner: 100, dedupe_window_ms: 0 }, { wrapStore: counter.wrap });
    h.actions.behaviour = async (_a, ctx) => {
      for (let feed = 0; feed < 21; feed++) {
        await new Promise((r) => setImmediate(r)); // fetching one feed
        ctx.heartbeat();
      }
      return { text: "digest" };
    };
    await h.engine.jobs.createMany(
      "alice",
      Array.from({ length: 50 }, (_, i) => ({
        title: `d${i}`,
        action: { type: "summarize" as const, topic: `t${i}` },
        schedule: { kind: "immediate" as const },
      })),
    );
    expect(await h.engine.worker.runOnce()).toBe(50);
    expect(counter.total()).toBeLessThanOrEqual(50);
    const runs = await Promise.all([...new Set(h.actions.calls.map((c) => c.ctx.jobId))].map((id) => h.store.listJobRuns(id, { limit: 1 })));
    expect(runs.every((p) => p.items[0]?.status === "succeeded")).toBe(true);
  });

  it("extends only the beating run's lease, at most once per sixth of a lease", async () => {
    const counter = countingExtensions();
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 30_000 }, { wrapStore: counter.wrap });
    let release!: () => void;
    const quietDone = new Promise<void>((r) => (release = r));
    h.actions.behaviour = async (action, ctx) => {
      if (action.type === "notify" && action.message === "quiet") {
        await quietDone;
        return { text: "quiet" };
      }
      for (let s = 1; s <= 21; s++) {
        h.clock.advance(1_000);
        ctx.heartbeat();
        for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      }
      release();
      return { text: "busy" };
    };
    const busy = await h.engine.jobs.create("alice", { title: "busy", action: { type: "notify", message: "busy" }, schedule: { kind: "immediate" } });
    const quiet = await h.engine.jobs.create("alice", { title: "quiet", action: { type: "notify", message: "quiet" }, schedule: { kind: "immediate" } });
    const pass = h.engine.worker.runOnce();
    for (let i = 0; i < 200 && h.actions.calls.length < 2; i++) await new Promise((r) => setImmediate(r));
    await pass;
    // Beats at 1 s … 21 s, a lease of 30 s: one extension every 5 s at most (at 5, 10, 15, 20 s).
    expect(counter.byJob.get(busy.job.id)).toBe(4);
    expect(counter.byJob.get(quiet.job.id)).toBeUndefined();
    const events = await h.store.listEvents({ job_id: quiet.job.id, scheduled_at: T });
    expect(events.map((e) => e.to)).toEqual(["queued", "running", "succeeded"]);
  });
});
