import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe } from "vitest";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { createQueues } from "../../src/cli/aws-init.js";
import type { Run } from "../../src/core/model.js";
import type { Store } from "../../src/ports/store.js";
import { dynamoClient, dynamoDbEndpoint, freshTables, sqsClient, uniquePrefix } from "../support/aws/clients.js";
import { type Fauxqs, startFauxqs } from "../support/aws/fauxqs.js";
import { crashScenarios } from "../support/crash-suite.js";
import { Children } from "../support/processes/children.js";

// The crash scenarios of test/support/crash-suite.ts, on DynamoDB Local + SQS (fauxqs).

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
async function setUp(label: string): Promise<{ dir: string; log: string }> {
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
  return { dir, log };
}

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
  crashScenarios({
    setUp,
    startNode: (env) => children.start(NODE_SCRIPT, { ...nodeEnv, ...env }),
    allRuns,
    listEvents: (run) => store.listEvents(run),
    slowdown: 2,
    pollMs: 200,
  });
});
