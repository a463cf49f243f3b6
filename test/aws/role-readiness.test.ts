import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { DeleteQueueCommand } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamoPresence } from "../../src/adapters/lease/dynamodb-leases.js";
import type { Engine } from "../../src/app/engine/engine.js";
import { createQueues } from "../../src/cli/aws-init.js";
import { rolesOf } from "../../src/cli/process-roles.js";
import { loadConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import type { Logger, LogLevel } from "../../src/ports/logger.js";
import { dynamoDbEndpoint } from "../support/aws/clients.js";
import { awsFixture } from "../support/aws/fixture.js";

const aws = awsFixture({ queues: true });
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-readiness-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lines: { level: LogLevel; message: string; data?: Record<string, unknown> }[] = [];
const log: Logger = { log: (level, message, data) => lines.push({ level, message, ...(data && { data }) }) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A role process's engine on fresh tables and a queue, as `duely watcher` / `duely worker` opens it. */
async function fresh(label: string) {
  const tables = await aws.tables(label);
  const prefix = tables.jobs.replace(/jobs$/, "");
  const { queueUrl } = await createQueues(aws.sqs(), { prefix, visibilityMs: 30_000 });
  const path = join(dir, `${label}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      store: { kind: "dynamodb", region: "us-east-1", endpoint: dynamoDbEndpoint(), tables },
      queue: { kind: "sqs", region: "us-east-1", endpoint: aws.fauxqs().endpoint, queue_url: queueUrl, visibility_ms: 30_000 },
    }),
  );
  const config = loadConfig({}, path);
  const open = (role: "watcher" | "worker", id: string) =>
    openEngine(config, {
      env: { AWS_ACCESS_KEY_ID: "", AWS_PROFILE: "" },
      roles: rolesOf(role, config),
      id,
      log,
      actions: { run: async () => ({ text: "ok" }) },
    });
  return { tables, prefix, queueUrl, open, presence: dynamoPresence({ client: aws.ddb, table: tables.leases }) };
}

const saying = (text: string) => lines.filter((l) => `${l.message} ${String(l.data?.error ?? "")}`.includes(text));

describe("a role process whose store or queue does not answer", () => {
  it("a watcher without its queue takes no shard, backs off naming SQS, the call and the endpoint, and starts once the queue is there", async () => {
    const { prefix, queueUrl, open, presence } = await fresh("noqueue");
    await aws.sqs().send(new DeleteQueueCommand({ QueueUrl: queueUrl }));
    let engine: Engine | null = null;
    try {
      engine = await open("watcher", "watcher-noqueue");
      engine.start();
      await sleep(5_000);
      const watchers = (await presence.members(Date.now())).filter((m) => m.role === "watcher" && m.shards.length > 0);
      expect(watchers).toEqual([]);
      // Backoff: a few lines in 5 s, not one per poll.
      expect(saying("does not answer").length).toBeGreaterThan(0);
      expect(saying("does not answer").length).toBeLessThanOrEqual(4);
      expect(saying("does not answer")[0]!.data!.error).toMatch(new RegExp(`SQS GetQueueAttributes on .*${prefix}runs.* at ${aws.fauxqs().endpoint} failed`));
      await createQueues(aws.sqs(), { prefix, visibilityMs: 30_000 });
      let held: number[] = [];
      for (let i = 0; i < 60 && held.length === 0; i++) {
        await sleep(500);
        held = (await presence.members(Date.now())).flatMap((m) => (m.id === "watcher-noqueue" ? m.shards : []));
      }
      expect(held.length).toBeGreaterThan(0);
    } finally {
      await engine?.stop();
    }
  }, 60_000);

  it("a worker without its runs table neither beats nor receives, and names DynamoDB, the call and the table", async () => {
    const { tables, open, presence } = await fresh("noruns");
    await aws.ddb.send(new DeleteTableCommand({ TableName: tables.runs }));
    let engine: Engine | null = null;
    try {
      engine = await open("worker", "worker-noruns");
      engine.start();
      await sleep(4_000);
      expect((await presence.members(Date.now())).filter((m) => m.id === "worker-noruns")).toEqual([]);
      const waits = saying("does not answer").filter((l) => String(l.data?.error).includes(tables.runs));
      expect(waits.length).toBeGreaterThan(0);
      expect(String(waits[0]!.data!.error)).toMatch(new RegExp(`store: DynamoDB GetItem on ${tables.runs} at ${dynamoDbEndpoint()} failed`));
    } finally {
      await engine?.stop();
    }
  }, 30_000);
});
