import { hourLabel } from "../../../core/keys.js";
import { TERMINAL_RUN_STATUSES } from "../../../core/model.js";
import type { RunRetention } from "../../../ports/run-retention.js";
import { EVENT_COLUMNS, type EventRow, eventFromRow, RUN_COLUMNS, type RunRow, runFromRow } from "./rows.js";
import { openDatabase } from "./sqlite-store.js";

/**
 * RunRetention on the store's SQLite file, on a connection of its own so pruning never holds the
 * store's statements. Candidates come from the bucket index (a bucket is the run's hour, so
 * `bucket < <hour of before>` is a range over old runs only); "not among the newest `keep`" is
 * one probe of the primary key per candidate. Each delete re-checks the status, in one
 * transaction per batch.
 */
export function openSqliteRetention(opts: { path: string; busyTimeoutMs?: number }): RunRetention {
  const { db } = openDatabase(opts);
  const terminal = TERMINAL_RUN_STATUSES.map((s) => `'${s}'`).join(", ");
  const cols = RUN_COLUMNS.map((c) => `r.${c}`).join(", ");
  const find = db.prepare<{ bucket: string; before: number; keep: number; n: number }, RunRow>(
    `SELECT ${cols} FROM runs r
     WHERE r.bucket < @bucket AND r.scheduled_at < @before AND r.status IN (${terminal})
       AND COALESCE(r.finished_at, r.updated_at) < @before
       AND r.scheduled_at < (SELECT n.scheduled_at FROM runs n WHERE n.job_id = r.job_id ORDER BY n.scheduled_at DESC LIMIT 1 OFFSET @keep - 1)
     ORDER BY r.bucket, r.scheduled_at LIMIT @n`,
  );
  const events = db.prepare<[number, string], EventRow>(`SELECT ${EVENT_COLUMNS.join(", ")} FROM run_events WHERE scheduled_at = ? AND job_id = ? ORDER BY id`);
  const deleteRun = db.prepare<[string, number]>(`DELETE FROM runs WHERE job_id = ? AND scheduled_at = ? AND status IN (${terminal})`);
  const deleteEvents = db.prepare<[number, string]>("DELETE FROM run_events WHERE scheduled_at = ? AND job_id = ?");
  const deleteAll = db.transaction((keys: readonly { job_id: string; scheduled_at: number }[]) => {
    let n = 0;
    for (const k of keys) {
      if (deleteRun.run(k.job_id, k.scheduled_at).changes !== 1) continue;
      deleteEvents.run(k.scheduled_at, k.job_id);
      n++;
    }
    return n;
  });

  return {
    async findPrunable({ before, keep, limit }) {
      const rows = find.all({ bucket: hourLabel(before), before, keep: Math.max(1, keep), n: limit });
      return rows.map((row) => {
        const run = runFromRow(row);
        return { run, events: events.all(run.scheduled_at, run.job_id).map(eventFromRow) };
      });
    },
    async deleteRuns(keys) {
      return keys.length === 0 ? 0 : deleteAll.immediate(keys);
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
