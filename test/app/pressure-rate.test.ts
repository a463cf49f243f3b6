import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoryLimitState } from "../../src/adapters/limits/memory-limit-state.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import type { Engine } from "../../src/app/engine/engine.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import { resolveConfig } from "../../src/config.js";
import type { RunEvent } from "../../src/core/model.js";
import { openEngine } from "../../src/main.js";
import { silentLogger } from "../../src/ports/logger.js";
import { openHarness, ScriptedActions } from "../support/engine-harness.js";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

const notify = (message: string, at?: number) => ({
  title: message,
  action: { type: "notify" as const, message },
  schedule: at === undefined ? { kind: "immediate" as const } : { kind: "once" as const, at, timezone: "UTC" },
});

const heldBack = (events: RunEvent[]) => events.filter((e) => e.detail?.startsWith("held back")).length;

/** Two of alice's one-shots due now against a burst of 1: the second is claimed over the rate, held back. Its task. */
async function secondHeldBack(h: Awaited<ReturnType<typeof openHarness>>) {
  await h.engine.jobs.create("alice", notify("first"));
  const { job } = await h.engine.jobs.create("alice", notify("second"));
  await h.engine.watcher.tick();
  await h.engine.worker.runOnce();
  return job;
}

describe("an owner over its execution rate", () => {
  it("writes each run over the rate held back once, keeps it with the worker, and runs every run once", async () => {
    const h = await openHarness(
      "2026-06-01T00:00:00Z",
      {},
      {
        limits: (clock) =>
          new Limits(
            memoryLimitState(() => clock.now()),
            { ...DEFAULT_LIMITS, executions: { burst: 5, per_minute: 60 } },
            clock,
          ),
      },
    );
    cleanup = h.close;
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => h.engine.jobs.create("alice", notify(`n${i}`))));
    // 40 passes of the watcher and worker, 1 s apart: one token a second after the burst of 5.
    await h.runFor(40_000, 1_000);
    const events = await Promise.all(created.map(({ job }) => h.store.listJobRuns(job.id, { limit: 1 }).then((p) => h.store.listEvents(p.items[0]!))));
    const perRun = events.map(heldBack);
    // The 25 runs over the burst were each told their time once: none was held back twice.
    expect(perRun.filter((n) => n === 1)).toHaveLength(25);
    expect(Math.max(...perRun)).toBe(1);
    expect(h.actions.calls).toHaveLength(30);
    // Spread at the rate, in the order they were booked: one a second after the burst.
    const started = events.map((es) => es.find((e) => e.to === "running")!.at).sort((a, b) => a - b);
    expect(started[29]! - started[0]!).toBeGreaterThanOrEqual(24_000);
  });

  it("does not claim a held-back run early from an older copy of its message", async () => {
    const h = await openHarness(
      "2026-06-01T00:00:00Z",
      {},
      {
        limits: (clock) =>
          new Limits(
            memoryLimitState(() => clock.now()),
            { ...DEFAULT_LIMITS, executions: { burst: 1, per_minute: 6 } },
            clock,
          ),
      },
    );
    cleanup = h.close;
    const job = await secondHeldBack(h);
    const [run] = (await h.store.listJobRuns(job.id, { limit: 1 })).items;
    // Held back 10 s (one token every 10 s after a burst of 1), and kept by the worker.
    expect(run!.status).toBe("queued");
    expect(run!.due_at).toBeGreaterThan(h.clock.now() + 5_000);
    // A copy of the message from before the hold (a re-send, a duplicate delivery) arrives now.
    await h.queue.send([{ key: { job_id: run!.job_id, scheduled_at: run!.scheduled_at }, owner: "alice", dueAt: h.clock.now() }]);
    const pass = await Promise.race([h.engine.worker.runOnce(), new Promise((r) => setTimeout(() => r("still waiting after 3 s"), 3_000))]);
    // Not claimed ten seconds ahead of its booked time (a claimed run would wait for it, holding a lease).
    expect(pass).toBe(0);
    const after = (await h.store.getRun(run!))!;
    expect(after.status).toBe("queued");
    expect(after.due_at).toBe(run!.due_at);
    // At its time it runs, once.
    await h.runFor(15_000, 1_000);
    expect(h.actions.calls).toHaveLength(2);
  });

  it("does not charge a held-back run again when a new process claims it after the one that booked it died", async () => {
    // One limit state across the restart, as the file's or the table's is.
    let limits: Limits | null = null;
    const h = await openHarness(
      "2026-06-01T00:00:00Z",
      {},
      {
        limits: (clock) =>
          (limits ??= new Limits(
            memoryLimitState(() => clock.now()),
            { ...DEFAULT_LIMITS, executions: { burst: 1, per_minute: 1 } },
            clock,
          )),
      },
    );
    cleanup = h.close;
    const job = await secondHeldBack(h);
    // Over the rate: held back a minute, the token for then booked and stored with the run.
    const held = await h.onlyRun(job.id);
    expect(held).toMatchObject({ status: "queued", booked: true });
    // The process that booked it is killed; a new one takes over the file and, in time, the run.
    h.restart();
    for (let s = 0; s < 600 && (await h.onlyRun(job.id)).status !== "succeeded"; s++) await h.runFor(1_000);
    const run = await h.onlyRun(job.id);
    expect(run).toMatchObject({ status: "succeeded", booked: false });
    expect(heldBack(await h.store.listEvents(run))).toBe(1);
    // Its claim used the booking and took no second token. Within a minute of the booked time (one
    // token a minute), the next reservation waits less than a minute; charged twice, it would
    // wait more than one.
    expect(h.clock.now() - held.due_at).toBeLessThan(60_000);
    expect(await limits!.reserveExecution("alice")).toBeLessThan(60_000);
    expect(h.actions.calls).toHaveLength(2);
  });

  it("does not starve the event loop, another owner, or its own claimed runs while it waits", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-pressure-"));
    const actions = new ScriptedActions();
    const config = resolveConfig(
      {
        store: { kind: "sqlite", path: join(dir, "duely.db") },
        // 20 ms a token after a burst of 10: runs over it are held back by less than the 2 s the
        // worker claims ahead, the case that used to come straight back in a loop.
        limits: { creates: { burst: 1_000, per_minute: 1_000 }, executions: { burst: 10, per_minute: 3_000 } },
      },
      {},
    );
    const engine: Engine = await openEngine(config, { log: silentLogger, env: {}, actions });
    const reader = openSqliteStore({ path: join(dir, "duely.db") });
    cleanup = async () => {
      await engine.stop(1_000);
      await reader.close();
      rmSync(dir, { recursive: true, force: true });
    };
    // The event loop's longest stall, seen by a 10 ms interval.
    let last = performance.now();
    let longest = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    const due = Date.now() + 3_000;
    const alice = await Promise.all(Array.from({ length: 100 }, (_, i) => engine.jobs.create("alice", notify(`a${i}`, due))));
    const bob = await Promise.all(Array.from({ length: 10 }, (_, i) => engine.jobs.create("bob", notify(`b${i}`, due))));
    engine.start();
    longest = 0;
    last = performance.now();
    const runsOf = (jobs: typeof alice) => Promise.all(jobs.map(({ job }) => engine.jobs.get(job.owner, job.id, { runs: 1 }).then((d) => d.runs[0]!)));
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await runsOf([...alice, ...bob])).some((r) => r.status !== "succeeded")) await new Promise((r) => setTimeout(r, 100));
    clearInterval(probe);
    expect((await runsOf([...alice, ...bob])).map((r) => r.status)).toEqual([...alice, ...bob].map(() => "succeeded"));
    // Every run delivered once.
    expect(actions.calls).toHaveLength(110);
    expect(new Set(actions.calls.map((c) => c.ctx.jobId)).size).toBe(110);
    // Bob is not held back by alice's rate: each of his runs started with its first claim.
    const bobEvents = await Promise.all((await runsOf(bob)).map((r) => reader.listEvents(r)));
    expect(bobEvents.map(heldBack)).toEqual(bob.map(() => 0));
    // Alice's runs over the burst were each held back at most once (it was thousands of times),
    // and nothing was reaped or fenced.
    const aliceEvents = await Promise.all((await runsOf(alice)).map((r) => reader.listEvents(r)));
    expect(Math.max(...aliceEvents.map(heldBack))).toBeLessThanOrEqual(1);
    expect(aliceEvents.flat().filter((e) => /lease expired|fenced|is gone/.test(e.detail ?? ""))).toEqual([]);
    // The event loop kept turning: timers, heartbeats and HTTP were never starved for long.
    expect(longest).toBeLessThan(1_500);
  }, 40_000);
});
