import { afterAll } from "vitest";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { dynamoClient, freshTables } from "../support/aws/clients.js";
import { dynamoTampering } from "../support/aws/corrupt-dynamodb.js";
import { describeUnreadablePaths } from "../support/unreadable-paths.js";

const client = dynamoClient();
afterAll(() => client.destroy());

// The engine on DynamoDB Local (its store; the queue stays the local one): the items are spoiled with the raw client.
describeUnreadablePaths("DynamoDB", {
  // Each test creates its tables on DynamoDB Local: seconds on a busy machine.
  timeoutMs: 120_000,
  async open() {
    const { tables, drop } = await freshTables(client, "unreadable");
    // The paths' tests run with shard_count 1: a run's partition key is computed from it.
    return {
      openStore: ({ log, now }) => openDynamoStore({ client, tables, ttlDays: null, shards: 1, log, now }),
      tamper: () => dynamoTampering(client, tables, 1),
      cleanup: drop,
    };
  },
});
