import { bucketOf, shardOf } from "../core/keys.js";
import type { Job, Run, RunError, RunEvent, RunResult, RunStatus, SkipReason } from "../core/model.js";
import type { Tx, Write } from "../ports/store.js";

/** A change to one run plus the event that records it; composed into store transactions. */
export interface Step {
  write: Write;
  event: RunEvent;
}

export function newRun(job: Job, scheduledAt: number, now: number, shardCount: number): Run {
  const shard = shardOf(job.id, shardCount);
  return {
    job_id: job.id,
    owner: job.owner,
    scheduled_at: scheduledAt,
    bucket: bucketOf(scheduledAt, shard),
    shard,
    status: "pending",
    attempt: 0,
    due_at: scheduledAt,
    wake_at: null,
    lease_owner: null,
    lease_until: null,
    started_at: null,
    finished_at: null,
    result: null,
    error: null,
    skip_reason: null,
    created_at: now,
    updated_at: now,
    origin: "schedule",
  };
}

const event = (run: Run, from: RunStatus | null, now: number, detail: string | null = null): RunEvent => ({
  job_id: run.job_id,
  scheduled_at: run.scheduled_at,
  at: now,
  from,
  to: run.status,
  attempt: run.attempt,
  detail,
});

/** Insert a new run (no-op if its key exists). */
export function insertStep(run: Run, now: number, detail: string | null = null): Step {
  return { write: { op: "insert_run", run }, event: event(run, null, now, detail) };
}

/** Replace `before` with `after`, only if `before`'s status and attempt are still stored. */
export function updateStep(before: Run, after: Run, now: number, detail: string | null = null): Step {
  return {
    write: { op: "update_run", run: after, expect: { status: before.status, attempt: before.attempt } },
    event: event(after, before.status, now, detail),
  };
}

export function toTx(steps: Step[], jobWrites: Write[] = []): Tx {
  return { writes: [...jobWrites, ...steps.map((s) => s.write)], events: steps.map((s) => s.event) };
}

// The transitions. Each returns the new run; callers wrap it in updateStep.

export const queued = (run: Run, dueAt: number, now: number, staleMs: number): Run => ({
  ...run,
  status: "queued",
  due_at: dueAt,
  wake_at: dueAt + staleMs,
  updated_at: now,
});

export const skipped = (run: Run, reason: SkipReason, now: number): Run => ({
  ...run,
  status: "skipped",
  skip_reason: reason,
  wake_at: null,
  finished_at: now,
  updated_at: now,
});

export const cancelled = (run: Run, now: number): Run => ({
  ...run,
  status: "cancelled",
  wake_at: null,
  lease_owner: null,
  lease_until: null,
  finished_at: now,
  updated_at: now,
});

export const claimed = (run: Run, worker: string, now: number, leaseMs: number): Run => ({
  ...run,
  status: "running",
  attempt: run.attempt + 1,
  lease_owner: worker,
  lease_until: now + leaseMs,
  wake_at: now + leaseMs,
  // A run claimed ahead starts at its due time: that is when its action is started.
  started_at: run.started_at ?? Math.max(now, run.due_at),
  updated_at: now,
});

export const extended = (run: Run, now: number, leaseMs: number): Run => ({
  ...run,
  lease_until: now + leaseMs,
  wake_at: now + leaseMs,
  updated_at: now,
});

export const succeeded = (run: Run, result: RunResult, now: number): Run => ({
  ...run,
  status: "succeeded",
  result,
  error: null,
  wake_at: null,
  lease_owner: null,
  lease_until: null,
  finished_at: now,
  updated_at: now,
});

/** `wakeAt`: when the watcher should queue it, a look-ahead window before `dueAt`. */
export const retrying = (run: Run, error: RunError, dueAt: number, now: number, wakeAt: number): Run => ({
  ...run,
  status: "retrying",
  error,
  due_at: dueAt,
  wake_at: wakeAt,
  lease_owner: null,
  lease_until: null,
  updated_at: now,
});

export const failed = (run: Run, error: RunError, now: number): Run => ({
  ...run,
  status: "failed",
  error,
  wake_at: null,
  lease_owner: null,
  lease_until: null,
  finished_at: now,
  updated_at: now,
});
