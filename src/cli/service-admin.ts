import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dataDirOf } from "../config.js";
import { formatDuration } from "../core/duration.js";
import { httpProbe } from "../mcp/probe.js";
import { readDiscovery } from "../service/discovery.js";
import { definitionPath, type Platform, serviceName } from "../service/install-plan.js";
import { readPid } from "../service/instance-lock.js";
import { findService, tail } from "../service/launch.js";
import { isAlive, type ServicePaths, servicePaths, withDataDir } from "../service/paths.js";
import { readableLines } from "./log-lines.js";

type Env = Record<string, string | undefined>;
const STOP_WAIT_MS = 20_000;

/** The data dir `--data-dir` (else the environment) names, and its service's files. */
export function pathsFor(dataDir: string | undefined, env: Env): ServicePaths {
  return servicePaths(dataDirOf(withDataDir(env, dataDir)));
}

/** The OS service definition for this data dir on this platform, if one is installed. */
export function installedDefinition(paths: ServicePaths, env: Env): string | null {
  const platform = process.platform as Platform;
  if (!["linux", "darwin", "win32"].includes(platform)) return null;
  const name = serviceName(paths.dir, dataDirOf({ ...env, DUELY_DATA_DIR: undefined }));
  const file = definitionPath(platform, name, { home: homedir(), uid: 0, user: "" }, paths.dir);
  return existsSync(file) ? file : null;
}

/** `duely service status`: prints whether the service of this data dir runs; resolves to the exit code (0 running, 1 not). */
export async function serviceStatus(opts: { dataDir?: string; json?: boolean }, env: Env): Promise<number> {
  const paths = pathsFor(opts.dataDir, env);
  const found = await findService(paths, httpProbe);
  const installed = installedDefinition(paths, env);
  const stale = found ? null : readDiscovery(paths);
  const silent = stale && isAlive(stale.pid) ? stale : null;
  if (opts.json) {
    const base = { running: found !== null, data_dir: paths.dir, log: paths.log, installed };
    const info = found && {
      pid: found.pid,
      url: found.url,
      version: found.answered,
      started_at: found.startedAt,
      uptime_ms: Date.now() - Date.parse(found.startedAt),
    };
    process.stdout.write(`${JSON.stringify({ ...base, ...info, ...(silent && { not_answering: { pid: silent.pid, url: silent.url } }) }, null, 2)}\n`);
    return found ? 0 : 1;
  }
  const lines = found
    ? [
        "duely service: running",
        `  pid       ${found.pid}`,
        `  url       ${found.url}`,
        `  version   ${found.answered}`,
        `  uptime    ${formatDuration(Date.now() - Date.parse(found.startedAt))} (since ${found.startedAt})`,
      ]
    : [silent ? `duely service: pid ${silent.pid} runs but does not answer at ${silent.url}` : "duely service: not running"];
  lines.push(`  data dir  ${paths.dir}`, `  log       ${paths.log}`, `  installed ${installed ?? "no (duely service install makes it start at login)"}`);
  process.stdout.write(`${lines.join("\n")}\n`);
  return found ? 0 : 1;
}

/** `duely service stop`: SIGTERM to this data dir's service, then waits until it has stopped gracefully. */
export async function serviceStop(opts: { dataDir?: string }, env: Env): Promise<number> {
  const paths = pathsFor(opts.dataDir, env);
  const pid = readDiscovery(paths)?.pid ?? readPid(paths.lock);
  if (pid === null || pid === process.pid || !isAlive(pid)) {
    process.stdout.write(`duely service is not running (data dir ${paths.dir})\n`);
    return 0;
  }
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + STOP_WAIT_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    process.stderr.write(`duely service (pid ${pid}) did not stop within ${STOP_WAIT_MS / 1000} s; it may still be finishing a run. See ${paths.log}\n`);
    return 1;
  }
  const installed = installedDefinition(paths, env);
  process.stdout.write(
    `duely service stopped (pid ${pid}, data dir ${paths.dir}).${installed ? " It is installed as an OS service: it starts again at your next login." : ""} \`duely service start\` (or the next \`duely serve\`) starts it again.\n`,
  );
  return 0;
}

/**
 * `duely service logs`: the log's last lines; with `follow`, then what is appended, until
 * interrupted. Readable lines (log-lines.ts) unless `json`, which prints them as written.
 */
export async function serviceLogs(opts: { dataDir?: string; lines: number; follow?: boolean; json?: boolean }, env: Env): Promise<void> {
  const paths = pathsFor(opts.dataDir, env);
  if (!existsSync(paths.log) && !opts.follow) {
    process.stderr.write(`no log yet at ${paths.log}: the service writes it when \`duely serve\` or the OS service manager starts it\n`);
    return;
  }
  const show = (text: string) => (opts.json ? { lines: text, rest: "" } : readableLines(text));
  const text = tail(paths.log, opts.lines);
  if (text) process.stdout.write(show(`${text}\n`).lines);
  if (!opts.follow) return;
  let offset = existsSync(paths.log) ? statSync(paths.log).size : 0;
  let rest = "";
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const read = readFrom(paths.log, offset);
      offset = read.offset;
      const shown = show(rest + read.text);
      rest = shown.rest;
      if (shown.lines) process.stdout.write(shown.lines);
    }, 250);
    const end = () => {
      clearInterval(timer);
      resolve();
    };
    process.once("SIGINT", end);
    process.once("SIGTERM", end);
  });
}

/** What the file holds past `offset`, and the new offset (0 when the log was set aside and begun anew). */
function readFrom(path: string, offset: number): { text: string; offset: number } {
  if (!existsSync(path)) return { text: "", offset: 0 };
  const size = statSync(path).size;
  const from = size < offset ? 0 : offset;
  if (size === from) return { text: "", offset: from };
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(size - from);
    readSync(fd, buffer, 0, buffer.length, from);
    return { text: buffer.toString("utf8"), offset: size };
  } finally {
    closeSync(fd);
  }
}
