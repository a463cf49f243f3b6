import type { Schedule } from "../../../src/core/schedule/model.js";

/**
 * What a chaos run observed, independent of the backend: the tasks and runs as stored (read
 * from the SQLite file or the DynamoDB tables after the processes stopped), the webhook
 * deliveries the harness received, and the processes it killed. Times are epoch ms.
 */

/** A task as stored, as much of it as the measures need. */
export interface StoredJob {
  id: string;
  status: string;
  schedule: Schedule;
  created_at: number;
}

/** A run as stored: its final status and how many times it was claimed. */
export interface StoredRun {
  job_id: string;
  scheduled_at: number;
  status: string;
  /** Claims that were not given back: the fencing token. */
  attempt: number;
  skip_reason: string | null;
  error_kind: string | null;
}

/** A run event that claimed the run (queued → running), from the run's history. */
export interface StoredClaim {
  job_id: string;
  scheduled_at: number;
  at: number;
  attempt: number;
  /** Who claimed it: the worker id. */
  worker: string | null;
}

/** One POST the harness's webhook received, signature checked: one execution of one attempt. */
export interface Delivery {
  /** The Idempotency-Key header: `job_id:scheduled_at (ISO)`. */
  key: string;
  /** When the request arrived. */
  at: number;
}

/** A process the harness SIGKILLed (and restarted at once). */
export interface Kill {
  at: number;
  /** `serve`, `watcher` or `worker`. */
  role: string;
  pid: number;
}

export interface Observation {
  jobs: StoredJob[];
  runs: StoredRun[];
  /** Claim events of the runs that were claimed more often than they delivered (to say where attempts went). */
  claims: StoredClaim[];
  deliveries: Delivery[];
  kills: Kill[];
  /** Task ids the MCP client was told were created. */
  acknowledged: string[];
  /** Occurrences scheduled at or before this instant must have run (or been skipped with a reason) by the end. */
  cutoff: number;
  /** A run due this soon after a kill counts as "due after a kill". */
  afterKillMs: number;
}
