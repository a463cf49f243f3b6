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

/** A run waiting for its due time, or a delivery to hand out again if it is still unacknowledged at `at`. */
type Entry = { kind: "due"; item: QueueItem } | { kind: "redeliver"; receipt: string; at: number };

interface InFlight {
  item: QueueItem;
  visibleAt: number;
}

/**
 * The embedded delay queue: an in-process heap released by ONE timer armed for the earliest
 * due time (not one setTimeout per run). Memory is bounded by what the watcher sends, which is
 * only what falls due within its look-ahead window. Not durable: after a crash the watcher
 * re-sends queued runs from the store, which is the source of truth.
 *
 * Like SQS, a delivered message stays in flight until acknowledged, and one not acknowledged
 * within its visibility timeout (`extend` pushes it back) is delivered again: a consumer that
 * received a batch and failed before handling it loses nothing. Acknowledged and extended
 * deliveries leave stale heap entries behind; each is dropped when its time comes.
 */
export class LocalDelayQueue implements DelayQueue {
  private heap = new MinHeap<Entry>();
  private ready = new FairReadyList<QueueItem>();
  /** Keys held (waiting in the heap or ready), so a re-send of a held run is dropped. */
  private held = new Set<string>();
  /** Runs waiting in the heap for their due time (the heap also holds redelivery entries). */
  private waiting = 0;
  private inFlight = new Map<string, InFlight>();
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private closed = false;
  private receipts = 0;

  private readonly clock: Clock;
  private readonly leadMs: number;
  private readonly visibilityMs: number;

  /**
   * `leadMs`: hand each run out this long before its due time, for a consumer that claims ahead and starts on time.
   * `visibilityMs`: how long a delivery stays in flight before it is handed out again. @default 30000 (SQS's default)
   */
  constructor(clock: Clock, opts: { leadMs?: number; visibilityMs?: number } = {}) {
    this.clock = clock;
    this.leadMs = opts.leadMs ?? 0;
    this.visibilityMs = opts.visibilityMs ?? 30_000;
  }

  async send(items: QueueItem[]): Promise<void> {
    for (const item of items) {
      const k = runKeyString(item.key);
      if (this.held.has(k)) continue;
      this.held.add(k);
      this.waiting++;
      this.heap.push(item.dueAt - this.leadMs, { kind: "due", item });
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

  async ack(messages: QueueMessage[]): Promise<void> {
    for (const m of messages) this.inFlight.delete(m.receipt);
  }

  /** Like SQS's ChangeMessageVisibility: hidden for `ms` from now. A delivery already acknowledged or handed out again is left alone. */
  async extend(message: QueueMessage, ms: number): Promise<void> {
    const flight = this.inFlight.get(message.receipt);
    if (!flight) return;
    flight.visibleAt = this.clock.now() + ms;
    this.heap.push(flight.visibleAt, { kind: "redeliver", receipt: message.receipt, at: flight.visibleAt });
  }

  /** Waiting, ready, and delivered but not yet acknowledged. */
  async size(): Promise<number> {
    return this.waiting + this.ready.size + this.inFlight.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeAll();
  }

  private take(max: number): QueueMessage[] {
    const visibleAt = this.clock.now() + this.visibilityMs;
    return this.ready.take(max).map((item) => {
      this.held.delete(runKeyString(item.key));
      const receipt = String(++this.receipts);
      this.inFlight.set(receipt, { item, visibleAt });
      this.heap.push(visibleAt, { kind: "redeliver", receipt, at: visibleAt });
      return { ...item, receipt };
    });
  }

  /** Moves every run due at `now`, and every delivery unacknowledged past its timeout, to the fair ready list. */
  private release(now: number): void {
    while (this.heap.size > 0 && this.heap.peekAt()! <= now) {
      const entry = this.heap.pop()!;
      if (entry.kind === "due") {
        this.waiting--;
        this.ready.push(entry.item.owner, entry.item);
        continue;
      }
      const flight = this.inFlight.get(entry.receipt);
      if (!flight || flight.visibleAt !== entry.at) continue;
      this.inFlight.delete(entry.receipt);
      this.held.add(runKeyString(flight.item.key));
      this.ready.push(flight.item.owner, flight.item);
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
