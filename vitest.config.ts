import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/** Tests that talk to DynamoDB Local and fauxqs: their project's global setup starts DynamoDB Local once. */
const AWS_TESTS = [
  "test/aws/**/*.test.ts",
  "test/contract/dynamodb-store.test.ts",
  "test/contract/dynamodb-auth-store.test.ts",
  "test/contract/dynamodb-presence.test.ts",
  "test/contract/sqs-queue.test.ts",
];

// vitest's default timeouts (5 s a test, 10 s a hook) hold; slow tests and hooks state their own.
export default defineConfig({
  test: {
    pool: "forks",
    // A test that forgets to name its database must not open (or migrate) the user's own
    // ~/.local/share/duely: the default data dir points at a fresh folder for the run.
    env: { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "duely-test-data-")) },
    projects: [
      { extends: true, test: { name: "core", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...AWS_TESTS] } },
      { extends: true, test: { name: "aws", include: AWS_TESTS, globalSetup: ["test/support/aws/global-setup.ts"] } },
    ],
  },
});
