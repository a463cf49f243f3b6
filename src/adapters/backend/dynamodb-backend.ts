import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Backend } from "../../ports/backend.js";
import type { Logger } from "../../ports/logger.js";
import { type AwsEndpoint, newDynamoDbClient, newSqsClient } from "../aws/client-config.js";
import { dynamoPresence, dynamoShardLeases } from "../lease/dynamodb-leases.js";
import { openSqsQueue } from "../queue/sqs/sqs-queue.js";
import { openDynamoAuthStore } from "../store/dynamodb/dynamodb-auth-store.js";
import { dynamoLimitState } from "../store/dynamodb/dynamodb-limit-state.js";
import { openDynamoStore } from "../store/dynamodb/dynamodb-store.js";
import type { TableNames } from "../store/dynamodb/tables.js";

export interface DynamoBackendOptions {
  store: AwsEndpoint & { tables: TableNames & { auth: string }; ttl_days: number | null };
  queue: AwsEndpoint & { queue_url: string; dlq_url?: string | undefined; visibility_ms: number };
  /** MUST equal the engine's `shard_count`: a run's partition key is computed from it. */
  shards: number;
  /** How far ahead of a run's time the queue hands it out (the engine's claim_ahead_ms). */
  leadMs: number;
  env: Record<string, string | undefined>;
  log: Logger;
  /** Makes the one DynamoDB client (tests count the calls). @default newDynamoDbClient */
  newClient?: (target: AwsEndpoint, env: Record<string, string | undefined>, log: Logger) => DynamoDBClient;
}

/**
 * The distributed backend: DynamoDB tables and an SQS queue. Every part on DynamoDB (the store,
 * the rate limits' buckets in the events table, the shard leases and presence, the
 * authorization server's table) shares one client, and so its connection pool and credentials:
 * made when the first part opens, destroyed when the last one closes. The queue has its own SQS
 * client, destroyed with it. Finished runs expire by TTL, so there is no retention to run.
 */
export function dynamoBackend(opts: DynamoBackendOptions): Backend {
  const { store: s, queue: q, env, log } = opts;
  const newClient = opts.newClient ?? newDynamoDbClient;
  let shared: { client: DynamoDBClient; users: number } | null = null;
  /** The shared client for one more part, and that part's release (safe to call twice). */
  const acquire = (): { client: DynamoDBClient; release(): void } => {
    shared ??= { client: newClient(s, env, log), users: 0 };
    const held = shared;
    held.users += 1;
    let released = false;
    return {
      client: held.client,
      release() {
        if (released) return;
        released = true;
        held.users -= 1;
        if (held.users > 0) return;
        held.client.destroy();
        if (shared === held) shared = null;
      },
    };
  };

  return {
    async openStore(clock) {
      const { client, release } = acquire();
      const store = openDynamoStore({ client, tables: s.tables, ttlDays: s.ttl_days, shards: opts.shards, now: () => clock.now(), log });
      return releasingOnClose(store, release);
    },
    async openQueue(clock) {
      const client = newSqsClient(q, env, log);
      const queue = openSqsQueue({
        client,
        queueUrl: q.queue_url,
        ...(q.dlq_url && { dlqUrl: q.dlq_url }),
        visibilityMs: q.visibility_ms,
        leadMs: opts.leadMs,
        now: () => clock.now(),
        log,
      });
      return {
        ...queue,
        async close() {
          await queue.close();
          client.destroy();
        },
      };
    },
    async openLimitState(clock) {
      const { client, release } = acquire();
      const state = dynamoLimitState({ client, table: s.tables.events, now: () => clock.now() });
      return releasingOnClose(state, release);
    },
    openRetention: () => null,
    openCoordination() {
      const { client, release } = acquire();
      const table = s.tables.leases;
      return { leases: dynamoShardLeases({ client, table }), presence: dynamoPresence({ client, table }), close: release };
    },
    async openAuthStore(clock) {
      const { client, release } = acquire();
      const store = openDynamoAuthStore({ client, table: s.tables.auth, clock });
      return releasingOnClose(store, release);
    },
    lockScheduler: () => null,
    checkReadable() {},
    startFields: {},
    schedulerRunning: null,
  };
}

/** `part`, whose close also gives back its hold on the shared client (after the part's own close). */
function releasingOnClose<T extends { close(): Promise<void> }>(part: T, release: () => void): T {
  return {
    ...part,
    async close() {
      await part.close();
      release();
    },
  };
}
