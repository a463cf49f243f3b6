/**
 * The desktop path's costs (bench/README.md, "Desktop"): what an always-on `duely service run`
 * costs while it waits, how fast `duely serve` (the stdio bridge Claude Desktop spawns) answers
 * `initialize`, and the service's memory over a month of daily tasks. Every figure is a median of
 * `--reps` runs, next to a bare node process (the floor), for the build in `--root` (default:
 * this checkout; build it first with `npm run build`). Linux only: it reads /proc. The month
 * runs in bench/desktop-month.mjs, on plain node.
 *
 *   npx tsx bench/desktop.ts [--root DIR] [--reps 5] [--settle-s 60] [--idle-s 60] [--tasks 100] [--only idle,bridge,cold,month]
 *     [--node-flags "--max-semi-space-size=2 --single-threaded-gc"]
 *
 * `--node-flags` replaces the flags the build's launchers give the service (to try others).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const ROOT = resolve(flag("root", new URL("..", import.meta.url).pathname));
const REPS = Number(flag("reps", "5"));
const IDLE_S = Number(flag("idle-s", "60"));
// The idle window opens this long after start: the first minute is start-up (V8 compiling and
// collecting on its own threads: ~100 wake-ups and 0.25 s of CPU), not what waiting costs.
const SETTLE_S = Number(flag("settle-s", "60"));
const TASKS = Number(flag("tasks", "100"));
const ONLY = new Set(flag("only", "idle,bridge,cold,month").split(","));
const CLI = join(ROOT, "dist", "cli", "main.js");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mb = (kb: number) => Math.round(kb / 1024);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/**
 * VmRSS and its two parts, in kB: private memory (RssAnon: the heap, code V8 compiled, native
 * allocations) and pages mapped from files (RssFile: mostly the node binary's own code and its
 * ICU data, which Intl's time zones touch; clean, shared with every other node process, and
 * dropped first when memory is short).
 */
function rssParts(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") + kb("RssShmem") };
}

/**
 * CPU seconds (user + system, every thread) and context switches of every thread: each time a
 * thread was woken to run (a timer, I/O, a message) counts a voluntary switch when it sleeps again.
 */
function usage(pid: number): { cpuS: number; switches: number; mainSwitches: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  let switches = 0;
  let mainSwitches = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const s = readFileSync(`/proc/${pid}/task/${t}/status`, "utf8");
      const n = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(s)?.[1] ?? 0);
      switches += n;
      if (t === String(pid)) mainSwitches = n;
    } catch {
      // the thread ended meanwhile
    }
  }
  return { cpuS: ticks / 100, switches, mainSwitches };
}

/** Creating TASKS tasks at once is over the default per-owner create rate. */
const BENCH_CONFIG = { limits: { creates: { burst: 1000, per_minute: 1000 } } };

/**
 * The node flags the build's launchers (the bridge, `duely service start`, the OS service
 * definitions) start the service with, so the bench measures the service a user gets; none for a
 * build that sets none.
 */
async function serviceNodeFlags(): Promise<string[]> {
  const given = flag("node-flags", "");
  if (given !== "") return given.split(" ").filter((f) => f !== "");
  const spec = join(ROOT, "dist", "service", "units", "spec.js");
  const flags = existsSync(spec) ? ((await import(spec)) as { SERVICE_NODE_FLAGS?: string[] }).SERVICE_NODE_FLAGS : undefined;
  return flags ?? [];
}

/** A fresh data dir with the bench's config in it. */
function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "duely-bench-desktop-"));
  writeFileSync(join(dir, "bench.json"), JSON.stringify(BENCH_CONFIG));
  return dir;
}
const env = (dataDir: string) => ({ ...process.env, DUELY_DATA_DIR: dataDir, DUELY_CONFIG: join(dataDir, "bench.json"), DUELY_LOG_LEVEL: "warn" });
const discovery = (dir: string) => join(dir, "service.json");

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; !check(); await sleep(20)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

/** Starts `duely service run` for a fresh data dir and waits until it has written its discovery file. */
async function startService(): Promise<{ dir: string; child: ChildProcess; url: string; secret: string }> {
  const dir = newDir();
  const child = spawn(process.execPath, [...(await serviceNodeFlags()), CLI, "service", "run"], { env: env(dir), stdio: "ignore" });
  await waitFor(() => existsSync(discovery(dir)), 60_000, "the service to start");
  const { url } = JSON.parse(readFileSync(discovery(dir), "utf8")) as { url: string };
  return { dir, child, url, secret: readFileSync(join(dir, "service.secret"), "utf8").trim() };
}

async function stopService(dir: string, child?: ChildProcess): Promise<void> {
  let pid = child?.pid;
  try {
    pid ??= (JSON.parse(readFileSync(discovery(dir), "utf8")) as { pid: number }).pid;
  } catch {
    // no service
  }
  if (pid) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone already
    }
    await waitFor(
      () => {
        try {
          process.kill(pid!, 0);
          return false;
        } catch {
          return true;
        }
      },
      20_000,
      "the service to stop",
    ).catch(() => process.kill(pid!, "SIGKILL"));
  }
  rmSync(dir, { recursive: true, force: true });
}

/** `count` daily tasks, each at its own minute of the day. */
async function createDaily(url: string, secret: string, count: number): Promise<void> {
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }));
  for (let i = 0; i < count; i++) {
    const minute = (i * 14) % 1440;
    const r = await client.callTool({
      name: "task_create_v1",
      arguments: {
        title: `Daily ${i}`,
        action: { type: "notify", message: `daily ${i}` },
        schedule: { type: "cron", cron: `${minute % 60} ${Math.floor(minute / 60)} * * *`, timezone: "UTC" },
      },
    });
    if (r.isError) throw new Error(`task_create_v1 failed: ${JSON.stringify(r.content)}`);
  }
  await client.close();
}

