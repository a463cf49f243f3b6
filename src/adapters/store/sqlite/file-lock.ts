import { DomainError } from "../../../core/errors.js";
import { checkDatabasePath, openFailure } from "./data-dir.js";
import { connect, type SqliteDb } from "./driver.js";

export interface FileLock {
  release(): void;
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
 */
export function lockDatabaseFile(path: string): FileLock {
  const lockPath = `${path}.lock`;
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
    if ((e as { code?: string }).code === "SQLITE_BUSY") {
      throw new DomainError("conflict", `another duely process is running the scheduler on ${path}`, {
        hint: "stop that process first (if it is the local service: `duely service stop`), or point --db at another file",
      });
    }
    throw openFailure(lockPath, e);
  }
  return {
    release() {
      if (db.open) db.close();
    },
  };
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
