/**
 * The memory rows of bench/desktop.ts explained (bench/README.md, Desktop): what the idle
 * service's RSS is made of (memory-split.mjs), next to floors measured the same way: a bare node
 * that waits, one that has also touched Intl's time zones (as luxon does), and one that has also
 * opened a WAL database with better-sqlite3. Each process runs with the flags the build's
 * launchers give the service, plus `--expose-gc` and the probe (memory-probe.mjs), which
 * collects and writes the split on SIGUSR2, `--settle-s` after start. The month's end is split
 * by bench/desktop-month.mjs itself (`--only month` of bench/desktop.ts prints it).
 *
 *   node bench/desktop-memory.mjs [--root DIR] [--settle-s 120]
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const ROOT = resolve(flag("root", new URL("..", import.meta.url).pathname));
const SETTLE_S = Number(flag("settle-s", "120"));
const PROBE = new URL("memory-probe.mjs", import.meta.url).pathname;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const spec = join(ROOT, "dist", "service", "units", "spec.js");
const FLAGS = existsSync(spec) ? ((await import(spec)).SERVICE_NODE_FLAGS ?? []) : [];
const WAIT = "setInterval(() => {}, 1e9);";
const SQLITE = join(ROOT, "node_modules", "better-sqlite3");

/** Starts `argv` with the probe, waits SETTLE_S (and `ready`), and returns its split. */
async function measure(argv, env = {}, ready = async () => {}) {
  const dir = mkdtempSync(join(tmpdir(), "duely-bench-memory-"));
  const out = join(dir, "split.json");
  const child = spawn(process.execPath, ["--expose-gc", ...FLAGS, "--import", PROBE, ...argv], {
    env: { ...process.env, ...env, DUELY_DATA_DIR: dir, DUELY_LOG_LEVEL: "warn", MEMORY_PROBE_OUT: out },
    stdio: "ignore",
  });
  try {
    await ready(dir);
    await sleep(SETTLE_S * 1000);
    child.kill("SIGUSR2");
    for (let i = 0; i < 500 && !existsSync(out); i++) await sleep(20);
    return JSON.parse(readFileSync(out, "utf8"));
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = {
  "bare node": () => measure(["-e", WAIT]),
  "node + Intl time zones": () =>
    measure(["-e", `new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", dateStyle: "full", timeStyle: "long" }).format(Date.now()); ${WAIT}`]),
  "node + Intl + better-sqlite3 (a WAL file)": () =>
    measure([
      "-e",
      `new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", dateStyle: "full", timeStyle: "long" }).format(Date.now());
       const db = new (require(${JSON.stringify(SQLITE)}))(require("path").join(process.env.DUELY_DATA_DIR, "x.db"));
       db.pragma("journal_mode = WAL"); db.exec("create table t (x)"); db.prepare("select count(*) from t").get(); ${WAIT}`,
    ]),
  "duely service run, 0 tasks": () =>
    measure([join(ROOT, "dist", "cli", "main.js"), "service", "run"], {}, async (dir) => {
      for (let i = 0; i < 3000 && !existsSync(join(dir, "service.json")); i++) await sleep(20);
    }),
};

for (const [row, run] of Object.entries(rows)) {
  process.stdout.write(
    `${JSON.stringify({
      row,
      flags: FLAGS,
      ...(await run()),
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(" "),
    })}\n`,
  );
}
