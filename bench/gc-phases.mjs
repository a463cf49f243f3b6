/**
 * Where a spike's memory and CPU go, phase by phase (bench/README.md, "Peak memory, second pass").
 *
 *   cd bench/peers && GC_PHASES_OUT=/tmp/p.json node --import ../gc-phases.mjs workloads/spike.mjs --peer duely --n 100000 --c 50 --lead-rate 6000
 *   node bench/gc-phases.mjs /tmp/p.json          # the table
 *
 * Preloaded, it samples the process every 50 ms (RSS, V8's heap used / committed, its young and old
 * generations, external memory, CPU) and every second the main malloc arena from /proc/self/smaps
 * (node's and SQLite's allocations on the main thread: the page cache lives there), records every
 * collection V8 reports (`PerformanceObserver` 'gc': scavenges, mark-compacts, their pause), and
 * splits them at the phase marks the bench adapter sets (`duely:create-start`, `duely:created`
 * after each batch, `duely:first-start`, `duely:close`). It writes the summary at exit. The
 * sampler's own CPU counts in the process's: use it to see where memory goes, not in A/B rounds.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";

const preloaded = !process.argv[1] || import.meta.url !== pathToFileURL(resolve(process.argv[1])).href;
const MB = 1024 * 1024;
const round1 = (x) => Math.round(x * 10) / 10;

if (preloaded && process.env.GC_PHASES_OUT) {
  const samples = [];
  const gcs = [];
  const marks = new Map();
  // Node's kinds (perf_hooks.constants): 1 minor (scavenge), 4 major (mark-compact), 8 incremental marking, 16 weak callbacks.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ t: e.startTime, ms: e.duration, kind: e.detail?.kind ?? e.kind });
  }).observe({ entryTypes: ["gc"] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.name.startsWith("duely:")) continue;
      const m = marks.get(e.name) ?? { first: e.startTime, last: e.startTime };
      m.last = e.startTime;
      marks.set(e.name, m);
    }
  }).observe({ entryTypes: ["mark"] });
  let arena = 0;
  let tick = 0;
  const sample = () => {
    const u = process.memoryUsage();
    const c = process.cpuUsage();
    const sp = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s]));
    if (tick++ % 20 === 0) arena = mallocArenaKb();
    samples.push({
      t: performance.now(),
      cpu: (c.user + c.system) / 1000,
      rss: u.rss,
      used: u.heapUsed,
      total: u.heapTotal,
      external: u.external,
      young: sp.new_space.space_size + sp.new_large_object_space.space_size,
      youngUsed: sp.new_space.space_used_size,
      old: sp.old_space.space_size + sp.large_object_space.space_size,
      oldUsed: sp.old_space.space_used_size + sp.large_object_space.space_used_size,
      arena: arena * 1024,
    });
  };
  setInterval(sample, 50).unref();
  // A spike's creates run on microtasks only (the store is synchronous), so no timer fires
  // between them: each mark takes a sample itself.
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    if (name.startsWith("duely:")) sample();
    return mark(name, options);
  };
  process.on("exit", () => {
    // The bench adapter's launcher, which ran the workload again under the service's flags.
    if (process.env.DUELY_BENCH_LAUNCHER) return;
    sample();
    writeFileSync(process.env.GC_PHASES_OUT, JSON.stringify({ samples, gcs, marks: Object.fromEntries(marks), execArgv: process.execArgv }));
  });
} else if (!preloaded) {
  report(JSON.parse(readFileSync(process.argv[2], "utf8")));
}

function mallocArenaKb() {
  let inHeap = false;
  let kb = 0;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) inHeap = head[1] === "[heap]";
    else if (inHeap && line.startsWith("Rss:")) kb += Number(/\d+/.exec(line)[0]);
  }
  return kb;
}

function report({ samples, gcs, marks, execArgv }) {
  const at = (name, which = "first") => marks[name]?.[which];
  const bounds = [
    ["start", 0, at("duely:create-start")],
    ["create", at("duely:create-start"), at("duely:created", "last")],
    ["wait", at("duely:created", "last"), at("duely:first-start")],
    ["execution", at("duely:first-start"), at("duely:close")],
  ];
  const rows = [];
  for (const [phase, from, to] of bounds) {
    if (from === undefined || to === undefined) continue;
    const s = samples.filter((x) => x.t >= from && x.t <= to);
    if (s.length === 0) continue;
    const max = (k) => round1(Math.max(...s.map((x) => x[k])) / MB);
    const g = gcs.filter((x) => x.t >= from && x.t <= to);
    const gc = (kind) => g.filter((x) => x.kind === kind);
    const sum = (xs) => xs.reduce((a, x) => a + x.ms, 0);
    const cpuMs = s.at(-1).cpu - s[0].cpu;
    rows.push({
      phase,
      wall_s: round1((to - from) / 1000),
      cpu_s: round1(cpuMs / 1000),
      gc_pause_s: round1(sum(g) / 1000),
      gc_share: `${Math.round((sum(g) / Math.max(1, cpuMs)) * 100)} %`,
      scavenges: `${gc(1).length} · ${Math.round(sum(gc(1)))} ms`,
      mark_compacts: `${gc(4).length} · ${Math.round(sum(gc(4)))} ms`,
      incremental: `${gc(8).length} · ${Math.round(sum(gc(8)))} ms`,
      rss_max: max("rss"),
      heap_used_max: max("used"),
      heap_used_min: round1(Math.min(...s.map((x) => x.used)) / MB),
      heap_total_max: max("total"),
      young_max: max("young"),
      old_max: max("old"),
      old_used_max: max("oldUsed"),
      external_max: max("external"),
      malloc_arena_max: max("arena"),
    });
  }
  console.log(JSON.stringify({ execArgv }));
  console.table(rows);
}
