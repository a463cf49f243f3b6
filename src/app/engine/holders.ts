import type { Run } from "../../core/model.js";
import { monotonicOf } from "../../ports/clock.js";
import type { Presence } from "../../ports/presence.js";
import type { EngineDeps } from "../deps.js";
import { workerBeatMs, workerDeadAfterMs } from "./liveness.js";

type Deps = Pick<EngineDeps, "clock" | "log" | "settings">;

/**
 * Whether a running run's worker is alive, asked by the reaper before it takes a run whose lease
 * has expired. A stored lease is wall time, and a wall clock can jump, or a write outage can stop
 * heartbeats while the worker still holds the run and keeps trying to store its outcome: in
 * either case the lease lapses with the worker alive, and reaping would run the action twice.
 *
 * - A worker of this process is asked directly (it holds a run from its claim until the outcome
 *   is stored or fenced).
 * - A worker of another process (DynamoDB: it beats in the presence table) is alive while its
 *   heartbeat is seen to change, and dead once it has been seen not to change for
 *   `workerDeadAfterMs` (a third of a lease, 5 beats): that time is measured on this process's
 *   monotonic clock, which no wall-clock jump moves, so a clock set back does not keep a dead
 *   worker's runs held either. A dead worker's runs are reaped without waiting for their leases
 *   (`recentlyDead` tells the watcher to look for them ahead of their wake times).
 * - A worker buried in presence (a process at its place saw its pid gone) is dead at once.
 * - A holder known to neither is judged by its lease, as before.
 */
export type HolderState = "alive" | "dead" | "unknown";

export class Holders {
  private readonly deps: Deps;
  private readonly local: () => readonly { holds(run: Run): boolean }[];
  private readonly presence: Presence | null;
  /**
   * Each remote worker's last heartbeat as read, and when (monotonic) it was first read with that
   * value; `buriedAt`: when it was first read buried (see Member.buried).
   */
  private readonly beats = new Map<string, { seenAt: number; until: number; changedAt: number; buriedAt?: number }>();

  constructor(deps: Deps, opts: { local: () => readonly { holds(run: Run): boolean }[]; presence?: Presence | null }) {
    this.deps = deps;
    this.local = opts.local;
    this.presence = opts.presence ?? null;
  }

  /** The last refresh failed: nobody's liveness can be told, so nothing is reaped on a lease alone. */
  private blind = false;
  /** When (monotonic) the heartbeats were last read: read at most once a beat, however often asked. */
  private readAt = -Infinity;

  /**
   * Reads the workers' heartbeats unless they were read within a beat interval: the watcher asks
   * every tick of every shard, so that a worker's beat is followed while it lives and its death is
   * seen within `workerDeadAfterMs`, at one Scan of the small leases table per beat at most.
   */
  async refreshIfStale(): Promise<void> {
    if (monotonicOf(this.deps.clock) - this.readAt < workerBeatMs(this.deps.settings)) return;
    await this.refresh();
  }

  /** Reads the workers' heartbeats once, before a batch of reaping decisions. */
  async refresh(): Promise<void> {
    if (!this.presence) return;
    const { clock, log } = this.deps;
    this.readAt = monotonicOf(clock);
    let members: Awaited<ReturnType<Presence["members"]>>;
    try {
      members = await this.presence.members(clock.now());
    } catch (e) {
      log.log("warn", "cannot read the workers' heartbeats; leaving runs with expired leases for the next tick", { error: String(e) });
      this.blind = true;
      return;
    }
    this.blind = false;
    const at = monotonicOf(clock);
    const seen = new Set<string>();
    for (const m of members) {
      if (m.role !== "worker") continue;
      seen.add(m.id);
      const known = this.beats.get(m.id);
      // Buried: a process where it ran saw its pid gone, which no beat standing still can match
      // for certainty, so it is dead from this read on.
      const buriedAt = m.buried ? (known?.buriedAt ?? at) : undefined;
      if (known && known.seenAt === m.seenAt && known.until === m.until && known.buriedAt === buriedAt) continue;
      // A first read counts as a change: only a beat seen standing still for a lease is dead,
      // whatever the wall clocks say.
      this.beats.set(m.id, { seenAt: m.seenAt, until: m.until, changedAt: at, ...(buriedAt !== undefined && { buriedAt }) });
    }
    // A worker that left gracefully removed its beat: gone at once.
    for (const id of this.beats.keys()) if (!seen.has(id)) this.beats.delete(id);
  }

  /** What is known of the worker holding `run`: the reaper leaves a live one's run alone, and reaps a dead one's whatever its lease says. */
  state(run: Run): HolderState {
    if (this.local().some((w) => w.holds(run))) return "alive";
    if (!this.presence) return "unknown";
    if (this.blind) return "alive";
    const beat = run.lease_owner === null ? undefined : this.beats.get(run.lease_owner);
    // Never seen beating (or left gracefully): its lease says.
    if (!beat) return "unknown";
    if (beat.buriedAt !== undefined) return "dead";
    return monotonicOf(this.deps.clock) - beat.changedAt < workerDeadAfterMs(this.deps.settings) ? "alive" : "dead";
  }

  /** How the worker holding `run`, in state `dead`, is known to be dead: for the reap's event. */
  whyDead(run: Run): string | undefined {
    const beat = run.lease_owner === null ? undefined : this.beats.get(run.lease_owner);
    if (beat?.buriedAt !== undefined) return "a process on its host found its pid gone";
    return undefined;
  }

  /**
   * Whether a worker was taken for dead within the last lease: its runs may still be held under
   * leases that have not expired, so the watcher looks for them ahead of their wake times (after a
   * lease they are all waking anyway, and the ordinary scan finds them).
   */
  recentlyDead(): boolean {
    if (!this.presence || this.blind) return false;
    const now = monotonicOf(this.deps.clock);
    const dead = workerDeadAfterMs(this.deps.settings);
    for (const beat of this.beats.values()) {
      if (beat.buriedAt !== undefined && now - beat.buriedAt < this.deps.settings.lease_ms) return true;
      const still = now - beat.changedAt;
      if (still >= dead && still < dead + this.deps.settings.lease_ms) return true;
    }
    return false;
  }
}
