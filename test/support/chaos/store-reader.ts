import type { StoredEvent, StoredJob, StoredRun } from "./observation.js";

/**
 * Reads what a chaos run left in the store, straight from its tables (the SQLite file or the
 * DynamoDB tables), not through the engine: the measures must not trust the code they measure.
 */
export interface StoreReader {
  /** Runs scheduled at or before `cutoff` that are not finished yet. */
  unfinished(cutoff: number): Promise<number>;
  read(): Promise<{ jobs: StoredJob[]; runs: StoredRun[] }>;
  /** Every run event into or out of `running` (claims, starts, and how each claim ended). */
  attemptEvents(): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

/** Statuses a run leaves: anything else is still on its way. */
export const UNFINISHED = ["pending", "queued", "running", "retrying"] as const;

/** `error` as stored: `{message, kind}` (JSON text in SQLite, a map in DynamoDB) or null. */
export function errorKind(error: unknown): string | null {
  const value = typeof error === "string" ? (JSON.parse(error) as unknown) : error;
  return value !== null && typeof value === "object" && "kind" in value ? String(value.kind) : null;
}
