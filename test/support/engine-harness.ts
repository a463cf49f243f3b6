import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../src/app/engine.js";
import { DEFAULT_SETTINGS, type EngineSettings } from "../../src/app/settings.js";
import type { Action } from "../../src/core/action-model.js";
import type { RunResult } from "../../src/core/model.js";
import type { ActionContext, ActionRunner } from "../../src/ports/action.js";
import { type Logger, silentLogger } from "../../src/ports/logger.js";
import { FakeClock } from "./fake-clock.js";

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

/**
 * A real engine on a real SQLite file and the local queue, on a clock the test steps; silent
 * unless given a logger. Runs `ScriptedActions` unless given another runner (the real one).
 */
export async function openHarness(start: string, settings: Partial<EngineSettings> = {}, opts: { log?: Logger; actions?: ActionRunner } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "duely-engine-"));
  const store = await openSqliteStore({ path: join(dir, "duely.db") });
  const clock = new FakeClock(start);
  const queue = new LocalDelayQueue(clock);
  const actions = new ScriptedActions();
  let seed = 0.5;
  const engine = new Engine({
    store,
    queue,
    clock,
    random: () => seed,
    actions: opts.actions ?? actions,
    log: opts.log ?? silentLogger,
    settings: { ...DEFAULT_SETTINGS, ...settings },
  });
  return {
    engine,
    store,
    queue,
    clock,
    actions,
    dir,
    setRandom: (r: number) => {
      seed = r;
    },
    /** Advances the clock in steps, ticking the watcher and running the worker at each. */
    async runFor(ms: number, stepMs = 1_000) {
      const end = clock.now() + ms;
      while (clock.now() < end) {
        clock.advance(Math.min(stepMs, end - clock.now()));
        await engine.step();
      }
    },
    async close() {
      await engine.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
