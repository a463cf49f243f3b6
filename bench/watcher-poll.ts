// The watcher's poll cost as the number of future runs grows, and the process's memory with
// them stored. Run: npx tsx bench/watcher-poll.ts [--sizes 1000,10000,100000,1000000] [--ticks 30]
// Each size gets a fresh SQLite file with N once-tasks spread over the next 30 days (all beyond
// the look-ahead window), then times watcher.tick() with nothing due. Prints one JSON line per size.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { LocalDelayQueue } from "../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../src/adapters/store/sqlite/sqlite-store.js";
import { Engine } from "../src/app/engine/engine.js";
import { DEFAULT_SETTINGS } from "../src/app/settings.js";
import { silentLogger } from "../src/ports/logger.js";

const { values } = parseArgs({
  options: { sizes: { type: "string", default: "1000,10000,100000,1000000" }, ticks: { type: "string", default: "30" }, "cache-mib": { type: "string" } },
});
const cacheMib = values["cache-mib"] === undefined ? undefined : Number(values["cache-mib"]);
const sizes = values.sizes!.split(",").map(Number);
const TICKS = Number(values.ticks);
const DAY = 86_400_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const n of sizes) {
  const dir = mkdtempSync(join(tmpdir(), "duely-poll-"));
  const store = openSqliteStore({ path: join(dir, "poll.db"), ...(cacheMib !== undefined && { cacheSizeMiB: cacheMib }) });
  const clock = { now: () => Date.now() };
  const engine = new Engine({
    store,
    queue: new LocalDelayQueue(clock),
    clock,
    random: Math.random,
    actions: { run: async () => ({ text: "" }) },
    log: silentLogger,
    settings: { ...DEFAULT_SETTINGS, max_active_jobs_per_owner: 10_000_000, dedupe_window_ms: 0 },
  });
  const start = Date.now() + 10 * 60_000;
  const t0 = performance.now();
  for (let k = 0; k < n; k += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, n - k) }, (_, i) => ({
      title: `t${k + i}`,
      action: { type: "notify" as const, message: "x" },
      schedule: { kind: "once" as const, at: start + Math.floor(((k + i) / n) * 30 * DAY), timezone: "UTC" },
    }));
    await engine.jobs.createMany(`owner${k % 7}`, batch);
  }
  const createS = (performance.now() - t0) / 1000;
  await engine.watcher.tick(); // warm the statements and page cache
  const times: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    const t = performance.now();
    const stats = await engine.watcher.tick();
    times.push(performance.now() - t);
    if (stats.enqueued !== 0) throw new Error("nothing should be due");
  }
  const rssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  console.log(
    JSON.stringify({
      future_runs: n,
      create_s: Math.round(createS * 10) / 10,
      tick_ms_median: Math.round(median(times) * 100) / 100,
      tick_ms_max: Math.round(Math.max(...times) * 100) / 100,
      rss_mb: rssMb,
      shards: DEFAULT_SETTINGS.shard_count,
    }),
  );
  await engine.stop();
  rmSync(dir, { recursive: true, force: true });
}
