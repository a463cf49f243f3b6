import { runKeyString } from "../core/keys.js";
import type { Job, Run, RunKey } from "../core/model.js";
import type { QueueMessage } from "../ports/queue.js";
import type { EngineDeps } from "./deps.js";
import { extended, updateStep } from "./runs.js";

/** A run one worker has claimed and not yet finished: started, due and waiting for a slot, or claimed ahead. */
export interface HeldRun {
  /** The run as it was before this worker claimed it, to give it back unstarted on stop. */
  before: Run;
  /** The run as this worker last wrote it (the claim, then each extension). */
  run: Run;
  job: Job;
  /** Acknowledged once the outcome is written; kept invisible as long as the lease (SQS visibility). */
  message: QueueMessage;
  /** Aborted when the lease is lost, the action times out, or the worker stops. */
  abort: AbortController;
  /** Settles when the action has ended and its outcome is handed to the completer; null until started. */
  done: Promise<void> | null;
}

/**
 * Keeps the leases of the runs one worker holds (as BullMQ's LockManager does): one timer extends
 * every lease in one store round trip. A run whose extension is refused lost its lease (it
 * expired and another attempt took the run): its action is aborted. A kept run's queue message
 * stays invisible as long as its lease, so a remote queue does not redeliver it meanwhile.
 */
export class LeaseKeeper {
  private readonly deps: EngineDeps;
  private readonly worker: string;
  private readonly held = new Map<string, HeldRun>();
  private timer: NodeJS.Timeout | null = null;

  constructor(deps: EngineDeps, worker: string) {
    this.deps = deps;
    this.worker = worker;
  }

  track(h: HeldRun): void {
    this.held.set(runKeyString(h.run), h);
  }

  untrack(h: HeldRun): void {
    const key = runKeyString(h.run);
    if (this.held.get(key) === h) this.held.delete(key);
  }

  has(key: RunKey): boolean {
    return this.held.has(runKeyString(key));
  }

  get size(): number {
    return this.held.size;
  }

  runs(): HeldRun[] {
    return [...this.held.values()];
  }

  /** Beats every third of a lease, so one late beat never loses one. */
  start(): void {
    this.timer ??= setInterval(() => this.heartbeat(), Math.max(250, Math.floor(this.deps.settings.lease_ms / 3)));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Extends every lease now (an action may ask, during long work); a failed beat is logged and the next one tries again. */
  heartbeat(): void {
    this.beat().catch((e: unknown) => this.deps.log.log("error", "heartbeat failed", { worker: this.worker, error: String(e) }));
  }

  private async beat(): Promise<void> {
    if (this.held.size === 0) return;
    const { store, queue, clock, settings } = this.deps;
    const now = clock.now();
    const held = this.runs();
    const steps = held.map((h) => updateStep(h.run, extended(h.run, now, settings.lease_ms), now));
    const results = await store.commitEach(steps.map((s) => ({ writes: [s.write] })));
    const kept: QueueMessage[] = [];
    results.forEach((ok, i) => {
      const h = held[i]!;
      if (ok) {
        h.run = (steps[i]!.write as { run: Run }).run;
        kept.push(h.message);
      } else if (this.held.get(runKeyString(h.run)) === h) h.abort.abort(new Error("lease lost"));
    });
    await Promise.all(kept.map((m) => queue.extend(m, settings.lease_ms)));
  }
}
