// Clients and fresh resources for the AWS tests: always an explicit loopback endpoint, dummy
// credentials and a region, so nothing can reach real AWS.
import { randomUUID } from "node:crypto";
import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { inject } from "vitest";
import { type TableNames, tableNames } from "../../../src/adapters/store/dynamodb/tables.js";
import { createTables } from "../../../src/cli/aws-init.js";

const REGION = "us-east-1";
const credentials = { accessKeyId: "local", secretAccessKey: "local" };

export const dynamoDbEndpoint = () => inject("dynamoDbEndpoint");

export const dynamoClient = (endpoint = dynamoDbEndpoint()) => new DynamoDBClient({ endpoint, region: REGION, credentials, maxAttempts: 3 });

export const sqsClient = (endpoint: string) => new SQSClient({ endpoint, region: REGION, credentials, maxAttempts: 3 });

/** A unique table-name prefix, so test files (and tests) never see each other's items. */
export const uniquePrefix = (label: string) => `t${randomUUID().slice(0, 8)}-${label}-`;

/** Creates the four tables under a fresh prefix; `drop` deletes them again. */
export async function freshTables(client: DynamoDBClient, label: string): Promise<{ tables: TableNames; drop(): Promise<void> }> {
  const tables = tableNames(uniquePrefix(label));
  await createTables(client, tables);
  return {
    tables,
    drop: async () => {
      await Promise.all(Object.values(tables).map((TableName) => client.send(new DeleteTableCommand({ TableName })).catch(() => {})));
    },
  };
}

/** A worker's own SQS client, cut off from SQS by `kill()` as a SIGKILL would: every later call fails. */
export function killableSqsClient(endpoint: string): { client: SQSClient; kill: () => void } {
  const own = sqsClient(endpoint);
  let dead = false;
  own.middlewareStack.add(
    (next) => async (args) => {
      if (dead) throw new Error("worker killed");
      return next(args);
    },
    { step: "initialize", name: "killSwitch" },
  );
  return {
    client: own,
    kill: () => {
      dead = true;
    },
  };
}
