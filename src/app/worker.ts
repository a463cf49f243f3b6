import { randomUUID } from "node:crypto";
import { idempotencyKey, runKeyString } from "../core/keys.js";
import { MinHeap } from "../core/min-heap.js";
import type { Job, Run, RunError, RunResult } from "../core/model.js";
import { decideRetry, type Failure } from "../core/retry.js";
import { isRecurring } from "../core/schedule/model.js";
import { ActionFailure } from "../ports/action.js";
import type { QueueMessage } from "../ports/queue.js";
import type { Tx } from "../ports/store.js";
import { chainEnded } from "./chain.js";
import type { EngineDeps } from "./deps.js";
import { JobCache, Unreadable } from "./job-cache.js";
import { cancelled, claimed, extended, failed, retrying, type Step, skipped, succeeded, toTx, updateStep } from "./runs.js";

interface Held {
  /** The run as it was before this worker claimed it, to give it back unstarted on stop. */
  before: Run;
  run: Run;
  job: Job;
  /** Acknowledged once the outcome is written; extended with each heartbeat (SQS visibility). */
  message: QueueMessage;
  abort: AbortController;
  done: Promise<void> | null;
}

interface Finish {
  tx: Tx;
  /** The run write that a zombie (an older attempt) would fail on. */
  run: Run;
  jobTx: Tx | null;
  message: QueueMessage;
}

/** A message delivered this much before its due time is put back (SQS delays are whole seconds). */
const EARLY_TOLERANCE_MS = 5;

/**
 * Claims due runs by compare-and-set (queued → running, attempt + 1, lease), runs their action
 * while one timer heartbeats every lease it holds, and writes the outcome fenced on the attempt,
 * so a worker that lost its lease cannot overwrite the newer attempt. Claims and completions
 * are batched into one store round trip each: it claims up to `claim_batch` runs at once and
 * starts them as `concurrency` allows (like graphile-worker's local queue).
 */
export class Worker {
  readonly id: string;
  private readonly deps: EngineDeps;
  /** Every run this worker has claimed and not yet finished, started or waiting for a slot. */
  private readonly held = new Map<string, Held>();
  private readonly ready: Held[] = [];
  /** Claimed ahead of their due time, released to `ready` by one timer. */
  private readonly waiting = new MinHeap<Held>();
  private waitTimer: NodeJS.Timeout | null = null;
  private waitTimerAt = Infinity;
  /** Claim ahead only in the running loop: runOnce (tests, tools) takes only what is due. */
  private claimAheadMs = 0;
  private running = 0;
  private finishes: Finish[] = [];
  private flushing: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private stopping: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private spaceWaiters: (() => void)[] = [];

  /** Called with the runs whose outcome was just written (metrics, benchmarks); must not throw. */
  private readonly onFinished: ((runs: Run[]) => void) | null;

  constructor(deps: EngineDeps, opts: { id?: string; onFinished?: (runs: Run[]) => void } = {}) {
    this.deps = deps;
    this.id = opts.id ?? `worker-${randomUUID().slice(0, 8)}`;
    this.onFinished = opts.onFinished ?? null;
  }

  /** One pass for tests and tools: take what is due now, run it, and wait until every outcome is written. */
  async runOnce(): Promise<number> {
    const messages = await this.deps.queue.receive(this.deps.settings.claim_batch, 0);
    const claimed = await this.process(messages);
    await this.drain();
    return claimed;
  }

