import { afterEach, describe, expect, it } from "vitest";
import type { LogLevel } from "../../src/ports/logger.js";
import type { Store } from "../../src/ports/store.js";
import { openHarness } from "../support/engine-harness.js";
import { FaultPlan } from "../support/faults.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const NOW = "2026-06-01T10:00:00Z";

function recordingLog() {
  const lines: { level: LogLevel; message: string }[] = [];
  const log = (level: LogLevel, message: string) => {
    lines.push({ level, message });
  };
  return { lines, log: { log } };
}

/** Resolves once `check` holds, polling the event loop (real time, bounded). */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("completer: no outcome is ever dropped", () => {
  it("writes an outcome whose first writes fail, once the store answers again, and completes its task", async () => {
    const faults = new FaultPlan();
    h = await openHarness(NOW, { shard_count: 2 }, { faults });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    faults.script("commitEach", "none", "error", "error", "partial"); // the claim lands; the outcome fails three times
    expect(await h.engine.worker.runOnce()).toBe(1);
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", executions: 1, result: { text: "ping" } });
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
    expect(h.actions.calls).toHaveLength(1);
  });

  it("waits between tries of an outcome by the engine's injected randomness, not its own", async () => {
    const faults = new FaultPlan();
    h = await openHarness(NOW, { shard_count: 2 }, { faults });
    let draws = 0;
    h.setRandom(() => {
      draws++;
      return 0;
    });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    faults.script("commitEach", "none", "error"); // the claim lands; the outcome's first write fails
    await h.engine.worker.runOnce();
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", executions: 1 });
    // The action succeeded: no retry decision drew; the one draw is the completer's wait before its second write.
    expect(draws).toBe(1);
  });

  it("takes an outcome whose write landed but whose answer was lost as written, and records it once", async () => {
    const faults = new FaultPlan();
    h = await openHarness(NOW, { shard_count: 2 }, { faults });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    faults.script("commitEach", "none", "lost_reply");
    await h.engine.worker.runOnce();
    const run = await h.onlyRun(job.id);
    expect(run.status).toBe("succeeded");
    const events = await h.store.listEvents(run);
    expect(events.map((e) => `${e.from}->${e.to}`)).toEqual(["null->queued", "queued->running", "running->succeeded"]);
    expect(events.some((e) => e.detail?.startsWith("fenced"))).toBe(false);
  });

  it("completes a one-shot task in the same transaction as its outcome, even when the task changed while it ran", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    let finish!: () => void;
    h.actions.behaviour = () => new Promise((r) => (finish = () => r({ text: "done" })));
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    const pass = h.engine.worker.runOnce();
    await until(() => h.actions.calls.length === 1);
    const stored = (await h.store.getJob(job.id))!; // another write to the task meanwhile bumps its version
    await h.store.commit({ writes: [{ op: "put_job", job: { ...stored, title: "renamed", version: stored.version + 1 }, expectVersion: stored.version }] });
    finish();
    await pass;
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded" });
    expect(await h.store.getJob(job.id)).toMatchObject({ status: "completed", title: "renamed" });
    expect(await h.store.countJobs("alice", ["active", "paused"])).toBe(0);
  });
});

describe("worker: a failed write never crashes or wedges it", () => {
  it("runs the action when its claim landed but the store's answer was lost", async () => {
    const faults = new FaultPlan();
    h = await openHarness(NOW, { shard_count: 2 }, { faults });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" }, retry: { max_attempts: 1 } });
    faults.script("commitEach", "lost_reply");
    expect(await h.engine.worker.runOnce()).toBe(1);
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", attempt: 1, executions: 1 });
    expect(h.actions.calls).toHaveLength(1);
  });

  it("goes on starting runs after it failed to decide one attempt's outcome", async () => {
    const { log, lines } = recordingLog();
    h = await openHarness(NOW, { shard_count: 2, concurrency: 1 }, { log });
    let decisions = 0;
    h.setRandom(() => {
      if (decisions++ === 0) throw new Error("boom while deciding");
      return 0.5;
    });
    h.actions.behaviour = (_a, ctx) => {
      if (ctx.jobId === first.job.id) throw new Error("action failed");
      return { text: "ok" };
    };
    const first = await h.engine.jobs.create("alice", { title: "a", action: notify, schedule: { kind: "immediate" } });
    const second = await h.engine.jobs.create("alice", { title: "b", action: { type: "notify", message: "second" }, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    expect(await h.onlyRun(second.job.id)).toMatchObject({ status: "succeeded" });
    expect(lines.some((l) => l.level === "error" && l.message.startsWith("cannot record an attempt's outcome"))).toBe(true);
    // The first run's outcome is lost to this worker: its lease expires and the reaper retries it.
    h.clock.advance(h.engine.settings.lease_ms + 1);
    expect((await h.engine.watcher.tick()).reaped).toBe(1);
    expect(await h.onlyRun(first.job.id)).toMatchObject({ status: "retrying", executions: 1, error: { kind: "interrupted" } });
  });

  it("loses nothing to a crash between an action's end and its outcome's commit: the run is reaped, retried and stored once", async () => {
    // The first process dies after the action ran, with its outcome waiting to be written: from
    // then on its writes never reach the file (kill -9 before the completer's commit).
    let dead = false;
    let opened = 0;
    const dying = (store: Store): Store => {
      if (opened++ > 0) return store;
      return { ...store, commitEach: (txs) => (dead ? new Promise<never>(() => {}) : store.commitEach(txs)) };
    };
    h = await openHarness(NOW, { shard_count: 2 }, { wrapStore: dying });
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    h.actions.behaviour = () => {
      dead = true;
      return { text: "first" };
    };
    // Never settles: its outcome's commit hangs, as a killed process's would.
    const firstPass = h.engine.worker.runOnce();
    await until(() => h.actions.calls.length === 1);
    expect(await Promise.race([firstPass.then(() => "settled"), Promise.resolve("pending")])).toBe("pending");
    h.restart();
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "running", attempt: 1 });
    h.actions.behaviour = () => ({ text: "second" });
    h.clock.advance(h.engine.settings.lease_ms + 1);
    expect((await h.engine.watcher.tick()).reaped).toBe(1);
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "retrying", executions: 1, error: { kind: "interrupted" } });
    await h.runFor(120_000);
    const run = await h.onlyRun(job.id);
    expect(run).toMatchObject({ status: "succeeded", attempt: 2, executions: 2, result: { text: "second" } });
    expect((await h.store.listEvents(run)).filter((e) => e.to === "succeeded")).toHaveLength(1);
    expect((await h.store.getJob(job.id))?.status).toBe("completed");
  });

  it("stops within its drain deadline when outcomes cannot be written, leaving them to the reaper and saying so", async () => {
    const faults = new FaultPlan();
    const { log, lines } = recordingLog();
    h = await openHarness(NOW, { shard_count: 2 }, { faults, log });
    await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    faults.script("commitEach", "none", ...Array<string>(10_000).fill("error"));
    const pass = h.engine.worker.runOnce();
    await until(() => lines.some((l) => l.message.startsWith("writing outcomes failed")));
    const started = Date.now();
    await h.engine.worker.stop(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await pass;
    expect(lines.some((l) => l.level === "warn" && l.message.startsWith("stopping with outcomes unwritten"))).toBe(true);
  });
});