/** The floor: a bare node process's RSS while it waits, and its spawn-to-exit time. */
async function floor(): Promise<{ rssMb: number; rssAnonMb: number; rssFileMb: number; startMs: number }> {
  const rss: number[] = [];
  const anon: number[] = [];
  const file: number[] = [];
  const start: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    start.push(performance.now() - t);
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    await sleep(500);
    const parts = rssParts(child.pid!);
    rss.push(parts.rss);
    anon.push(parts.anon);
    file.push(parts.file);
    child.kill();
  }
  return { rssMb: mb(median(rss)), rssAnonMb: mb(median(anon)), rssFileMb: mb(median(file)), startMs: Math.round(median(start)) };
}

/** RSS SETTLE_S after start, then CPU and wake-ups over IDLE_S seconds, with no tasks and with TASKS daily tasks. */
async function idle(tasks: number): Promise<{
  rssMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  cpuSPerMin: number;
  wakeupsPerMin: number;
  mainThreadWakeupsPerMin: number;
  wakeupsPerMinEach: number[];
}> {
  const rss: number[] = [];
  const anon: number[] = [];
  const file: number[] = [];
  const cpu: number[] = [];
  const wakes: number[] = [];
  const mainWakes: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const s = await startService();
    try {
      if (tasks > 0) await createDaily(s.url, s.secret, tasks);
      await sleep(SETTLE_S * 1000);
      const parts = rssParts(s.child.pid!);
      rss.push(parts.rss);
      anon.push(parts.anon);
      file.push(parts.file);
      const a = usage(s.child.pid!);
      await sleep(IDLE_S * 1000);
      const b = usage(s.child.pid!);
      cpu.push(((b.cpuS - a.cpuS) * 60) / IDLE_S);
      wakes.push(((b.switches - a.switches) * 60) / IDLE_S);
      mainWakes.push(((b.mainSwitches - a.mainSwitches) * 60) / IDLE_S);
    } finally {
      await stopService(s.dir, s.child);
    }
  }
  return {
    rssMb: mb(median(rss)),
    rssAnonMb: mb(median(anon)),
    rssFileMb: mb(median(file)),
    cpuSPerMin: Number(median(cpu).toFixed(3)),
    wakeupsPerMin: Number(median(wakes).toFixed(1)),
    mainThreadWakeupsPerMin: Number(median(mainWakes).toFixed(1)),
    wakeupsPerMinEach: wakes.map((w) => Number(w.toFixed(1))),
  };
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
})}\n`;

/** Spawns the bridge and times it until `initialize` is answered on its stdout. */
function bridgeOnce(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [CLI, "serve"], { env: env(dataDir), stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error("initialize not answered within 60 s"));
    }, 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (!out.includes('"id":1')) return;
      const ms = performance.now() - t;
      clearTimeout(timer);
      child.stdin!.end();
      child.once("exit", () => resolve(ms));
    });
    child.stdin!.write(INITIALIZE);
  });
}

async function bridgeWarm(): Promise<number> {
  const s = await startService();
  try {
    await bridgeOnce(s.dir); // the first bridge of a service loads its MCP server (not the warm path)
    const times: number[] = [];
    for (let i = 0; i < REPS; i++) times.push(await bridgeOnce(s.dir));
    return Math.round(median(times));
  } finally {
    await stopService(s.dir, s.child);
  }
}

async function bridgeCold(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const dir = newDir();
    try {
      times.push(await bridgeOnce(dir));
    } finally {
      await stopService(dir);
    }
  }
  return Math.round(median(times));
}

/**
 * The memory row: bench/desktop-month.mjs in a plain node child (no tsx: its RSS is the build's
 * engine and what it holds after a month, as a user's service would), with the node flags the
 * service's launchers give it (none for a build that has none).
 */
type Week = { day: number; rss: number; anon: number; file: number; heapUsed: number; heapTotal: number; external: number };
async function month(): Promise<{ ran: number; weeks: Week[] }[]> {
  const flags = await serviceNodeFlags();
  const out: { ran: number; weeks: Week[] }[] = [];
  for (let i = 0; i < Math.min(REPS, 3); i++) {
    const script = new URL("desktop-month.mjs", import.meta.url).pathname;
    const r = spawnSync(process.execPath, ["--expose-gc", ...flags, script, "--root", ROOT, "--tasks", String(TASKS)], { encoding: "utf8", timeout: 600_000 });
    if (r.status !== 0) throw new Error(`the month run failed: ${r.stderr}`);
    out.push(JSON.parse(r.stdout.trim().split("\n").pop()!));
  }
  return out;
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build in ${ROOT}`);
  const report = (row: string, value: unknown) => process.stdout.write(`${JSON.stringify({ row, ...(value as object), load: load() })}\n`);
  report("floor (bare node)", await floor());
  if (ONLY.has("idle")) {
    report("service idle, 0 tasks", await idle(0));
    report(`service idle, ${TASKS} daily tasks`, await idle(TASKS));
  }
  if (ONLY.has("bridge")) report("bridge warm: spawn -> initialize answered", { ms: await bridgeWarm() });
  if (ONLY.has("cold")) report("bridge cold: spawn -> service started -> initialize answered", { ms: await bridgeCold() });
  if (ONLY.has("month")) report(`a month of ${TASKS} daily tasks (RSS per week)`, { runs: await month() });
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
