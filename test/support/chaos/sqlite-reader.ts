import Database from "better-sqlite3";
import type { Schedule } from "../../../src/core/schedule/model.js";
import type { StoredEvent } from "./observation.js";
import { errorKind, type StoreReader, UNFINISHED } from "./store-reader.js";

interface RunRow {
  job_id: string;
  scheduled_at: number;
  status: string;
  attempt: number;
  executions: number;
  skip_reason: string | null;
  error: string | null;
}

/** Reads the SQLite file (WAL: reading while the server writes is safe) with plain SQL. */
export function sqliteReader(path: string): StoreReader {
  const db = new Database(path, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const unfinished = db.prepare(`SELECT count(*) AS n FROM runs WHERE scheduled_at <= ? AND status IN (${UNFINISHED.map(() => "?").join(", ")})`);
  const events = db.prepare(
    "SELECT job_id, scheduled_at, at, from_status AS \"from\", to_status AS \"to\", attempt, detail FROM run_events WHERE from_status = 'running' OR to_status = 'running' ORDER BY id",
  );
  return {
    unfinished: async (cutoff) => (unfinished.get(cutoff, ...UNFINISHED) as { n: number }).n,
    read: async () => ({
      jobs: (
        db.prepare("SELECT id, status, schedule, created_at FROM jobs").all() as { id: string; status: string; schedule: string; created_at: number }[]
      ).map((j) => ({ ...j, schedule: JSON.parse(j.schedule) as Schedule })),
      runs: (db.prepare("SELECT job_id, scheduled_at, status, attempt, executions, skip_reason, error FROM runs").all() as RunRow[]).map(({ error, ...r }) => ({
        ...r,
        error_kind: errorKind(error),
      })),
    }),
    attemptEvents: async () => events.all() as StoredEvent[],
    close: async () => {
      db.close();
    },
  };
}
