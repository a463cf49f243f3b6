import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { awsFixture } from "../support/aws/fixture.js";

// The shared fixture of the AWS test files: what they rely on without asserting it themselves.
const aws = awsFixture();

const exists = (TableName: string) =>
  aws.ddb.send(new DescribeTableCommand({ TableName })).then(
    () => true,
    (e: Error) => (e.name === "ResourceNotFoundException" ? false : Promise.reject(e)),
  );

describe("the AWS test fixture", () => {
  it("drops every table it made when asked, and again those made since", async () => {
    const first = Object.values(await aws.tables("fixture-a"));
    const second = Object.values(await aws.tables("fixture-b"));
    expect(await Promise.all([...first, ...second].map(exists))).toEqual([...first, ...second].map(() => true));
    await aws.dropTables();
    expect(await Promise.all([...first, ...second].map(exists))).toEqual([...first, ...second].map(() => false));
    const later = Object.values(await aws.tables("fixture-c"));
    await aws.dropTables();
    expect(await Promise.all(later.map(exists))).toEqual(later.map(() => false));
  }, 60_000);
});
