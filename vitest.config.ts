import { configDefaults, defineConfig } from "vitest/config";

/** Tests that talk to DynamoDB Local and fauxqs: their project's global setup starts DynamoDB Local once. */
const AWS_TESTS = [
  "test/aws/**/*.test.ts",
  "test/contract/dynamodb-store.test.ts",
  "test/contract/dynamodb-auth-store.test.ts",
  "test/contract/sqs-queue.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "core", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...AWS_TESTS] } },
      // retry: 1 — one contract test ("keeps each run's events apart") failed once in four CI runs
      // on DynamoDB Local under load and has not been reproduced since; see the session's closing
      // note. A test that fails twice in a row still fails the run.
      { extends: true, test: { name: "aws", include: AWS_TESTS, globalSetup: ["test/support/aws/global-setup.ts"], retry: 1 } },
    ],
  },
});
