import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { isAlive } from "./paths.js";

/** Another live process holds the data dir's service lock. */
export class InstanceLocked extends Error {
  readonly pid: number;
  constructor(pid: number) {
    super(`the lock is held by pid ${pid}`);
    this.name = "InstanceLocked";
    this.pid = pid;
  }
}

export interface InstanceLock {
  /** Removes the lock file if it is still ours. */
  release(): void;
}

/** A takeover guard older than this was left by a process that died while taking over. */
const GUARD_STALE_MS = 10_000;
const ATTEMPTS = 20;

/**
 * Takes the single-instance lock at `path`: a file created exclusively, holding our pid. A lock
 * left by a dead pid (a crash, a reboot) is taken over; a live holder refuses with
 * InstanceLocked. Taking over happens under a second exclusive file, so that two processes
 * finding the same stale lock cannot both remove it and both win.
 */
export async function acquireInstanceLock(path: string, pid = process.pid): Promise<InstanceLock> {
  for (let i = 0; i < ATTEMPTS; i++) {
    if (tryCreate(path, pid)) return { release: () => removeIfHeldBy(path, pid) };
    const holder = readPid(path);
    if (holder !== null && holder !== pid && isAlive(holder)) throw new InstanceLocked(holder);
    // A dead holder, or a file without a pid (written by an older build, which created the file
    // first and wrote it after): wait a moment once, then treat it as stale.
    if (holder === null && i === 0) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    takeOver(path, holder);
  }
  throw new Error(`could not take the lock ${path}: it keeps changing hands`);
}

/**
 * Creates `path` holding our pid, unless it exists. The pid is written to a file of our own first
 * and linked into place, so the lock is never seen empty: created empty and written after, a
 * loaded machine let a second process find it empty, take it for stale, remove it and win too.
 */
function tryCreate(path: string, pid: number): boolean {
  const mine = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(mine, `${pid}\n`, { mode: 0o600 });
  try {
    linkSync(mine, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  } finally {
    unlinkQuietly(mine);
  }
}

function takeOver(path: string, stale: number | null): void {
  const guard = `${path}.takeover`;
  if (!tryCreate(guard, process.pid)) {
    if (ageOf(guard) > GUARD_STALE_MS) removeIfHeldBy(guard, readPid(guard));
    return;
  }
  try {
    // Still the same stale holder: nobody else took over meanwhile.
    if (readPid(path) === stale) unlinkQuietly(path);
  } finally {
    unlinkQuietly(guard);
  }
}

/** The pid a lock (or any pid file) names, or null. */
export function readPid(path: string): number | null {
  try {
    const n = Number(readFileSync(path, "utf8").trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function ageOf(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function removeIfHeldBy(path: string, pid: number | null): void {
  if (readPid(path) === pid) unlinkQuietly(path);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
