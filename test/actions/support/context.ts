import { ActionsConfig, type ActionsConfigInput } from "../../../src/actions/config.js";
import { channelDirectory } from "../../../src/actions/owner-channels.js";
import { createActionRunner, type RunnerOptions } from "../../../src/actions/runner.js";
import type { ActionContext, ActionRunner, Checkpoint } from "../../../src/ports/action.js";

/** The owner every test context runs for. */
export const TEST_OWNER = "owner_1";

/** The clock the tests run at: the morning after the fixtures' newest items. */
export const NOW = Date.parse("2026-03-17T08:00:00Z");

export interface TestContext extends ActionContext {
  controller: AbortController;
  heartbeats: () => number;
}

/**
 * A checkpoint kept in memory, as the worker keeps one on the run: pass the same one to two
 * runs to play an attempt and its retry. Values go through JSON, as they do in a store.
 */
export function memoryCheckpoint(): Checkpoint & { saved: Record<string, unknown>; saves: number } {
  const saved: Record<string, unknown> = {};
  const cp = {
    saved,
    saves: 0,
    get: (name: string) => saved[name],
    async save(name: string, value: unknown) {
      cp.saves++;
      saved[name] = JSON.parse(JSON.stringify(value));
    },
  };
  return cp;
}

export function testContext(overrides: Partial<ActionContext> = {}): TestContext {
  const controller = new AbortController();
  let beats = 0;
  const scheduledAt = overrides.scheduledAt ?? NOW;
  return {
    jobId: "job_01TEST",
    taskTitle: "Test task",
    owner: TEST_OWNER,
    scheduledAt,
    idempotencyKey: `job_01TEST:${new Date(scheduledAt).toISOString()}`,
    attempt: 1,
    signal: controller.signal,
    heartbeat: () => {
      beats++;
    },
    previousSuccessAt: null,
    now: () => NOW,
    checkpoint: memoryCheckpoint(),
    ...overrides,
    controller,
    heartbeats: () => beats,
  };
}

/** Loopback allowed (every test server is on 127.0.0.1), no default feeds, no channels. */
export function testConfig(input: ActionsConfigInput = {}): ActionsConfig {
  return ActionsConfig.parse({
    feeds: { topics: {}, fallback: [] },
    ...input,
    http: { allow_loopback: true, ...input.http },
  });
}

/** Awaits a promise expected to reject and returns the reason. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection, got a result");
}

/** A runner whose operator is TEST_OWNER, so the config's channels (`actions.channels`) are the test context's. */
export function testRunner(config: ActionsConfig, env: Record<string, string | undefined> = {}, opts: RunnerOptions = {}): ActionRunner {
  const channels = channelDirectory({ channels: config.channels, owners: {}, operator: TEST_OWNER, desktop: false });
  return createActionRunner(config, env, { channels, ...opts });
}
