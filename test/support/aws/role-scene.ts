import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openDynamoStore } from "../../../src/adapters/store/dynamodb/dynamodb-store.js";
import type { TableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import type { Store } from "../../../src/ports/store.js";
import { Children } from "../processes/children.js";
import { dynamoDbEndpoint } from "./clients.js";
import { awsFixture } from "./fixture.js";

/** What one test gets from `RoleScene.setUp`: its own tables, queues, folder and store. */
export interface SceneOf {
  dir: string;
  /** The actions' log the role processes write (crash-node-aws.ts's LOG). */
  log: string;
  /** The environment test/support/processes/crash-node-aws.ts reads to find the scene. */
  env: Record<string, string>;
  tables: TableNames;
  store: Store;
}

/**
 * Real watcher and worker processes on DynamoDB Local and SQS (fauxqs), for the AWS tests that
 * kill them: registers the file's hooks (fauxqs for the file; each test's processes killed, its
 * folder, store and tables removed after it) and sets up one test's scene.
 */
export function roleScene() {
  const aws = awsFixture({ queues: true });
  const children = new Children();
  let dir = "";
  let store: Store | undefined;

  afterEach(async () => {
    children.killAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = "";
    await store?.close();
    store = undefined;
    await aws.dropTables();
  });

  return {
    children,
    ddb: aws.ddb,
    fauxqs: aws.fauxqs,
    /** Fresh tables of this test (dropped after it), without a queue or a folder. */
    tables: aws.tables,
    /** A queue pair of its own on fauxqs (SQS visibility `visibilityMs`). */
    queues: (label: string, visibilityMs: number) => aws.queues(label, { visibilityMs, maxReceiveCount: 10 }),
    /** Tables, queues, a folder and a store for one test; `shards` as crash-node-aws.ts's engine has them. */
    async setUp(label: string, opts: { visibilityMs: number; shards: number }): Promise<SceneOf> {
      dir = mkdtempSync(join(tmpdir(), `duely-aws-${label}-`));
      const tables = await this.tables(label);
      const { queueUrl, dlqUrl } = await this.queues(label, opts.visibilityMs);
      const log = join(dir, "actions.log");
      const env = {
        DDB_ENDPOINT: dynamoDbEndpoint(),
        SQS_ENDPOINT: aws.fauxqs().endpoint,
        TABLE_PREFIX: tables.jobs.slice(0, -"jobs".length),
        QUEUE_URL: queueUrl,
        DLQ_URL: dlqUrl,
        LOG: log,
      };
      store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 1, shards: opts.shards });
      return { dir, log, env, tables, store };
    },
  };
}
