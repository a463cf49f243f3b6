import type { AuthStore } from "./auth-store.js";
import type { Clock } from "./clock.js";
import type { LimitState } from "./limit-state.js";
import type { Presence } from "./presence.js";
import type { DelayQueue } from "./queue.js";
import type { RunRetention } from "./run-retention.js";
import type { ShardLeases } from "./shard-lease.js";
import type { Store } from "./store.js";

/** How watcher processes split the shards and role processes announce themselves, and its release. */
export interface Coordination {
  leases: ShardLeases;
  presence: Presence;
  close(): void;
}

/**
 * Everything one kind of store gives a process, from one module that owns the connections to
 * it: the tasks' store, the queue that goes with it, the rate limits' buckets, the finished runs'
 * retention, the shard leases and the authorization server's store. The composition root picks
 * the module once (`backendFor`) and asks it for the parts a process needs; nothing else decides
 * by the kind of store.
 *
 * Each part MUST be closed by whoever opened it. Parts that share a client (DynamoDB's) MUST
 * keep it open while any of them is open, and destroy it when the last one closes.
 */
export interface Backend {
  openStore(clock: Clock): Promise<Store>;
  openQueue(clock: Clock): Promise<DelayQueue>;
  /** Where the per-owner rate limits keep their buckets: shared by every process of the deployment when the store is. */
  openLimitState(clock: Clock): Promise<LimitState>;
  /** Pruning of finished runs, where the store keeps them until pruned; null where they expire by themselves. */
  openRetention(): RunRetention | null;
  /** Shard leases and presence, where several processes share the store; null where one process is the whole scheduler. */
  openCoordination(): Coordination | null;
  openAuthStore(clock: Clock): Promise<AuthStore>;
  /**
   * Makes this process the only scheduler of the store, where the store needs one (a SQLite
   * file); null where it does not. MUST refuse at once, with a `conflict` DomainError naming the
   * holder, when another live process holds it.
   */
  lockScheduler(holder: { pid: number; command: string }): { release(): void } | null;
  /** What `duely status` needs first: throws when there is nothing to read (no database file). */
  checkReadable(): void;
  /** What a starting process logs about this backend beside its mode (the SQLite driver in use). */
  startFields: Record<string, string>;
  /** Whether a live process holds the scheduler lock, where there is one (see lockScheduler); null elsewhere. */
  schedulerRunning: (() => boolean) | null;
}
