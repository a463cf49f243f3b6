import type { Run, RunEvent, RunKey } from "../core/model.js";

/** A finished run with its history, as pruned (and archived first, when an archive is set). */
export interface PrunedRun {
  run: Run;
  events: RunEvent[];
}

/**
 * Old finished runs of a store that does not expire them by itself (SQLite; DynamoDB has TTL).
 * A run is prunable when it is terminal, was scheduled and finished before `before`, and is not
 * among its task's newest `keep` runs.
 */
export interface RunRetention {
  /** Up to `limit` prunable runs with their events, oldest first. MUST NOT return a run that is not terminal. */
  findPrunable(q: { before: number; keep: number; limit: number }): Promise<PrunedRun[]>;
  /** Deletes these runs and their events, each only if it is still terminal; resolves with how many runs went. */
  deleteRuns(keys: readonly RunKey[]): Promise<number>;
  close(): Promise<void>;
}

/** Where pruned runs go before they are deleted (a JSON Lines file). Resolves once they are durable. */
export interface RunArchive {
  append(runs: readonly PrunedRun[]): Promise<void>;
}
