import { parseArgs } from "node:util";
import { DEFAULT_FUZZ, runHttpFuzz } from "../test/fuzz/http-fuzz.js";

/**
 * The long HTTP fuzz: `npm run fuzz -- --calls 100000 [--seed N] [--clients N]`. Prints the
 * figures docs/security.md reports, and exits non-zero when one that must be 0 is not.
 */
const { values } = parseArgs({
  options: { calls: { type: "string" }, seed: { type: "string" }, clients: { type: "string" } },
});
const opts = {
  ...DEFAULT_FUZZ,
  ...(values.calls && { calls: Number(values.calls) }),
  ...(values.seed && { seed: Number(values.seed) }),
  ...(values.clients && { clientsPerOwner: Number(values.clients) }),
};
const started = Date.now();
const figures = await runHttpFuzz({
  ...opts,
  onProgress: (calls, f) =>
    console.error(
      `${calls} calls, ${Math.round((Date.now() - started) / 1000)} s: crashes ${f.crashes}, internal ${f.internal}, cross-owner ${f.crossOwner}, cross-owner writes ${f.crossOwnerWrites}, cap overshoot ${f.capOvershoot}`,
    ),
});
console.log(JSON.stringify(figures, null, 2));
const bad = figures.crashes + figures.internal + figures.crossOwner + figures.crossOwnerWrites + Math.max(0, figures.capOvershoot);
console.log(
  `${figures.calls} calls in ${figures.seconds} s: crashes ${figures.crashes}, internal ${figures.internal}, cross-owner ${figures.crossOwner}, cross-owner writes ${figures.crossOwnerWrites}, cap overshoot ${figures.capOvershoot}, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`,
);
process.exit(bad === 0 ? 0 : 1);
