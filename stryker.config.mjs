import { MODULES, selectedModule } from "./test/mutation/modules.mjs";

// Mutation testing of the modules that hold the README's promises, one module at a time:
// `npm run mutate -- run-decisions` (scripts/mutate.ts sets DUELY_MUTATE_MODULE; the module's
// tests are listed in test/mutation/modules.mjs), or `npm run mutate -- all`. Not in CI.
// Scores and what survives are in docs/testing.md.
const selected = selectedModule();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // related: false: a module's test list is already the selection. Per-test coverage still tries
  // each mutant only against the tests that ran its code.
  vitest: { configFile: "test/mutation/vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: selected ? selected.mutate : Object.values(MODULES).flatMap((m) => m.mutate),
  // Log and error texts are asserted where they matter; mutating every string is noise.
  mutator: { excludedMutations: ["StringLiteral"] },
  ignoreStatic: true,
  // A rerun tries again only the mutants whose code or covering tests changed since the last run
  // of the module (`npm run mutate -- <module> --force` would redo them all).
  incremental: true,
  incrementalFile: `.tmp/mutation/${selected ? selected.name : "all"}.incremental.json`,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `.tmp/mutation/${selected ? selected.name : "all"}.json` },
  // Not copied into a sandbox: other modules' sandboxes and reports.
  ignorePatterns: ["/.tmp"],
  // One folder per module, so two modules may run at once.
  tempDirName: `.tmp/stryker-sandbox/${selected ? selected.name : "all"}`,
  cleanTempDir: true,
  // The machine is shared: one test process (scripts/mutate.ts also runs Stryker under nice).
  concurrency: 1,
  timeoutMS: 30_000,
  // The first, unmutated run of every related test, instrumented, on a busy machine.
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 90, low: 85, break: null },
};
