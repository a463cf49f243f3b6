// Vitest global setup of the "aws" project: ONE DynamoDB Local per test run, shared by every
// AWS test file (each uses its own table names). Runs only when an AWS test is selected.
import type { TestProject } from "vitest/node";
import { startDynamoDbLocal } from "./dynamodb-local.js";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoDbEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The SDK warns on every client's first use that releases after January 2027 need Node 22;
  // the versions are pinned, so the notice is noise in test output (test workers inherit this).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const ddb = await startDynamoDbLocal({ readyTimeoutMs: 60_000 });
  project.provide("dynamoDbEndpoint", ddb.endpoint);
  return () => ddb.stop();
}
