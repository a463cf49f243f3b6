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

/** A run as stored: its final status, how many times it was claimed, and how many starts were charged. */
export interface StoredRun {
  job_id: string;
  scheduled_at: number;
  status: string;
  /** The fencing token: bumped by every claim, a claim given back or reaped unstarted included, never lowered. So: the run's claims. */
  attempt: number;
  /** Starts of its action charged against the retry budget (`max_attempts`). */
  executions: number;
  skip_reason: string | null;
  error_kind: string | null;
}

/**
 * A run event into or out of `running`, from the run's history: a claim (queued → running, its
 * detail the worker id), a start written after the claim (running → running, "started"), and
 * how the claim ended (an outcome, a give-back, a reap). `attempt` is the claim's fencing token.
 */
export interface StoredEvent {
  job_id: string;
  scheduled_at: number;
  at: number;
  from: string | null;
  to: string;
  attempt: number;
  detail: string | null;
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
  /** Every run event into or out of `running`: what became of each claim. */
  events: StoredEvent[];
  deliveries: Delivery[];
  kills: Kill[];
  /** Task ids the MCP client was told were created. */
  acknowledged: string[];
  /** Occurrences scheduled at or before this instant must have run (or been skipped with a reason) by the end. */
  cutoff: number;
  /** A run due this soon after a kill counts as "due after a kill". */
  afterKillMs: number;
}
