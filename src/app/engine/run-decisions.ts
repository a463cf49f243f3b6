import type { Job, Run, RunError, RunResult, SkipReason } from "../../core/model.js";
import { decideRetry, type Failure } from "../../core/retry.js";
import { isRecurring } from "../../core/schedule/model.js";
import { ActionFailure, ActionTimeout } from "../../ports/action.js";
import type { Write } from "../../ports/store.js";
import { catchUp } from "../catch-up.js";
import { chainEnded } from "../chain.js";
import { nextVersion } from "../job-write.js";
import { cancelled, claimed, failed, queued, requeued, retrying, type Step, skipped, started, succeeded, updateStep } from "../runs.js";
import { type LoadedJob, Unavailable, Unreadable } from "./job-batch.js";

// What becomes of a run, decided in one place for the worker and the watcher: pure functions of
// the run, its job and the time. The callers read the store and write the steps returned.

/** A run that ends without running (this time), and the step that records why. */
export type Settled = { kind: "cancel" | "fail"; step: Step } | { kind: "skip"; reason: SkipReason; step: Step };

/** What a failure or a finished attempt is decided with: the time, retry jitter, and when the watcher looks ahead. */
export interface DecideContext {
  now: number;
  /** Uniform in [0, 1), drawn only when a retry is planned. */
  random: () => number;
  lookAheadMs: number;
  /** A queued run not claimed this long after its due time is looked at again (its message may be lost). */
  staleQueuedMs: number;
}

const skip = (run: Run, reason: SkipReason, now: number, detail: string | null = null): Settled => ({
  kind: "skip",
  reason,
  step: updateStep(run, skipped(run, reason, now), now, detail),
});

/** A task that is missing, cancelled or completed wants none of its remaining runs. */
function wantsNoRuns(job: Job | undefined): job is undefined | (Job & { status: "cancelled" | "completed" }) {
  return !job || job.status === "cancelled" || job.status === "completed";
}

/**
 * The task's status settles a run before anything else is decided: a task that wants no more
 * runs cancels it; a paused one's run is skipped, unless the owner asked for it now (manual).
 * null exactly when the run may go ahead.
 */
export function settleByTask(run: Run, job: Job | undefined, now: number): Settled | null {
  if (wantsNoRuns(job)) {
    return { kind: "cancel", step: updateStep(run, cancelled(run, now), now, job ? `task ${job.status}` : "task not found") };
  }
  if (pausedFor(run, job)) return skip(run, "paused", now);
  return null;
}

/** A paused task's runs are skipped, except one its owner asked for now (run now). */
function pausedFor(run: Run, job: Job): boolean {
  return job.status === "paused" && run.origin !== "manual";
}

/**
 * A run whose stored task cannot be read, or whose schedule no longer computes, fails for good
 * saying why, so one bad task never stops the others.
 */
export function failUnusable(run: Run, reason: string, now: number): Settled {
  const error: RunError = { message: `stored task cannot be used: ${reason}`, kind: "permanent" };
  return { kind: "fail", step: updateStep(run, failed(run, error, now), now, "unreadable task") };
}

/** `defer`: the run waits behind its task's running one (overlap `buffer_one`); re-send it at its new `due_at`. */
export type ClaimDecision = { kind: "claim"; run: Run; job: Job; step: Step } | { kind: "defer"; run: Run; step: Step } | Settled;
/** The overlap rule applies and needs a store read: decide again with `overlapping` and `waiting`. */
export type CheckOverlap = { kind: "check_overlap" };

/** How often a run waiting behind its task's running one (overlap `buffer_one`) looks again. */
export const BUFFER_RECHECK_MS = 5_000;

export interface ClaimContext {
  worker: string;
  leaseMs: number;
  /** A deferred run not claimed this long after its new due time is looked at again (see `DecideContext`). */
  staleQueuedMs: number;
  /** Whether an earlier run of the task still holds a live lease (see `stillRunningBefore`). */
  overlapping?: boolean;
  /** Whether another run of the task already waits behind the running one (see `waitingBefore`). */
  waiting?: boolean;
}

