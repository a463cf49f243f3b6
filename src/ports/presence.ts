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
  /**
   * Where the process runs and its pid there (see ProcessPlace), as it announced them; absent
   * from one that could not tell or did not say. A process at the same place can tell whether it
   * is dead.
   */
  place?: string;
  pid?: number;
  /**
   * A process at its place found its pid gone: it is dead, whatever its lease or heartbeat says,
   * and its runs and shards are taken without waiting.
   */
  buried?: true;
}

/** Whether `m` counts as running at `now`: its lease or beat is current and nobody found it dead. */
export const isLive = (m: Member, now: number): boolean => m.until > now && m.buried !== true;

/** What a watcher or worker announces of itself with its lease or heartbeat. */
export type Announcement = Pick<Member, "config" | "place" | "pid">;

/**
 * Who runs the scheduler, for `duely status`, the metrics and the API's warning when no watcher
 * runs. Watchers announce themselves through their shard leases; workers through `beat`. Only
 * deployments with separate role processes (DynamoDB) have one; an embedded process is the
 * whole scheduler and needs none.
 */
export interface Presence {
  /** Worker `id` is alive until `now + ttlMs`, and says what `about` holds (see Member). */
  beat(id: string, now: number, ttlMs: number, about?: Announcement): Promise<void>;
  /** Worker `id` stopped gracefully: it is gone at once. */
  leave(id: string): Promise<void>;
  /**
   * Records the listed member `id` of `role` as dead (see Member.buried), until it announces
   * itself again; a member no longer listed (it left) stays unlisted.
   */
  bury(role: Member["role"], id: string): Promise<void>;
  /** Every watcher and worker seen within the last hour, live or not (see `until`). */
  members(now: number): Promise<Member[]>;
}
