import { runKeyString } from "../core/keys.js";
import { MinHeap } from "../core/min-heap.js";
import type { QueueMessage } from "../ports/queue.js";
import type { EngineDeps } from "./deps.js";

/**
 * The runs a worker held back by their owner's execution rate (limits.executions), each with the
 * token booked for it: the worker keeps their messages here, unacknowledged and invisible to
 * other consumers, until the booked time, then claims them without charging them again. So a
 * run over the rate is written once (its new due time) and waits without a pass of the claim
 * loop, instead of going round the queue and being told to wait again on every pass.
 *
 * Kept in memory: a worker that dies loses its bookings, and the runs come back through the
 * queue (a waiting message returns within seconds on SQS, or the watcher re-sends it) to be
 * charged again. That errs on the side of the limit.
 */
export class RateHold {
  private readonly deps: EngineDeps;
  private readonly onDue: () => void;
  private readonly heap = new MinHeap<QueueMessage>();
  /** Runs paid for and not yet claimed or settled, by run key. */
  private readonly paid = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;

  /** `onDue` is told when held messages fall due (take them with `takeDue`). */
  constructor(deps: EngineDeps, onDue: () => void) {
    this.deps = deps;
    this.onDue = onDue;
  }

  get size(): number {
    return this.heap.size;
  }

  /**
   * Keeps `message` until `at` (the booked time less the claim lead): paid for, and hidden from
   * other consumers until a lease past then.
   */
  hold(message: QueueMessage, at: number): void {
    this.paid.add(runKeyString(message.key));
    this.heap.push(at, message);
    const hiddenMs = Math.max(0, at - this.deps.clock.now()) + this.deps.settings.lease_ms;
    this.deps.queue
      .extend(message, hiddenMs, { waiting: true })
      .catch((e: unknown) => this.deps.log.log("warn", "cannot extend a message's visibility", { error: String(e) }));
    this.arm();
  }

  /** Whether the run of `message` was paid for when it was held back. */
  isPaid(message: QueueMessage): boolean {
    return this.paid.has(runKeyString(message.key));
  }

  /** The run is claimed or settled: its booking is used up. */
  settle(message: QueueMessage): void {
    this.paid.delete(runKeyString(message.key));
  }

  /** The messages whose time has come, earliest first. */
  takeDue(now: number): QueueMessage[] {
    const due: QueueMessage[] = [];
    while ((this.heap.peekAt() ?? Infinity) <= now) due.push(this.heap.pop()!);
    this.arm();
    return due;
  }

  /** Stops the timer and hands back every message still held (the worker is stopping). */
  clear(): QueueMessage[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const all: QueueMessage[] = [];
    for (let m = this.heap.pop(); m; m = this.heap.pop()) all.push(m);
    this.paid.clear();
    return all;
  }

  /** One timer, for the earliest held message. */
  private arm(): void {
    const at = this.heap.peekAt();
    if (at === undefined || at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.onDue();
      },
      Math.max(0, at - this.deps.clock.now()),
    );
  }
}
