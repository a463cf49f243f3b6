import { bucketOf, shardOf } from "../core/keys.js";
import type { Job, Run, RunError, RunEvent, RunKey, RunResult, RunStatus, SkipReason } from "../core/model.js";
import type { QueueItem } from "../ports/queue.js";
import type { RunExpectation, Tx, Write } from "../ports/store.js";

/** A change to one run plus the event that records it; composed into store transactions. */
export interface Step {
  write: Write;
  event: RunEvent;
}

export function newRun(job: Pick<Job, "id" | "owner">, scheduledAt: number, now: number, shardCount: number): Run {
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
    executions: 0,
    checkpoint: null,
    created_at: now,
    updated_at: now,
    origin: "schedule",
    booked: false,
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

/**
 * Replace `before` with `after`, only if `before`'s status and attempt are still stored (and,
 * with `leaseExpiredBy`, only if the stored lease ended by then).
 */
export function updateStep(before: Run, after: Run, now: number, detail: string | null = null, opts: { leaseExpiredBy?: number } = {}): Step {
  const expect: RunExpectation = { status: before.status, attempt: before.attempt };
  if (opts.leaseExpiredBy !== undefined) expect.leaseExpiredBy = opts.leaseExpiredBy;
  return { write: { op: "update_run", run: after, expect }, event: event(after, before.status, now, detail) };
}

/** What the delay queue carries for a run: its key (no more of the run) and owner, due at `dueAt`. */
export const queueItemOf = (key: RunKey, owner: string, dueAt: number): QueueItem => ({
  key: { job_id: key.job_id, scheduled_at: key.scheduled_at },
  owner,
  dueAt,
});

/** The run a step writes. */
export const writtenRun = (step: Step): Run => (step.write as { run: Run }).run;

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
  lease_owner: null,
  lease_until: null,
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

/**
 * Claimed by `worker`: a new attempt (the fencing token moves on) under a lease, not yet
 * started. A worker that starts the action at once records the start in the same write
 * (`started`); otherwise (claimed ahead of its time, or waiting for a slot) it writes the start
 * when the action starts.
 */
export const claimed = (run: Run, worker: string, now: number, leaseMs: number): Run => ({
  ...run,
  status: "running",
  booked: false,
  attempt: run.attempt + 1,
  lease_owner: worker,
  lease_until: now + leaseMs,
  wake_at: now + leaseMs,
  started_at: null,
  updated_at: now,
});

/** The action starts now: one more execution spent. */
export const started = (run: Run, now: number): Run => ({ ...run, executions: run.executions + 1, started_at: now, updated_at: now });

/**
 * A claimed run goes back to the queue unstarted (`before` is the run as it was before the
 * claim): nothing of the claim remains except its attempt, which never goes back, so the old
 * claim's writes stay fenced out, and the execution token the claim took, which no execution
 * used: it stays booked for the run's next claim.
 */
export const givenBack = (run: Run, before: Run, now: number, staleMs: number): Run => ({
  ...before,
  status: "queued",
  booked: true,
  attempt: run.attempt,
  wake_at: Math.max(before.due_at, now) + staleMs,
  updated_at: now,
});

/**
 * A claimed run whose action never started, reaped: queued again with its executions unspent,
 * and the execution token its claim took booked for its next claim. Otherwise every kill would
 * charge the owner's rate again for each run claimed ahead and never started, and an owner at
 * its rate would fall further behind with each restart.
 */
export const requeued = (run: Run, now: number, staleMs: number): Run => ({
  ...run,
  status: "queued",
  booked: true,
  lease_owner: null,
  lease_until: null,
  wake_at: Math.max(run.due_at, now) + staleMs,
  updated_at: now,
});

export const checkpointed = (run: Run, name: string, value: unknown, now: number): Run => ({
  ...run,
  checkpoint: { ...run.checkpoint, [name]: value },
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
