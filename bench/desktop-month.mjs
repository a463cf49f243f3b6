/**
 * The month row of bench/desktop.ts, in plain JavaScript so that it runs on plain node against
 * the build (no tsx loader, no TypeScript of the bench's in the process): its RSS is what a
 * user's service would hold after the same month. The build's engine on a real SQLite file, its
 * clock stepped from one due time to the next over 30 days (each step: the watcher, the worker,
 * as `duely demo` drives it), TASKS daily tasks, a sweep and the pruner (keep_runs 20, max age
 * 7 days) each simulated day. Prints, after each week and after a GC, the RSS and what it is made
 * of (private and file pages; V8's heap; memory outside it).
 *
 *   node --expose-gc bench/desktop-month.mjs --root DIR --tasks 100
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { memorySplit } from "./memory-split.mjs";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const ROOT = resolve(flag("root", new URL("..", import.meta.url).pathname));
const TASKS = Number(flag("tasks", "100"));
const DAY = 24 * 3_600_000;
const STEP_MS = 14 * 60_000;
const mb = (bytes) => Math.round(bytes / 1048576);

/** VmRSS and its private (RssAnon) and file-backed parts, and V8's view, in MB. */
function memory() {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  const u = process.memoryUsage();
  return {
    rss: mb(kb("VmRSS") * 1024),
    anon: mb(kb("RssAnon") * 1024),
    file: mb((kb("RssFile") + kb("RssShmem")) * 1024),
    heapUsed: mb(u.heapUsed),
    heapTotal: mb(u.heapTotal),
    external: mb(u.external),
  };
}

const dist = (p) => import(pathToFileURL(join(ROOT, "dist", p)).href);
const [{ openEngine }, { resolveConfig }, { Pruner }, { openSqliteRetention }, { DEFAULT_RETENTION }, { silentLogger }] = await Promise.all([
  dist("main.js"),
  dist("config.js"),
  dist("app/engine/pruner.js"),
  dist("adapters/store/sqlite/sqlite-retention.js"),
  dist("app/retention-settings.js"),
  dist("ports/logger.js"),
]);
const dir = mkdtempSync(join(tmpdir(), "duely-bench-month-"));
let now = Date.parse("2026-06-01T00:00:00Z");
let elapsed = 0;
const clock = { now: () => now, monotonic: () => elapsed };
// Creating TASKS tasks at once is over the default per-owner create rate.
const config = resolveConfig(
  { limits: { creates: { burst: 1000, per_minute: 1000 } }, engine: { max_active_jobs_per_owner: 10_000 } },
  { DUELY_DATA_DIR: dir },
);
const engine = await openEngine(config, { clock, log: silentLogger, roles: [] });
const pruner = new Pruner({
  retention: openSqliteRetention({ path: join(dir, "duely.db") }),
  archive: null,
  clock,
  log: silentLogger,
  settings: { ...DEFAULT_RETENTION, keep_runs: 20, max_age_ms: 7 * DAY },
});
for (let i = 0; i < TASKS; i++) {
  const minute = (i * 14) % 1440;
  await engine.jobs.create("bench", {
    title: `Daily ${i}`,
    action: { type: "notify", message: `daily ${i}` },
    schedule: { kind: "cron", expr: `${minute % 60} ${Math.floor(minute / 60)} * * *`, timezone: "UTC" },
  });
}
const weeks = [];
let ran = 0;
const start = now;
for (let day = 1; day <= 30; day++) {
  // Every 14 minutes a task falls due: step there, tick and run.
  for (let t = now + STEP_MS; t <= start + day * DAY; t += STEP_MS) {
    elapsed += t - now;
    now = t;
    ran += (await engine.step()).ran;
  }
  await engine.sweeper.sweep();
  await pruner.tick();
  if (day % 7 === 0 || day === 30) {
    globalThis.gc?.();
    weeks.push({ day, ...memory() });
  }
}
// What the last RSS is made of (memory-split.mjs), and the database file SQLite's page cache reads from.
const split = memorySplit();
const dbMb = Math.round((statSync(join(dir, "duely.db")).size / 1048576) * 10) / 10;
await engine.stop();
rmSync(dir, { recursive: true, force: true });
// CPU seconds of the whole process (every thread: V8's GC helpers too), start-up included.
const cpu = process.cpuUsage();
const cpuS = { user: Math.round(cpu.user / 1e4) / 100, system: Math.round(cpu.system / 1e4) / 100 };
process.stdout.write(`${JSON.stringify({ ran, weeks, split, dbMb, cpuS })}\n`);
