import { join } from "node:path";
import { describe } from "vitest";
import type { Run } from "../../src/core/model.js";
import type { Store } from "../../src/ports/store.js";
import { roleScene } from "../support/aws/role-scene.js";
import { crashScenarios } from "../support/crash-suite.js";

// The crash scenarios of test/support/crash-suite.ts, on DynamoDB Local + SQS (fauxqs).

const NODE_SCRIPT = join(import.meta.dirname, "../support/processes/crash-node-aws.ts");
const SHARDS = 4; // crash-node-aws.ts's engine.shard_count
const scene = roleScene();
let nodeEnv: Record<string, string> = {};
let store: Store;

/** Fresh tables, queue and log for one scenario. */
async function setUp(label: string): Promise<{ dir: string; log: string }> {
  const made = await scene.setUp(label, { visibilityMs: 1_500, shards: SHARDS });
  nodeEnv = made.env;
  store = made.store;
  return { dir: made.dir, log: made.log };
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
    startNode: (env) => scene.children.start(NODE_SCRIPT, { ...nodeEnv, ...env }),
    allRuns,
    listEvents: (run) => store.listEvents(run),
    slowdown: 2,
    pollMs: 200,
  });
});
