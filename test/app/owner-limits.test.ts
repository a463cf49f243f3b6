import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoryLimitState } from "../../src/adapters/limits/memory-limit-state.js";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteLimitState } from "../../src/adapters/store/sqlite/sqlite-limit-state.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine/engine.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { resolveConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { DelayQueue } from "../../src/ports/queue.js";
import { apiOf, callTool, connect, fails, ok } from "../e2e/support.js";
import { openHarness, ScriptedActions } from "../support/engine-harness.js";
import { FakeClock } from "../support/fake-clock.js";

const notify = (title: string) => ({ title, action: { type: "notify" as const, message: "hi" }, schedule: { kind: "immediate" as const } });
const tomorrow = (title: string) => ({
  title,
  action: { type: "notify" as const, message: "hi" },
  schedule: { kind: "once" as const, at: Date.parse("2026-06-02T09:00:00Z"), timezone: "UTC" },
});

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe("the active-task cap", () => {
  it("lets exactly one of ten concurrent creates through when one slot is left", async () => {
    const h = await openHarness("2026-06-01T00:00:00Z", { max_active_jobs_per_owner: 3 });
    cleanup = h.close;
    await h.engine.jobs.create("alice", tomorrow("one"));
    await h.engine.jobs.create("alice", tomorrow("two"));
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => h.engine.jobs.create("alice", tomorrow(`race ${i}`))));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "limit_exceeded", reason: "task_cap", data: { limit: 3 } });
    expect(await h.store.countJobs("alice", ["active", "paused"])).toBe(3);
  });

  it("holds across two engines (two processes) on one SQLite file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-cap-"));
    const config = resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") }, engine: { max_active_jobs_per_owner: 4 } }, {});
    const engines = await Promise.all([1, 2].map(() => openEngine(config, { roles: [], log: silentLogger, env: {} })));
    cleanup = async () => {
      await Promise.all(engines.map((e) => e.stop()));
      rmSync(dir, { recursive: true, force: true });
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => engines[i % 2]!.jobs.create("alice", notify(`t${i}`))));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(4);
    expect((await engines[0]!.jobs.list("alice", { limit: 50, statuses: ["active", "paused"] })).items).toHaveLength(4);
  });
});

describe("rate limits through task_create_v1", () => {
  async function serve(limits: object) {
    const dir = mkdtempSync(join(tmpdir(), "duely-rate-"));
    const config = resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") }, limits }, {});
    const engine: Engine = await openEngine(config, { roles: [], log: silentLogger, env: {} });
    const client = await connect(createMcpServer({ api: apiOf(engine), owner: "alice", timezone: "UTC" }));
    cleanup = async () => {
      await client.close();
      await engine.stop();
      rmSync(dir, { recursive: true, force: true });
    };
    return client;
  }
  const immediateDigest = (i: number) => ({ title: `Digest ${i}`, action: { type: "summarize", topic: `finance ${i}` }, schedule: { type: "immediate" } });

  it("refuses an owner creating immediate summarize tasks in a loop, with retry_after_s and the setting's name", async () => {
    const client = await serve({ creates: { burst: 5, per_minute: 2 } });
    for (let i = 0; i < 5; i++) await ok(client, "task_create_v1", immediateDigest(i));
    const e = await fails(client, "task_create_v1", immediateDigest(5), "limit_exceeded");
    expect(e).toMatchObject({ retry_after_s: 30, hint: expect.stringMatching(/limits\.creates/) });
    // A repeat of an earlier create is answered with the existing task: it costs nothing.
    expect((await callTool(client, "task_create_v1", immediateDigest(0))).deduplicated).toBe(true);
  });

  it("refuses create/cancel forever: cancelling frees a slot, not the create rate", async () => {
    const client = await serve({ creates: { burst: 3, per_minute: 1 } });
    for (let i = 0; i < 3; i++) {
      const created = await ok(client, "task_create_v1", {
        ...immediateDigest(i),
        schedule: { type: "once", at: new Date(Date.now() + 86_400_000).toISOString() },
      });
      await ok(client, "task_cancel_v1", { task_id: (created.task as { id: string }).id });
    }
    expect((await fails(client, "task_create_v1", immediateDigest(9), "limit_exceeded")).retry_after_s).toBe(60);
  });
});

