import { connect, type SqliteDriver } from "../../src/adapters/store/sqlite/driver.js";
import type { RunKey } from "../../src/core/model.js";

/** The store contract's `corruptRun` on an SQLite file: a second connection stores a result that is not JSON. */
export const corruptSqliteRun =
  (path: string, driver?: SqliteDriver) =>
  async (key: RunKey): Promise<void> => {
    const { db } = connect(path, { timeoutMs: 5_000, ...(driver && { driver }) });
    try {
      db.prepare<[string, number]>("UPDATE runs SET result = '{not json' WHERE job_id = ? AND scheduled_at = ?").run(key.job_id, key.scheduled_at);
    } finally {
      db.close();
    }
  };
