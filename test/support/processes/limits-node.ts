// A process sharing one SQLite file with another, for the cross-process limit tests. It opens
// the real adapters, prints "ready", waits for the GO file, makes its first calls, waits until the
// other process has made its first too (so the two spend the burst together), makes the rest of
// its COUNT calls as fast as it can, and prints one
// `result {json}` line: how many were let through, refused at the limit, or failed otherwise.
// MODE=rate: creates charged to the SQLite limit state (burst BURST, no refill: the clock stands).
// MODE=cap: tasks created through the real use case on the SQLite store, at most CAP live.
// With DDB_ENDPOINT and TABLE_PREFIX, the same on DynamoDB (Local): its limit state and store.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { LocalDelayQueue } from "../../../src/adapters/queue/local/local-queue.js";
import { openSqliteLimitState } from "../../../src/adapters/store/sqlite/sqlite-limit-state.js";
import { openSqliteStore } from "../../../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../../../src/app/engine/engine.js";
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
// The AWS SDK is imported only on DynamoDB: loading it costs seconds of a busy machine's CPU.
const aws = DDB_ENDPOINT
  ? {
      ...(await import("@aws-sdk/client-dynamodb")),
      ...(await import("../../../src/adapters/store/dynamodb/dynamodb-limit-state.js")),
      ...(await import("../../../src/adapters/store/dynamodb/dynamodb-store.js")),
      ...(await import("../../../src/adapters/store/dynamodb/tables.js")),
    }
  : null;
const ddb = aws
  ? new aws.DynamoDBClient({ endpoint: DDB_ENDPOINT, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } })
  : null;
const tables = aws?.tableNames(TABLE_PREFIX);
// Both processes stand at the same instant, the race's start: near real time, since DynamoDB
// Local's TTL would delete items that expire in the past.
const START = Number(process.env.START);
const clock: Clock = { now: () => START };

let call: () => Promise<unknown>;
let close: () => Promise<void>;
if (MODE === "rate") {
  const state =
    aws && ddb && tables ? aws.dynamoLimitState({ client: ddb, table: tables.events, now: clock.now }) : openSqliteLimitState({ path: DB!, now: clock.now });
  const limits = new Limits(state, { ...DEFAULT_LIMITS, creates: { burst: Number(BURST), per_minute: 1 } }, clock);
  call = () => limits.chargeCreate("alice");
  close = () => state.close();
} else {
  const store =
    aws && ddb && tables ? aws.openDynamoStore({ client: ddb, tables, ttlDays: 1, now: clock.now }) : openSqliteStore({ path: DB!, now: clock.now });
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
const tick = () => new Promise((r) => setTimeout(r, 1));
while (!existsSync(GO)) await tick();
const counts = { ok: 0, limit: 0, other: [] as string[] };
// Wall-clock window of the calls after the meeting point, in ms with sub-ms precision, so the
// test can see that the two processes' calls overlapped in time.
const at = () => performance.timeOrigin + performance.now();
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
const batch = (n: number) => Promise.all(Array.from({ length: Math.min(Number(PARALLEL), Number(COUNT) - n) }, one));
// Both processes meet after their first batch: one noticing GO late (a busy machine) could
// otherwise spend the whole burst before the other's first call, and nothing would race.
await batch(0);
writeFileSync(`${GO}.${process.pid}`, "");
const met = () => readdirSync(dirname(GO)).filter((f) => f.startsWith(`${basename(GO)}.`)).length >= 2;
while (!met()) await tick();
const first = at();
for (let n = Number(PARALLEL); n < Number(COUNT); n += Number(PARALLEL)) await batch(n);
const last = at();
await close();
ddb?.destroy();
process.stdout.write(`result ${JSON.stringify({ ...counts, other: counts.other.slice(0, 5), otherCount: counts.other.length, first, last })}\n`);
process.exit(0);
