import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { selectedModule } from "./modules.mjs";

/**
 * The tests `npm run mutate` runs against each mutant (stryker.config.mjs): those that run in
 * one process. A test that starts another process runs the unmutated code there (Stryker
 * switches mutants inside its own process only), so it could neither kill a mutant nor be
 * trusted to; the AWS project needs DynamoDB Local and is left out too.
 */
const selected = selectedModule();

export default defineConfig({
  test: {
    root: join(import.meta.dirname, "../.."),
    // Instrumented code on a busy machine runs several times slower than the suite's 5 s budget assumes.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "duely-mutate-data-")) },
    // One module's run (scripts/mutate.ts) gets only the tests that exercise it; otherwise all of these.
    include: selected?.tests ?? [
      "test/app/*.test.ts",
      "test/unit/**/*.test.ts",
      "test/actions/address-guard.test.ts",
      "test/actions/http.test.ts",
      "test/e2e/http.test.ts",
      "test/e2e/http-local-auth.test.ts",
      "test/e2e/owner-isolation.test.ts",
      "test/e2e/errors.test.ts",
      "test/e2e/task-surface.test.ts",
      "test/contract/sqlite-store.test.ts",
    ],
    exclude: [
      "test/app/crash.test.ts",
      "test/app/cross-process-limits.test.ts",
      "test/unit/pino-logger.test.ts",
      "test/unit/service-files.test.ts",
      "test/unit/architecture.test.ts",
    ],
  },
});
