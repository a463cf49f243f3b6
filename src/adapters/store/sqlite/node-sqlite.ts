import type { SqliteDb, Statement } from "./driver.js";

/** What duely uses of `node:sqlite` (@types/node 20 does not describe it). */
interface NodeStatement {
  run(...params: unknown[]): { changes: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  /** Node 22.16 and later. */
  setReturnArrays?(enabled: boolean): void;
}
interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
}
type NodeSqlite = { DatabaseSync: new (path: string) => NodeDatabase };

/** SQLite's primary result codes, by the names better-sqlite3 gives its errors' `code`. */
const CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  8: "SQLITE_READONLY",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  19: "SQLITE_CONSTRAINT",
  26: "SQLITE_NOTADB",
};

/** node:sqlite's error with better-sqlite3's `code` ("SQLITE_BUSY"), which the adapters test. */
function translated<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    const errcode = (e as { errcode?: unknown }).errcode;
    if (typeof errcode === "number") Object.assign(e as object, { code: CODES[errcode & 0xff] ?? "SQLITE_ERROR" });
    throw e;
  }
}

/** Named parameters in a statement (`@owner`, `:n`, `$x`): node:sqlite refuses a key it does not use, better-sqlite3 ignores it. */
const namesIn = (sql: string) => new Set([...sql.matchAll(/[@:$]([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));

/**
 * better-sqlite3's calling conventions over node:sqlite: arrays among the arguments are spread
 * (positional values), a plain object binds named parameters, integers come back as numbers.
 */
function statement(db: NodeDatabase, sql: string): Statement<unknown[], unknown> {
  const stmt = translated(() => db.prepare(sql));
  const names = namesIn(sql);
  const bind = (params: unknown[]): unknown[] => {
    const [first] = params;
    if (params.length === 1 && first !== null && typeof first === "object" && !Array.isArray(first) && !ArrayBuffer.isView(first)) {
      return [Object.fromEntries(Object.entries(first).filter(([k]) => names.has(k)))];
    }
    return params.flatMap((p) => (Array.isArray(p) ? p : [p]));
  };
  const run = (...params: unknown[]) => translated(() => ({ changes: Number(stmt.run(...bind(params)).changes) }));
  return {
    run,
    get: (...params) => translated(() => stmt.get(...bind(params))),
    all: (...params) => translated(() => stmt.all(...bind(params))),
    raw(): Statement<unknown[], unknown[]> {
      if (stmt.setReturnArrays) {
        stmt.setReturnArrays(true);
        return this as Statement<unknown[], unknown[]>;
      }
      // An older node:sqlite answers objects only: their values are in the SELECT's order (the
      // raw reads name every column apart, so none is lost to a repeated name).
      const values = (row: unknown) => (row === undefined ? undefined : (Object.values(row as object) as unknown[]));
      return {
        run,
        get: (...params) => values(translated(() => stmt.get(...bind(params)))),
        all: (...params) => translated(() => stmt.all(...bind(params))).map((row) => Object.values(row as object) as unknown[]),
        raw() {
          return this;
        },
      };
    },
  };
}

export function openNodeSqlite(path: string, timeoutMs: number): SqliteDb {
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite") as NodeSqlite;
  const db = translated(() => new DatabaseSync(path));
  let open = true;
  let depth = 0;
  db.exec(`PRAGMA busy_timeout = ${timeoutMs}`);

  /** As better-sqlite3 runs a transaction function: BEGIN…COMMIT, or a savepoint when one is already open. */
  const inTransaction =
    (begin: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: any function's own parameters pass through.
    <F extends (...args: any[]) => unknown>(fn: F) =>
    (...args: Parameters<F>): ReturnType<F> => {
      const savepoint = depth > 0 ? `duely_${depth}` : null;
      translated(() => db.exec(savepoint ? `SAVEPOINT ${savepoint}` : begin));
      depth++;
      try {
        const result = fn(...args) as ReturnType<F>;
        translated(() => db.exec(savepoint ? `RELEASE ${savepoint}` : "COMMIT"));
        return result;
      } catch (e) {
        try {
          db.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : "ROLLBACK");
        } catch {
          // A failed COMMIT may have ended the transaction already; the first error is the one to report.
        }
        throw e;
      } finally {
        depth--;
      }
    };

  return {
    prepare: <P, R>(sql: string) => statement(db, sql) as unknown as Statement<P & (unknown[] | object), R>,
    exec: (sql) => translated(() => db.exec(sql)),
    pragma(source, opts) {
      const stmt = statement(db, `PRAGMA ${source}`);
      if (!opts?.simple) return stmt.all();
      const row = stmt.get() as Record<string, unknown> | undefined;
      return row === undefined ? undefined : Object.values(row)[0];
    },
    // biome-ignore lint/suspicious/noExplicitAny: any function's own parameters pass through.
    transaction<F extends (...args: any[]) => unknown>(fn: F) {
      return Object.assign(inTransaction("BEGIN")(fn), { immediate: inTransaction("BEGIN IMMEDIATE")(fn) }) as unknown as F & { immediate: F };
    },
    get open() {
      return open;
    },
    close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