/**
 * Whether a delivered queued run is claimed (running, attempt + 1, leased to `worker`) or
 * settled without running: an unusable task fails it, the task's status may settle it, a run
 * never started and found past its grace window is missed unless catch-up runs it late (see
 * catch-up.ts), and while an earlier run of a recurring task still runs, the overlap policy
 * decides: `skip` skips it, `buffer_one` lets it wait (defer) unless another already waits,
 * `allow` runs it. A manual run (run now) is exempt from the overlap rule. The caller leaves the
 * run alone when its task is Unavailable (see `loadJobsOf`).
 */
type KnownJob = Exclude<LoadedJob, Unavailable>;

export function decideClaim(run: Run, job: KnownJob, now: number, ctx: ClaimContext & { overlapping: boolean }): ClaimDecision;
export function decideClaim(run: Run, job: KnownJob, now: number, ctx: ClaimContext): ClaimDecision | CheckOverlap;
export function decideClaim(run: Run, job: KnownJob, now: number, ctx: ClaimContext): ClaimDecision | CheckOverlap {
  if (job instanceof Unreadable) return failUnusable(run, job.reason, now);
  const settled = settleByTask(run, job, now);
  if (settled) return settled;
  const live = job as Job; // settleByTask settles every run of a missing task
  // A run never started, delivered late (queued before the computer slept, say), runs only if
  // catch-up lets it. A manual run is no occurrence: no later one supersedes it.
  const verdict = run.executions === 0 ? catchUp(live, run.scheduled_at, run.due_at, now, run.origin === "manual" ? null : undefined) : null;
  if (verdict?.kind === "missed") return skip(run, "missed", now, `claimed too late: ${verdict.detail}`);
  const overlap = live.policy.overlap;
  if (isRecurring(live.schedule) && overlap !== "allow" && run.origin === "schedule") {
    if (ctx.overlapping === undefined) return { kind: "check_overlap" };
    if (ctx.overlapping && overlap === "skip") return skip(run, "overlap", now, "previous run still running");
    if (ctx.overlapping && ctx.waiting) return skip(run, "overlap", now, "previous run still running and another already waits (buffer_one)");
    if (ctx.overlapping) {
      // Its due time moves on, so a long wait is not mistaken for a missed start.
      const later = queued(run, now + BUFFER_RECHECK_MS, now, ctx.staleQueuedMs);
      return { kind: "defer", run: later, step: updateStep(run, later, now, "waiting for the previous run to finish (buffer_one)") };
    }
  }
  const next = claimed(run, ctx.worker, now, ctx.leaseMs);
  const detail = verdict?.detail ? `${ctx.worker}, ${verdict.detail}` : ctx.worker;
  return { kind: "claim", run: next, job: live, step: updateStep(run, next, now, detail) };
}

/**
 * The same claim recording the start as well: the worker starts the action at once (the run is
 * due and a slot is free), so one write does both. `before` is the run the claim was decided on.
 */
export function startingClaim(before: Run, claim: Extract<ClaimDecision, { kind: "claim" }>, now: number): ClaimDecision {
  const next = started(claim.run, now);
  return { ...claim, run: next, step: updateStep(before, next, now, claim.step.event.detail) };
}

/** A claim its owner's run rate holds back: the run stays queued, due again at `dueAt`. */
export type HoldBack = { kind: "hold_back"; dueAt: number; step: Step };

/**
 * Instead of a claim, a run over its owner's execution rate (limits.executions) stays queued,
 * due `waitMs` from now, when a token will be there: delayed, never dropped, spending neither an
 * attempt nor an execution, and the grace window (judged from `due_at`) does not count the wait.
 */
export function holdBack(run: Run, waitMs: number, now: number, staleQueuedMs: number): HoldBack {
  // A run claimed ahead of its time keeps its time when the token comes sooner: never earlier.
  const dueAt = Math.max(run.due_at, now + waitMs);
  const next = { ...queued(run, dueAt, now, staleQueuedMs), booked: true };
  return { kind: "hold_back", dueAt, step: updateStep(run, next, now, `held back ${dueAt - now} ms by the owner's run rate (limits.executions)`) };
}

