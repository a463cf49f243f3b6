import { spawnSync } from "node:child_process";
import { MODULES } from "../test/mutation/modules.mjs";

/**
 * `npm run mutate -- <module>...` (or `all`): StrykerJS over one promise module at a time, given
 * only the tests that exercise it (test/mutation/modules.mjs), one test process, niced: the
 * machine it runs on is shared. Each module's JSON report lands in .tmp/mutation/<module>.json.
 */
const args = process.argv.slice(2);
// --force: try every mutant again, not only those whose code or tests changed (stryker.config.mjs: incremental).
const force = args.includes("--force");
const names = args.filter((a) => a !== "--force");
const known = Object.keys(MODULES);
if (names.length === 0 || names.some((n) => n !== "all" && !known.includes(n))) {
  console.error(`usage: npm run mutate -- <module>... | all [--force]\nmodules: ${known.join(", ")}`);
  process.exit(2);
}
const chosen = names.includes("all") ? known : names;
let failed = 0;
for (const name of chosen) {
  console.error(`== ${name}: ${MODULES[name]?.mutate.join(", ")}`);
  const run = spawnSync("nice", ["-n", "10", "npx", "stryker", "run", "stryker.config.mjs", ...(force ? ["--force"] : [])], {
    stdio: "inherit",
    env: { ...process.env, DUELY_MUTATE_MODULE: name },
  });
  if (run.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