describe("the run-now rate", () => {
  it("refuses an owner calling task_run_now_v1 in a loop, with retry_after_s and the setting's name, and not another owner", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-run-now-"));
    const config = resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") }, limits: { run_now: { burst: 3, per_minute: 2 } } }, {});
    const engine: Engine = await openEngine(config, { roles: [], log: silentLogger, env: {} });
    const alice = await connect(createMcpServer({ api: apiOf(engine), owner: "alice", timezone: "UTC" }));
    const bob = await connect(createMcpServer({ api: apiOf(engine), owner: "bob", timezone: "UTC" }));
    cleanup = async () => {
      await Promise.all([alice.close(), bob.close()]);
      await engine.stop();
      rmSync(dir, { recursive: true, force: true });
    };
    const daily = { title: "Digest", action: { type: "summarize", topic: "finance" }, schedule: { type: "cron", cron: "0 8 * * *" } };
    const mine = ((await ok(alice, "task_create_v1", daily)).task as { id: string }).id;
    const bobs = ((await ok(bob, "task_create_v1", daily)).task as { id: string }).id;
    for (let i = 0; i < 3; i++) await ok(alice, "task_run_now_v1", { task_id: mine });
    const e = await fails(alice, "task_run_now_v1", { task_id: mine }, "limit_exceeded");
    expect(e).toMatchObject({ retry_after_s: 30, hint: expect.stringMatching(/limits\.run_now/) });
    // The refused call inserted no run: three manual runs, as many as were allowed.
    const runs = await engine.jobs.get("alice", mine, { runs: 20 });
    expect(runs.runs.filter((r) => r.origin === "manual")).toHaveLength(3);
    await ok(bob, "task_run_now_v1", { task_id: bobs });
  });
});

