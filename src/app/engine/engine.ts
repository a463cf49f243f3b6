import { formatDuration } from "../../core/duration.js";
import type { Clock } from "../../ports/clock.js";
import type { Logger } from "../../ports/logger.js";
import { type PeriodicChecks, sharedTimer } from "../../ports/periodic-checks.js";
import type { Announcement, Presence } from "../../ports/presence.js";
import type { ProcessPlace } from "../../ports/process-place.js";
import type { ShardLeases } from "../../ports/shard-lease.js";
import { ChangeFeed } from "../changes.js";
import type { EngineDeps } from "../deps.js";
import type { EngineSettings } from "../settings.js";
import { Jobs } from "../tasks/jobs.js";
import { withQueueDeadline } from "./deadline.js";
import { engineStore } from "./engine-store.js";
import { FailureAlerts } from "./failure-alerts.js";
import { buryGoneAtThisPlace } from "./gone-at-this-place.js";
import { Holders } from "./holders.js";
import { WatcherAlarm, WorkerBeat } from "./liveness.js";
import { measuredActions, observeChanges } from "./observation.js";
import type { Pruner } from "./pruner.js";
import { untilReady } from "./readiness.js";
import { type RecoveryStats, recoverOwnedRuns } from "./recovery.js";
import { checkReady, type Readiness } from "./status.js";
import { Sweeper } from "./sweeper.js";
import { WakeWatch } from "./wake-watch.js";
import { Watcher } from "./watcher.js";
import { Worker } from "./worker.js";

/**
 * The background roles a process plays. `sweeper` sweeps only while this process's watcher
 * scans shard 0 (always, without shard leases), so among several watchers one sweeps.
 */
export type Role = "watcher" | "worker" | "sweeper";
/** The embedded scheduler: one process plays every role. */
export const ALL_ROLES: readonly Role[] = ["watcher", "worker", "sweeper"];

export interface EngineOptions {
  /** What `start()` runs. @default ALL_ROLES */
  roles?: readonly Role[];
  /** Names this process's watcher and worker in leases, run events and logs. @default a random id each */
  id?: string;
  /** Several watcher processes split the shards by these; without them the watcher scans every shard. */
  leases?: ShardLeases;
  /**
   * Where role processes announce themselves (DynamoDB): a worker here heartbeats, and a process
   * without a watcher warns when no watcher runs. Without it, neither.
   */
  presence?: Presence;
  /** Closes what the composition root opened for this engine besides the store and queue. */
  close?: () => void;
  /**
   * This process is the only one using the store, and its queue lives in memory (embedded SQLite,
   * under the file's lock): `start()` first recovers what a previous process left (see
   * recoverOwnedRuns). Never set it for a store other processes use. @default false
   */
  exclusive?: boolean;
  /** A digest of the settings every role process must share, announced with its lease or heartbeat, so `duely status` can tell a role configured differently. */
  configDigest?: string;
  /**
   * Where this process runs (with `presence`): announced with its lease and heartbeat, and where
   * it looks, as it starts and at each worker beat, for processes on this host whose pid is gone,
   * to bury them (see buryGoneAtThisPlace). Without it, a dead process is known by its heartbeat
   * standing still or its lease lapsing only.
   */
  place?: ProcessPlace;
  /** Prunes old finished runs (SQLite only); runs with the sweeper role. */
  pruner?: Pruner;
  /**
   * The process's one timer for periodic checks: the wake watch and the sweeper run on it (give
   * the pruner, the store's file check and the HTTP server the same one, so that they share its
   * wake-ups). @default a timer of the engine's own
   */
  periodic?: PeriodicChecks;
}

