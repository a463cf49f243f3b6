// A process sharing one SQLite file with another, for the cross-process limit tests. It opens
// the real adapters, prints "ready", waits for the GO file (so both start their burst within a
// millisecond or so of each other), makes COUNT calls as fast as it can, and prints one
// `result {json}` line: how many were let through, refused at the limit, or failed otherwise.
// MODE=rate: creates charged to the SQLite limit state (burst BURST, no refill: the clock stands).
// MODE=cap: tasks created through the real use case on the SQLite store, at most CAP live.
// With DDB_ENDPOINT and TABLE_PREFIX, the same on DynamoDB (Local): its limit state and store.
import { existsSync } from "node:fs";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { LocalDelayQueue } from "../../../src/adapters/queue/local/local-queue.js";
import { dynamoLimitState } from "../../../src/adapters/store/dynamodb/dynamodb-limit-state.js";
import { openDynamoStore } from "../../../src/adapters/store/dynamodb/dynamodb-store.js";
import { tableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import { openSqliteLimitState } from "../../../src/adapters/store/sqlite/sqlite-limit-state.js";
import { openSqliteStore } from "../../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../../src/app/engine.js";
import { DEFAULT_LIMITS } from "../../../src/app/limit-settings.js";
import { Limits } from "../../../src/app/limits.js";
import { DEFAULT_SETTINGS } from "../../../src/app/settings.js";
import { isDomainError } from "../../../src/core/errors.js";
import type { Clock } from "../../../src/ports/clock.js";
import { silentLogger } from "../../../src/ports/logger.js";

const { DB, DDB_ENDPOINT, TABLE_PREFIX, MODE, GO, COUNT = "200", BURST = "100", CAP = "50", PARALLEL = "1" } = process.env;
if (!(DB || (DDB_ENDPOINT && TABLE_PREFIX)) || !GO || !process.env.START || (MODE !== "rate" && MODE !== "cap"))
  throw new Error("DB (or DDB_ENDPOINT and TABLE_PREFIX), GO, START and MODE=rate|cap are required");
// Dummy credentials and an explicit loopback endpoint: nothing can reach real AWS.
const ddb = DDB_ENDPOINT
  ? new DynamoDBClient({ endpoint: DDB_ENDPOINT, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } })
  : null;
const tables = tableNames(TABLE_PREFIX);
// Both processes stand at the same instant, the race's start: near real time, since DynamoDB
// Local's TTL would delete items that expire in the past.
const START = Number(process.env.START);
const clock: Clock = { now: () => START };

let call: () => Promise<unknown>;
let close: () => Promise<void>;
if (MODE === "rate") {
  const state = ddb ? dynamoLimitState({ client: ddb, table: tables.events, now: clock.now }) : openSqliteLimitState({ path: DB!, now: clock.now });
  const limits = new Limits(state, { ...DEFAULT_LIMITS, creates: { burst: Number(BURST), per_minute: 1 } }, clock);
  call = () => limits.chargeCreate("alice");
  close = () => state.close();
} else {
  const store = ddb ? openDynamoStore({ client: ddb, tables, ttlDays: 1, now: clock.now }) : openSqliteStore({ path: DB!, now: clock.now });
  const engine = new Engine({
    store,
    queue: new LocalDelayQueue(clock),
    clock,
    random: Math.random,
    actions: { run: async () => ({ text: "" }) },
    log: silentLogger,
    settings: { ...DEFAULT_SETTINGS, max_active_jobs_per_owner: Number(CAP), dedupe_window_ms: 0 },
  });
  let i = 0;
  call = () =>
    engine.jobs.create("alice", {
      title: `from ${process.pid} #${i++}`,
      action: { type: "notify", message: "x" },
      schedule: { kind: "once", at: START + 86_400_000, timezone: "UTC" },
    });
  close = () => store.close();
}

process.stdout.write("ready\n");
while (!existsSync(GO)) await new Promise((r) => setTimeout(r, 1));
const counts = { ok: 0, limit: 0, other: [] as string[] };
const one = async () => {
  try {
    await call();
    counts.ok++;
  } catch (e) {
    if (isDomainError(e) && e.code === "limit_exceeded") counts.limit++;
    else counts.other.push(String(e));
  }
};
// PARALLEL calls at a time: concurrent within the process as well as across the two.
for (let n = 0; n < Number(COUNT); n += Number(PARALLEL)) await Promise.all(Array.from({ length: Math.min(Number(PARALLEL), Number(COUNT) - n) }, one));
await close();
ddb?.destroy();
process.stdout.write(`result ${JSON.stringify({ ...counts, other: counts.other.slice(0, 5), otherCount: counts.other.length })}\n`);
process.exit(0);
