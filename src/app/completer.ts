import type { Run } from "../core/model.js";
import type { QueueMessage } from "../ports/queue.js";
import type { Tx } from "../ports/store.js";
import type { EngineDeps } from "./deps.js";
import type { Finish } from "./run-decisions.js";
import { toTx } from "./runs.js";

/** An attempt's outcome waiting to be written, and the delivery to acknowledge after it. */
export interface Finished extends Finish {
  message: QueueMessage;
}

/**
 * Writes the outcomes of one worker's attempts (as River's completer does). Outcomes gathered
 * while the previous write was in flight go in one `commitEach` round trip (group commit). The
 * store rejects an outcome whose attempt lost the run to a newer one (fenced); the rejection is
 * recorded as an event. A message is acknowledged only after its outcome is written, so a crash
 * in between redelivers it rather than losing the outcome.
 */
export class Completer {
  private readonly deps: EngineDeps;
  private readonly worker: string;
  private readonly onFinished: ((runs: Run[]) => void) | null;
  private readonly onWritten: () => void;
  private queued: Finished[] = [];
  private flushing: Promise<void> | null = null;

  /**
   * `onFinished` gets the runs whose outcome was just written (metrics, benchmarks) and must not
   * throw; `onWritten` is told after each write that the backlog shrank.
   */
  constructor(deps: EngineDeps, opts: { worker: string; onFinished?: (runs: Run[]) => void; onWritten: () => void }) {
    this.deps = deps;
    this.worker = opts.worker;
    this.onFinished = opts.onFinished ?? null;
    this.onWritten = opts.onWritten;
  }

  /** Outcomes handed over and not yet taken into a write. */
  get pending(): number {
    return this.queued.length;
  }

  /** Queues an outcome; the write starts once the current turn of the event loop has gathered the others. */
  add(finished: Finished): void {
    this.queued.push(finished);
    this.flushing ??= this.flushSoon();
  }

  /** Resolves once every outcome handed over so far has been written (or its write failed and was logged). */
  async drain(): Promise<void> {
    while (this.flushing !== null || this.queued.length > 0) {
      this.flushing ??= this.flushSoon();
      await this.flushing;
    }
  }

  private async flushSoon(): Promise<void> {
    await new Promise<void>((r) => setImmediate(r));
    try {
      while (this.queued.length > 0) {
        await this.write(this.queued.splice(0));
        this.onWritten();
      }
    } catch (e) {
      // The batch's messages stay unacknowledged: the runs are redelivered or reaped when their leases expire.
      this.deps.log.log("error", "writing outcomes failed", { worker: this.worker, error: String(e) });
    } finally {
      this.flushing = null;
      if (this.queued.length > 0) this.flushing = this.flushSoon();
    }
  }

  private async write(batch: Finished[]): Promise<void> {
    const txs = batch.flatMap((f) => (f.jobWrite ? [toTx([f.step]), { writes: [f.jobWrite] }] : [toTx([f.step])]));
    const results = await this.deps.store.commitEach(txs);
    const fenced: Tx[] = [];
    const landed: Run[] = [];
    let i = 0;
    for (const f of batch) {
      const run = (f.step.write as { run: Run }).run;
      if (results[i]) landed.push(run);
      else fenced.push(this.fencedEvent(run));
      i += f.jobWrite ? 2 : 1;
    }
    this.onFinished?.(landed);
    if (fenced.length) await this.deps.store.commitEach(fenced);
    // The store holds the outcome now (or the newer attempt's): the message is done with.
    await this.deps.queue.ack(batch.map((f) => f.message));
  }

  /** A late write from an attempt that lost its lease is rejected; the rejection itself is recorded. */
  private fencedEvent(run: Run): Tx {
    const { job_id, scheduled_at, attempt } = run;
    this.deps.log.log("warn", "late write rejected (fenced)", { worker: this.worker, job_id, scheduled_at, attempt });
    const detail = `fenced: late write from ${this.worker} (attempt ${attempt}) rejected`;
    return { writes: [], events: [{ job_id, scheduled_at, at: this.deps.clock.now(), from: "running", to: "running", attempt, detail }] };
  }
}
