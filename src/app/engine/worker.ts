import { MinHeap } from "../../core/min-heap.js";
import type { Run } from "../../core/model.js";
import { ActionTimeout } from "../../ports/action.js";
import { sleep } from "../../ports/clock.js";
import type { QueueMessage } from "../../ports/queue.js";
import type { EngineDeps } from "../deps.js";
import { actionContext } from "./action-context.js";
import { type ClaimBatch, type Claimed, claimBatch, DEFER_MS, resendItem } from "./claims.js";
import { Completer } from "./completer.js";
import { type HeldRun, LeaseKeeper, RunAbort } from "./lease-keeper.js";
import { Outage } from "./outage.js";
import { defaultRoleId } from "./process-id.js";
import { RateHold } from "./rate-hold.js";
import { type ActionOutcome, decideFinish } from "./run-decisions.js";
import { traceItems } from "./run-log.js";
import { giveBackHeld, startHeld } from "./starts.js";

/** A message delivered this much before its due time is put back (SQS delays are whole seconds). */
const EARLY_TOLERANCE_MS = 5;
/**
 * How long one receive waits for a message. The queue answers as soon as one is sent or falls
 * due, so an idle worker sleeps through it: long, so that it wakes no one (SQS long-polls 20 s at
 * a time within it). `nudge` ends it early.
 */
const RECEIVE_WAIT_MS = 600_000;

/** Whether a run this worker holds was aborted (without making its signal: see RunAbort). */
const aborted = (h: HeldRun): boolean => h.abort.called;

/**
 * Claims due runs by compare-and-set (queued → running, attempt + 1, lease) and runs their
 * actions; its lease keeper heartbeats every lease it holds, and its completer writes each
 * outcome fenced on the attempt, so a worker that lost its lease cannot overwrite the newer
 * attempt. Claims are batched into one store round trip: it claims up to `claim_batch` runs at
 * once and starts them as `concurrency` allows (like graphile-worker's local queue). A start is
 * recorded when the action starts: in the claim itself for a due run with a free slot, by a
 * separate (batched) write for one claimed ahead or waiting for a slot, so a run whose worker
 * died before starting it has spent nothing.
 */
export class Worker {
  readonly id: string;
  private readonly deps: EngineDeps;
  /** Every run this worker has claimed and not yet finished, started or not. */
  private readonly leases: LeaseKeeper;
  private readonly completer: Completer;
  /** Held back by their owner's execution rate, each until the token booked for it. */
  private readonly rateHeld: RateHold;
  /** The queue failing to answer receives: backs off, and logs a few lines, not one per try. */
  private readonly receiveOutage: Outage;
  /** Due, claimed without a start, waiting for a slot. */
  private readonly ready: HeldRun[] = [];
  /** Claimed ahead of their due time, released to `ready` by one timer. */
  private readonly waiting = new MinHeap<HeldRun>();
  private waitTimer: NodeJS.Timeout | null = null;
  private waitTimerAt = Infinity;
  /** Claim ahead only in the running loop: runOnce (tests, tools) takes only what is due. */
  private claimAheadMs = 0;
  /** Actions running, plus slots taken by starts being written. */
  private running = 0;
  private reserved = 0;
  /** A pass of `startReady` is scheduled. */
  private pumping = false;
  private stopping: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private spaceWaiters: (() => void)[] = [];
  /** Ends the receive waiting now, if any (see nudge). */
  private receiving: AbortController | null = null;
  /** Told when no action runs and no start is being written (a stopping worker waits for it). */
  private idleWaiters: (() => void)[] = [];

  constructor(deps: EngineDeps, opts: { id?: string } = {}) {
    this.deps = deps;
    this.id = opts.id ?? defaultRoleId("worker");
    this.leases = new LeaseKeeper(deps, this.id);
    this.completer = new Completer(deps, { worker: this.id, onWritten: () => this.wakeClaimer() });
    this.rateHeld = new RateHold(deps, () => this.nudge());
    this.receiveOutage = new Outage({ log: deps.log, random: deps.random, failure: "cannot receive from the queue" });
  }

