/**
 * Re-baselines the per-row phrase gate: records each row's verdict now in
 * test/unit/phrase/independent/baseline.json and prints what changed (ids only). Run it only in
 * a commit of its own, whose diff a reviewer reads: a row leaving "right" there is a regression
 * accepted on purpose. It refuses to record a silent held-out row unless told to with
 * --accept-silent-held-out, meant only for the commit that adds a new held-out set as main reads it.
 *
 *   npm run phrases:baseline [-- --accept-silent-held-out]
 */
import { parseArgs } from "node:util";
import { baselineOf, isHeldOut, judgeAllRows, loadBaseline, WRONG, writeBaseline } from "../test/unit/phrase/independent/gate.js";

const { values } = parseArgs({ options: { "accept-silent-held-out": { type: "boolean", default: false } } });
const judged = judgeAllRows();
const silentHeldOut = judged.filter((r) => isHeldOut(r.set) && WRONG.includes(r.outcome));
if (silentHeldOut.length > 0 && !values["accept-silent-held-out"]) {
  console.error(`refusing to re-baseline: ${silentHeldOut.length} held-out row(s) read silently: ${silentHeldOut.map((r) => r.id).join(", ")}`);
  process.exit(1);
}
let old: ReturnType<typeof loadBaseline> = {};
try {
  old = loadBaseline();
} catch {
  // No baseline yet: every row is new.
}
const next = baselineOf(judged);
const added = judged.filter((r) => old[r.set]?.[r.id] === undefined);
const changed = judged.filter((r) => old[r.set]?.[r.id] !== undefined && old[r.set]?.[r.id] !== r.outcome);
writeBaseline(next);
console.log(`baseline: ${added.length} row(s) added, ${changed.length} changed`);
for (const r of changed) console.log(`  ${r.set}/${r.id} (${r.lang}): ${old[r.set]?.[r.id]} -> ${r.outcome}`);
