// Mutation testing of the modules that hold the README's promises: `npm run mutate` (all of
// them, long), or one module: `npm run mutate -- --mutate src/app/catch-up.ts`. Not in CI.
// Scores and what survives are in docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // related: each mutant is tried against the tests whose imports reach its file, of those that cover it.
  vitest: { configFile: "test/mutation/vitest.config.ts", related: true },
  coverageAnalysis: "perTest",
  mutate: [
    "src/app/run-decisions.ts",
    "src/app/catch-up.ts",
    "src/app/job-access.ts",
    "src/app/limits.ts",
    "src/core/token-bucket.ts",
    "src/app/claims.ts",
    "src/app/completer.ts",
    "src/app/lease-keeper.ts",
    "src/actions/address-guard.ts",
    "src/mcp/bearer-gate.ts",
  ],
  // Log and error texts are asserted where they matter; mutating every string is noise.
  mutator: { excludedMutations: ["StringLiteral"] },
  ignoreStatic: true,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: ".tmp/mutation/mutation.json" },
  tempDirName: ".tmp/stryker-sandbox",
  cleanTempDir: true,
  concurrency: 2,
  timeoutMS: 30_000,
  // The first, unmutated run of every related test, instrumented, on a busy machine.
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 90, low: 85, break: null },
};
