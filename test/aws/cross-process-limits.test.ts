import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDynamoStore } from "../../src/adapters/store/dynamodb/dynamodb-store.js";
import { LIVE_JOB_STATUSES } from "../../src/core/model.js";
import { dynamoDbEndpoint } from "../support/aws/clients.js";
import { awsFixture } from "../support/aws/fixture.js";
import { killRacers, overlapped, race } from "../support/processes/limits-race.js";

// The cross-process limit tests of test/app/cross-process-limits.test.ts, on DynamoDB Local.

const aws = awsFixture();
let dir = "";
afterEach(async () => {
  killRacers();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await aws.dropTables();
});

/** Two processes on fresh tables; the tables, for reading what they left. */
async function raceOnTables(label: string, env: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "duely-two-processes-aws-"));
  const tables = await aws.tables(label);
  const counts = await race(dir, { DDB_ENDPOINT: dynamoDbEndpoint(), TABLE_PREFIX: tables.jobs.slice(0, -"jobs".length), ...env });
  return { counts, tables };
}

describe("limits shared by two processes on DynamoDB", () => {
  it("lets exactly `burst` creates through a burst from both at once, and refuses the rest at the limit", async () => {
    const { counts } = await raceOnTables("rate", { MODE: "rate", COUNT: "80", BURST: "60", PARALLEL: "4" });
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(counts[0]!.ok + counts[1]!.ok).toBe(60);
    expect(counts[0]!.limit + counts[1]!.limit).toBe(100);
    expect(overlapped(counts)).toBe(true);
  }, 120_000);

  it("never lets an owner past the task cap when both create at once", async () => {
    const { counts, tables } = await raceOnTables("cap", { MODE: "cap", COUNT: "30", CAP: "20", PARALLEL: "3" });
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(counts[0]!.ok + counts[1]!.ok).toBe(20);
    expect(counts[0]!.limit + counts[1]!.limit).toBe(40);
    const store = openDynamoStore({ client: aws.ddb, tables, ttlDays: 1 });
    expect(await store.countJobs("alice", LIVE_JOB_STATUSES)).toBe(20);
    await store.close();
  }, 120_000);
});
