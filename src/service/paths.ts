import { homedir } from "node:os";
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
}

export function servicePaths(dataDir: string): ServicePaths {
  return {
    dir: dataDir,
    discovery: join(dataDir, "service.json"),
    secret: join(dataDir, "service.secret"),
    lock: join(dataDir, "service.lock"),
    log: join(dataDir, "service.log"),
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