  /** Whether this worker holds `run` now: claimed, running its action, or storing its outcome. */
  holds(run: Run): boolean {
    return run.lease_owner === this.id && this.leases.has(run);
  }

  /** One pass for tests and tools: take what is due now, run it, and wait until every outcome is written. */
  async runOnce(): Promise<number> {
    const held = this.rateHeld.takeDue(this.deps.clock.now());
    const messages = [...held, ...(await this.deps.queue.receive(this.deps.settings.claim_batch, 0))];
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

  /**
   * Stops claiming, gives back the runs it holds unstarted, and lets started runs finish
   * (graceful drain): after `drainMs` their actions are aborted, and outcomes still unwritten
   * `drainMs` after that are left to the reaper.
   */
  async stop(drainMs = 10_000): Promise<void> {
    this.stopping?.abort();
    this.wakeClaimer();
    await this.loop;
    await this.giveBackUnstarted();
    const timer = setTimeout(() => {
      for (const h of this.leases.runs()) h.abort.abort(new Error("worker shutting down"));
    }, drainMs);
    await this.actionsEnded();
    clearTimeout(timer);
    // Leases are kept (and heartbeated) until each outcome is stored; one still unwritten at the
    // deadline is abandoned, its run left to the reaper once its lease lapses.
    await this.completer.drain(drainMs);
    await this.leases.allEnded();
    this.leases.stop();
  }

  /** Resolves once no action runs and no start is being written. */
  private async actionsEnded(): Promise<void> {
    while (this.running > 0 || this.reserved > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  /** Slots neither running an action nor promised to a claim or start being written. */
  private get freeSlots(): number {
    return this.deps.settings.concurrency - this.running - this.reserved;
  }

  /** Runs claimed and not yet finished. */
  get busy(): number {
    return this.leases.size;
  }

  private async claimLoop(signal: AbortSignal): Promise<void> {
    const { claim_batch: batch, max_claimed } = this.deps.settings;
    while (!signal.aborted) {
      // Every pass gives the event loop a turn: the store and the in-memory queue can answer
      // without one, and a loop that never yields starves timers, heartbeats and HTTP.
      await new Promise<void>((r) => setImmediate(r));
      const held = this.rateHeld.takeDue(this.deps.clock.now() + this.claimAheadMs);
      if (held.length > 0) {
        await this.processSafely(held);
        continue;
      }
      // Claim in large batches, and stop claiming while a batch of due work waits for slots
      // (runs claimed ahead and not yet due do not count: holding them is the point).
      // Outcomes not yet written count too: claiming faster than outcomes are written only
      // grows memory and delays every completion.
      const backlog = this.ready.length + this.running + this.completer.pending;
      const room = max_claimed - this.leases.size;
      // Take no more than the free slots: a due run claimed beyond them waits claimed, and its
      // start costs a second write; taken when a slot is free, its claim records the start.
      // But while runs claimed ahead wait for their time, the queue is handing out runs ahead of
      // theirs, which hold no slot: take whole batches then (a claim of 50 costs nearly what one
      // of 500 does), busy slots or not. Due runs caught in such a batch just start later.
      const take = this.waiting.size > 0 ? Math.min(batch, room) : Math.min(batch, room, this.freeSlots - this.ready.length);
      if (room <= 0 || backlog >= batch || take <= 0) {
        await new Promise<void>((r) => this.spaceWaiters.push(r));
        continue;
      }
      let received: QueueMessage[];
      const nudged = new AbortController();
      this.receiving = nudged;
      try {
        received = await this.deps.queue.receive(take, RECEIVE_WAIT_MS, AbortSignal.any([signal, nudged.signal]));
        this.receiveOutage.succeeded({ worker: this.id });
        this.deps.metrics?.wakeup("worker", received.length === 0);
      } catch (e) {
        // A nudge ends the wait early: not a failure of the queue.
        if (!nudged.signal.aborted) await sleep(this.receiveOutage.failed(e, { worker: this.id }), signal);
        continue;
      } finally {
        this.receiving = null;
      }
      await this.processSafely(received);
    }
  }

  private async processSafely(messages: QueueMessage[]): Promise<void> {
    try {
      await this.process(messages);
    } catch (e) {
      this.deps.log.log("error", "worker batch failed", { worker: this.id, error: String(e) });
      await sleep(200);
    }
  }

  /**
   * Makes the claim loop look again now, also while it waits on the queue: held-back runs fell due,
   * or the wall clock jumped (a wake from sleep) and the queue's timer, set before, fires late.
   */
  nudge(): void {
    this.wakeClaimer();
    this.receiving?.abort();
  }

  private wakeClaimer(): void {
    for (const wake of this.spaceWaiters.splice(0)) wake();
  }

  private notifyIdle(): void {
    if (this.running > 0 || this.reserved > 0) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private async drain(): Promise<void> {
    do {
      await this.leases.allEnded();
      await this.completer.drain();
    } while (this.leases.size > 0);
  }

  /** Claims what it can of `messages`; returns how many runs it claimed. */
  private async process(messages: QueueMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    const { queue, clock } = this.deps;
    const now = clock.now();
    traceItems(this.deps, "received", () => messages);
    const horizon = now + this.claimAheadMs + EARLY_TOLERANCE_MS;
    const early = messages.filter((m) => m.dueAt > horizon);
    const due = messages.filter((m) => m.dueAt <= horizon && !this.leases.has(m.key));
    const duplicates = messages.filter((m) => m.dueAt <= horizon && this.leases.has(m.key));
    // Only as many slots as runs that could take them: the rest stay free for starts meanwhile.
    const slots = Math.min(Math.max(0, this.freeSlots), due.length);
    this.reserved += slots;
    let batch: ClaimBatch;
    try {
      batch = await claimBatch(this.deps, this.id, due, now, { slots, horizon });
    } finally {
      this.reserved -= slots;
      this.notifyIdle();
    }
    const hold = (c: Claimed): HeldRun => {
      // Spelled out, not `{ ...c, … }`: a spread that adds fields gives the copy an out-of-object
      // property store with room to grow, ~360 bytes against ~80, and one is made per run claimed.
      const h: HeldRun = { before: c.before, run: c.run, job: c.job, message: c.message, abort: new RunAbort(), done: null, writing: null };
      this.leases.track(h);
      return h;
    };
    for (const c of batch.starting) this.execute(hold(c));
    for (const c of batch.held) {
      const h = hold(c);
      if (h.run.due_at > now) this.waiting.push(h.run.due_at, h);
      else this.ready.push(h);
    }
    this.armWaiting();
    traceItems(this.deps, "claimed", () => [...batch.starting, ...batch.held].map((c) => c.message));
    traceItems(this.deps, "held back", () => batch.heldBack.map((h) => ({ ...h.message, dueAt: h.dueAt })));
    traceItems(this.deps, "deferred", () => [...early, ...batch.deferred]);
    for (const h of batch.heldBack) this.rateHeld.hold(h.message, h.dueAt - this.claimAheadMs);
    const later = [...early.map((m) => resendItem(m)), ...batch.deferred.map((m) => resendItem(m, Math.max(m.dueAt, now + DEFER_MS)))];
    const resent = await queue.send(later).then(
      () => true,
      (e: unknown) => {
        this.deps.log.log("warn", "cannot send messages back to the queue", { worker: this.id, error: String(e) });
        return false;
      },
    );
    // Everything else is done with: settled, duplicates, runs claimed elsewhere, and (once sent
    // again) early and deferred ones. Held-back ones stay unacknowledged with the rate hold.
    const done = [...duplicates, ...batch.done, ...(resent ? [...early, ...batch.deferred] : [])];
    await queue.ack(done).catch((e: unknown) => this.deps.log.log("warn", "cannot acknowledge messages", { worker: this.id, error: String(e) }));
    this.pump();
    return batch.starting.length + batch.held.length;
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

  /** On stop, runs claimed and not started (ahead of their time, or waiting for a slot) go back to the queue unspent. */
  private async giveBackUnstarted(): Promise<void> {
    // Runs held back for the rate are queued in the store, due at their booked time: their
    // messages go back when the queue closes (SQS hands back every message it keeps unclaimed).
    this.rateHeld.clear();
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = null;
    this.waitTimerAt = Infinity;
    const back = this.ready.splice(0);
    for (let h = this.waiting.pop(); h; h = this.waiting.pop()) back.push(h);
    await this.leases.exclusive(back, () => giveBackHeld(this.deps, this.leases, back, "worker stopping"));
  }

  /**
   * Starts claimed runs while there are free slots. Slots freed in one turn of the event loop are
   * filled together, so their starts are written in one round trip.
   */
  private pump(): void {
    if (this.pumping || this.ready.length === 0) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      this.startReady();
    });
  }

  private startReady(): void {
    const free = this.freeSlots;
    if (free <= 0 || this.ready.length === 0) return;
    const next = this.ready.splice(0, free);
    // A run whose lease was lost before it started belongs to another attempt now.
    const lost = next.filter(aborted);
    for (const h of lost) this.leases.untrack(h);
    if (lost.length > 0) {
      this.deps.queue
        .ack(lost.map((h) => h.message))
        .catch((e: unknown) => this.deps.log.log("warn", "cannot acknowledge messages", { worker: this.id, error: String(e) }));
    }
    const live = next.filter((h) => !aborted(h));
    if (live.length === 0) return;
    this.reserved += live.length;
    startHeld(this.deps, this.leases, live, DEFER_MS)
      .then(
        (started) => {
          this.reserved -= live.length;
          for (const h of started) this.execute(h);
          this.notifyIdle();
        },
        (e: unknown) => {
          this.reserved -= live.length;
          this.notifyIdle();
          this.deps.log.log("error", "starting runs failed; their leases will expire and the reaper takes them", { worker: this.id, error: String(e) });
        },
      )
      .finally(() => {
        this.pump();
        this.wakeClaimer();
      });
  }

  private execute(held: HeldRun): void {
    this.running++;
    held.done = this.runAction(held);
  }

  /** The action, then its outcome handed to the completer; frees the run's slot when done. */
  private async runAction(held: HeldRun): Promise<void> {
    const { actions, clock, settings, log } = this.deps;
    const { job, abort } = held;
    const timeout = setTimeout(() => abort.abort(new ActionTimeout(settings.action_timeout_ms)), settings.action_timeout_ms);
    let outcome: ActionOutcome;
    try {
      const ctx = actionContext(this.deps, this.leases, held);
      outcome = { result: await actions.run(job.action, ctx instanceof Promise ? await ctx : ctx) };
    } catch (error) {
      outcome = { error: aborted(held) ? abort.signal.reason : error };
    } finally {
      clearTimeout(timeout);
    }
    try {
      await this.leases.settle(held);
      const finish = decideFinish(held.run, job, outcome, {
        now: clock.now(),
        random: this.deps.random,
        lookAheadMs: settings.look_ahead_ms,
        staleQueuedMs: settings.stale_queued_ms,
      });
      // The lease is kept, and heartbeated, until the outcome is stored (or fenced): a write
      // outage or a clock jump must not let the reaper take a run whose outcome is on its way.
      // Fields spelled out rather than spread, as in `hold`.
      this.completer.add({ step: finish.step, jobWrite: finish.jobWrite, message: held.message, release: () => this.leases.untrack(held) });
    } catch (e) {
      this.leases.untrack(held);
      log.log("error", "cannot record an attempt's outcome; the reaper takes the run when its lease expires", { worker: this.id, error: String(e) });
    } finally {
      this.running--;
      this.notifyIdle();
      this.pump();
      this.wakeClaimer();
    }
  }
}
