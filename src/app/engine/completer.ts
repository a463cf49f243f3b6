import { type Backoff, backoffDelay } from "../../core/backoff.js";
import type { Run } from "../../core/model.js";
import { sleep } from "../../ports/clock.js";
import type { QueueMessage } from "../../ports/queue.js";
import { PartialCommit, type Tx, type Write } from "../../ports/store.js";
import type { EngineDeps } from "../deps.js";
import { toTx, writtenRun } from "../runs.js";
import { sameValue } from "./commit-check.js";
import { completionOf, type Finish } from "./run-decisions.js";
import { runFields } from "./run-log.js";

/** An attempt's outcome waiting to be written, and the delivery to acknowledge after it. */
export interface Finished extends Finish {
  message: QueueMessage;
  /** Called once when the outcome is no longer the completer's: written, fenced, or abandoned by a stopping worker. */
  release?: () => void;
}

interface Pending extends Finished {
  /** Failed writes so far: the backoff before the next one grows with it. */
  tries: number;
}

/** Between tries of one outcome: jittered, as many workers may have failed to write at once. */
const RETRY_BACKOFF: Backoff = { baseMs: 20, maxMs: 5_000, jitter: "full" };

/**
 * Writes the outcomes of one worker's attempts (as River's completer does). Outcomes gathered
 * while the previous write was in flight go in one `commitEach` round trip (group commit), each
 * with its task's completion in the same transaction. No outcome is ever dropped: one whose write
 * failed is read back (it may have landed, its answer lost), and written again after a jittered
 * backoff, for as long as the process lives. The store rejects an outcome whose attempt lost
 * the run to a newer one (fenced); the rejection is recorded as an event. A message is
 * acknowledged only after its outcome is written, so a crash in between redelivers it rather
 * than losing the outcome. Only `drain` with a deadline (a stopping worker) gives up, leaving
 * what is unwritten to the reaper.
 */
export class Completer {
  private readonly deps: EngineDeps;
  private readonly worker: string;
  private readonly onWritten: () => void;
  private queued: Pending[] = [];
  /** Failed outcomes waiting for their backoff, by timer. */
  private readonly waiting = new Map<NodeJS.Timeout, Pending>();
  private flushing: Promise<void> | null = null;
  private idleWaiters: (() => void)[] = [];

  /** `onWritten` is told after each write that the backlog shrank. */
  constructor(deps: EngineDeps, opts: { worker: string; onWritten: () => void }) {
    this.deps = deps;
    this.worker = opts.worker;
    this.onWritten = opts.onWritten;
  }

  /** Outcomes handed over and not yet written. */
  get pending(): number {
    return this.queued.length + this.waiting.size;
  }

  /** Queues an outcome; the write starts once the current turn of the event loop has gathered the others. */
  add(finished: Finished): void {
    this.queued.push({ ...finished, tries: 0 });
    this.flushing ??= this.flushSoon();
  }

  /**
   * Resolves once every outcome handed over so far is written or fenced. With `deadlineMs`, gives
   * up after that long: the outcomes still unwritten are dropped, logged, and left to the reaper
   * (their runs' leases expire and the watcher retries or fails them).
   */
  async drain(deadlineMs?: number): Promise<void> {
    // The deadline is a timer, not a reading of the clock: it bounds how long a stopping process
    // waits in real time, whatever the injected clock says.
    let expired = false;
    const cancel = new AbortController();
    const deadline = deadlineMs === undefined ? [] : [sleep(deadlineMs, cancel.signal).then(() => (expired = true))];
    try {
      while (this.busy) {
        if (expired) return this.abandon();
        await Promise.race([new Promise<void>((r) => this.idleWaiters.push(r)), ...deadline]);
      }
    } finally {
      cancel.abort();
    }
  }

  private get busy(): boolean {
    return this.flushing !== null || this.queued.length > 0 || this.waiting.size > 0;
  }

  private abandon(): void {
    const left = [...this.queued, ...this.waiting.values()];
    for (const timer of this.waiting.keys()) clearTimeout(timer);
    this.waiting.clear();
    this.queued = [];
    this.deps.log.log("warn", "stopping with outcomes unwritten; the reaper takes their runs when their leases expire", {
      worker: this.worker,
      runs: left.map((f) => `${f.step.event.job_id}@${f.step.event.scheduled_at}`),
    });
    for (const f of left) f.release?.();
    this.notifyIdle();
  }