describe("the execution rate", () => {
  it("delays runs over the owner's rate, keeping them queued with attempt and executions unspent, and runs every one later", async () => {
    const h = await openHarness(
      "2026-06-01T00:00:00Z",
      {},
      {
        limits: (clock) =>
          new Limits(
            memoryLimitState(() => clock.now()),
            { ...DEFAULT_LIMITS, executions: { burst: 2, per_minute: 6 } },
            clock,
          ),
      },
    );
    cleanup = h.close;
    const jobs = await Promise.all([1, 2, 3, 4, 5].map((i) => h.engine.jobs.create(i === 5 ? "bob" : "alice", notify(`n${i}`))));
    await h.engine.step();
    // alice: 2 of her 4 ran; bob's one run is not held back by alice's rate.
    expect(h.actions.calls.map((c) => c.ctx.owner).sort()).toEqual(["alice", "alice", "bob"]);
    const held = await Promise.all(jobs.map(({ job }) => h.store.listJobRuns(job.id, { limit: 1 }).then((p) => p.items[0]!)));
    const waiting = held.filter((r) => r.status === "queued");
    expect(waiting).toHaveLength(2);
    // Not claimed: neither the fencing token (attempt) nor the retry budget (executions) moved.
    for (const r of waiting) expect(r).toMatchObject({ attempt: 0, executions: 0, owner: "alice" });
    expect(Math.max(...waiting.map((r) => r.due_at))).toBeGreaterThan(h.clock.now());
    await h.runFor(60_000);
    expect(h.actions.calls).toHaveLength(5);
    const runs = await Promise.all(jobs.map(({ job }) => h.store.listJobRuns(job.id, { limit: 1 }).then((p) => p.items[0]!)));
    expect(runs.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "succeeded"]);
    // Held back, not failed: each run took one attempt, however often it waited.
    expect(runs.map((r) => [r.attempt, r.executions])).toEqual(jobs.map(() => [1, 1]));
    expect(h.actions.calls.map((c) => c.ctx.attempt)).toEqual([1, 1, 1, 1, 1]);
  });

  it("is shared by two processes on one SQLite file, as the config sets it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-exec-"));
    const clock = new FakeClock("2026-06-01T00:00:00Z");
    const t0 = clock.now();
    const actions = new ScriptedActions();
    const config = resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") }, limits: { executions: { burst: 2, per_minute: 6 } } }, {});
    const [p1, p2] = await Promise.all(["p1", "p2"].map((id) => openEngine(config, { roles: [], log: silentLogger, env: {}, clock, actions, id })));
    cleanup = async () => {
      await Promise.all([p1!.stop(), p2!.stop()]);
      rmSync(dir, { recursive: true, force: true });
    };
    // Each process queues its own creates' runs (the local queue is per process).
    const mine = (p: Engine, i: number) => p.jobs.create("alice", notify(`n${i}`)).then((c) => c.job.id);
    const ids = [await mine(p1!, 1), await mine(p1!, 2), await mine(p2!, 3), await mine(p2!, 4)];
    const lastRuns = () => Promise.all(ids.map((id) => p1!.jobs.get("alice", id, { runs: 1 }).then((d) => d.runs[0]!)));
    expect(await p1!.worker.runOnce()).toBe(2);
    // The first process took alice's burst: the second holds both of its runs back, attempts unused.
    expect(await p2!.worker.runOnce()).toBe(0);
    expect((await lastRuns()).slice(2)).toMatchObject([
      { status: "queued", attempt: 0, executions: 0, due_at: t0 + 10_000 },
      { status: "queued", attempt: 0, executions: 0, due_at: t0 + 20_000 },
    ]);
    clock.advance(10_000);
    expect(await p2!.worker.runOnce()).toBe(1);
    clock.advance(10_000);
    expect(await p2!.worker.runOnce()).toBe(1);
    expect((await lastRuns()).map((r) => [r.status, r.attempt])).toEqual(ids.map(() => ["succeeded", 1]));
    expect(actions.calls).toHaveLength(4);
  });

  it("keeps held-back runs with the worker, so a queue that refuses sends loses none of them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-exec-"));
    const path = join(dir, "duely.db");
    const clock = new FakeClock("2026-06-01T00:00:00Z");
    const local = new LocalDelayQueue(clock);
    let queueDown = false;
    // The queue as a worker sees it while its service is unreachable for sends (receives still work).
    const queue: DelayQueue = {
      send: (items) => (queueDown ? Promise.reject(new Error("queue unreachable")) : local.send(items)),
      receive: (max, waitMs, signal) => local.receive(max, waitMs, signal),
      ack: (messages) => local.ack(messages),
      extend: (message, ms) => local.extend(message, ms),
      size: () => local.size(),
      close: () => local.close(),
    };
    const limitState = openSqliteLimitState({ path, now: () => clock.now() });
    const actions = new ScriptedActions();
    const store = await openSqliteStore({ path });
    const engine = new Engine({
      store,
      queue,
      clock,
      random: () => 0.5,
      actions,
      log: silentLogger,
      settings: DEFAULT_SETTINGS,
      limits: new Limits(limitState, { ...DEFAULT_LIMITS, executions: { burst: 2, per_minute: 6 } }, clock),
    });
    cleanup = async () => {
      await engine.stop();
      await limitState.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const jobs = await Promise.all([1, 2, 3, 4, 5].map((i) => engine.jobs.create(i === 5 ? "bob" : "alice", notify(`n${i}`))));
    queueDown = true;
    expect(await engine.worker.runOnce()).toBe(3);
    queueDown = false;
    expect(actions.calls.map((c) => c.ctx.owner).sort()).toEqual(["alice", "alice", "bob"]);
    // Their messages wait with the worker's rate hold: none had to go through the failing queue.
    for (let i = 0; i < 50; i++) {
      clock.advance(1_000);
      await engine.step();
    }
    const runs = await Promise.all(jobs.map(({ job }) => store.listJobRuns(job.id, { limit: 1 }).then((p) => p.items[0]!)));
    expect(runs.map((r) => [r.status, r.attempt])).toEqual(jobs.map(() => ["succeeded", 1]));
  });
});