export type StartDecision = { kind: "start"; run: Run; step: Step } | { kind: "give_back"; reason: string } | Settled;

/**
 * A claimed run whose action is about to start (it was claimed ahead of its time, or waited for
 * a slot): the task is read again, so a pause or cancel made meanwhile settles it instead; a task
 * that cannot be read right now sends the run back to the queue unstarted.
 */
export function decideStart(run: Run, job: LoadedJob, now: number): StartDecision {
  if (job instanceof Unavailable) return { kind: "give_back", reason: job.reason };
  if (job instanceof Unreadable) return failUnusable(run, job.reason, now);
  const settled = settleByTask(run, job, now);
  if (settled) return settled;
  const next = started(run, now);
  return { kind: "start", run: next, step: updateStep(run, next, now, "started") };
}

/** Whether one of `others` (the task's runs in flight) was scheduled before `run` and still holds a live lease. */
export function stillRunningBefore(run: Run, others: readonly Run[], now: number): boolean {
  return others.some((r) => r.status === "running" && r.scheduled_at < run.scheduled_at && (r.lease_until ?? 0) > now);
}

/** Whether another scheduled run of the task, earlier than `run`, is queued: it is first in line behind the running one. */
export function waitingBefore(run: Run, others: readonly Run[]): boolean {
  return others.some((r) => r.status === "queued" && r.origin === "schedule" && r.scheduled_at < run.scheduled_at);
}

/** How an attempt failed, as stored on the run and as the retry decision reads it. */
export interface Classified {
  error: RunError;
  failure: Failure;
}

/** An action's failure: its own ActionFailure says whether to retry; a timeout or anything else is retryable. */
export function classify(e: unknown): Classified {
  if (e instanceof ActionFailure) {
    return {
      error: { message: e.message, kind: e.permanent ? "permanent" : "retryable" },
      failure: { permanent: e.permanent, ...(e.retryAfterMs !== undefined && { retryAfterMs: e.retryAfterMs }) },
    };
  }
  if (e instanceof ActionTimeout) return { error: { message: e.message, kind: "timeout" }, failure: { permanent: false } };
  return { error: { message: e instanceof Error ? e.message : String(e), kind: "retryable" }, failure: { permanent: false } };
}

/**
 * What follows a failed attempt: `retrying` after the backoff (the watcher queues it a look-ahead
 * window before it is due), or `failed` (dead-lettered) when the failure is permanent or the
 * task's attempts are spent. `retryInMs` is null for the latter.
 */
export function afterFailure(run: Run, job: Job, { error, failure }: Classified, ctx: DecideContext): { run: Run; retryInMs: number | null } {
  const decision = decideRetry(job.retry, run.executions, failure, ctx.random());
  if (decision.kind === "dead") return { run: failed(run, error, ctx.now), retryInMs: null };
  const due = ctx.now + decision.delayMs;
  return { run: retrying(run, error, due, ctx.now, due - ctx.lookAheadMs), retryInMs: decision.delayMs };
}

/** What an action's attempt came to: a result, or what it threw. */
export type ActionOutcome = { result: RunResult } | { error: unknown };

export interface Finish {
  /** The outcome, written only if this attempt still holds the run (fenced). */
  step: Step;
  /** Marks the task completed when this run was its last one; written in the same transaction as the outcome. */
  jobWrite: Write | null;
}

/** The outcome of a running run's attempt, and whether it completes its task. */
export function decideFinish(run: Run, job: Job, outcome: ActionOutcome, ctx: DecideContext): Finish {
  const { now } = ctx;
  let next: Run;
  let detail: string | null = null;
  if ("result" in outcome) next = succeeded(run, outcome.result, now);
  else {
    const after = afterFailure(run, job, classify(outcome.error), ctx);
    next = after.run;
    detail = after.retryInMs === null ? "dead-lettered" : `retry in ${after.retryInMs} ms`;
  }
  return { step: updateStep(run, next, now, detail), jobWrite: completionOf(job, next, now) };
}

