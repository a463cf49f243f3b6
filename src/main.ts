import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createActionRunner } from "./actions/runner.js";
import { LocalDelayQueue } from "./adapters/queue/local/local-queue.js";
import { openSqliteStore } from "./adapters/store/sqlite/sqlite-store.js";
import { Engine } from "./app/engine.js";
import type { Config } from "./config.js";
import type { ActionRunner } from "./ports/action.js";
import { systemClock, type Clock } from "./ports/clock.js";
import { stderrLogger, type Logger } from "./ports/logger.js";

export interface RuntimeOptions {
  clock?: Clock;
  log?: Logger;
  /** Replaces the configured actions (the demo and tests pass their own). */
  actions?: ActionRunner;
  env?: Record<string, string | undefined>;
}

/**
 * The composition root: the one place that picks adapters (sqlite|dynamodb, local|sqs) and
 * wires them into the engine.
 */
export async function openEngine(config: Config, opts: RuntimeOptions = {}): Promise<Engine> {
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? stderrLogger(config.log_level);
  const path = config.store.path!;
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const store = await openSqliteStore({ path });
  const queue = new LocalDelayQueue(clock);
  const actions = opts.actions ?? createActionRunner(config.actions, opts.env ?? process.env);
  return new Engine({ store, queue, clock, random: Math.random, actions, log, settings: config.engine });
}
