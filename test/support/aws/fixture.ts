import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { SQSClient } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll } from "vitest";
import type { TableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import { createQueues } from "../../../src/cli/aws-init.js";
import { dynamoClient, freshTables, sqsClient, uniquePrefix } from "./clients.js";
import { type Fauxqs, startFauxqs } from "./fauxqs.js";

/** What a test file gets from `awsFixture`: the file's clients and fresh tables and queues of its own. */
export interface AwsFixture {
  /** The file's DynamoDB Local client (the run's one DynamoDB Local, test/support/aws/global-setup.ts). */
  readonly ddb: DynamoDBClient;
  /** The file's fauxqs: only with `{ queues: true }`, once the file's hooks have started it. */
  fauxqs(): Fauxqs;
  /** An SQS client on the file's fauxqs. */
  sqs(): SQSClient;
  /** The four tables under a fresh prefix; dropped by `dropTables()` or else after the file. */
  tables(label: string): Promise<TableNames>;
  /** A queue pair under a fresh prefix on the file's fauxqs (which takes them all with it when it stops). */
  queues(label: string, o: { visibilityMs: number; maxReceiveCount?: number }): Promise<{ queueUrl: string; dlqUrl: string }>;
  /** Drops every table made so far, for a file whose tests each want theirs gone after them. */
  dropTables(): Promise<void>;
}

/**
 * Registers the AWS test file's hooks and hands out its resources: fauxqs started for the file
 * (with `queues`), the clients, and the tables it made dropped after the file. The DynamoDB
 * client is made on first use, so a file on SQS alone opens none.
 */
export function awsFixture(opts: { queues?: boolean } = {}): AwsFixture {
  let ddb: DynamoDBClient | undefined;
  let fauxqs: Fauxqs | undefined;
  let sqs: SQSClient | undefined;
  let drops: (() => Promise<void>)[] = [];

  if (opts.queues) {
    beforeAll(async () => {
      fauxqs = await startFauxqs();
      sqs = sqsClient(fauxqs.endpoint);
    });
  }
  afterAll(async () => {
    await fixture.dropTables();
    ddb?.destroy();
    sqs?.destroy();
    await fauxqs?.stop();
  });

  const fixture: AwsFixture = {
    get ddb() {
      ddb ??= dynamoClient();
      return ddb;
    },
    fauxqs() {
      if (!fauxqs) throw new Error("no fauxqs: awsFixture({ queues: true }) starts it, in the file's beforeAll");
      return fauxqs;
    },
    sqs() {
      if (!sqs) throw new Error("no SQS client: awsFixture({ queues: true }) makes it, in the file's beforeAll");
      return sqs;
    },
    async tables(label) {
      const made = await freshTables(fixture.ddb, label);
      drops.push(made.drop);
      return made.tables;
    },
    queues(label, o) {
      return createQueues(fixture.sqs(), { prefix: uniquePrefix(label), ...o });
    },
    async dropTables() {
      const now = drops;
      drops = [];
      await Promise.all(now.map((drop) => drop()));
    },
  };
  return fixture;
}
