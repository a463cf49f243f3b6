import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PollLoop } from "../../src/app/engine/poll-loop.js";
import { resolveConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import { silentLogger } from "../../src/ports/logger.js";
import type { PeriodicChecks } from "../../src/ports/periodic-checks.js";
import { ScriptedActions } from "../support/engine-harness.js";

// What the service wires: every periodic check of its store and engine on the one
// timer it is given, so that they share its wake-ups (src/ports/periodic-checks.ts).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** Records each check registered (its interval); runs them only when asked. */
function recording() {
  const intervals: number[] = [];
  const checks: (() => void)[] = [];
  const periodic: PeriodicChecks = {
    every(ms, check) {
      intervals.push(ms);
      checks.push(check);
      return () => {
        intervals.splice(intervals.indexOf(ms), 1);
        checks.splice(checks.indexOf(check), 1);
      };
    },
  };
  return {
    periodic,
    intervals,
    runAll: () => {
      for (const c of [...checks]) c();
    },
  };
}

describe("one timer for a process's periodic checks", () => {
  it("puts the embedded engine's file check, wake watch, sweeper and pruner on the timer the composition root is given", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-periodic-"));
    const { periodic, intervals } = recording();
    const engine = await openEngine(resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") } }, {}), {
      log: silentLogger,
      env: {},
      actions: new ScriptedActions(),
      periodic,
    });
    cleanups.push(async () => {
      await engine.stop(100);
      rmSync(dir, { recursive: true, force: true });
    });
    engine.start();
    // The file check (5 min) as the store opens; the wake watch (60 s), the sweeper (5 min) and the pruner (1 h) once recovery is done.
    await vi.waitFor(() => expect(intervals.length).toBe(4));
    expect([...intervals].sort((a, b) => a - b)).toEqual([60_000, 300_000, 300_000, 3_600_000]);
    await engine.stop(100);
    // Stopped, the engine closes its store too: nothing is left on the timer.
    expect(intervals).toEqual([]);
  });

  it("lets a loop on the timer (the sweeper's, the pruner's) arm no timer of its own between its regular ticks", async () => {
    vi.useFakeTimers();
    cleanups.push(async () => {
      vi.useRealTimers();
    });
    const { periodic, intervals, runAll } = recording();
    let ticks = 0;
    const loop = new PollLoop({
      tick: async () => {
        ticks++;
      },
      intervalMs: 300_000,
      log: silentLogger,
      failure: "tick failed",
      periodic,
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(ticks).toBe(1);
    expect(intervals).toEqual([300_000]);
    // Its own 5-minute timer would be a second wake-up, a moment apart from the shared one.
    expect(vi.getTimerCount()).toBe(0);
    runAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(ticks).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    await loop.stop();
    expect(intervals).toEqual([]);
  });
});
