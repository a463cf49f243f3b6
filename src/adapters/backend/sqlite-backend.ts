import { existsSync } from "node:fs";
import type { Backend } from "../../ports/backend.js";
import type { Logger } from "../../ports/logger.js";
import type { PeriodicChecks } from "../../ports/periodic-checks.js";
import { memoryLimitState } from "../limits/memory-limit-state.js";
import { LocalDelayQueue } from "../queue/local/local-queue.js";
import { preferredDriver } from "../store/sqlite/driver.js";
import { isSchedulerRunning, lockDatabaseFile } from "../store/sqlite/file-lock.js";
import { openSqliteLimitState } from "../store/sqlite/sqlite-limit-state.js";
import { openSqliteRetention } from "../store/sqlite/sqlite-retention.js";
import { openSqliteStore } from "../store/sqlite/sqlite-store.js";

export interface SqliteBackendOptions {
  /** The database file; `:memory:` is a store that ends with its process (and its one connection). */
  path: string;
  /** How far ahead of a run's time the in-memory queue hands it out, and how long a received message stays hidden. */
  queue: { leadMs: number; visibilityMs: number };
  log: Logger;
  /** The process's one timer for periodic checks, which the store's file check runs on. @default a timer of the store's own */
  periodic?: PeriodicChecks;
}

/**
 * The embedded backend: one SQLite file, each part on its own connection to it (SQLite locks
 * the file, not a connection, so the parts of several processes agree), and the in-memory
 * queue, which lives in the one process that holds the file's scheduler lock.
 */
export function sqliteBackend(opts: SqliteBackendOptions): Backend {
  const { path, log } = opts;
  const onDisk = path !== ":memory:";
  return {
    async openStore(clock) {
      return openSqliteStore({ path, log, now: () => clock.now(), ...(opts.periodic && { periodic: opts.periodic }) });
    },
    async openQueue(clock) {
      return new LocalDelayQueue(clock, opts.queue);
    },
    // A `:memory:` store belongs to one process, and so do its buckets.
    async openLimitState(clock) {
      const now = () => clock.now();
      return onDisk ? openSqliteLimitState({ path, now }) : memoryLimitState(now);
    },
    openRetention: () => (onDisk ? openSqliteRetention({ path }) : null),
    openCoordination: () => null,
    async openAuthStore(clock) {
      const { openSqliteAuthStore } = await import("../store/sqlite/sqlite-auth-store.js");
      return openSqliteAuthStore({ path, clock });
    },
    lockScheduler: (holder) => (onDisk ? lockDatabaseFile(path, holder) : null),
    checkReadable() {
      if (onDisk && !existsSync(path)) throw new Error(`no database at ${path}: has \`duely serve\` run with this config?`);
    },
    get startFields() {
      return { sqlite_driver: preferredDriver() };
    },
    schedulerRunning: onDisk ? () => isSchedulerRunning(path) : null,
  };
}
