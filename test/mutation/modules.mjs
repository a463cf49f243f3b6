// The modules `npm run mutate` scores, each with the test files that exercise it. Stryker is
// given only these (test/mutation/vitest.config.ts narrows its include to them): the whole
// in-process suite took 15–25 minutes per module here, most of it the instrumented first run of
// tests that never reach the module. A list is complete when adding more of the suite kills no
// further mutant; docs/testing.md records each run. Plain JavaScript: stryker.config.mjs and the
// vitest config both read it, and Stryker loads its config without a TypeScript loader.

/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
export const MODULES = {
  "run-decisions": {
    mutate: ["src/app/engine/run-decisions.ts"],
    tests: ["test/app/run-decisions.test.ts", "test/app/run-policies.test.ts"],
  },
  "catch-up": {
    mutate: ["src/app/catch-up.ts"],
    // catch-up-property.test.ts is left out: its 40 engine runs take minutes for every mutant, and
    // the rules test decides the same edges in milliseconds.
    tests: ["test/app/catch-up-rules.test.ts", "test/app/catch-up.test.ts"],
  },
  "job-access": {
    mutate: ["src/app/tasks/job-access.ts"],
    tests: ["test/app/job-access.test.ts"],
  },
  limits: {
    mutate: ["src/app/limits.ts", "src/app/engine/rate-hold.ts", "src/core/token-bucket.ts"],
    tests: ["test/unit/limits-math.test.ts", "test/app/limit-state.test.ts", "test/app/rate-hold.test.ts"],
  },
  // The engine's worker parts are each driven directly by a test of their own, on a real SQLite
  // file and the real local queue, in a few seconds. The engine-wide suites that listed before
  // (engine-failures, pressure-leases, claim-ahead, claim-at-slot, reliability-starts) reach them
  // only through whole runs, at 2–10 s a file for every mutant: an hour a module here. One fast
  // engine suite stays with each, for the promise it holds end to end.
  claims: {
    mutate: ["src/app/engine/claims.ts"],
    // claims.test.ts: the batch's every outcome (start, hold, defer, acknowledge, hold back),
    // the store's failures; reliability-starts.test.ts (under 1 s): a claimed run given back
    // unstarted when its worker dies, through the engine.
    tests: ["test/app/claims.test.ts", "test/app/reliability-starts.test.ts"],
  },
  completer: {
    mutate: ["src/app/engine/completer.ts"],
    // completer.test.ts alone: group commit, fencing, read-back, backoff, drain. Mutants that stop
    // a drain or a retry from ending time out, and with reliability-writes.test.ts (the same
    // promises through the whole engine) beside it each timeout cost a minute on a loaded machine.
    tests: ["test/app/completer.test.ts"],
  },
  "lease-keeper": {
    mutate: ["src/app/engine/lease-keeper.ts"],
    // lease-keeper.test.ts: the timer, the sixth-of-a-lease rule, lost leases, serialised writes;
    // reliability-heartbeats.test.ts (under 2 s): an action's heartbeats coalesced in the engine.
    tests: ["test/app/lease-keeper.test.ts", "test/app/reliability-heartbeats.test.ts"],
  },
  "bearer-gate": {
    mutate: ["src/mcp/bearer-gate.ts"],
    tests: ["test/unit/bearer-gate.test.ts"],
  },
  "address-guard": {
    mutate: ["src/actions/address-guard.ts"],
    tests: ["test/actions/address-guard.test.ts", "test/actions/http.test.ts"],
  },
};

/** The module named by DUELY_MUTATE_MODULE (set by scripts/mutate.ts), or undefined for all of them. */
export function selectedModule() {
  const name = process.env.DUELY_MUTATE_MODULE;
  if (!name) return undefined;
  const module = MODULES[name];
  if (!module) throw new Error(`DUELY_MUTATE_MODULE=${name}: not one of ${Object.keys(MODULES).join(", ")}`);
  return { name, ...module };
}
