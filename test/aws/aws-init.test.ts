import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { newDynamoDbClient, newSqsClient } from "../../src/adapters/aws/client-config.js";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { INDEX, tableDefinitions, tableNames } from "../../src/adapters/store/dynamodb/tables.js";
import { createQueues, createTables } from "../../src/cli/aws-init.js";
import { silentLogger } from "../../src/ports/logger.js";
import { dynamoClient, uniquePrefix } from "../support/aws/clients.js";
import { freePort } from "../support/aws/dynamodb-local.js";
import { makeJob, makeRun, T0 } from "../support/builders.js";

const client = dynamoClient();
const tables = tableNames(uniquePrefix("init"));
afterAll(async () => {
  await Promise.all(Object.values(tables).map((TableName) => client.send(new DeleteTableCommand({ TableName })).catch(() => {})));
  client.destroy();
});

describe("duely aws init on tables an earlier release created", () => {
  it("adds the in-flight index a runs table lacks, waits for it, and the store finds runs in flight through it", { timeout: 60_000 }, async () => {
    // The runs table as it was before the index existed, with a run queued in it already.
    const current = tableDefinitions(tables).find((d) => d.TableName === tables.runs)!;
    const before = {
      ...current,
      AttributeDefinitions: current.AttributeDefinitions!.filter((a) => a.AttributeName !== "in_flight_job"),
      GlobalSecondaryIndexes: current.GlobalSecondaryIndexes!.filter((i) => i.IndexName !== INDEX.inFlight),
    };
    await client.send(new CreateTableCommand(before));
    const indexes = async () => (await client.send(new DescribeTableCommand({ TableName: tables.runs }))).Table!.GlobalSecondaryIndexes ?? [];
    expect((await indexes()).map((i) => i.IndexName)).not.toContain(INDEX.inFlight);

    await createTables(client, tables);
    expect((await indexes()).find((i) => i.IndexName === INDEX.inFlight)?.IndexStatus).toBe("ACTIVE");
    await createTables(client, tables); // idempotent: nothing left to add

    const store = openDynamoStore({ client, tables, ttlDays: null });
    const job = makeJob();
    const queued = makeRun(job, T0, { status: "queued", wake_at: T0 });
    expect(await store.commit({ writes: [{ op: "insert_run", run: queued }] })).toBe(true);
    const deadline = Date.now() + 10_000; // the index is eventually consistent
    let found = await store.listInFlightRuns([job.id]);
    while ((found.get(job.id) ?? []).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      found = await store.listInFlightRuns([job.id]);
    }
    expect(found.get(job.id)).toEqual([queued]);
  });
});

describe("duely aws init against an endpoint that does not answer", () => {
  it("says which service, call, table or queue and endpoint failed, not only the socket error", async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const env = { AWS_ACCESS_KEY_ID: "", AWS_PROFILE: "" };
    const dynamodb = newDynamoDbClient({ region: "us-east-1", endpoint }, env, silentLogger);
    const sqs = newSqsClient({ region: "us-east-1", endpoint }, env, silentLogger);
    try {
      const names = tableNames("nowhere-");
      await expect(createTables(dynamodb, names)).rejects.toThrow(new RegExp(`^DynamoDB CreateTable on nowhere-\\w+ at ${endpoint} failed: .*ECONNREFUSED`));
      await expect(createQueues(sqs, { prefix: "nowhere-", visibilityMs: 30_000 })).rejects.toThrow(
        new RegExp(`^SQS CreateQueue at ${endpoint} failed: .*ECONNREFUSED`),
      );
    } finally {
      dynamodb.destroy();
      sqs.destroy();
    }
  }, 30_000);
});
