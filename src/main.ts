import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { jsonlArchive } from "./adapters/archive/jsonl-archive.js";
import { memoryLimitState } from "./adapters/limits/memory-limit-state.js";
import { LocalDelayQueue } from "./adapters/queue/local/local-queue.js";
import { openSqliteLimitState } from "./adapters/store/sqlite/sqlite-limit-state.js";
import { openSqliteRetention } from "./adapters/store/sqlite/sqlite-retention.js";
import { openSqliteStore } from "./adapters/store/sqlite/sqlite-store.js";
import { ALL_ROLES, Engine, type Role } from "./app/engine.js";
import { Limits } from "./app/limits.js";
import { Pruner } from "./app/pruner.js";
import type { Config } from "./config.js";
import type { ActionRunner } from "./ports/action.js";
import { type Clock, systemClock } from "./ports/clock.js";
import type { LimitState } from "./ports/limit-state.js";
import { type Logger, stderrLogger } from "./ports/logger.js";
import type { DelayQueue } from "./ports/queue.js";
import type { RunRetention } from "./ports/run-retention.js";
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
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? stderrLogger(config.log_level);
  const env = opts.env ?? process.env;
  const roles = opts.roles ?? ALL_ROLES;
  const store = await openStore(config, env, clock);
  const queue = await openQueue(config, clock, env);
  const limitState = await openLimitState(config, env, clock);
  const limits = new Limits(limitState, config.limits, clock);
  // The action graph (feeds, LLM and mail clients) loads only when no runner is given: tests and the crash processes pass their own.
  const actions = opts.actions ?? (await import("./actions/runner.js")).createActionRunner(config.actions, env, { llmBudget: limits });
  const leases = roles.includes("watcher") ? await openShardLeases(config, env) : null;
  const retention = roles.includes("sweeper") ? openRetention(config) : null;
  const pruner =
    retention &&
    new Pruner({
      retention,
      archive: config.retention.archive_path ? jsonlArchive(config.retention.archive_path) : null,
      clock,
      log,
      settings: config.retention,
    });
  const close = () => {
    leases?.close();
    for (const c of [limitState, retention]) c?.close().catch((e: unknown) => log.log("error", "cannot close a store connection", { error: String(e) }));
  };
  return new Engine(
    { store, queue, clock, random: Math.random, actions, log, settings: config.engine, limits },
    { roles, ...(opts.id && { id: opts.id }), ...(leases && { leases: leases.leases }), ...(pruner && { pruner }), close },
  );
}

/** SQLite keeps finished runs until pruned; DynamoDB expires them by TTL, and a `:memory:` store ends with its process. */
function openRetention(config: Config): RunRetention | null {
  const s = config.store;
  return s.kind === "sqlite" && s.path !== ":memory:" ? openSqliteRetention({ path: s.path }) : null;
}

/**
 * Where the per-owner rate limits keep their buckets: in the store, so every process of a
 * deployment shares them (SQLite: the same file; DynamoDB: items of the events table). A
 * `:memory:` SQLite store belongs to one process, and so do its buckets.
 */
async function openLimitState(config: Config, env: Record<string, string | undefined>, clock: Clock): Promise<LimitState> {
  const s = config.store;
  const now = () => clock.now();
  if (s.kind === "sqlite") return s.path === ":memory:" ? memoryLimitState(now) : openSqliteLimitState({ path: s.path, now });
  const [{ DynamoDBClient }, { dynamoLimitState }, { awsClientConfig }] = await Promise.all([
    import("@aws-sdk/client-dynamodb"),
    import("./adapters/store/dynamodb/dynamodb-limit-state.js"),
    import("./adapters/aws/client-config.js"),
  ]);
  const client = new DynamoDBClient(awsClientConfig(s, env));
  const state = dynamoLimitState({ client, table: s.tables.events, now });
  return { ...state, close: async () => client.destroy() };
}

// The AWS adapters are imported only when configured: the SDK is large and the embedded
// default never needs it. Each AWS client is destroyed when its adapter closes.

async function openStore(config: Config, env: Record<string, string | undefined>, clock: Clock): Promise<Store> {
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
  const store = openDynamoStore({ client, tables: s.tables, ttlDays: s.ttl_days, shards: config.engine.shard_count, now: () => clock.now() });
  const close = async () => {
    await store.close();
    client.destroy();
  };
  return { ...store, close };
}

async function openQueue(config: Config, clock: Clock, env: Record<string, string | undefined>): Promise<DelayQueue> {
  const q = config.queue;
  if (q.kind === "local") return new LocalDelayQueue(clock, { leadMs: config.engine.claim_ahead_ms });
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
    import("./adapters/store/dynamodb/dynamodb-leases.js"),
    import("./adapters/aws/client-config.js"),
  ]);
  const client = new DynamoDBClient(awsClientConfig(s, env));
  return { leases: dynamoShardLeases({ client, table: s.tables.leases }), close: () => client.destroy() };
}
