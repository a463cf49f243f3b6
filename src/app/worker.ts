import { randomUUID } from "node:crypto";
import { idempotencyKey } from "../core/keys.js";
import { MinHeap } from "../core/min-heap.js";
import type { Run } from "../core/model.js";
import { ActionTimeout } from "../ports/action.js";
import type { QueueMessage } from "../ports/queue.js";
import { Completer } from "./completer.js";
import type { EngineDeps } from "./deps.js";
import { type LoadedJob, loadJobsOf } from "./job-batch.js";
import { type HeldRun, LeaseKeeper } from "./lease-keeper.js";
import { type ActionOutcome, type ClaimDecision, decideClaim, decideFinish, stillRunningBefore, waitingBefore } from "./run-decisions.js";
import { toTx, updateStep } from "./runs.js";

/** A message delivered this much before its due time is put back (SQS delays are whole seconds). */
const EARLY_TOLERANCE_MS = 5;

/**
 * Claims due runs by compare-and-set (queued → running, attempt + 1, lease) and runs their
 * actions; its lease keeper heartbeats every lease it holds, and its completer writes each
 * outcome fenced on the attempt, so a worker that lost its lease cannot overwrite the newer
 * attempt. Claims are batched into one store round trip: it claims up to `claim_batch` runs at
 * once and starts them as `concurrency` allows (like graphile-worker's local queue).
 */
export class Worker {
  readonly id: string;
  private readonly deps: EngineDeps;
  /** Every run this worker has claimed and not yet finished, started or not. */
  private readonly leases: LeaseKeeper;
  private readonly completer: Completer;
  /** Due and waiting for a slot. */
  private readonly ready: HeldRun[] = [];
  /** Claimed ahead of their due time, released to `ready` by one timer. */
  private readonly waiting = new MinHeap<HeldRun>();
  private waitTimer: NodeJS.Timeout | null = null;
  private waitTimerAt = Infinity;
  /** Claim ahead only in the running loop: runOnce (tests, tools) takes only what is due. */
  private claimAheadMs = 0;
  private running = 0;
  private stopping: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private spaceWaiters: (() => void)[] = [];

  /** `onFinished` is called with the runs whose outcome was just written (metrics, benchmarks); it must not throw. */
  constructor(deps: EngineDeps, opts: { id?: string; onFinished?: (runs: Run[]) => void } = {}) {
    this.deps = deps;
    this.id = opts.id ?? `worker-${randomUUID().slice(0, 8)}`;
    this.leases = new LeaseKeeper(deps, this.id);
    this.completer = new Completer(deps, { worker: this.id, ...(opts.onFinished && { onFinished: opts.onFinished }), onWritten: () => this.wakeClaimer() });
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
    this.leases.start();
    this.loop = this.claimLoop(this.stopping.signal);
  }

  /** Stops claiming and lets claimed runs finish (graceful drain); after `drainMs` their actions are aborted. */
  async stop(drainMs = 10_000): Promise<void> {
    this.stopping?.abort();
    this.wakeClaimer();
    await this.loop;
    await this.giveBackWaiting();
    const timer = setTimeout(() => {
      for (const h of this.leases.runs()) h.abort.abort(new Error("worker shutting down"));
    }, drainMs);
    await this.drain();
    clearTimeout(timer);
    this.leases.stop();
  }

  /** Runs claimed and not yet finished. */
  get busy(): number {
    return this.leases.size;
  }

