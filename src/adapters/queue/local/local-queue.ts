import { runKeyString } from "../../../core/keys.js";
import { MinHeap } from "../../../core/min-heap.js";
import type { Clock } from "../../../ports/clock.js";
import type { DelayQueue, QueueItem, QueueMessage } from "../../../ports/queue.js";
import { FairReadyList } from "../fair-ready-list.js";

/** Node's setTimeout fires after 1 ms for delays beyond 2^31-1 ms, so no timer is armed further. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Waiter {
  resolve: () => void;
}

/**
 * The embedded delay queue: an in-process heap released by ONE timer armed for the earliest
 * due time (not one setTimeout per run). Memory is bounded by what the watcher sends, which is
 * only what falls due within its look-ahead window. Not durable: after a crash the watcher
 * re-sends queued runs from the store, which is the source of truth.
 */
export class LocalDelayQueue implements DelayQueue {
  private heap = new MinHeap<QueueItem>();
  private ready = new FairReadyList<QueueItem>();
  /** Keys held (in the heap or ready), so a re-send of a held run is dropped. */
  private held = new Set<string>();
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private closed = false;
  private receipts = 0;

  private readonly clock: Clock;
  private readonly leadMs: number;

  /** `leadMs`: hand each run out this long before its due time, for a consumer that claims ahead and starts on time. */
  constructor(clock: Clock, opts: { leadMs?: number } = {}) {
    this.clock = clock;
    this.leadMs = opts.leadMs ?? 0;
  }

  async send(items: QueueItem[]): Promise<void> {
    for (const item of items) {
      const k = runKeyString(item.key);
      if (this.held.has(k)) continue;
      this.held.add(k);
      this.heap.push(item.dueAt - this.leadMs, item);
    }
    this.wakeOrArm();
  }

  async receive(max: number, waitMs: number, signal?: AbortSignal): Promise<QueueMessage[]> {
    const deadline = this.clock.now() + waitMs;
    for (;;) {
      this.release(this.clock.now());
      if (this.ready.size > 0 || this.closed || signal?.aborted) return this.take(max);
      const left = deadline - this.clock.now();
      if (left <= 0) return [];
      await this.waitForWork(left, signal);
    }
  }

  async ack(_messages: QueueMessage[]): Promise<void> {}

  async extend(_message: QueueMessage, _ms: number): Promise<void> {}

  async size(): Promise<number> {
    return this.heap.size + this.ready.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeAll();
  }

  private take(max: number): QueueMessage[] {
    return this.ready.take(max).map((item) => {
      this.held.delete(runKeyString(item.key));
      return { ...item, receipt: String(++this.receipts) };
    });
  }

  /** Moves every item due at `now` from the heap to the fair ready list. */
  private release(now: number): void {
    while (this.heap.size > 0 && this.heap.peekAt()! <= now) {
      const item = this.heap.pop()!;
      this.ready.push(item.owner, item);
    }
  }

  private waitForWork(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve: () => {
          clearTimeout(timeout);
          signal?.removeEventListener("abort", waiter.resolve);
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve();
        },
      };
      const timeout = setTimeout(waiter.resolve, Math.min(ms, MAX_TIMER_MS));
      signal?.addEventListener("abort", waiter.resolve, { once: true });
      this.waiters.push(waiter);
      this.arm();
    });
  }

  private wakeOrArm(): void {
    if (this.heap.size > 0 && this.heap.peekAt()! <= this.clock.now()) this.wakeAll();
    else this.arm();
  }

  /** Keeps the one timer armed for the earliest due item while somebody is waiting. */
  private arm(): void {
    const at = this.heap.peekAt();
    if (at === undefined || this.waiters.length === 0 || this.closed) return;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    const delay = Math.max(0, Math.min(at - this.clock.now(), MAX_TIMER_MS));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.wakeAll();
    }, delay);
  }

  private wakeAll(): void {
    for (const w of [...this.waiters]) w.resolve();
  }
}
