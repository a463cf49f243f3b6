import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { TableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import { startDynamoDbLocal } from "../aws/dynamodb-local.js";
import { startFauxqs } from "../aws/fauxqs.js";
import { dynamoReader } from "./dynamodb-reader.js";
import type { Slot } from "./fleet.js";
import { sqliteReader } from "./sqlite-reader.js";
import type { StoreReader } from "./store-reader.js";
import type { WebhookSink } from "./webhook-sink.js";

/** The environment variable that holds the webhook's signing secret (the config names it, never holds it). */
export const SECRET_ENV = "CHAOS_WEBHOOK_SECRET";
/** The channel the chaos tasks notify. */
export const CHANNEL = "chaos";
/**
 * A pressure run's two owners and their bearer tokens (in `TOKENS_ENV`, as `token=owner,…`):
 * `steady` creates the ordinary chaos tasks, `flood` floods past its execution rate.
 */
export const TOKENS = { steady: "chaos-steady-token-0123456789", flood: "chaos-flood-token-01234567890" } as const;
export const OWNERS = { steady: "chaos", flood: "flood" } as const;
export const TOKENS_ENV = "CHAOS_TOKENS";
export const tokensEnv = () => `${TOKENS.steady}=${OWNERS.steady},${TOKENS.flood}=${OWNERS.flood}`;

/** Where a chaos run keeps its tasks, the processes it runs, and which of them it kills. */
export interface Backend {
  /** Started in this order; `serve` first. */
  slots: Slot[];
  /** Each role here is killed by its own loop, independently of the others. */
  killed: string[];
  /** Opens the reader; SQLite's file exists only once the server has started. */
  reader(): StoreReader;
  close(): Promise<void>;
}

export interface BackendOptions {
  dir: string;
  sink: WebhookSink;
  /** The MCP port, fixed so that a restarted server answers at the same URL. */
  port: number;
  /** `engine` section of the config, over duely's defaults. */
  engine: Record<string, unknown>;
  /** How to run the CLI (for `duely aws init`). */
  command: string[];
  /** A DynamoDB Local already running (the test run's); otherwise one is started and stopped here. */
  dynamoDbEndpoint?: string;
  /**
   * A pressure run: two owners with bearer tokens (TOKENS), each held to the default execution
   * rate, so that one owner's flood is held back next to the other's steady runs. Otherwise one
   * owner and no rate limits.
   */
  pressure?: boolean;
}

/** What both backends share: the owner's tasks, the webhook channel the tasks notify, the engine settings. */
function baseConfig(o: BackendOptions) {
  const open = { burst: 1_000_000, per_minute: 1_000_000 };
  return {
    owner: OWNERS.steady,
    timezone: "UTC",
    // One owner creates every task: the per-owner cap must not refuse them, nor the rate limits
    // refuse a create or hold a run back (the harness measures how late runs are). Under
    // pressure, the execution rate is duely's default: it is what holds the flood back.
    engine: { max_active_jobs_per_owner: 1_000_000, ...o.engine },
    ...(o.pressure
      ? {
          limits: { creates: open, run_now: open },
          auth: { kind: "tokens" },
          http: { tokens_env: TOKENS_ENV },
          owners: { [OWNERS.steady]: { shared_channels: [CHANNEL] }, [OWNERS.flood]: { shared_channels: [CHANNEL] } },
        }
      : { limits: { enabled: false } }),
    actions: {
      channels: { [CHANNEL]: { type: "webhook", url: o.sink.url, secret_env: SECRET_ENV } },
      http: { allow_hosts: [o.sink.hostPort] },
    },
  };
}

const serveSlot = (config: string, o: BackendOptions): Slot => ({
  name: "serve",
  role: "serve",
  args: ["serve", "--http", ...(o.pressure ? [] : ["--no-auth"]), "--port", String(o.port), "--config", config],
});

/** Embedded: one `duely serve --http` is the whole scheduler, on one SQLite file; it is what gets killed. */
export function sqliteBackend(o: BackendOptions): Backend {
  const db = join(o.dir, "duely.db");
  const config = join(o.dir, "duely.json");
  writeFileSync(config, JSON.stringify({ ...baseConfig(o), store: { kind: "sqlite", path: db } }, null, 2));
  return { slots: [serveSlot(config, o)], killed: ["serve"], reader: () => sqliteReader(db), close: async () => {} };
}

/** Runs a CLI command to its end and resolves with its stdout. Not spawnSync: fauxqs answers from this process's event loop. */
function runCli(command: string[], args: string[]): Promise<string> {
  const [exe, ...pre] = command;
  return new Promise((resolve, reject) => {
    execFile(
      exe!,
      [...pre, ...args],
      { timeout: 120_000, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" } },
      (err, stdout, stderr) => (err ? reject(new Error(`duely ${args.slice(0, 2).join(" ")} failed: ${err.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

/**
 * Production roles on DynamoDB Local + SQS (fauxqs, in this process): `duely aws init` creates
 * the tables and queues and prints their config; one API server, two watchers and two workers
 * run on it. Watchers and workers are killed, each role by its own loop.
 */
export async function awsBackend(o: BackendOptions): Promise<Backend> {
  const ddb = o.dynamoDbEndpoint ? null : await startDynamoDbLocal({ readyTimeoutMs: 60_000 });
  const endpoint = o.dynamoDbEndpoint ?? ddb!.endpoint;
  const fauxqs = await startFauxqs();
  const prefix = `chaos${randomUUID().slice(0, 8)}-`;
  const leaseMs = Number(o.engine.lease_ms ?? 30_000);
  const init = await runCli(o.command, [
    ...["aws", "init", "--dynamodb-endpoint", endpoint, "--sqs-endpoint", fauxqs.endpoint],
    ...["--prefix", prefix, "--visibility-ms", String(leaseMs)],
  ]).catch(async (e: unknown) => {
    await fauxqs.stop();
    await ddb?.stop();
    throw e;
  });
  const made = JSON.parse(init) as { store: { tables: TableNames; region: string } };
  const config = join(o.dir, "duely.json");
  writeFileSync(config, JSON.stringify({ ...baseConfig(o), ...made }, null, 2));
  const client = new DynamoDBClient({ endpoint, region: made.store.region, credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  const role = (name: string, r: string): Slot => ({ name, role: r, args: [r, "--config", config] });
  return {
    slots: [serveSlot(config, o), role("watcher-1", "watcher"), role("watcher-2", "watcher"), role("worker-1", "worker"), role("worker-2", "worker")],
    killed: ["watcher", "worker"],
    reader: () => dynamoReader(client, made.store.tables),
    close: async () => {
      // On a shared DynamoDB Local the tables go; one started here goes whole.
      if (!ddb) await Promise.all(Object.values(made.store.tables).map((TableName) => client.send(new DeleteTableCommand({ TableName })).catch(() => {})));
      client.destroy();
      await fauxqs.stop();
      await ddb?.stop();
    },
  };
}
