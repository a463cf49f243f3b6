import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { offsetFileClock } from "./adapters/clock/offset-file-clock.js";
import { LocalDelayQueue } from "./adapters/queue/local/local-queue.js";
import { openSqliteStore } from "./adapters/store/sqlite/sqlite-store.js";
import { ALL_ROLES, Engine, type Role } from "./app/engine.js";
import type { Config } from "./config.js";
import type { ActionRunner } from "./ports/action.js";
import { type Clock, systemClock } from "./ports/clock.js";
import { type Logger, stderrLogger } from "./ports/logger.js";
import type { DelayQueue } from "./ports/queue.js";
import type { ShardLeases } from "./ports/shard-lease.js";
import type { Store } from "./ports/store.js";

export interface RuntimeOptions {
  clock?: Clock;
  log?: Logger;
  /** Replaces the configured actions (the demo and tests pass their own). */
  actions?: ActionRunner;
  env?: Record<string, string | undefined>;
  /** The background roles `engine.start()` runs in this process. @default every role (the embedded scheduler) */
  roles?: readonly Role[];
  /** Names this process's watcher and worker (shard leases, run events, logs). @default a random id each */
  id?: string;
}

/**
 * The composition root: the one place that picks adapters (sqlite|dynamodb, local|sqs) and
 * wires them into the engine, with the roles this process plays: a watcher on DynamoDB splits
 * the shards with the other watchers by leases.
 */
export async function openEngine(config: Config, opts: RuntimeOptions = {}): Promise<Engine> {
  const log = opts.log ?? stderrLogger(config.log_level);
  const env = opts.env ?? process.env;
  const clock = opts.clock ?? clockOf(env, log);
  const roles = opts.roles ?? ALL_ROLES;
  const store = await openStore(config, env);
  const queue = await openQueue(config, clock, env);
  // The action graph (feeds, LLM and mail clients) loads only when no runner is given: tests and the crash processes pass their own.
  const actions = opts.actions ?? (await import("./actions/runner.js")).createActionRunner(config.actions, env);
  const leases = roles.includes("watcher") ? await openShardLeases(config, env) : null;
  return new Engine(
    { store, queue, clock, random: Math.random, actions, log, settings: config.engine },
    { roles, ...(opts.id && { id: opts.id }), ...(leases && { leases: leases.leases, close: leases.close }) },
  );
}

/**
 * The system clock, except under DUELY_TEST_CLOCK_FILE (TEST ONLY): then shifted by the offset
 * in ms that file holds, so an end-to-end test can make this process's clock jump as after sleep.
 */
function clockOf(env: Record<string, string | undefined>, log: Logger): Clock {
  const file = env.DUELY_TEST_CLOCK_FILE;
  if (!file) return systemClock;
  log.log("warn", "DUELY_TEST_CLOCK_FILE is set: this process's clock is shifted by the offset in that file (for tests only)", { file });
  return offsetFileClock(file);
}

// The AWS adapters are imported only when configured: the SDK is large and the embedded
// default never needs it. Each AWS client is destroyed when its adapter closes.

async function openStore(config: Config, env: Record<string, string | undefined>): Promise<Store> {
  const s = config.store;
  if (s.kind === "sqlite") {
    const path = s.path;
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    return openSqliteStore({ path });
  }
  const [{ DynamoDBClient }, { openDynamoStore }, { awsClientConfig }] = await Promise.all([
    import("@aws-sdk/client-dynamodb"),
    import("./adapters/store/dynamodb/dynamodb-store.js"),
    import("./adapters/aws/client-config.js"),
  ]);
  const client = new DynamoDBClient(awsClientConfig(s, env));
  const store = openDynamoStore({ client, tables: s.tables, ttlDays: s.ttl_days, shards: config.engine.shard_count });
  const close = async () => {
    await store.close();
    client.destroy();
  };
  return { ...store, close };
}

async function openQueue(config: Config, clock: Clock, env: Record<string, string | undefined>): Promise<DelayQueue> {
  const q = config.queue;
  if (q.kind === "local") return new LocalDelayQueue(clock, { leadMs: config.engine.claim_ahead_ms, visibilityMs: config.engine.lease_ms });
  const [{ SQSClient }, { openSqsQueue }, { awsClientConfig }] = await Promise.all([
    import("@aws-sdk/client-sqs"),
    import("./adapters/queue/sqs/sqs-queue.js"),
    import("./adapters/aws/client-config.js"),
  ]);
  const client = new SQSClient(awsClientConfig(q, env));
  const queue = openSqsQueue({
    client,
    queueUrl: q.queue_url,
    ...(q.dlq_url && { dlqUrl: q.dlq_url }),
    visibilityMs: q.visibility_ms,
    leadMs: config.engine.claim_ahead_ms,
    now: () => clock.now(),
  });
  const close = async () => {
    await queue.close();
    client.destroy();
  };
  return { ...queue, close };
}

/**
 * How watcher processes split the shards: leases in DynamoDB's `leases` table when the store is
 * DynamoDB. On SQLite there is one process and none are needed: its watcher scans every shard.
 */
async function openShardLeases(config: Config, env: Record<string, string | undefined>): Promise<{ leases: ShardLeases; close(): void } | null> {
  const s = config.store;
  if (s.kind === "sqlite") return null;
  const [{ DynamoDBClient }, { dynamoShardLeases }, { awsClientConfig }] = await Promise.all([
    import("@aws-sdk/client-dynamodb"),
    import("./adapters/lease/dynamodb-leases.js"),
    import("./adapters/aws/client-config.js"),
  ]);
  const client = new DynamoDBClient(awsClientConfig(s, env));
  return { leases: dynamoShardLeases({ client, table: s.tables.leases }), close: () => client.destroy() };
}
