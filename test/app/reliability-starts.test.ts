import { afterEach, describe, expect, it } from "vitest";
import type { ActionContext } from "../../src/ports/action.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = (message: string) => ({ type: "notify" as const, message });
const NOW = "2026-06-01T10:00:00Z";
const T = Date.parse(NOW);

/** An action that never ends unless aborted, as in a process that was killed (or froze) mid-run. */
const hang = (ctx: ActionContext) =>
  new Promise<never>((_r, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

describe("a start is recorded only when the action starts", () => {
  it("queues again, unspent, a run its dead worker had claimed but not started: a max_attempts 1 task then runs", async () => {
    h = await openHarness(NOW, { shard_count: 2, concurrency: 1, lease_ms: 10_000 });
    const busy = await h.engine.jobs.create("alice", { title: "busy", action: notify("busy"), schedule: { kind: "immediate" } });
    const once = await h.engine.jobs.create("alice", { title: "once", action: notify("once"), schedule: { kind: "immediate" }, retry: { max_attempts: 1 } });
    h.actions.behaviour = (action, ctx) => (action.type === "notify" && action.message === "busy" ? hang(ctx) : { text: "ran" });
    // Another process's worker claims both; only one slot: "once" waits, claimed and unstarted.
    const dead = h.engine.newWorker("worker-a").runOnce();
    dead.catch(() => {});
    await settle();
    expect(await h.onlyRun(once.job.id)).toMatchObject({ status: "running", attempt: 1, executions: 0, started_at: null });
    // The worker is gone (kill -9): its leases expire.
    h.clock.advance(10_001);
    expect((await h.engine.watcher.tick()).reaped).toBe(2);
    expect(await h.onlyRun(once.job.id)).toMatchObject({ status: "queued", attempt: 1, executions: 0, error: null });
    expect(await h.onlyRun(busy.job.id)).toMatchObject({ status: "retrying", executions: 1, error: { kind: "interrupted" } });
    expect(await h.engine.newWorker("worker-b").runOnce()).toBe(1);
    expect(await h.onlyRun(once.job.id)).toMatchObject({ status: "succeeded", attempt: 2, executions: 1, result: { text: "ran" } });
    expect(h.actions.calls.filter((c) => c.ctx.jobId === once.job.id).map((c) => c.ctx.attempt)).toEqual([1]);
  });

  it("gives back on stop the runs it claimed and had not started for want of a slot", async () => {
    h = await openHarness(NOW, { shard_count: 2, concurrency: 1 });
    await h.engine.jobs.create("alice", { title: "busy", action: notify("busy"), schedule: { kind: "immediate" } });
    const waiting = await h.engine.jobs.create("alice", { title: "waits", action: notify("waits"), schedule: { kind: "immediate" } });
    h.actions.behaviour = (_a, ctx) => hang(ctx);
    const pass = h.engine.worker.runOnce();
    await settle();
    await h.engine.worker.stop(50);
    await pass;
    expect(await h.onlyRun(waiting.job.id)).toMatchObject({ status: "queued", attempt: 1, executions: 0, lease_owner: null, started_at: null });
    expect(h.actions.calls).toHaveLength(1);
  });

  it("records the actual start of each attempt: a run that waited for a slot, and a retry", async () => {
    h = await openHarness(NOW, { shard_count: 2, concurrency: 1 });
    h.setRandom(0);
    let tries = 0;
    h.actions.behaviour = (action) => {
      if (action.type === "notify" && action.message === "first") {
        h.clock.advance(5_000); // the first action takes 5 s; the other run waits for the slot
        return { text: "first" };
      }
      if (++tries === 1) throw new Error("flaky");
      return { text: "second" };
    };
    await h.engine.jobs.create("alice", { title: "a", action: notify("first"), schedule: { kind: "immediate" } });
    const second = await h.engine.jobs.create("alice", { title: "b", action: notify("second"), schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    expect(await h.onlyRun(second.job.id)).toMatchObject({ status: "retrying", started_at: T + 5_000, executions: 1 });
    h.clock.advance(60_000);
    await h.engine.step();
    expect(await h.onlyRun(second.job.id)).toMatchObject({ status: "succeeded", started_at: T + 65_000, executions: 2 });
  });
});

describe("reaper", () => {
  it("marks a one-shot task completed when it fails the task's only run, so it no longer counts against the owner's cap", async () => {
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 });
    h.actions.behaviour = (_a, ctx) => hang(ctx);
    const { job } = await h.engine.jobs.create("alice", { title: "once", action: notify("x"), schedule: { kind: "immediate" }, retry: { max_attempts: 1 } });
    h.engine
      .newWorker("worker-a")
      .runOnce()
      .catch(() => {});
    await settle();
    h.clock.advance(10_001);
    expect((await h.engine.watcher.tick()).reaped).toBe(1);
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "failed", executions: 1, error: { kind: "interrupted" } });
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
    expect(await h.store.countJobs("alice", ["active", "paused"])).toBe(0);
  });

  it("does not reap a run whose lease was extended when it read a stale copy of it", async () => {
    let stale = false;
    h = await openHarness(
      NOW,
      { shard_count: 2, lease_ms: 10_000 },
      {
        // An eventually consistent index (DynamoDB's `waking` GSI) still shows the lease as it was.
        wrapStore: (s) => ({
          ...s,
          listWaking: async (q) => {
            if (!stale) return s.listWaking(q);
            const all = await s.listWaking({ ...q, before: Number.MAX_SAFE_INTEGER });
            const seen = all.map((r) => (r.status === "running" ? { ...r, lease_until: T + 10_000, wake_at: T + 10_000 } : r));
            return seen.filter((r) => (r.wake_at ?? Infinity) <= q.before);
          },
        }),
      },
    );
    h.actions.behaviour = (_a, ctx) => hang(ctx);
    const { job } = await h.engine.jobs.create("alice", { title: "long", action: notify("x"), schedule: { kind: "immediate" } });
    h.engine
      .newWorker("worker-a")
      .runOnce()
      .catch(() => {});
    await settle();
    h.clock.advance(8_000);
    h.actions.calls[0]!.ctx.heartbeat(); // the live worker extends its lease to T + 18 s
    await settle();
    expect((await h.onlyRun(job.id)).lease_until).toBe(T + 18_000);
    h.clock.advance(3_000);
    stale = true;
    expect((await h.engine.watcher.tick()).reaped).toBe(0);
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "running", attempt: 1, executions: 1 });
  });
});
