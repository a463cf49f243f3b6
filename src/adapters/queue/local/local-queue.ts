import { MinHeap } from "../../../core/min-heap.js";
import type { RunKey } from "../../../core/model.js";
import type { Clock } from "../../../ports/clock.js";
import type { DelayQueue, QueueItem, QueueMessage } from "../../../ports/queue.js";
import { FairReadyList } from "../fair-ready-list.js";

/** Node's setTimeout fires after 1 ms for delays beyond 2^31-1 ms, so no timer is armed further. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Waiter {
  resolve: () => void;
}

/**
 * A delivery not yet acknowledged. It has ONE entry in the flights heap at a time, at `armedAt`;
 * an extension only moves `visibleAt` later, and the entry re-arms itself when its time comes,
 * so a lease renewed every few seconds adds nothing to the heap. `item` is null once the
 * delivery is acknowledged or handed out again: the entry left in the heap holds no run.
 */
interface InFlight {
  receipt: string;
  item: QueueItem | null;
  visibleAt: number;
  armedAt: number;
}

/** Stale flight entries (acknowledged deliveries) tolerated beyond the live ones before the heap is rebuilt. */
const STALE_SLACK = 1024;

/**
 * The embedded delay queue: an in-process heap released by ONE timer armed for the earliest
 * due time (not one setTimeout per run). Memory is bounded by what the watcher sends, which is
 * only what falls due within its look-ahead window. Not durable: after a crash the watcher
 * re-sends queued runs from the store, which is the source of truth.
 *
 * Like SQS, a delivered message stays in flight until acknowledged, and one not acknowledged
 * within its visibility timeout (`extend` pushes it back) is delivered again: a consumer that
 * received a batch and failed before handling it loses nothing.
 *
 * Memory per run is what a spike's peak is made of (100,000 runs wait here at once): a waiting
 * run is its item alone in its due time's list, and the held set keys runs by their task's id (the
 * item's own string) rather than by a key string built per run. Acknowledged deliveries leave
 * their small flight entry in the heap until its time; once those outnumber the live ones by
 * STALE_SLACK the heap is rebuilt from the live ones, so a spike's 100,000 acknowledgements do
 * not stay reachable for a visibility timeout.
 */
export class LocalDelayQueue implements DelayQueue {
  /**
   * Runs waiting for their due time (less the lead), one list per distinct time in the order
   * sent: a spike's 100,000 runs due at one instant are one heap entry and one array.
   */
  private due = new MinHeap<QueueItem[]>();
  private dueAt = new Map<number, QueueItem[]>();
  /** Runs in the due lists. */
  private waiting = 0;
  private ready = new FairReadyList<QueueItem>();
  /**
   * Runs held (waiting in the due heap or ready), so a re-send of a held run is dropped: per task
   * id its run's scheduled time, or the set of them when one task has several runs held.
   */
  private held = new Map<string, number | Set<number>>();
  private inFlight = new Map<string, InFlight>();
  /** Delivery timeouts: one entry per live delivery (see InFlight), plus acknowledged ones not yet dropped. */
  private flights = new MinHeap<InFlight>();
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
      if (!this.hold(item.key)) continue;
      const at = item.dueAt - this.leadMs;
      let list = this.dueAt.get(at);
      if (!list) {
        list = [];
        this.dueAt.set(at, list);
        this.due.push(at, list);
      }
      list.push(item);
      this.waiting++;
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
    for (const m of messages) {
      const flight = this.inFlight.get(m.receipt);
      if (!flight) continue;
      this.inFlight.delete(m.receipt);
      flight.item = null;
    }
    if (this.flights.size > 2 * this.inFlight.size + STALE_SLACK) this.rebuildFlights();
  }

  /** Like SQS's ChangeMessageVisibility: hidden for `ms` from now. A delivery already acknowledged or handed out again is left alone. */
  async extend(message: QueueMessage, ms: number): Promise<void> {
    const flight = this.inFlight.get(message.receipt);
    if (!flight) return;
    flight.visibleAt = this.clock.now() + ms;
    // Sooner than its entry: arm one more (the later one is dropped when it comes). Later: the entry re-arms.
    if (flight.visibleAt < flight.armedAt) this.arm(flight);
    this.wakeOrArm();
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
      this.unhold(item.key);
      const receipt = String(++this.receipts);
      const flight: InFlight = { receipt, item, visibleAt, armedAt: visibleAt };
      this.inFlight.set(receipt, flight);
      this.flights.push(visibleAt, flight);
      // The port's fields spelled out, as SQS carries them: `{ ...item, receipt }` gives the copy
      // an out-of-object property store with room to grow (~280 bytes against ~56), one per delivery.
      return { key: item.key, owner: item.owner, dueAt: item.dueAt, receipt };
    });
  }

  /** Moves every run due at `now`, and every delivery unacknowledged past its timeout, to the fair ready list. */
  private release(now: number): void {
    while (this.due.size > 0 && this.due.peekAt()! <= now) {
      this.dueAt.delete(this.due.peekAt()!);
      const list = this.due.pop()!;
      this.waiting -= list.length;
      for (const item of list) this.ready.push(item.owner, item);
    }
    while (this.flights.size > 0 && this.flights.peekAt()! <= now) {
      const at = this.flights.peekAt()!;
      const flight = this.flights.pop()!;
      const item = flight.item;
      // Acknowledged, handed out again, or an entry a sooner extension replaced.
      if (item === null || at !== flight.armedAt) continue;
      if (flight.visibleAt > now) {
        this.arm(flight);
        continue;
      }
      this.inFlight.delete(flight.receipt);
      flight.item = null;
      this.hold(item.key);
      this.ready.push(item.owner, item);
    }
  }

  /** Puts the delivery's one live entry at its visibility time. */
  private arm(flight: InFlight): void {
    flight.armedAt = flight.visibleAt;
    this.flights.push(flight.visibleAt, flight);
  }

  /** Drops the acknowledged deliveries' entries: the live ones, in delivery order, make the heap again. */
  private rebuildFlights(): void {
    this.flights = new MinHeap<InFlight>();
    for (const flight of this.inFlight.values()) this.flights.push(flight.armedAt, flight);
  }

  /** Marks the run held; false if it already was. */
  private hold(key: RunKey): boolean {
    const at = this.held.get(key.job_id);
    if (at === undefined) {
      this.held.set(key.job_id, key.scheduled_at);
      return true;
    }
    if (typeof at === "number") {
      if (at === key.scheduled_at) return false;
      this.held.set(key.job_id, new Set([at, key.scheduled_at]));
      return true;
    }
    if (at.has(key.scheduled_at)) return false;
    at.add(key.scheduled_at);
    return true;
  }

  private unhold(key: RunKey): void {
    const at = this.held.get(key.job_id);
    if (at === undefined) return;
    if (typeof at === "number") {
      if (at === key.scheduled_at) this.held.delete(key.job_id);
      return;
    }
    at.delete(key.scheduled_at);
    if (at.size === 0) this.held.delete(key.job_id);
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
      this.armTimer();
    });
  }

  private wakeOrArm(): void {
    if (this.nextAt() <= this.clock.now()) this.wakeAll();
    else this.armTimer();
  }

  /** The earliest time something is to be released: a due run or a delivery's timeout. */
  private nextAt(): number {
    return Math.min(this.due.peekAt() ?? Infinity, this.flights.peekAt() ?? Infinity);
  }

  /** Keeps the one timer armed for the earliest due item while somebody is waiting. */
  private armTimer(): void {
    const at = this.nextAt();
    if (at === Infinity || this.waiters.length === 0 || this.closed) return;
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
