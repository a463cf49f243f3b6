import type { LimitState } from "../../../ports/limit-state.js";
import { openDatabase } from "./sqlite-store.js";

/**
 * LimitState in the store's SQLite file, on a connection of its own: every process that opens
 * the file shares the buckets. Each update is one BEGIN IMMEDIATE transaction (read, change,
 * write), so two processes cannot both spend the last token. `now` judges expiry.
 */
export function openSqliteLimitState(opts: { path: string; now: () => number; busyTimeoutMs?: number }): LimitState {
  // A small table of short rows: a small page cache.
  const { db } = openDatabase({ ...opts, cacheSizeMiB: 2 });
  const read = db.prepare<[string], { state: string; expires_at: number }>("SELECT state, expires_at FROM limit_state WHERE key = ?");
  const write = db.prepare<[string, string, number]>(
    "INSERT INTO limit_state (key, state, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at",
  );
  const sweep = db.prepare<[number]>("DELETE FROM limit_state WHERE key IN (SELECT key FROM limit_state WHERE expires_at <= ? LIMIT 500)");
  let updates = 0;

  return {
    async update(key, change) {
      const now = opts.now();
      const run = db.transaction(() => {
        const row = read.get(key);
        const prev = row && row.expires_at > now ? (JSON.parse(row.state) as unknown) : null;
        const { next, expiresAt, result } = change(prev);
        write.run(key, JSON.stringify(next), expiresAt);
        if (++updates % 1024 === 0) sweep.run(now);
        return result;
      });
      return run.immediate();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
