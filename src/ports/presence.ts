/** A watcher or worker process as it last announced itself. */
export interface Member {
  role: "watcher" | "worker";
  /** Its `--id` (default `<role>-<pid>`). */
  id: string;
  /** When it last renewed its lease or heartbeat (epoch ms). */
  seenAt: number;
  /** It counts as gone after this (epoch ms); a graceful stop sets it in the past. */
  until: number;
  /** The shards a watcher holds (ascending); empty for a worker. */
  shards: number[];
  /**
   * A digest of the settings every role must share (engine settings, tables, queue), as the
   * process announced it; absent from one that did not. Roles that differ disagree on shards,
   * leases or where runs go.
   */
  config?: string;
}

/**
 * Who runs the scheduler, for `duely status`, the metrics and the API's warning when no watcher
 * runs. Watchers announce themselves through their shard leases; workers through `beat`. Only
 * deployments with separate role processes (DynamoDB) have one; an embedded process is the
 * whole scheduler and needs none.
 */
export interface Presence {
  /** Worker `id` is alive until `now + ttlMs`, running with the settings digest `config` (see Member). */
  beat(id: string, now: number, ttlMs: number, config?: string): Promise<void>;
  /** Worker `id` stopped gracefully: it is gone at once. */
  leave(id: string): Promise<void>;
  /** Every watcher and worker seen within the last hour, live or not (see `until`). */
  members(now: number): Promise<Member[]>;
}
