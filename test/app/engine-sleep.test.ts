import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prometheusMetrics } from "../../src/adapters/metrics/prometheus.js";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine/engine.js";
import { WakeWatch } from "../../src/app/engine/wake-watch.js";
import { DEFAULT_SETTINGS, type EngineSettings } from "../../src/app/settings.js";
import { systemClock } from "../../src/ports/clock.js";
import type { Logger } from "../../src/ports/logger.js";
import { sharedTimer } from "../../src/ports/periodic-checks.js";
import type { Store } from "../../src/ports/store.js";
import { openHarness, ScriptedActions } from "../support/engine-harness.js";
import { FakeClock } from "../support/fake-clock.js";

const HOUR = 3_600_000;
const notify = { type: "notify" as const, message: "tea" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/**
 * The embedded engine on the real clock and real timers: a real SQLite file, the local queue, every
 * role, and one timer for the periodic checks of the store and the engine, as the service wires them.
 */
function openRealTime(settings: Partial<EngineSettings>, wrap: (s: Store) => Store = (s) => s) {
  const dir = mkdtempSync(join(tmpdir(), "duely-sleep-"));
  const periodic = sharedTimer();
  const store = openSqliteStore({ path: join(dir, "duely.db"), periodic });
  const actions = new ScriptedActions();
  const metrics = prometheusMetrics();
  const engine = new Engine(
    {
      store: wrap(store),
      queue: new LocalDelayQueue(systemClock),
      clock: systemClock,
      random: () => 0.5,
      actions,
      log: { log() {} },
      metrics,
      settings: { ...DEFAULT_SETTINGS, shard_count: 2, ...settings },
    },
    { exclusive: true, periodic },
  );
  cleanups.push(async () => {
    await engine.stop(100);
    rmSync(dir, { recursive: true, force: true });
  });
  return { engine, actions, metrics };
}

/** Counts the calls of each store method. */
function counting(calls: Map<string, number>) {
  return (store: Store): Store =>
    new Proxy(store, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
          return value.apply(target, args);
        };
      },
    });
}

describe("the embedded engine sleeps until it has work", () => {
  it("does not poll the store while nothing is due, however short its poll interval", async () => {
    const calls = new Map<string, number>();
    const { engine } = openRealTime({ poll_interval_ms: 50 }, counting(calls));
    await engine.jobs.create("alice", { title: "later", action: notify, schedule: { kind: "once", at: Date.now() + 2 * HOUR, timezone: "UTC" } });
    engine.start();
    await sleep(300);
    const before = calls.get("queryBucket") ?? 0;
    await sleep(1_500);
    // Polling every 50 ms scans 2 shards x 3 hours of buckets 30 times here; a sleeping watcher, never.
    expect((calls.get("queryBucket") ?? 0) - before).toBe(0);
  });

  it("runs a task a tool created while it slept at its time, without waiting for a poll", async () => {
    // A poll a minute, and a window of 1 s, so the run is pending (not queued) when created: only
    // the write can tell the watcher when to look.
    const { engine, actions } = openRealTime({ poll_interval_ms: 60_000, look_ahead_ms: 1_000 });
    engine.start();
    await sleep(300);
    const at = Date.now() + 2_500;
    await engine.jobs.create("alice", { title: "soon", action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    for (const end = Date.now() + 6_000; actions.calls.length === 0 && Date.now() < end; ) await sleep(20);
    expect(actions.calls).toHaveLength(1);
    expect(actions.calls[0]!.ctx.scheduledAt).toBe(at);
  });

  it("counts its timers' wake-ups, and an idle one as idle", async () => {
    const { engine, metrics } = openRealTime({});
    engine.start();
    await sleep(300);
    const text = (await metrics.render()).body;
    expect(text).toMatch(/duely_wakeups_total\{timer="watcher",idle="true"\} [1-9]/);
    expect(text).toMatch(/duely_wakeups_total\{timer="sweeper",idle="true"\} 1/);
  });
});

describe("an idle embedded engine wakes seldom", () => {
  it("fires at most 1.1 timers a minute with no tasks and default settings: its periodic checks share the wake watch's", async () => {
    // Fake timers, Date and performance together: both clocks move as one, so the wake watch sees
    // no sleep, and an hour passes at once. Every timer the engine, the store and the queue arm is
    // wrapped to count its firings: each is one wake-up (fake timers due in the same millisecond
    // would share one, real ones seldom do), except those of 0 ms.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"] });
    const fakeTimeout = globalThis.setTimeout;
    const fakeInterval = globalThis.setInterval;
    let fired = 0;
    const record =
      (fn: (...a: unknown[]) => void, ms?: number) =>
      (...a: unknown[]) => {
        // A timer of 0 ms runs while the loop is awake anyway (the watcher's tick after a sweep).
        if ((ms ?? 0) > 1) fired++;
        fn(...a);
      };
    globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...a: unknown[]) => fakeTimeout(record(fn, ms), ms, ...a)) as typeof setTimeout;
    globalThis.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...a: unknown[]) => fakeInterval(record(fn, ms), ms, ...a)) as typeof setInterval;
    cleanups.push(async () => {
      globalThis.setTimeout = fakeTimeout;
      globalThis.setInterval = fakeInterval;
      vi.useRealTimers();
    });
    const { engine, metrics } = openRealTime({});
    engine.start();
    // Start-up: recovery, the first sweep and watcher tick.
    await vi.advanceTimersByTimeAsync(5_000);
    fired = 0;
    const minutes = 60;
    for (let i = 0; i < minutes * 60; i++) await vi.advanceTimersByTimeAsync(1_000);
    // The process's budget is 2 a minute; V8's own threads take the rest (the HTTP server's
    // connection check, not here, rides on the same timer in the service).
    // The wake watch's 60 a hour, which the file check and the sweeper ride on (12 more each on
    // timers of their own), and the worker's wait on its queue, 6 an hour.
    expect(fired / minutes).toBeLessThanOrEqual(1.1);
    // Still watching: the wake watch ran about once a minute.
    const text = (await metrics.render()).body;
    const watchTicks = Number(/duely_wakeups_total\{timer="wake_watch",idle="true"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect(watchTicks).toBeGreaterThanOrEqual(minutes - 1);
  }, 60_000);
});

describe("noticing a wake at the first thing the process does", () => {
  it("finds a wall-clock jump against the monotonic clock at any check, not only on its timer", () => {
    const clock = new FakeClock("2026-06-01T07:00:00Z");
    const woke: number[] = [];
    const watch = new WakeWatch({ clock, periodMs: 600_000, onWake: (ms) => woke.push(ms) });
    watch.start();
    clock.advance(20 * 60_000); // time passing: both clocks
    watch.observe();
    clock.jump(45_000); // 45 s of wall time that no monotonic time matches: the process did not run
    watch.observe();
    clock.jump(-HOUR); // set back
    watch.observe();
    watch.stop();
    expect(woke).toEqual([45_000]);
  });

  it("catches up at the first store call after a jump, long before its own check would run", async () => {
    const lines: string[] = [];
    const log: Logger = { log: (_level, message) => lines.push(message) };
    const h = await openHarness("2026-06-01T07:00:00Z", { shard_count: 2, wake_check_ms: 600_000 }, { exclusive: true, log });
    cleanups.push(() => h.close());
    h.engine.start();
    await sleep(200);
    h.clock.jump(10 * HOUR); // the wall clock alone: the machine slept
    await h.engine.jobs.list("alice", { limit: 1 });
    expect(lines).toContain("woke after 10 h: looking for missed runs now");
  });
});
