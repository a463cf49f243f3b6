import { type Announcement, isLive, type Presence } from "../../ports/presence.js";
import type { EngineDeps } from "../deps.js";
import { PollLoop } from "./poll-loop.js";

type Deps = Pick<EngineDeps, "clock" | "log" | "settings">;

/** With shard leases, a watcher that misses this many polls loses its shards to the others. */
const LEASE_POLLS = 10;

/** How long a watcher's shard lease lasts: it renews it at every poll, and loses it after this many missed polls. */
export const watcherLeaseMs = (deps: Deps) => LEASE_POLLS * deps.settings.poll_interval_ms;

/**
 * How often a worker beats: a fifteenth of a lease (2 s at the default 30 s), at least every
 * 250 ms. Frequent, because the reaper tells a dead worker from a live one by its beat (below),
 * and a beat costs one small write whatever the worker holds.
 */
export const workerBeatMs = (settings: Pick<EngineDeps["settings"], "lease_ms">): number => Math.max(250, Math.floor(settings.lease_ms / 15));

/**
 * How long a worker's beat must be seen standing still, on the observer's monotonic clock, before
 * the reaper takes it for dead and its runs without waiting for their leases: a third of a lease
 * (10 s at the default), and never fewer than 4 missed beats. A SIGKILLed worker's runs then go
 * back to work in about this time instead of the whole lease. A live worker beats 5 times in it
 * (its own loop, not queued behind the runs' writes), so a beat write several seconds slow, a
 * garbage-collection pause or a busy machine does not make it look dead; one
 * frozen longer than this is taken over like one frozen past its lease, and its late writes are
 * fenced. No wall clock enters the judgment, so a jump either way changes nothing.
 */
export const workerDeadAfterMs = (settings: Pick<EngineDeps["settings"], "lease_ms">): number =>
  Math.max(Math.floor(settings.lease_ms / 3), 4 * workerBeatMs(settings));

/**
 * A worker's heartbeat: the reaper's sign of life (src/app/engine/holders.ts), and what `duely status`
 * and the metrics show. Beats every `workerBeatMs`; each beat says it is alive for a lease (the
 * `until` that status reads). Apart from the runs' own leases, which say nothing of an idle worker.
 */
export class WorkerBeat {
  private readonly deps: Deps;
  private readonly presence: Presence;
  private readonly id: string;
  private readonly loop: PollLoop<void>;

  /**
   * `about`: what this process announces with each beat (see Member). `buryGone`, after each
   * beat: buries the processes on this host found dead (see buryGoneAtThisPlace), so a restarted
   * worker frees its predecessor's runs at its first beat, and a live one a dead sibling's.
   */
  constructor(deps: Deps, presence: Presence, id: string, opts: { about?: Announcement; buryGone?: () => Promise<unknown> } = {}) {
    this.deps = deps;
    this.presence = presence;
    this.id = id;
    const ttl = deps.settings.lease_ms;
    const buryGone = opts.buryGone;
    this.loop = new PollLoop({
      tick: async () => {
        await presence.beat(id, deps.clock.now(), ttl, opts.about);
        await buryGone?.().catch((e: unknown) =>
          deps.log.log("warn", "cannot look for dead processes on this host; the next beat looks again", { error: String(e) }),
        );
      },
      intervalMs: workerBeatMs(deps.settings),
      log: deps.log,
      failure: "worker heartbeat failed; the next one tries again",
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Stops beating and says this worker is gone, so it is not listed as live until its heartbeat lapses. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await this.presence.leave(this.id).catch((e: unknown) => this.deps.log.log("warn", "cannot remove this worker's heartbeat", { error: String(e) }));
  }
}

/**
 * In a process that does not watch (the API on DynamoDB, a worker), warns once when no watcher
 * has held a shard lease for two lease periods: until one runs against the same tables, no run
 * is queued and no task runs. Says so again when a watcher appears.
 */
export class WatcherAlarm {
  private readonly deps: Deps;
  private readonly presence: Presence;
  private readonly loop: PollLoop<boolean>;
  private lastSeen: number;
  private warned = false;

  constructor(deps: Deps, presence: Presence) {
    this.deps = deps;
    this.presence = presence;
    this.lastSeen = deps.clock.now();
    this.loop = new PollLoop({ tick: () => this.check(), intervalMs: watcherLeaseMs(deps) / 2, log: deps.log, failure: "cannot list the watchers" });
  }

  start(): void {
    this.lastSeen = this.deps.clock.now();
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One look at the leases; true when a live watcher holds one. */
  async check(): Promise<boolean> {
    const now = this.deps.clock.now();
    const live = (await this.presence.members(now)).filter((m) => m.role === "watcher" && isLive(m, now));
    if (live.length > 0) {
      if (this.warned) this.deps.log.log("info", "a watcher holds the shard leases again: runs are queued", { watchers: live.map((m) => m.id) });
      this.warned = false;
      this.lastSeen = now;
      return true;
    }
    const quietMs = now - this.lastSeen;
    if (!this.warned && quietMs >= 2 * watcherLeaseMs(this.deps)) {
      this.warned = true;
      this.deps.log.log("warn", "no watcher holds a shard lease: no run is queued, so no task runs. Start `duely watcher` with the same config", {
        quiet_s: Math.round(quietMs / 1000),
      });
    }
    return false;
  }
}