/** The scheduler's use cases and background roles over one set of adapters. */
export class Engine {
  readonly jobs: Jobs;
  readonly clock: Clock;
  readonly log: Logger;
  readonly settings: EngineSettings;
  readonly watcher: Watcher;
  readonly worker: Worker;
  readonly sweeper: Sweeper;
  /** Notices a wake from sleep while the watcher or sweeper runs here, and catches up at once. */
  readonly wake: WakeWatch;
  /** Every job and run change this process commits (metrics, logs, failure alerts and MCP resource notifications listen here). */
  readonly changes: ChangeFeed;
  /** Tells an owner once when their task starts failing; null when the actions send no alerts. */
  readonly alerts: FailureAlerts | null;
  private readonly deps: EngineDeps;
  /** This process's worker heartbeat and its no-watcher warning, where there is presence. */
  private readonly beat: WorkerBeat | null;
  private readonly alarm: WatcherAlarm | null;
  private readonly roles: ReadonlySet<Role>;
  private readonly closeExtra: (() => void) | null;
  private readonly exclusive: boolean;
  private readonly pruner: Pruner | null;
  /** Role processes on a shared store (there are leases or presence): they wait for the store and queue to answer before taking anything. */
  private readonly shared: boolean;
  /** Ends the wait for the store and queue when stop() comes first. */
  private startAbort = new AbortController();
  private started = false;
  /** Recovery, then the roles; stop() waits for it. */
  private starting: Promise<void> | null = null;

  constructor(given: EngineDeps, opts: EngineOptions = {}) {
    this.changes = new ChangeFeed(given.log);
    const store = engineStore(given.store, {
      deadlineMs: given.settings.call_timeout_ms,
      signals: { called: () => this.wake.observe(), written: (runs) => this.watcher.wakeFor(runs) },
      feed: this.changes,
    });
    const queue = withQueueDeadline(given.queue, given.settings.call_timeout_ms);
    const deps: EngineDeps = { ...given, store, queue, actions: measuredActions(given), changes: this.changes };
    this.deps = deps;
    observeChanges(this.changes, deps);
    this.exclusive = opts.exclusive === true;
    this.jobs = new Jobs(deps);
    this.clock = deps.clock;
    this.log = deps.log;
    this.settings = deps.settings;
    this.roles = new Set(opts.roles ?? ALL_ROLES);
    this.closeExtra = opts.close ?? null;
    this.pruner = opts.pruner ?? null;
    this.shared = opts.leases !== undefined || opts.presence !== undefined;
    this.alerts = deps.actions.alert ? new FailureAlerts(deps) : null;
    if (this.alerts) this.changes.subscribe((changes) => this.alerts!.observe(changes));
    // The reaper asks this process's worker whether it holds a run (a `newWorker` stands for
    // another process's, so it is not asked).
    const holders = new Holders(deps, { local: () => [this.worker], presence: opts.presence ?? null });
    const presence = opts.presence;
    const place = presence && opts.place?.here ? opts.place : null;
    const about: Announcement = {
      ...(opts.configDigest && { config: opts.configDigest }),
      ...(place?.here && { place: place.here, pid: place.pid }),
    };
    const buryGone =
      presence && place ? () => buryGoneAtThisPlace({ log: deps.log, now: () => deps.clock.now() }, presence, place, [this.watcher.id, this.worker.id]) : null;
    // An exclusive engine writes every run itself, so its watcher sleeps until there is work.
    this.watcher = new Watcher(deps, {
      ...(opts.id && { id: opts.id }),
      ...(opts.leases && { leases: opts.leases }),
      holders,
      sleeps: this.exclusive,
      about,
      ...(buryGone && opts.leases && { buryGone }),
    });
    this.worker = new Worker(deps, { ...(opts.id && { id: opts.id }) });
    const periodic = opts.periodic ?? sharedTimer();
    // After each sweep the watcher looks too: a sleeping watcher's backstop, at no extra wake-up.
    this.sweeper = new Sweeper(deps, { when: () => this.watcher.holdsShard(0), after: () => this.roles.has("watcher") && this.watcher.tickNow(), periodic });
    this.beat = presence && this.roles.has("worker") ? new WorkerBeat(deps, presence, this.worker.id, { about, ...(buryGone && { buryGone }) }) : null;
    this.alarm = presence && !this.roles.has("watcher") ? new WatcherAlarm(deps, presence) : null;
    this.wake = new WakeWatch({
      clock: deps.clock,
      periodMs: deps.settings.wake_check_ms,
      onWake: (ms) => this.afterWake(ms),
      ...(deps.metrics && { metrics: deps.metrics }),
      periodic,
    });
  }

