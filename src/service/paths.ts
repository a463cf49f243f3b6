import { createHash } from "node:crypto";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The local service's files in a data dir; one service per data dir. */
export interface ServicePaths {
  /** The data dir itself (also the SQLite file's home by default). */
  dir: string;
  /** Written once the service answers: pid, url, version, started_at (see discovery.ts). */
  discovery: string;
  /** The per-user bearer secret the service accepts from loopback (0600). */
  secret: string;
  /** Held by the one running service: its pid. */
  lock: string;
  /** The service's output when a bridge or the OS service manager starts it. */
  log: string;
  /** Where the service listens for bridges (see `relayAddress`). */
  relay: string;
}

/** A Unix domain socket's path must fit in `sun_path` (108 bytes on Linux, 104 on macOS, with its NUL). */
const SOCKET_PATH_MAX = 100;

/**
 * The service's relay channel for the stdio bridges: a Unix domain socket in the data dir (a
 * 0700 folder; the socket itself is made 0600), or a named pipe on Windows, named after the data
 * dir. A data dir whose path is too long for a socket gets one in the temp folder, named after
 * it: the socket is still 0600 and the secret still guards the session.
 */
export function relayAddress(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  const id = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
  if (platform === "win32") return `\\\\.\\pipe\\duely-${id}`;
  const inDir = join(dataDir, "service.sock");
  return Buffer.byteLength(inDir) <= SOCKET_PATH_MAX ? inDir : join(tmpdir(), `duely-${id}.sock`);
}

export function servicePaths(dataDir: string): ServicePaths {
  return {
    dir: dataDir,
    discovery: join(dataDir, "service.json"),
    secret: join(dataDir, "service.secret"),
    lock: join(dataDir, "service.lock"),
    log: join(dataDir, "service.log"),
    relay: relayAddress(dataDir),
  };
}

/** Whether a process with this pid exists (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * `DUELY_DATA_DIR` (made absolute), else the XDG data dir: $XDG_DATA_HOME/duely, else
 * ~/.local/share/duely. Here rather than with the config: the bridge finds its service by it
 * without loading the config.
 */
export function dataDirOf(env: Record<string, string | undefined>): string {
  if (env.DUELY_DATA_DIR) return resolve(env.DUELY_DATA_DIR);
  return join(env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "duely");
}

/** The environment with `--data-dir` applied, so the config (and its default SQLite path) follows it. */
export function withDataDir(env: Record<string, string | undefined>, dataDir: string | undefined): Record<string, string | undefined> {
  return dataDir === undefined ? env : { ...env, DUELY_DATA_DIR: dataDir };
}
