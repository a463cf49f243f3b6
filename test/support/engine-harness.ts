import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine/engine.js";
import type { Limits } from "../../src/app/limits.js";
import { DEFAULT_SETTINGS, type EngineSettings } from "../../src/app/settings.js";
import type { Action } from "../../src/core/action-model.js";
import type { Run, RunResult } from "../../src/core/model.js";
import type { ActionContext, ActionRunner } from "../../src/ports/action.js";
import { type Logger, silentLogger } from "../../src/ports/logger.js";
import type { Metrics } from "../../src/ports/metrics.js";
import type { Presence } from "../../src/ports/presence.js";
import type { DelayQueue } from "../../src/ports/queue.js";
import type { Store } from "../../src/ports/store.js";
import { FakeClock } from "./fake-clock.js";
import type { FaultPlan } from "./faults.js";
import { faultyQueue } from "./faulty-queue.js";
import { faultyStore } from "./faulty-store.js";

export type Behaviour = (action: Action, ctx: ActionContext) => Promise<RunResult> | RunResult;

/**
 * An action runner for engine tests: records every call and does what the test says. It is a
 * stand-in for the actions (tested on their own against real servers), not for an adapter.
 */
export class ScriptedActions implements ActionRunner {
  calls: { action: Action; ctx: ActionContext }[] = [];
  behaviour: Behaviour = (action) => ({
    text: action.type === "notify" ? action.message : action.type === "ask" ? `answer: ${action.prompt}` : `digest: ${action.topic}`,
  });
  async run(action: Action, ctx: ActionContext): Promise<RunResult> {
    this.calls.push({ action, ctx });
    return this.behaviour(action, ctx);
  }
}

export interface HarnessOptions {
  log?: Logger;
  metrics?: Metrics;
  /** Faults injected into the engine's store and queue calls; the harness's own `store` and `queue` stay fault-free. */
  faults?: FaultPlan;
  /** Wraps the store the engine sees (after the faults, if any), e.g. to count or tamper with calls. */
  wrapStore?: (store: Store) => Store;
  /** The embedded process's view: it alone uses the file (see EngineOptions.exclusive). */
  exclusive?: boolean;
  /** The role processes' presence table (see EngineOptions.presence): other workers' beats, as the reaper reads them. */
  presence?: Presence;
  /** Per-owner rate limits on the harness's clock; absent, nothing is rate-limited. */
  limits?: (clock: FakeClock) => Limits;
  /** The action runner the engine uses; `ScriptedActions` (the harness's `actions`) when absent. */
  actions?: ActionRunner;
  /** Opens the store (again at each restart) instead of the SQLite file at `path`: another backend's. `log` is the harness's logger. */
  openStore?: (o: { path: string; log: Logger; now: () => number }) => Store;
}

/**
 * A real engine on a real SQLite file (or the store `openStore` opens) and the local queue, on a clock the test steps; silent
 * unless given a logger, uncounted unless given metrics. Runs `ScriptedActions` unless given
 * another runner (the real one).
 */
export async function openHarness(start: string, settings: Partial<EngineSettings> = {}, opts: HarnessOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), "duely-engine-"));
  const path = join(dir, "duely.db");
  const clock = new FakeClock(start);
  const actions = new ScriptedActions();
  let random: () => number = () => 0.5;
  const open = () => {
    const storeOpts = { path, log: opts.log ?? silentLogger, now: () => clock.now() };
    const store = opts.openStore ? opts.openStore(storeOpts) : openSqliteStore(storeOpts);
    const queue = new LocalDelayQueue(clock);
    let engineStore: Store = opts.faults ? faultyStore(store, opts.faults) : store;
    if (opts.wrapStore) engineStore = opts.wrapStore(engineStore);
    const engineQueue: DelayQueue = opts.faults ? faultyQueue(queue, opts.faults) : queue;
    const engine = new Engine(
      {
        store: engineStore,
        queue: engineQueue,
        clock,
        random: () => random(),
        actions: opts.actions ?? actions,
        log: opts.log ?? silentLogger,
        ...(opts.metrics && { metrics: opts.metrics }),
        settings: { ...DEFAULT_SETTINGS, ...settings },
        ...(opts.limits && { limits: opts.limits(clock) }),
      },
      { exclusive: opts.exclusive === true, ...(opts.presence && { presence: opts.presence }) },
    );
    clock.onMove(() => engine.lookNow());
    return { store, queue, engine };
  };
  const stale: Store[] = [];
  const h = {
    ...open(),
    clock,
    actions,
    dir,
    path,
    /** The retry jitter: a constant, or a function (which may throw, to test what a failing decision does). */
    setRandom: (r: number | (() => number)) => {
      random = typeof r === "number" ? () => r : r;
    },
    /** Advances the clock in steps, ticking the watcher and running the worker at each. */
    async runFor(ms: number, stepMs = 1_000) {
      const end = clock.now() + ms;
      while (clock.now() < end) {
        clock.advance(Math.min(stepMs, end - clock.now()));
        await h.engine.step();
      }
    },
    /** The task's only run (throws when it has none or several). */
    async onlyRun(jobId: string): Promise<Run> {
      const runs = (await h.store.listJobRuns(jobId, { limit: 10 })).items;
      if (runs.length !== 1) throw new Error(`expected one run of ${jobId}, found ${runs.length}`);
      return runs[0]!;
    },
    /**
     * A new process on the same file, as after kill -9: the old engine is abandoned (nothing
     * stopped, its queue's messages gone with it), and a new store connection, queue and engine
     * take over.
     */
    restart() {
      stale.push(h.store);
      Object.assign(h, open());
    },
    /** Stops the engine (actions still running are aborted after `drainMs`) and removes the file. */
    async close(drainMs = 100) {
      await h.engine.stop(drainMs);
      for (const s of stale) await s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}
