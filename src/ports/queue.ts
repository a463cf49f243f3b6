import type { RunKey } from "../core/model.js";

export interface QueueItem {
  key: RunKey;
  owner: string;
  /**
   * When the run is due (epoch ms). Delivered no earlier than this, less the lead the consumer
   * asked the adapter for (so it can claim ahead and start on time).
   */
  dueAt: number;
}

export interface QueueMessage extends QueueItem {
  /** Identifies this delivery for ack/extend. */
  receipt: string;
}

/**
 * Layer 2 of dispatch: holds runs until their due time. Delivery is at-least-once: a message
 * MAY be delivered twice, so consumers claim the run by compare-and-set before acting on it.
 * The store, not the queue, is the source of truth for a run's status.
 */
export interface DelayQueue {
  send(items: QueueItem[]): Promise<void>;
  /**
   * Up to `max` messages whose due time has come, interleaved across owners so that one owner's
   * burst does not hold back another's run. Waits up to `waitMs` for the first one (0 = don't wait).
   */
  receive(max: number, waitMs: number, signal?: AbortSignal): Promise<QueueMessage[]>;
  /** The message is handled; it MUST NOT be delivered again. */
  ack(messages: QueueMessage[]): Promise<void>;
  /**
   * Keep the message from redelivery for `ms` more (SQS visibility); MAY be a no-op. With
   * `waiting`, its run is not claimed (the consumer holds it back until later): a queue shared
   * by several processes SHOULD then hand it to another consumer within seconds of this one
   * dying, rather than `ms` later (SQS: a short visibility, renewed while this process lives).
   */
  extend(message: QueueMessage, ms: number, opts?: { waiting?: boolean }): Promise<void>;
  /**
   * Where the queue interleaves owners only among the messages a consumer has read ahead (SQS
   * hands out the rest roughly in the order they became visible): how many of one owner's
   * messages may wait unclaimed before another owner's new message risks waiting behind them.
   * Senders keep each owner under it. Absent: the queue interleaves owners over everything it
   * holds, and no sender need pace anyone.
   */
  readonly ownerWindow?: number;
  /** Messages held, for metrics and tests; MAY be approximate. */
  size(): Promise<number>;
  /** Messages parked in a dead-letter queue (no consumer could handle them); MAY be approximate. Absent where there is none. */
  deadLettered?(): Promise<number>;
  close(): Promise<void>;
}
