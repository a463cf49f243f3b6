// A scheduler process for the AWS crash tests: DynamoDB (Local) store, SQS (fauxqs) queue, shard
// leases in DynamoDB, real clock, one watcher and one worker. Its action logs start/end lines to
// a file and takes ACTION_MS, so a test can kill it mid-run.
import { appendFileSync } from "node:fs";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { awsClientConfig } from "../../../src/adapters/aws/client-config.js";
import { dynamoShardLeases } from "../../../src/adapters/lease/dynamodb-leases.js";
import { openSqsQueue } from "../../../src/adapters/queue/sqs/sqs-queue.js";
import { openDynamoStore } from "../../../src/adapters/store/dynamodb/dynamodb-store.js";
import { tableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import { Engine } from "../../../src/app/engine.js";
import { DEFAULT_SETTINGS } from "../../../src/app/settings.js";
import { Watcher } from "../../../src/app/watcher.js";
import { Worker } from "../../../src/app/worker.js";
import type { ActionRunner } from "../../../src/ports/action.js";
import { systemClock } from "../../../src/ports/clock.js";
import { stderrLogger } from "../../../src/ports/logger.js";

const { DDB_ENDPOINT, SQS_ENDPOINT, TABLE_PREFIX, QUEUE_URL, DLQ_URL, LOG, CREATE = "0", ACTION_MS = "500" } = process.env;
if (!DDB_ENDPOINT || !SQS_ENDPOINT || !TABLE_PREFIX || !QUEUE_URL || !LOG)
  throw new Error("DDB_ENDPOINT, SQS_ENDPOINT, TABLE_PREFIX, QUEUE_URL and LOG are required");

const actions: ActionRunner = {
  async run(_action, ctx) {
    appendFileSync(LOG, `start ${ctx.idempotencyKey} ${ctx.attempt} ${process.pid}\n`);
    await new Promise((r) => setTimeout(r, Number(ACTION_MS)));
    appendFileSync(LOG, `end ${ctx.idempotencyKey} ${ctx.attempt} ${process.pid}\n`);
    return { text: `done by ${process.pid}`, data: { pid: process.pid, attempt: ctx.attempt } };
  },
};

const CRASH_SETTINGS = {
  shard_count: 4,
  lease_ms: 1_500,
  stale_queued_ms: 1_000,
  poll_interval_ms: 100,
  look_ahead_ms: 5_000,
  look_back_ms: 60_000,
  concurrency: 8,
  max_active_jobs_per_owner: 10_000,
  dedupe_window_ms: 0,
};

// Wired by hand as src/main.ts and src/cli/roles.ts do, without main.ts's action graph (slow to load).
const settings = { ...DEFAULT_SETTINGS, ...CRASH_SETTINGS };
const target = { region: "us-east-1" };
const dynamodb = new DynamoDBClient(awsClientConfig({ ...target, endpoint: DDB_ENDPOINT }));
const sqs = new SQSClient(awsClientConfig({ ...target, endpoint: SQS_ENDPOINT }));
const tables = tableNames(TABLE_PREFIX);
const store = openDynamoStore({ client: dynamodb, tables, ttlDays: 1, shards: settings.shard_count });
const queue = openSqsQueue({
  client: sqs,
  queueUrl: QUEUE_URL,
  ...(DLQ_URL && { dlqUrl: DLQ_URL }),
  visibilityMs: settings.lease_ms,
  leadMs: settings.claim_ahead_ms,
});
const leases = dynamoShardLeases({ client: dynamodb, table: tables.leases });
const engine = new Engine({ store, queue, clock: systemClock, random: Math.random, actions, log: stderrLogger("warn"), settings });
const id = `pid-${process.pid}`;
const watcher = new Watcher(engine.deps, { leases, id });
const worker = new Worker(engine.deps, { id });

for (let i = 0; i < Number(CREATE); i++) {
  const at = Date.now() + 300 + (i % 10) * 150;
  await engine.jobs.create("crash", {
    title: `job ${i}`,
    action: { type: "notify", message: `m${i}` },
    schedule: i % 3 === 0 ? { kind: "immediate" } : { kind: "once", at, timezone: "UTC" },
  });
}
watcher.start();
worker.start();
process.stdout.write(`ready ${process.pid}\n`);
const stop = () => {
  Promise.all([watcher.stop(), worker.stop(2_000)])
    .then(() => engine.stop())
    .then(() => process.exit(0))
    .catch((e: unknown) => {
      process.stderr.write(`stop failed: ${String(e)}\n`);
      process.exit(1);
    });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