  /**
   * After sleep, runs a sweep and a watcher tick now, and has the worker look at its queue:
   * missed runs are found and caught up, and runs queued before the sleep start, without waiting
   * for timers that were set before it.
   */
  private afterWake(elapsedMs: number): void {
    this.log.log("info", `woke after ${formatDuration(elapsedMs)}: looking for missed runs now`, { elapsed_ms: elapsedMs });
    if (this.roles.has("sweeper")) this.sweeper.sweepNow();
    this.lookNow();
  }

  /**
   * Has the running roles look at the store and the queue now instead of at their next timer:
   * for a clock that moves without firing timers (tests step one), and after a wake.
   */
  lookNow(): void {
    if (!this.started) return;
    if (this.roles.has("watcher")) this.watcher.tickNow();
    if (this.roles.has("worker")) this.worker.nudge();
  }

  /** Another worker over the same adapters (tests: a second process's worker). */
  newWorker(id: string): Worker {
    return new Worker(this.deps, { id });
  }

  /**
   * Starts the background roles this process plays. An exclusive engine recovers first (a failed
   * recovery is logged and left to the watcher); a role process on a shared store first waits
   * until its store and queue answer, so a wrong endpoint or a missing table or queue takes no
   * shard from the healthy watchers and no message from the queue.
   */
  start(): void {
    this.started = true;
    this.startAbort = new AbortController();
    const recovered = this.exclusive
      ? this.recover().then(
          () => {},
          (e: unknown) => this.log.log("error", "recovering the previous process's runs failed; the watcher takes them over", { error: String(e) }),
        )
      : this.shared && (this.roles.has("watcher") || this.roles.has("worker"))
        ? untilReady(this.deps, [...this.roles].join("+"), this.startAbort.signal).then(() => {})
        : Promise.resolve();
    this.starting = recovered.then(() => {
      if (!this.started || this.startAbort.signal.aborted) return;
      if (this.roles.has("sweeper")) this.sweeper.start();
      if (this.roles.has("sweeper")) this.pruner?.start();
      if (this.roles.has("watcher")) this.watcher.start();
      if (this.roles.has("worker")) this.worker.start();
      this.beat?.start();
      this.alarm?.start();
      if (this.roles.has("watcher") || this.roles.has("sweeper")) this.wake.start();
    });
  }

  /** Whether the store and the queue answer now, each within the call deadline (readiness). */
  ready(): Promise<Readiness> {
    return checkReady(this.deps);
  }

  /** What an exclusive engine does first at start (tests call it on a stepped clock). */
  recover(): Promise<RecoveryStats> {
    return recoverOwnedRuns(this.deps, this.worker.id);
  }

  /** Graceful: stops polling, lets running actions finish, then closes the adapters. */
  async stop(drainMs = 10_000): Promise<void> {
    this.startAbort.abort();
    await this.starting;
    if (this.started) {
      this.wake.stop();
      const r = this.roles;
      await Promise.all([
        r.has("watcher") && this.watcher.stop(),
        r.has("sweeper") && this.sweeper.stop(),
        r.has("sweeper") && this.pruner?.stop(),
        r.has("worker") && this.worker.stop(drainMs).then(() => this.beat?.stop()),
        this.alarm?.stop(),
      ]);
      this.started = false;
    }
    await this.alerts?.drain();
    await this.deps.queue.close();
    await this.deps.store.close();
    this.closeExtra?.();
  }

  /** One deterministic step for tests and `duely demo`: watcher tick, then a worker pass, then the alerts they caused. */
  async step(): Promise<{ enqueued: number; ran: number }> {
    const tick = await this.watcher.tick();
    const ran = await this.worker.runOnce();
    await this.alerts?.drain();
    return { enqueued: tick.enqueued, ran };
  }
}