  private async claimLoop(signal: AbortSignal): Promise<void> {
    const { claim_batch: batch, max_claimed } = this.deps.settings;
    while (!signal.aborted) {
      // Claim in large batches, and stop claiming while a batch of due work waits for slots
      // (runs claimed ahead and not yet due do not count: holding them is the point).
      // Outcomes not yet written count too: claiming faster than outcomes are written only
      // grows memory and delays every completion.
      const backlog = this.ready.length + this.running + this.completer.pending;
      const room = max_claimed - this.leases.size;
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
  }

  private wakeClaimer(): void {
    for (const wake of this.spaceWaiters.splice(0)) wake();
  }

  private async drain(): Promise<void> {
    do {
      await Promise.all(this.leases.runs().map((h) => h.done));
      await this.completer.drain();
    } while (this.leases.size > 0);
  }

  /** Claims what it can of `messages`; returns how many runs it claimed. */
  private async process(messages: QueueMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    const { store, queue, clock } = this.deps;
    const now = clock.now();
    const horizon = now + this.claimAheadMs + EARLY_TOLERANCE_MS;
    const early = messages.filter((m) => m.dueAt > horizon);
    if (early.length) await queue.send(early.map(({ receipt: _r, ...item }) => item));
    const due = messages.filter((m) => m.dueAt <= horizon && !this.leases.has(m.key));
    const found = await Promise.all(due.map(async (message) => ({ message, run: await this.readRun(message) })));
    const claimable = found.filter((f): f is { message: QueueMessage; run: Run } => f.run !== null && f.run.status === "queued");
    const jobs = await loadJobsOf(
      store,
      claimable.map((c) => c.run),
      this.deps.log,
    );
    const decisions = await Promise.all(claimable.map(({ run }) => this.decide(run, jobs.get(run.job_id), now)));
    const results = await store.commitEach(decisions.map((d) => toTx([d.step])));
    const claimed = new Set<QueueMessage>();
    const deferred = decisions.flatMap((d, i) =>
      results[i] && d.kind === "defer" ? [{ key: claimable[i]!.message.key, owner: d.run.owner, dueAt: d.run.due_at }] : [],
    );
    if (deferred.length) await queue.send(deferred);
    results.forEach((ok, i) => {
      const d = decisions[i]!;
      if (!ok || d.kind !== "claim") return;
      const { run: before, message } = claimable[i]!;
      const held: HeldRun = { before, run: d.run, job: d.job, message, abort: new AbortController(), done: null };
      this.leases.track(held);
      if (d.run.due_at > now) this.waiting.push(d.run.due_at, held);
      else this.ready.push(held);
      claimed.add(message);
    });
    this.armWaiting();
    // Everything not claimed is done with: duplicates, skips, runs claimed elsewhere, early ones re-sent.
    await queue.ack(messages.filter((m) => !claimed.has(m)));
    this.pump();
    return claimed.size;
  }

  /** The claim decision, with the store read the overlap rule needs when the decision comes to it. */
  private async decide(run: Run, job: LoadedJob, now: number): Promise<ClaimDecision> {
    const ctx = { worker: this.id, leaseMs: this.deps.settings.lease_ms };
    const first = decideClaim(run, job, now, ctx);
    if (first.kind !== "check_overlap") return first;
    const recent = await this.deps.store.listJobRuns(run.job_id, { limit: 5 });
    return decideClaim(run, job, now, { ...ctx, overlapping: stillRunningBefore(run, recent.items, now), waiting: waitingBefore(run, recent.items) });
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
    const back: HeldRun[] = [];
    for (let h = this.waiting.pop(); h; h = this.waiting.pop()) back.push(h);
    if (back.length === 0) return;
    const { store, queue, clock, settings } = this.deps;
    const now = clock.now();
    const steps = back.map((h) =>
      updateStep(h.run, { ...h.before, wake_at: h.before.due_at + settings.stale_queued_ms, updated_at: now }, now, "given back unstarted: worker stopping"),
    );
    const results = await store.commitEach(steps.map((st) => toTx([st])));
    const resend = back.filter((_, i) => results[i]).map(({ message: { receipt: _r, ...item } }) => item);
    await queue.send(resend);
    await queue.ack(back.map((h) => h.message));
    for (const h of back) this.leases.untrack(h);
  }

  /** Starts claimed runs while there are free slots. */
  private pump(): void {
    while (this.running < this.deps.settings.concurrency && this.ready.length > 0) {
      const next = this.ready.shift()!;
      if (next.abort.signal.aborted) {
        // Its lease was lost before it started: another worker owns the run now.
        this.leases.untrack(next);
        this.deps.queue
          .ack([next.message])
          .catch((e: unknown) => this.deps.log.log("error", "cannot acknowledge a run given up before it started", { worker: this.id, error: String(e) }));
        continue;
      }
      this.execute(next);
    }
  }

  private execute(held: HeldRun): void {
    const { run, job, abort } = held;
    const { actions, clock, settings } = this.deps;
    this.running++;
    const timeout = setTimeout(() => abort.abort(new ActionTimeout(settings.action_timeout_ms)), settings.action_timeout_ms);
    held.done = (async () => {
      let outcome: ActionOutcome;
      try {
        const result = await actions.run(job.action, {
          jobId: run.job_id,
          owner: run.owner,
          scheduledAt: run.scheduled_at,
          idempotencyKey: idempotencyKey(run),
          attempt: run.attempt,
          signal: abort.signal,
          heartbeat: () => this.leases.heartbeat(),
          previousSuccessAt: job.action.type === "notify" ? null : await this.previousSuccess(run),
          now: () => clock.now(),
        });
        outcome = { result };
      } catch (error) {
        outcome = { error: abort.signal.aborted ? abort.signal.reason : error };
      } finally {
        clearTimeout(timeout);
      }
      this.leases.untrack(held);
      this.running--;
      const finish = decideFinish(held.run, job, outcome, { now: clock.now(), random: this.deps.random, lookAheadMs: settings.look_ahead_ms });
      this.completer.add({ ...finish, message: held.message });
      this.pump();
      this.wakeClaimer();
    })();
  }

  private async previousSuccess(run: Run): Promise<number | null> {
    const recent = await this.deps.store.listJobRuns(run.job_id, { limit: 50 });
    return recent.items.find((r) => r.status === "succeeded" && r.scheduled_at < run.scheduled_at)?.scheduled_at ?? null;
  }
}
