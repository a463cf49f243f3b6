import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { DomainError } from "../../../core/errors.js";
import { isAlive } from "../../../service/paths.js";
import { checkDatabasePath, openFailure } from "./data-dir.js";
import { connect, type SqliteDb } from "./driver.js";

export interface FileLock {
  release(): void;
}

/** Who holds the lock, as a refused process is told: "pid 1234 (duely service run --data-dir …)". */
export interface LockHolder {
  pid: number;
  /** The holder's command line, for a person to recognise it. */
  command: string;
}

/**
 * Makes this process the only one running a scheduler on the SQLite file at `path`, for as long
 * as it lives. The embedded scheduler relies on it: at start it takes every queued and running
 * run in the file as its own (see recoverOwnedRuns), which is right only if no other live process
 * holds any.
 *
 * The lock is SQLite's own: a small companion file (`<path>.lock`) held in an EXCLUSIVE
 * transaction that is never committed. The operating system drops the lock when the process
 * ends, however it ends (kill -9, a crash, OOM), so a stale lock cannot outlive its owner; a
 * second process is refused at once. Other readers of the database itself (tools, tests) are
 * not affected. Keep the returned lock referenced until `release`: a connection collected as
 * garbage is closed, and its lock with it.
 *
 * SQLite cannot say who holds a lock, so a holder given as `holder` is written beside it
 * (`<path>.lock.holder`) once the lock is taken; a refused process reads it to name the holder
 * and the way out. A holder file whose pid is gone is stale and ignored.
 */
export function lockDatabaseFile(path: string, holder?: LockHolder): FileLock {
  const lockPath = `${path}.lock`;
  const holderPath = `${lockPath}.holder`;
  // The lock is the first file a starting server opens beside the database: a place it cannot write is refused here.
  checkDatabasePath(path);
  let db: SqliteDb;
  try {
    ({ db } = connect(lockPath, { timeoutMs: 0 }));
  } catch (e) {
    throw openFailure(lockPath, e);
  }
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code === "SQLITE_BUSY") throw lockedBy(path, readHolder(holderPath));
    throw openFailure(lockPath, e);
  }
  if (holder) writeFileSync(holderPath, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  return {
    release() {
      if (!db.open) return;
      if (holder && readHolder(holderPath)?.pid === holder.pid) rmSync(holderPath, { force: true });
      db.close();
    },
  };
}

/** The refusal, naming the live holder when its file says who it is, and what to do about it. */
function lockedBy(path: string, holder: LockHolder | null): DomainError {
  const who = holder ? `: pid ${holder.pid} (${holder.command})` : "";
  const isService = holder !== null && /\bservice run\b/.test(holder.command);
  const hint = isService
    ? "It is duely's background service for this data dir, which runs your tasks already: use `duely serve` without --embedded to reach it, or stop it first with `duely service stop`."
    : `Stop that process first${holder ? ` (kill ${holder.pid})` : ""}, or give this one another database (--db) or data dir (--data-dir).`;
  return new DomainError("conflict", `another duely process is running the scheduler on ${path}${who}`, { hint });
}

function readHolder(holderPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(holderPath, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.command !== "string" || !isAlive(parsed.pid)) return null;
    return { pid: parsed.pid, command: parsed.command };
  } catch {
    return null;
  }
}

/**
 * Whether a live process holds the scheduler lock on the SQLite file at `path` (for `duely
 * status`). It tries the lock and lets go at once; a `duely serve` starting in that same instant
 * would be refused, so this is for an operator's look, not a tight probe loop.
 */
export function isSchedulerRunning(path: string): boolean {
  try {
    lockDatabaseFile(path).release();
    return false;
  } catch (e) {
    if (e instanceof DomainError && e.code === "conflict") return true;
    throw e;
  }
}
