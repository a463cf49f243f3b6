import { createRequire } from "node:module";
import { openNodeSqlite } from "./node-sqlite.js";

/**
 * The part of better-sqlite3's API duely's SQLite adapters use, so that they run on either
 * driver: better-sqlite3 (a native addon, built for one Node ABI) or Node's own `node:sqlite`
 * (Node 22.13+, nothing to build). A host whose Node cannot load the addon (an app's bundled
 * Node of another version; macOS refusing an unsigned addon) falls back to `node:sqlite`.
 */
type Params<P> = P extends unknown[] ? P : [P];

export interface Statement<P extends unknown[] | object = unknown[], R = unknown> {
  run(...params: Params<P>): { changes: number };
  get(...params: Params<P>): R | undefined;
  all(...params: Params<P>): R[];
  /**
   * This statement, answering each row as an array of its values in the SELECT's column order
   * (better-sqlite3's `raw`): on a hot read of many rows, a row keyed by column name costs as
   * much to build as the query does to run.
   */
  raw(): Statement<P, unknown[]>;
}

export interface SqliteDb {
  // biome-ignore lint/complexity/noBannedTypes: better-sqlite3's own bound, for named parameters.
  prepare<P extends unknown[] | {} = unknown[], R = unknown>(sql: string): Statement<P, R>;
  exec(sql: string): void;
  /** `PRAGMA <source>`: the first value with `simple`, else every row. */
  pragma(source: string, opts?: { simple: boolean }): unknown;
  /** A function running `fn` in a transaction (a savepoint inside another); `.immediate` takes the write lock first. */
  // biome-ignore lint/suspicious/noExplicitAny: any function's own parameters pass through.
  transaction<F extends (...args: any[]) => unknown>(fn: F): F & { immediate: F };
  readonly open: boolean;
  close(): void;
}

export type SqliteDriver = "better-sqlite3" | "node:sqlite";

export interface ConnectOptions {
  /** How long a statement waits for another connection's lock before SQLITE_BUSY. */
  timeoutMs: number;
  /** @default better-sqlite3 when it loads in this process, else node:sqlite */
  driver?: SqliteDriver;
}

const require = createRequire(import.meta.url);
let preferred: SqliteDriver | null = null;

/** The first Node with `node:sqlite` without a flag: where duely needs no native addon. */
export const NODE_SQLITE_SINCE = "22.13.0";

/** Whether this Node has `node:sqlite` (22.13 and later without a flag). */
export const hasNodeSqlite = (): boolean => process.getBuiltinModule("node:sqlite") !== undefined;

/**
 * better-sqlite3 if its addon loads here, else node:sqlite; decided once per process. Fails,
 * naming both reasons, when neither is usable (Node 20 without a working addon).
 */
export function preferredDriver(): SqliteDriver {
  if (preferred) return preferred;
  try {
    const Database = require("better-sqlite3") as new (path: string) => { close(): void };
    new Database(":memory:").close();
    preferred = "better-sqlite3";
  } catch (e) {
    if (!hasNodeSqlite()) {
      throw new Error(
        `duely cannot open SQLite: better-sqlite3 does not load (${(e as Error).message.split("\n")[0]}), and this Node (${process.version}) has no node:sqlite (22.13 or later).`,
      );
    }
    preferred = "node:sqlite";
  }
  return preferred;
}

/** Opens `path` (or `:memory:`) with the driver; the caller sets every other pragma. */
export function connect(path: string, opts: ConnectOptions): { db: SqliteDb; driver: SqliteDriver } {
  const driver = opts.driver ?? preferredDriver();
  if (driver === "better-sqlite3") {
    const Database = require("better-sqlite3") as new (path: string, opts: { timeout: number }) => unknown;
    return { db: new Database(path, { timeout: opts.timeoutMs }) as SqliteDb, driver };
  }
  return { db: openNodeSqlite(path, opts.timeoutMs), driver };
}

/** How the checkpointer's worker thread opens its own connection: better-sqlite3's resolved path, or "node:sqlite". */
export const driverModule = (driver: SqliteDriver): string => (driver === "better-sqlite3" ? require.resolve("better-sqlite3") : "node:sqlite");
