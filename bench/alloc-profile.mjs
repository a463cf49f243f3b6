/**
 * Bytes allocated, garbage included, by the function that allocated them.
 *
 *   node --import ./bench/alloc-profile.mjs <script …>     # with ALLOC_PROFILE_OUT=<file.json> set
 *   node bench/alloc-profile.mjs <file.json> --runs 20000 [--only worker,starts]  # MB in all, bytes a run by site
 *
 * Preloaded, it starts V8's sampling heap profiler with the objects later collected kept in the
 * profile (`--heap-prof` keeps only the survivors, which hides the garbage this is about) and
 * writes the profile when the process exits. A sample is one object; its `size` is already the
 * bytes it stands for (about the interval plus half the object's size: V8 unbiases it). Samples whose stack passes through
 * `createMany` are the creates and are counted apart from the rest (the execution phase).
 * With ALLOC_PROFILE_SURVIVORS=1 the profile keeps only the objects no scavenge collected: what
 * was promoted to the old generation (bench/README.md, "Peak memory, second pass").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const INTERVAL = Number(process.env.ALLOC_PROFILE_INTERVAL ?? 16_384);

const preloaded = !process.argv[1] || import.meta.url !== pathToFileURL(resolve(process.argv[1])).href;

if (preloaded && process.env.ALLOC_PROFILE_OUT) {
  const session = new Session();
  session.connect();
  session.post("HeapProfiler.enable");
  session.post("HeapProfiler.startSampling", {
    samplingInterval: INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    // ALLOC_PROFILE_SURVIVORS=1: only what outlived a scavenge (promoted to the old generation,
    // where it costs a mark-compact and grows the heap), not the short-lived garbage.
    includeObjectsCollectedByMinorGC: process.env.ALLOC_PROFILE_SURVIVORS !== "1",
  });
  // The inspector answers a session on its own thread synchronously, so this works in "exit".
  process.on("exit", () => {
    // The bench adapter's launcher, which ran the workload again under the service's flags.
    if (process.env.DUELY_BENCH_LAUNCHER) return;
    session.post("HeapProfiler.stopSampling", (err, r) => {
      if (!err) writeFileSync(process.env.ALLOC_PROFILE_OUT, JSON.stringify({ interval: INTERVAL, profile: r.profile }));
    });
  });
} else if (!preloaded) {
  report(process.argv[2], Number(process.argv[process.argv.indexOf("--runs") + 1] || 1));
}

function report(file, runs) {
  const { profile } = JSON.parse(readFileSync(file, "utf8"));
  const parent = new Map();
  const byId = new Map();
  const walk = (n, p) => {
    byId.set(n.id, n);
    parent.set(n.id, p);
    for (const c of n.children) walk(c, n);
  };
  walk(profile.head, null);
  const self = new Map();
  const inclusive = new Map();
  let creates = 0;
  let rest = 0;
  for (const s of profile.samples) {
    const w = s.size;
    const frames = [];
    for (let n = byId.get(s.nodeId); n; n = parent.get(n.id)) frames.push(n.callFrame);
    const name = (f) => `${f.functionName || "(anonymous)"} ${(f.url.split("/dist/")[1] ?? f.url.split("/").pop()) || ""}:${f.lineNumber + 1}`;
    if (frames.some((f) => f.functionName === "createMany")) {
      creates += w;
      continue;
    }
    rest += w;
    const top = frames.find((f) => f.url !== "" && !f.url.startsWith("node:")) ?? frames[0];
    self.set(name(top), (self.get(name(top)) ?? 0) + w);
    for (const f of new Set(frames.map(name))) inclusive.set(f, (inclusive.get(f) ?? 0) + w);
  }
  const mb = (b) => (b / 2 ** 20).toFixed(1);
  console.log(`creates ${mb(creates)} MB, the rest ${mb(rest)} MB: ${(rest / runs).toFixed(0)} bytes a run over ${runs} runs`);
  const table = (title, m, k) => {
    console.log(`\n${title} (bytes a run, % of the rest)`);
    for (const [f, b] of [...m].sort((a, b) => b[1] - a[1]).slice(0, k))
      console.log(`${(b / runs).toFixed(0).padStart(7)}  ${((100 * b) / rest).toFixed(1).padStart(5)}%  ${f}`);
  };
  table("by the first frame in a script (self)", self, 40);
  table("inclusive", inclusive, 60);
  // --only a,b: every function of the files whose path holds a or b, self and inclusive.
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1].split(",") : null;
  if (only) {
    const pick = (m) => new Map([...m].filter(([f]) => only.some((o) => f.includes(o))));
    table(`self, ${only}`, pick(self), 100);
    table(`inclusive, ${only}`, pick(inclusive), 100);
  }
}
