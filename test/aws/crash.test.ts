import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { createQueues } from "../../src/cli/aws-init.js";
import type { Run } from "../../src/core/model.js";
import type { Store } from "../../src/ports/store.js";
import { dynamoClient, dynamoDbEndpoint, freshTables, sqsClient, uniquePrefix } from "../support/aws/clients.js";
import { type Fauxqs, startFauxqs } from "../support/aws/fauxqs.js";
import { Children, logLines, waitFor as waitUntil } from "../support/processes/children.js";

// The same two crash scenarios as test/app/crash.test.ts, on DynamoDB Local + SQS (fauxqs).

const NODE_SCRIPT = join(import.meta.dirname, "../support/processes/crash-node-aws.ts");
const SHARDS = 4; // crash-node-aws.ts's engine.shard_count
const children = new Children();
const ddb = dynamoClient();
let fauxqs: Fauxqs;
let dir = "";
let nodeEnv: Record<string, string> = {};
let store: Store;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  fauxqs = await startFauxqs();
});
afterAll(async () => {
  ddb.destroy();
  await fauxqs.stop();
});
afterEach(async () => {
  children.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await store?.close();
  await drop();
});

/** Fresh tables, queue and log for one scenario. */
async function setUp(label: string): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), `duely-aws-${label}-`));
  const prefix = uniquePrefix(label);
  const made = await freshTables(ddb, label);
  drop = made.drop;
  const sqs = sqsClient(fauxqs.endpoint);
  const { queueUrl, dlqUrl } = await createQueues(sqs, { prefix, visibilityMs: 1_500, maxReceiveCount: 10 });
  sqs.destroy();
  const log = join(dir, "actions.log");
  nodeEnv = {
    DDB_ENDPOINT: dynamoDbEndpoint(),
    SQS_ENDPOINT: fauxqs.endpoint,
    TABLE_PREFIX: made.tables.jobs.slice(0, -"jobs".length),
    QUEUE_URL: queueUrl,
    DLQ_URL: dlqUrl,
    LOG: log,
  };
  store = openDynamoStore({ client: ddb, tables: made.tables, ttlDays: 1, shards: SHARDS });
  return log;
}

const startNode = (env: Record<string, string>) => children.start(NODE_SCRIPT, { ...nodeEnv, ...env });
const lines = logLines;
// DynamoDB Local answers a full read of the runs more slowly than SQLite: poll less often.
const waitFor = (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => waitUntil(check, timeoutMs, what, 200);

async function allRuns(): Promise<Run[]> {
  const out: Run[] = [];
  let cursor: string | null = null;
  do {
    const page = await store.listJobs("crash", { limit: 100, cursor });
    for (const job of page.items) out.push(...(await store.listJobRuns(job.id, { limit: 100 })).items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

describe("crash recovery on DynamoDB + SQS with real processes", () => {
  it("after SIGKILL mid-run and a restart, every due run completes at least once and no run key is duplicated", async () => {
    const log = await setUp("kill");
    const a = await startNode({ CREATE: "30", ACTION_MS: "800" });
    await waitFor(() => lines(log).filter((l) => l.startsWith("start")).length >= 5, 30_000, "runs to start");
    a.kill("SIGKILL");
    await new Promise((r) => a.once("exit", r));
    const interrupted = lines(log).filter((l) => l.startsWith("start")).length - lines(log).filter((l) => l.startsWith("end")).length;
    expect(interrupted).toBeGreaterThan(0); // the kill really landed mid-run

    await startNode({ ACTION_MS: "50" });
    await waitFor(async () => (await allRuns()).filter((r) => r.status === "succeeded").length === 30, 60_000, "all 30 runs to succeed");

    const runs = await allRuns();
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => `${r.job_id}@${r.scheduled_at}`)).size).toBe(30);
    const ended = new Set(
      lines(log)
        .filter((l) => l.startsWith("end"))
        .map((l) => l.split(" ")[1]),
    );
    expect(ended.size).toBe(30);
    expect(runs.some((r) => r.attempt >= 2)).toBe(true); // the interrupted ones were re-run
  }, 120_000);

  it("rejects the late writes of a frozen worker whose leases were taken over", async () => {
    const log = await setUp("zombie");
    const a = await startNode({ CREATE: "6", ACTION_MS: "2500" });
    await waitFor(() => lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${a.pid}`)).length >= 3, 30_000, "the first node to start runs");
    a.kill("SIGSTOP"); // frozen like a long GC pause: it holds leases (runs and shards) it can no longer renew
    const b = await startNode({ ACTION_MS: "50" });
    await waitFor(async () => (await allRuns()).filter((r) => r.status === "succeeded").length === 6, 60_000, "the second node to finish all runs");
    a.kill("SIGCONT");
    const zombieStarts = lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${a.pid}`)).length;
    const runs = await allRuns();
    await waitFor(
      async () => {
        const events = (await Promise.all(runs.map((r) => store.listEvents(r)))).flat();
        return events.filter((e) => e.detail?.startsWith("fenced")).length >= zombieStarts;
      },
      20_000,
      "the frozen node's late writes to be rejected",
    );
    for (const r of await allRuns()) {
      expect(r.status).toBe("succeeded");
      expect((r.result?.data as { pid: number } | undefined)?.pid).toBe(b.pid);
    }
  }, 120_000);
});
