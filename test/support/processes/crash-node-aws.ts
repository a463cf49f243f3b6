// A scheduler process for the AWS crash tests: DynamoDB (Local) store, SQS (fauxqs) queue, shard
// leases in DynamoDB, real clock, one watcher and one worker (ROLES=watcher or ROLES=worker: only
// that one). Its action logs start/end lines to a file and takes ACTION_MS, so a test can kill it
// mid-run; given HOLD=<file>, it waits until that file exists instead. LEASE_MS sets the lease
// and the queue's visibility (default 1.5 s); POLL_MS the poll interval (default 100 ms; a watcher's
// shard lease lasts 10 polls). It has no embedded mode: EXCLUSIVE is ignored.
// ELSEWHERE=1: it says nothing of where it runs, as if each such process ran on a host of its own,
// so no other process tells by its pid that it is dead.
import { appendFileSync, existsSync } from "node:fs";
import { stderrLogger } from "../../../src/adapters/log/pino-logger.js";
import { tableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import { resolveConfig } from "../../../src/config.js";
import { openEngine } from "../../../src/main.js";
import type { ActionRunner } from "../../../src/ports/action.js";

const {
  DDB_ENDPOINT,
  SQS_ENDPOINT,
  TABLE_PREFIX,
  QUEUE_URL,
  DLQ_URL,
  LOG,
  CREATE = "0",
  ACTION_MS = "500",
  HOLD,
  ROLES,
  LEASE_MS = "1500",
  POLL_MS = "100",
  ELSEWHERE,
} = process.env;
if (!DDB_ENDPOINT || !SQS_ENDPOINT || !TABLE_PREFIX || !QUEUE_URL || !LOG)
  throw new Error("DDB_ENDPOINT, SQS_ENDPOINT, TABLE_PREFIX, QUEUE_URL and LOG are required");

const actions: ActionRunner = {
  async run(_action, ctx) {
    appendFileSync(LOG, `start ${ctx.idempotencyKey} ${ctx.attempt} ${process.pid}\n`);
    if (HOLD) while (!existsSync(HOLD)) await new Promise((r) => setTimeout(r, 20));
    else await new Promise((r) => setTimeout(r, Number(ACTION_MS)));
    appendFileSync(LOG, `end ${ctx.idempotencyKey} ${ctx.attempt} ${process.pid}\n`);
    return { text: `done by ${process.pid}`, data: { pid: process.pid, attempt: ctx.attempt } };
  },
};

const CRASH_SETTINGS = {
  shard_count: 4,
  lease_ms: Number(LEASE_MS),
  stale_queued_ms: 1_000,
  poll_interval_ms: Number(POLL_MS),
  look_ahead_ms: 5_000,
  look_back_ms: 60_000,
  concurrency: 8,
  max_active_jobs_per_owner: 10_000,
  dedupe_window_ms: 0,
};

// Through the composition root, as `duely watcher` and `duely worker` are, in one process (no sweeper).
const target = { region: "us-east-1" };
const config = resolveConfig(
  {
    store: { kind: "dynamodb", ...target, endpoint: DDB_ENDPOINT, tables: tableNames(TABLE_PREFIX), ttl_days: 1 },
    queue: {
      kind: "sqs",
      ...target,
      endpoint: SQS_ENDPOINT,
      queue_url: QUEUE_URL,
      ...(DLQ_URL && { dlq_url: DLQ_URL }),
      visibility_ms: CRASH_SETTINGS.lease_ms,
    },
    engine: CRASH_SETTINGS,
  },
  {},
);
const engine = await openEngine(config, {
  actions,
  log: stderrLogger((process.env.LOG_LEVEL ?? "warn") as "warn"),
  roles: ROLES === "watcher" || ROLES === "worker" ? [ROLES] : ["watcher", "worker"],
  id: `pid-${process.pid}`,
  ...(ELSEWHERE === "1" && { place: { here: null, pid: process.pid, alive: () => true } }),
});

for (let i = 0; i < Number(CREATE); i++) {
  const at = Date.now() + 300 + (i % 10) * 150;
  await engine.jobs.create("crash", {
    title: `job ${i}`,
    action: { type: "notify", message: `m${i}` },
    schedule: i % 3 === 0 ? { kind: "immediate" } : { kind: "once", at, timezone: "UTC" },
  });
}
engine.start();
process.stdout.write(`ready ${process.pid}\n`);
const stop = () => {
  engine
    .stop(2_000)
    .catch((e: unknown) => process.stderr.write(`stopping failed: ${String(e)}\n`))
    .finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
