import type { Run } from "../core/model.js";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { ShardLeases } from "../ports/shard-lease.js";
import type { EngineDeps } from "./deps.js";
import { Jobs } from "./jobs.js";
import type { Pruner } from "./pruner.js";
import type { EngineSettings } from "./settings.js";
import { Sweeper } from "./sweeper.js";
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
  /** Called with the runs whose outcome was just written (metrics, benchmarks); must not throw. */
  onFinished?: (runs: Run[]) => void;
  /** Closes what the composition root opened for this engine besides the store and queue. */
  close?: () => void;
  /** Prunes old finished runs (SQLite only); runs with the sweeper role. */
  pruner?: Pruner;
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
  private readonly deps: EngineDeps;
  private readonly roles: ReadonlySet<Role>;
  private readonly closeExtra: (() => void) | null;
  private readonly pruner: Pruner | null;
  private started = false;

  constructor(deps: EngineDeps, opts: EngineOptions = {}) {
    this.deps = deps;
    this.jobs = new Jobs(deps);
    this.clock = deps.clock;
    this.log = deps.log;
    this.settings = deps.settings;
    this.roles = new Set(opts.roles ?? ALL_ROLES);
    this.closeExtra = opts.close ?? null;
    this.pruner = opts.pruner ?? null;
    this.watcher = new Watcher(deps, { ...(opts.id && { id: opts.id }), ...(opts.leases && { leases: opts.leases }) });
    this.worker = new Worker(deps, { ...(opts.id && { id: opts.id }), ...(opts.onFinished && { onFinished: opts.onFinished }) });
    this.sweeper = new Sweeper(deps, { when: () => this.watcher.holdsShard(0) });
  }

  /** Another worker over the same adapters (tests: a second process's worker). */
  newWorker(id: string): Worker {
    return new Worker(this.deps, { id });
  }

  /** Starts the background roles this process plays. */
  start(): void {
    this.started = true;
    if (this.roles.has("sweeper")) this.sweeper.start();
    if (this.roles.has("sweeper")) this.pruner?.start();
    if (this.roles.has("watcher")) this.watcher.start();
    if (this.roles.has("worker")) this.worker.start();
  }

  /** Graceful: stops polling, lets running actions finish, then closes the adapters. */
  async stop(drainMs = 10_000): Promise<void> {
    if (this.started) {
      const r = this.roles;
      await Promise.all([
        r.has("watcher") && this.watcher.stop(),
        r.has("sweeper") && this.sweeper.stop(),
        r.has("sweeper") && this.pruner?.stop(),
        r.has("worker") && this.worker.stop(drainMs),
      ]);
      this.started = false;
    }
    await this.deps.queue.close();
    await this.deps.store.close();
    this.closeExtra?.();
  }

  /** One deterministic step for tests and `duely demo`: watcher tick, then a worker pass. */
  async step(): Promise<{ enqueued: number; ran: number }> {
    const tick = await this.watcher.tick();
    const ran = await this.worker.runOnce();
    return { enqueued: tick.enqueued, ran };
  }
}
