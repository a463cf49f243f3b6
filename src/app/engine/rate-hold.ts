import { MinHeap } from "../../core/min-heap.js";
import type { QueueMessage } from "../../ports/queue.js";
import type { EngineDeps } from "../deps.js";

/**
 * The messages of runs a worker held back by their owner's execution rate (limits.executions):
 * the worker keeps them here, unacknowledged and invisible to other consumers, until the time
 * booked for them, then claims them. So a run over the rate is written once (its new due time,
 * booked) and waits without a pass of the claim loop, instead of going round the queue and being
 * told to wait again on every pass. The booking itself is stored with the run (`Run.booked`), so
 * a worker that dies loses only these messages: the runs come back through the queue (a waiting
 * message returns within seconds on SQS, or the watcher re-sends it) and are not charged again.
 */
export class RateHold {
  private readonly deps: EngineDeps;
  private readonly onDue: () => void;
  private readonly heap = new MinHeap<QueueMessage>();
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
   * Keeps `message` until `at` (the booked time less the claim lead), hidden from other
   * consumers until a lease past then.
   */
  hold(message: QueueMessage, at: number): void {
    this.heap.push(at, message);
    const hiddenMs = Math.max(0, at - this.deps.clock.now()) + this.deps.settings.lease_ms;
    this.deps.queue
      .extend(message, hiddenMs, { waiting: true })
      .catch((e: unknown) => this.deps.log.log("warn", "cannot extend a message's visibility", { error: String(e) }));
    this.arm();
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