  start(): void {
    this.claimAheadMs = this.deps.settings.claim_ahead_ms;
    this.stopping = new AbortController();
    const signal = this.stopping.signal;
    const { claim_batch: batch, max_claimed, lease_ms } = this.deps.settings;
    this.heartbeat = setInterval(() => void this.beat(), Math.max(250, Math.floor(lease_ms / 3)));
    this.loop = (async () => {
      while (!signal.aborted) {
        // Claim in large batches, and stop claiming while a batch of due work waits for slots
        // (runs claimed ahead and not yet due do not count: holding them is the point).
        // Outcomes not yet written count too: claiming faster than outcomes are written only
        // grows memory and delays every completion.
        const backlog = this.ready.length + this.running + this.finishes.length;
        const room = max_claimed - this.held.size;
        if (room <= 0 || backlog >= batch) {
          await new Promise<void>((r) => this.spaceWaiters.push(r));
          continue;
        }
        try {
          await this.process(await this.deps.queue.receive(Math.min(batch, room), 1_000, signal));
        } catch (e) {
          this.deps.log.log("error", "worker batch failed", { worker: this.id, error: String(e) });
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    })();
  }

  /** Stops claiming and lets claimed runs finish (graceful drain); after `drainMs` their actions are aborted. */
  async stop(drainMs = 10_000): Promise<void> {
    this.stopping?.abort();
    this.spaceWaiters.splice(0).forEach((r) => r());
    await this.loop;
    await this.giveBackWaiting();
    const timer = setTimeout(() => this.held.forEach((h) => h.abort.abort(new Error("worker shutting down"))), drainMs);
    await this.drain();
    clearTimeout(timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Runs claimed and not yet finished. */
  get busy(): number {
    return this.held.size;
  }

  private async drain(): Promise<void> {
    while (this.held.size > 0 || this.finishes.length > 0 || this.flushing) {
      await Promise.all([...this.held.values()].map((h) => h.done));
      await this.flush();
    }
  }

  /** Claims what it can of `messages`; returns how many runs it claimed. */
  private async process(messages: QueueMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    const { store, queue, clock } = this.deps;
    const now = clock.now();
    const horizon = now + this.claimAheadMs + EARLY_TOLERANCE_MS;
    const early = messages.filter((m) => m.dueAt > horizon);
    if (early.length) await queue.send(early.map(({ receipt: _r, ...item }) => item));
    const due = messages.filter((m) => m.dueAt <= horizon && !this.held.has(runKeyString(m.key)));
    const found = await Promise.all(due.map(async (message) => ({ message, run: await this.readRun(message) })));
    const claimable = found.filter((f): f is { message: QueueMessage; run: Run } => f.run !== null && f.run.status === "queued");
    const jobs = await JobCache.load(
      store,
      claimable.map((c) => c.run),
      this.deps.log,
    );
    const plans = await Promise.all(claimable.map(({ run }) => this.planClaim(run, jobs.get(run.job_id), now)));
    const results = await store.commitEach(plans.map((p) => toTx(p.steps)));
    const claimed = new Set<QueueMessage>();
    results.forEach((ok, i) => {
      const { claim } = plans[i]!;
      if (!ok || !claim) return;
      const { run: before, message } = claimable[i]!;
      const held: Held = { before, run: claim, job: jobs.get(claim.job_id) as Job, message, abort: new AbortController(), done: null };
      this.held.set(runKeyString(claim), held);
      if (claim.due_at > now) this.waiting.push(claim.due_at, held);
      else this.ready.push(held);
      claimed.add(message);
    });
    this.armWaiting();
    // Everything not claimed is done with: duplicates, skips, runs claimed elsewhere, early ones re-sent.
    await queue.ack(messages.filter((m) => !claimed.has(m)));
    this.pump();
    return claimed.size;
  }

  /** One timer for the earliest run claimed ahead: at its due time it moves to `ready`. */
  private armWaiting(): void {
    const at = this.waiting.peekAt();
    if (at === undefined || at >= this.waitTimerAt) return;
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimerAt = at;
    this.waitTimer = setTimeout(
      () => {
        this.waitTimer = null;
        this.waitTimerAt = Infinity;
        const now = this.deps.clock.now();
        while ((this.waiting.peekAt() ?? Infinity) <= now) this.ready.push(this.waiting.pop()!);
        this.pump();
        this.armWaiting();
      },
      Math.max(0, at - this.deps.clock.now()),
    );
  }

  /** On stop, runs claimed ahead and not yet due go back to the queue unstarted, their attempt undone. */
  private async giveBackWaiting(): Promise<void> {
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = null;
    this.waitTimerAt = Infinity;
    const back: Held[] = [];
    for (let h = this.waiting.pop(); h; h = this.waiting.pop()) back.push(h);
    if (back.length === 0) return;
    const now = this.deps.clock.now();
    const stale = this.deps.settings.stale_queued_ms;
    const steps = back.map((h) =>
      updateStep(h.run, { ...h.before, wake_at: h.before.due_at + stale, updated_at: now }, now, "given back unstarted: worker stopping"),
    );
    const results = await this.deps.store.commitEach(steps.map((st) => toTx([st])));
    const resend = back.filter((_, i) => results[i]).map(({ message: { receipt: _r, ...item } }) => item);
    await this.deps.queue.send(resend);
    await this.deps.queue.ack(back.map((h) => h.message));
    for (const h of back) this.held.delete(runKeyString(h.run));
  }

  /** Starts claimed runs while there are free slots. */
  private pump(): void {
    while (this.running < this.deps.settings.concurrency && this.ready.length > 0) {
      const next = this.ready.shift()!;
      if (next.abort.signal.aborted) {
        // Its lease was lost before it started: another worker owns the run now.
        this.held.delete(runKeyString(next.run));
        void this.deps.queue.ack([next.message]);
        continue;
      }
      this.execute(next);
    }
  }

  /** A run that cannot be read is left to the watcher (it re-sends or the sweeper repairs); the batch goes on. */
  private async readRun(message: QueueMessage): Promise<Run | null> {
    try {
      return await this.deps.store.getRun(message.key);
    } catch (e) {
      this.deps.log.log("error", "cannot read a delivered run", { key: message.key, error: String(e) });
      return null;
    }
  }

  private async planClaim(run: Run, job: Job | Unreadable | undefined, now: number): Promise<{ steps: Step[]; claim: Run | null }> {
    if (job instanceof Unreadable) {
      const error = { message: `stored task cannot be used: ${job.reason}`, kind: "permanent" as const };
      return { steps: [updateStep(run, failed(run, error, now), now, "unreadable task")], claim: null };
    }
    if (!job || job.status === "cancelled") return { steps: [updateStep(run, cancelled(run, now), now, "task cancelled")], claim: null };
    if (job.status === "paused") return { steps: [updateStep(run, skipped(run, "paused", now), now)], claim: null };
    if (run.attempt === 0 && now - run.due_at > job.policy.misfire_grace_ms) {
      return { steps: [updateStep(run, skipped(run, "missed", now), now, "claimed past the grace window")], claim: null };
    }
    if (isRecurring(job.schedule) && job.policy.overlap === "skip" && (await this.previousStillRunning(run, now))) {
      return { steps: [updateStep(run, skipped(run, "overlap", now), now, "previous run still running")], claim: null };
    }
    const claim = claimed(run, this.id, now, this.deps.settings.lease_ms);
    return { steps: [updateStep(run, claim, now, this.id)], claim };
  }

  private async previousStillRunning(run: Run, now: number): Promise<boolean> {
    const recent = await this.deps.store.listJobRuns(run.job_id, { limit: 5 });
    return recent.items.some((r) => r.status === "running" && r.scheduled_at < run.scheduled_at && (r.lease_until ?? 0) > now);
  }

  private execute(held: Held): void {
    const { run, job, abort, message } = held;
    const key = runKeyString(run);
    this.running++;
    const timeout = setTimeout(() => abort.abort(new Error("action timed out")), this.deps.settings.action_timeout_ms);
    held.done = (async () => {
      let outcome: { result: RunResult } | { error: unknown };
      try {
        const result = await this.deps.actions.run(job.action, {
          jobId: run.job_id,
          owner: run.owner,
          scheduledAt: run.scheduled_at,
          idempotencyKey: idempotencyKey(run),
          attempt: run.attempt,
          signal: abort.signal,
          heartbeat: () => void this.beat(),
          previousSuccessAt: job.action.type === "summarize" ? await this.previousSuccess(run) : null,
          now: () => this.deps.clock.now(),
        });
        outcome = { result };
      } catch (error) {
        outcome = { error: abort.signal.aborted ? abort.signal.reason : error };
      } finally {
        clearTimeout(timeout);
      }
      this.held.delete(key);
      this.running--;
      this.queueFinish(held.run, job, outcome, message);
      this.pump();
      this.spaceWaiters.splice(0).forEach((r) => r());
    })();
  }

  private async previousSuccess(run: Run): Promise<number | null> {
    const recent = await this.deps.store.listJobRuns(run.job_id, { limit: 50 });
    return recent.items.find((r) => r.status === "succeeded" && r.scheduled_at < run.scheduled_at)?.scheduled_at ?? null;
  }

  private queueFinish(run: Run, job: Job, outcome: { result: RunResult } | { error: unknown }, message: QueueMessage): void {
    const now = this.deps.clock.now();
    let next: Run;
    let detail: string | null = null;
    if ("result" in outcome) next = succeeded(run, outcome.result, now);
    else {
      const { error, failure } = classify(outcome.error);
      const decision = decideRetry(job.retry, run.attempt, failure, this.deps.random());
      const due = now + (decision.kind === "retry" ? decision.delayMs : 0);
      next = decision.kind === "retry" ? retrying(run, error, due, now, due - this.deps.settings.look_ahead_ms) : failed(run, error, now);
      detail = decision.kind === "retry" ? `retry in ${decision.delayMs} ms` : "dead-lettered";
    }
    const tx = toTx([updateStep(run, next, now, detail)]);
    const terminal = next.status === "succeeded" || next.status === "failed";
    const completes = terminal && (!isRecurring(job.schedule) || (job.next_run_at === run.scheduled_at && endedSafely(job, run.scheduled_at, now)));
    const jobTx: Tx | null = completes
      ? { writes: [{ op: "put_job", job: { ...job, status: "completed", version: job.version + 1, updated_at: now }, expectVersion: job.version }] }
      : null;
    this.finishes.push({ tx, run, jobTx, message });
    if (!this.flushing) this.flushing = new Promise<void>((r) => setImmediate(r)).then(() => this.flush());
  }

  /** Writes every outcome gathered since the last flush in one round trip (group commit). */
  private async flush(): Promise<void> {
    const batch = this.finishes.splice(0);
    if (batch.length > 0) {
      const txs = batch.flatMap((f) => (f.jobTx ? [f.tx, f.jobTx] : [f.tx]));
      const results = await this.deps.store.commitEach(txs);
      const fenced: Tx[] = [];
      const landed: Run[] = [];
      let i = 0;
      for (const f of batch) {
        if (!results[i]) fenced.push(this.fencedEvent(f.run));
        else landed.push((f.tx.writes[0] as { run: Run }).run);
        i += f.jobTx ? 2 : 1;
      }
      this.onFinished?.(landed);
      if (fenced.length) await this.deps.store.commitEach(fenced);
      // The store holds the outcome now (or the newer attempt's): the message is done with.
      await this.deps.queue.ack(batch.map((f) => f.message));
    }
    this.flushing = null;
    this.spaceWaiters.splice(0).forEach((r) => r());
    if (this.finishes.length > 0) await this.flush();
  }

  /** A late write from an attempt that lost its lease is rejected; the rejection itself is recorded. */
  private fencedEvent(run: Run): Tx {
    this.deps.log.log("warn", "late write rejected (fenced)", { worker: this.id, job_id: run.job_id, scheduled_at: run.scheduled_at, attempt: run.attempt });
    const at = this.deps.clock.now();
    return {
      writes: [],
      events: [
        {
          job_id: run.job_id,
          scheduled_at: run.scheduled_at,
          at,
          from: "running",
          to: "running",
          attempt: run.attempt,
          detail: `fenced: late write from ${this.id} (attempt ${run.attempt}) rejected`,
        },
      ],
    };
  }

  /** Extends the lease of every run this worker holds in one round trip; a lost lease aborts its action. */
  private async beat(): Promise<void> {
    if (this.held.size === 0) return;
    const now = this.deps.clock.now();
    const held = [...this.held.entries()];
    const steps = held.map(([, f]) => updateStep(f.run, extended(f.run, now, this.deps.settings.lease_ms), now));
    const results = await this.deps.store.commitEach(steps.map((s) => ({ writes: [s.write] })));
    const kept: QueueMessage[] = [];
    results.forEach((ok, i) => {
      const [key, f] = held[i]!;
      if (ok) {
        f.run = (steps[i]!.write as { run: Run }).run;
        kept.push(f.message);
      } else if (this.held.get(key) === f) f.abort.abort(new Error("lease lost"));
    });
    // A remote queue's visibility timeout follows the store lease, so it does not redeliver a run that is being worked on.
    await Promise.all(kept.map((m) => this.deps.queue.extend(m, this.deps.settings.lease_ms)));
  }
}

/** A stored schedule that no longer computes leaves the job as it is; the watcher reports it. */
function endedSafely(job: Job, after: number, now: number): boolean {
  try {
    return chainEnded(job, after, now);
  } catch {
    return false;
  }
}

function classify(e: unknown): { error: RunError; failure: Failure } {
  if (e instanceof ActionFailure) {
    return {
      error: { message: e.message, kind: e.permanent ? "permanent" : "retryable" },
      failure: { permanent: e.permanent, ...(e.retryAfterMs !== undefined && { retryAfterMs: e.retryAfterMs }) },
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { error: { message, kind: message === "action timed out" ? "timeout" : "retryable" }, failure: { permanent: false } };
}
