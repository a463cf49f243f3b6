import type { Announcement } from "./presence.js";

/**
 * How several watchers split the shards (`bucket#shard` partitions) between them, so that no
 * two of them scan and enqueue the same shard. A watcher calls `acquire` at the start of every
 * tick and scans only the shards it returns.
 *
 * - A shard is held by at most one live watcher at a time; a holder renews it each acquire.
 * - Live watchers get fair shares (they differ by at most one shard once the split settles,
 *   which takes a few ticks after a watcher joins: the others hand over what exceeds their share).
 * - A watcher that stops calling `acquire` (crashed, frozen) loses its shards `leaseMs` after
 *   its last call; a live one takes them on its next acquire after that.
 *
 * Leases bound duplicate work; they do not fence it. Correctness never depends on them: every
 * run transition is a compare-and-set in the store, so a frozen watcher that wakes up and scans
 * a shard it no longer holds causes conflicts, not double runs. Clocks across hosts MUST agree
 * to well within `leaseMs`.
 */
export interface ShardLeases {
  /**
   * Renews this watcher's leases and takes free ones up to its share; `about` is what it says of
   * itself (see Member). A watcher buried in presence (Member.buried) holds nothing: its shards
   * are free at once, and it is live again once it acquires.
   */
  acquire(owner: string, shards: number, leaseMs: number, now: number, about?: Announcement): Promise<Acquired>;
  /** Gives up every lease of `owner` (a graceful stop), so others take them without waiting. */
  release(owner: string): Promise<void>;
}

export interface Acquired {
  /** The shards `owner` holds now, ascending. */
  shards: number[];
  /** Shards it just took from a watcher whose lease had expired (crashed or frozen), and that watcher's id. */
  takenOver: { shard: number; from: string }[];
}