  private notifyIdle(): void {
    // Stryker disable next-line ConditionalExpression: a waiter woken early finds the completer busy and waits again (drain's loop).
    if (this.busy) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private async flushSoon(): Promise<void> {
    await new Promise<void>((r) => setImmediate(r));
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0);
        const again = await this.write(batch);
        for (const f of again) this.retryLater(f);
        this.onWritten();
      }
    } catch (e) {
      // write() handles the store's failures itself; this is a bug, and the batch is lost to the reaper.
      this.deps.log.log("error", "writing outcomes failed unexpectedly", { worker: this.worker, error: String(e) });
    } finally {
      this.flushing = null;
      if (this.queued.length > 0) this.flushing = this.flushSoon();
      this.notifyIdle();
    }
  }

  private retryLater(f: Pending): void {
    const delay = backoffDelay(RETRY_BACKOFF, f.tries, this.deps.random());
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.queued.push({ ...f, tries: f.tries + 1 });
      this.flushing ??= this.flushSoon();
    }, delay);
    this.waiting.set(timer, f);
  }

  /** Writes a batch; returns the outcomes to try again. */
  private async write(batch: Pending[]): Promise<Pending[]> {
    const txs = batch.map((f): Tx => toTx([f.step], f.jobWrite ? [f.jobWrite] : []));
    let results: (boolean | null)[];
    try {
      results = await this.deps.store.commitEach(txs);
    } catch (e) {
      this.deps.log.log("warn", "writing outcomes failed; checking what landed", { worker: this.worker, error: String(e) });
      // Stryker disable next-line ArrowFunction: undefined and null both read as "not known" below (only `=== true` is tested).
      results = e instanceof PartialCommit ? [...e.results] : batch.map(() => null);
    }
    // Outcomes the store confirmed are done; only the others are read back (no promise per outcome).
    const done: Pending[] = [];
    const unsure: number[] = [];
    for (let i = 0; i < batch.length; i++) {
      if (results[i] === true) done.push(batch[i]!);
      else unsure.push(i);
    }
    const fenced: Pending[] = [];
    const again: Pending[] = [];
    await Promise.all(
      unsure.map(async (i) => {
        const f = batch[i]!;
        const verdict = await this.recheck(f);
        // A write the store confirmed was announced as it landed; one found by reading back is announced here.
        if (verdict === "landed") this.deps.changes?.landed(txs[i]!);
        if (verdict === "landed") done.push(f);
        else if (verdict === "fenced") fenced.push(f);
        else again.push(f);
      }),
    );
    if (fenced.length > 0) {
      await this.deps.store
        .commitEach(fenced.map((f) => this.fencedEvent(writtenRun(f.step))))
        .catch((e: unknown) => this.deps.log.log("warn", "cannot record fenced writes", { error: String(e) }));
      done.push(...fenced);
    }
    // The store holds the outcome now (or the newer attempt's): the message is done with. A failed
    // ack only means a redelivery, which finds the run finished.
    for (const f of done) f.release?.();
    if (done.length > 0) {
      await this.deps.queue
        .ack(done.map((f) => f.message))
        .catch((e: unknown) => this.deps.log.log("warn", "cannot acknowledge messages", { error: String(e) }));
    }
    return again;
  }

  /**
   * An outcome whose write was refused or unanswered, read back: it landed (an earlier try did,
   * its answer lost), it was fenced (a newer attempt has the run), or it must be written again.
   * When the run still waits for it, the refusal came from the task's version (it changed since
   * the claim): the completion is decided again on the task as it is now.
   */
  private async recheck(f: Pending): Promise<"landed" | "fenced" | "again"> {
    const outcome = writtenRun(f.step);
    const { expect } = f.step.write as Extract<Write, { op: "update_run" }>;
    try {
      const stored = await this.deps.store.getRun(outcome);
      if (stored && sameValue(stored, outcome)) return "landed";
      if (!stored || stored.status !== expect.status || stored.attempt !== expect.attempt) return "fenced";
      if (f.jobWrite) {
        const job = await this.deps.store.getJob(outcome.job_id);
        f.jobWrite = job ? completionOf(job, outcome, outcome.updated_at) : null;
      }
      return "again";
    } catch (e) {
      this.deps.log.log("warn", "cannot read back an outcome; trying again later", { job_id: outcome.job_id, error: String(e) });
      return "again";
    }
  }

  /** A late write from an attempt that lost its lease is rejected; the rejection itself is recorded. */
  private fencedEvent(run: Run): Tx {
    const { job_id, scheduled_at, attempt } = run;
    this.deps.log.log("warn", "late write rejected (fenced): a newer attempt holds the run", { ...runFields(run), worker: this.worker });
    this.deps.metrics?.writeFenced();
    const detail = `fenced: late write from ${this.worker} (attempt ${attempt}) rejected`;
    return { writes: [], events: [{ job_id, scheduled_at, at: this.deps.clock.now(), from: "running", to: "running", attempt, detail }] };
  }
}