/**
 * Marks the task completed when `next` (a run's outcome) ends its last run: the task's only run,
 * or the head of a chain that has no further occurrence. null otherwise, and for a task that is
 * no longer active or paused (a cancelled one stays cancelled).
 */
export function completionOf(job: Job, next: Run, now: number): Write | null {
  if (next.status !== "succeeded" && next.status !== "failed") return null;
  // A manual run is outside the schedule: it never completes its task.
  if (next.origin !== "schedule") return null;
  if (job.status !== "active" && job.status !== "paused") return null;
  const last = !isRecurring(job.schedule) || (job.next_run_at === next.scheduled_at && endedSafely(job, next.scheduled_at, now));
  if (!last) return null;
  return nextVersion({ ...job, status: "completed" }, job.version, now).write;
}

/** A stored schedule that no longer computes leaves the job as it is; the watcher reports it. */
export function endedSafely(job: Job, after: number, now: number): boolean {
  try {
    return chainEnded(job, after, now);
  } catch {
    return false;
  }
}

/** What the reaper does with a run whose worker is gone: the step, the task's completion, and whether to queue the run. */
export interface Reap {
  step: Step;
  jobWrite: Write | null;
  /** The run goes back to the queue (it never started): send its message. */
  requeue: boolean;
}

/**
 * A running run whose lease expired (its worker stopped heartbeating). If its action never
 * started, nothing was spent: it is queued again at the same retry budget (or settled by its
 * task's status). If it started, it was interrupted and its outcome is unknown (the action may
 * have taken effect): retried or dead-lettered like any retryable failure (completing a task whose last run this was), or cancelled when the task
 * wants no more runs. The write requires the stored lease to have expired, so a stale read
 * never takes a live run. null while the lease is live.
 *
 * `ownerGone`: the worker is known to be dead whatever its lease says (the embedded process that
 * held the store before this one, a DynamoDB worker whose beat stood still); the lease is then
 * neither checked nor required, and a started run is due again at once, without a backoff.
 * `why`: how it is known to be gone, for the run's event (default: the process stopped mid-run).
 */
export function reapExpired(run: Run, job: Job | undefined, ctx: DecideContext, opts: { ownerGone?: boolean; why?: string } = {}): Reap | null {
  const { now } = ctx;
  const gone = opts.ownerGone === true;
  if (!gone && (run.lease_until ?? Infinity) > now) return null;
  const lease = gone ? {} : { leaseExpiredBy: now };
  const who = `worker ${run.lease_owner ?? "?"}`;
  const step = (next: Run, detail: string) => updateStep(run, next, now, detail, lease);
  if (run.started_at === null) {
    const detail = gone
      ? `${who} is gone${opts.why ? ` (${opts.why})` : ""}; never started, queued again`
      : `lease expired: ${who} never started it; queued again`;
    if (wantsNoRuns(job)) return { step: step(cancelled(run, now), detail), jobWrite: null, requeue: false };
    if (pausedFor(run, job)) return { step: step(skipped(run, "paused", now), detail), jobWrite: null, requeue: false };
    return { step: step(requeued(run, now, ctx.staleQueuedMs), detail), jobWrite: null, requeue: true };
  }
  const cause = gone ? `${who} is gone (${opts.why ?? "the process stopped mid-run"})` : `lease expired: ${who} stopped heartbeating`;
  const message = `interrupted: ${cause}; whether the action took effect is unknown`;
  if (wantsNoRuns(job)) return { step: step(cancelled(run, now), message), jobWrite: null, requeue: false };
  const error: RunError = { message, kind: "interrupted" };
  // A worker known to be gone did not fail the action: its run is tried again at once. One whose
  // lease merely lapsed (a stalled or cut-off worker, perhaps still alive) backs off as a failure does.
  const next = afterFailure(run, job, { error, failure: { permanent: false, ...(gone && { retryNow: true }) } }, ctx).run;
  return { step: step(next, message), jobWrite: completionOf(job, next, now), requeue: false };
}
