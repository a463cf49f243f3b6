import { connect, type SqliteDriver } from "../../src/adapters/store/sqlite/driver.js";
import type { RunKey } from "../../src/core/model.js";

/** Writes behind the store's back, on a second connection to the file, as a bad manual edit would. */
function tamper(path: string, driver: SqliteDriver | undefined, sql: string, ...params: unknown[]): void {
  const { db } = connect(path, { timeoutMs: 5_000, ...(driver && { driver }) });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** The store contract's `corruptRun` on an SQLite file: a second connection stores a result that is not JSON. */
export const corruptSqliteRun =
  (path: string, driver?: SqliteDriver) =>
  async (key: RunKey): Promise<void> =>
    tamper(path, driver, "UPDATE runs SET result = '{not json' WHERE job_id = ? AND scheduled_at = ?", key.job_id, key.scheduled_at);

/** The store contract's `corruptJob` on an SQLite file: a schedule that is not JSON. */
export const corruptSqliteJob =
  (path: string, driver?: SqliteDriver) =>
  async (id: string): Promise<void> =>
    tamper(path, driver, "UPDATE jobs SET schedule = '{not json' WHERE id = ?", id);

/** Removes a run behind the store's back (no port operation deletes one). */
export const deleteSqliteRun =
  (path: string, driver?: SqliteDriver) =>
  async (key: RunKey): Promise<void> =>
    tamper(path, driver, "DELETE FROM runs WHERE job_id = ? AND scheduled_at = ?", key.job_id, key.scheduled_at);
