import { spawn } from "node:child_process";
import { closeSync, existsSync, type FSWatcher, mkdirSync, openSync, readFileSync, renameSync, statSync, watch } from "node:fs";
import { type Discovery, readDiscovery, readSecret } from "./discovery.js";
import { isAlive, type ServicePaths } from "./paths.js";

/** A service that answered its health check. */
export interface RunningService {
  pid: number;
  url: string;
  secret: string;
  /** The version it reported in its discovery file. */
  version: string;
  startedAt: string;
}

/**
 * The health check of the service a discovery file names: resolves to the version the service
 * reports, rejects when it does not answer (an MCP handshake over HTTP, or the bridge's relay
 * handshake, which keeps the connection it opened).
 */
export type Probe = (service: Discovery, secret: string) => Promise<string>;

/** The service cannot be used; the message says why and what to do, for the user. */
export class ServiceUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServiceUnavailable";
  }
}

/** The log is set aside (one previous file kept) when a start finds it this large. */
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
/** While starting the service: how often to look for its discovery file where the data dir cannot be watched. */
const POLL_MS = 100;

/**
 * The running service of this data dir, if its discovery file names a live process that answers
 * `probe`. Without a probe, a discovery file naming a live process is taken at its word, and
 * `answered` is the version it names: the caller's first request is the check (the bridge).
 */
export async function findService(paths: ServicePaths, probe?: Probe): Promise<(RunningService & { answered: string }) | null> {
  const found = readDiscovery(paths);
  const secret = readSecret(paths);
  if (!found || !secret || !isAlive(found.pid)) return null;
  if (!probe) return { pid: found.pid, url: found.url, secret, version: found.version, startedAt: found.started_at, answered: found.version };
  try {
    const answered = await probe(found, secret);
    return { pid: found.pid, url: found.url, secret, version: found.version, startedAt: found.started_at, answered };
  } catch {
    return null;
  }
}

export interface LaunchOptions {
  paths: ServicePaths;
  /** This program's version: a service of another version is refused with a restart hint. */
  version: string;
  /** The health check of a service found running; absent, see findService. */
  probe?: Probe;
  /** Starts `duely service run` in the foreground: the command and its arguments. */
  command: readonly string[];
  env: Record<string, string | undefined>;
  /** How to stop the service from a shell, for the hint (`duely service stop`). */
  stopHint: string;
  /** @default 30_000 */
  timeoutMs?: number;
}

/**
 * The running service of this data dir, started first when none answers: detached in its own
 * process group (it outlives the chat client that started this bridge), its output appended
 * to the log in the data dir. Waits until a fresh discovery file names a live process that
 * answers. Two bridges starting at once both spawn one; the lock lets one run, and both find it.
 */
export async function connectService(opts: LaunchOptions): Promise<RunningService> {
  const running = (await findService(opts.paths, opts.probe)) ?? (await startService(opts));
  const other = running.version !== opts.version ? running.version : running.answered !== opts.version ? running.answered : null;
  if (other !== null) {
    throw new ServiceUnavailable(
      `duely's background service (pid ${running.pid}, data dir ${opts.paths.dir}) is version ${other}, but this duely is version ${opts.version}. ` +
        `Run \`${opts.stopHint}\` to stop it (your tasks are kept); your next request then starts version ${opts.version}.`,
    );
  }
  return running;
}

async function startService(opts: LaunchOptions): Promise<RunningService & { answered: string }> {
  const { paths } = opts;
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  rotateLog(paths.log);
  const out = openSync(paths.log, "a", 0o600);
  const [command, ...args] = opts.command;
  const child = spawn(command!, args, { detached: true, stdio: ["ignore", out, out], env: opts.env, windowsHide: true });
  closeSync(out);
  let exit: number | null = null;
  child.once("exit", (code) => (exit = code ?? 1));
  child.once("error", () => (exit = 1));
  child.unref();

  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  // The service writes its discovery file once it listens: watching the data dir sees it at once.
  const changes = watchDir(paths.dir);
  try {
    while (Date.now() < deadline) {
      const found = await findService(paths, opts.probe);
      if (found) return found;
      // Exit 0: another process won the lock and is starting; keep waiting for its discovery file.
      if (exit !== null && exit !== 0) {
        throw new ServiceUnavailable(`duely's background service did not start (exit code ${exit}). Its log, ${paths.log}, ends with:\n${tail(paths.log, 15)}`);
      }
      await changes.next(POLL_MS);
    }
  } finally {
    changes.close();
  }
  throw new ServiceUnavailable(
    `duely's background service did not answer within ${Math.round((opts.timeoutMs ?? 30_000) / 1000)} s. Its log, ${paths.log}, ends with:\n${tail(paths.log, 15)}`,
  );
}

/** Changes in `dir`: `next` resolves at the first one since the previous call, or after `ms` (the poll, where the dir cannot be watched). */
function watchDir(dir: string): { next(ms: number): Promise<void>; close(): void } {
  let changed = false;
  let wake: (() => void) | null = null;
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dir, () => {
      changed = true;
      wake?.();
    });
    watcher.on("error", () => undefined);
  } catch {
    // Polling alone.
  }
  return {
    next(ms) {
      if (changed) {
        changed = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake?.(), ms);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          changed = false;
          resolve();
        };
      });
    },
    close() {
      watcher?.close();
      wake?.();
    },
  };
}

function rotateLog(log: string): void {
  if (existsSync(log) && statSync(log).size > LOG_ROTATE_BYTES) renameSync(log, `${log}.1`);
}

/** The last `lines` lines of a text file ("" when it is missing). */
export function tail(path: string, lines: number): string {
  try {
    const text = readFileSync(path, "utf8");
    return text.trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}
