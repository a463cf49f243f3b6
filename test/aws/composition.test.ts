import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { DeleteTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableDefinitions, tableNames } from "../../src/adapters/store/dynamodb/tables.js";
import { cloudFormationTemplate } from "../../src/cli/aws-template.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { configDigest, openEngine } from "../../src/main.js";
import type { ActionRunner } from "../../src/ports/action.js";
import { silentLogger } from "../../src/ports/logger.js";
import { dynamoClient, dynamoDbEndpoint, uniquePrefix } from "../support/aws/clients.js";
import { type Fauxqs, startFauxqs } from "../support/aws/fauxqs.js";

const CLI = join(import.meta.dirname, "../../src/cli/main.ts");
const run = promisify(execFile);
const ddb = dynamoClient();
let fauxqs: Fauxqs;
let dir: string;

beforeAll(async () => {
  fauxqs = await startFauxqs();
  dir = mkdtempSync(join(tmpdir(), "duely-aws-config-"));
});
afterAll(async () => {
  ddb.destroy();
  await fauxqs.stop();
  rmSync(dir, { recursive: true, force: true });
});

const writeConfig = (name: string, config: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(config));
  return path;
};

async function awsInit(prefix: string): Promise<{ store: Record<string, unknown>; queue: Record<string, unknown> }> {
  const args = [
    "--import",
    "tsx",
    CLI,
    "aws",
    "init",
    "--dynamodb-endpoint",
    dynamoDbEndpoint(),
    "--sqs-endpoint",
    fauxqs.endpoint,
    "--prefix",
    prefix,
    "--visibility-ms",
    "30000",
  ];
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, AWS_ACCESS_KEY_ID: "", AWS_PROFILE: "" } });
  return JSON.parse(stdout);
}

describe("duely aws init and the composition root", () => {
  it("creates the tables, indexes, TTL and queues idempotently, and the config it prints runs a task end to end", async () => {
    const prefix = uniquePrefix("init");
    const first = await awsInit(prefix);
    const again = await awsInit(prefix);
    expect(again).toEqual(first);

    const tables = first.store.tables as Record<string, string>;
    const runs = await ddb.send(new DescribeTableCommand({ TableName: tables.runs }));
    const expected = tableDefinitions(tables as never).find((d) => d.TableName === tables.runs)!;
    expect(runs.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(expected.GlobalSecondaryIndexes!.map((i) => i.IndexName).sort());
    const ttl = await ddb.send(new DescribeTimeToLiveCommand({ TableName: tables.runs }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: "ENABLED", AttributeName: "expires_at" });

    const config = loadConfig({ DUELY_LOG_LEVEL: "warn" }, writeConfig("aws.json", first));
    const ran: string[] = [];
    const actions: ActionRunner = {
      run: async (_action, ctx) => {
        ran.push(ctx.idempotencyKey);
        return { text: "done" };
      },
    };
    const engine = await openEngine(config, { actions, log: silentLogger });
    try {
      const { job } = await engine.jobs.create("alice", { title: "ping", action: { type: "notify", message: "hi" }, schedule: { kind: "immediate" } });
      for (let i = 0; i < 20 && ran.length === 0; i++) await engine.step();
      const detail = await engine.jobs.get("alice", job.id);
      expect(detail.runs.map((r) => r.status)).toEqual(["succeeded"]);
      expect(ran).toHaveLength(1);
    } finally {
      await engine.stop();
      await Promise.all(Object.values(tables).map((TableName) => ddb.send(new DeleteTableCommand({ TableName }))));
    }
  }, 30_000);
});

describe("deploy/cloudformation.yaml", () => {
  it("declares exactly what duely aws init creates (regenerate with: duely aws template > deploy/cloudformation.yaml)", () => {
    const file = readFileSync(join(import.meta.dirname, "../../deploy/cloudformation.yaml"), "utf8");
    expect(file).toBe(cloudFormationTemplate());
  });
});

describe("config for DynamoDB and SQS", () => {
  const aws = {
    store: { kind: "dynamodb", region: "eu-west-1" },
    queue: { kind: "sqs", region: "eu-west-1", queue_url: "https://sqs.eu-west-1.amazonaws.com/123456789012/duely-runs" },
  };

  it("fills in table names, retention and visibility", () => {
    const config = loadConfig({}, writeConfig("ok.json", aws));
    expect(config.store).toEqual({
      kind: "dynamodb",
      region: "eu-west-1",
      tables: { jobs: "duely-jobs", runs: "duely-runs", events: "duely-events", leases: "duely-leases", auth: "duely-auth" },
      ttl_days: 30,
    });
    expect(config.queue).toMatchObject({ kind: "sqs", visibility_ms: 30_000 });
  });

  it("lists every bad value at once, each with its path", () => {
    const bad = {
      store: {
        kind: "dynamodb",
        region: "",
        tables: { jobs: "x", runs: "duely-runs", events: "duely-events", leases: "duely-leases", auth: "duely-auth" },
        ttl_days: 0,
      },
      queue: { kind: "sqs", region: "eu-west-1", queue_url: "not a url", visibility_ms: 10 },
    };
    let error: unknown;
    try {
      loadConfig({}, writeConfig("bad.json", bad));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const paths = new Set((error as ConfigError).problems.map((p) => p.split(":")[0]));
    expect([...paths].sort()).toEqual(["queue.queue_url", "queue.visibility_ms", "store.region", "store.tables.jobs", "store.ttl_days"]);
  });

  it("names the auth table when a file written before it existed leaves it out", () => {
    const tables = { jobs: "duely-jobs", runs: "duely-runs", events: "duely-events", leases: "duely-leases" };
    expect(() => loadConfig({}, writeConfig("no-auth-table.json", { ...aws, store: { ...aws.store, tables } }))).toThrow(
      /store\.tables\.auth: the auth table's name \(`duely aws init` creates it and prints it\)/,
    );
  });

  it("digests what every role must share: a worker's own capacity and the endpoint may differ, shards or the queue may not", () => {
    const base = {
      store: { kind: "dynamodb", region: "us-east-1", tables: tableNames("d-") },
      queue: { kind: "sqs", region: "us-east-1", queue_url: "http://q/1" },
    };
    const digest = (extra: Record<string, unknown>) => configDigest(loadConfig({}, writeConfig("digest.json", { ...base, ...extra })));
    const plain = digest({});
    expect(plain).toMatch(/^[0-9a-f]{12}$/);
    expect(digest({ engine: { concurrency: 7, claim_batch: 9 } })).toBe(plain);
    expect(digest({ store: { ...base.store, endpoint: "http://127.0.0.1:8000" } })).toBe(plain);
    expect(digest({ engine: { shard_count: 8 } })).not.toBe(plain);
    expect(digest({ queue: { ...base.queue, queue_url: "http://q/2" } })).not.toBe(plain);
  });

  it("requires the SQS visibility to cover the worker's lease until its first heartbeat", () => {
    expect(() => loadConfig({}, writeConfig("lease.json", { ...aws, queue: { ...aws.queue, visibility_ms: 10_000 }, engine: { lease_ms: 60_000 } }))).toThrow(
      /queue\.visibility_ms: must be at least engine\.lease_ms/,
    );
  });

  it("keeps the watcher's look-ahead below SQS's 15-minute delay cap", () => {
    expect(() => loadConfig({}, writeConfig("ahead.json", { ...aws, engine: { look_ahead_ms: 900_000 } }))).toThrow(/engine\.look_ahead_ms/);
  });
});
