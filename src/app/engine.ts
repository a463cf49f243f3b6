import type { Run } from "../core/model.js";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { EngineDeps } from "./deps.js";
import { Jobs } from "./jobs.js";
import type { EngineSettings } from "./settings.js";
import { Sweeper } from "./sweeper.js";
import { Watcher } from "./watcher.js";
import { Worker } from "./worker.js";

export interface Roles {
  watcher: boolean;
  worker: boolean;
  sweeper: boolean;
}

/** The scheduler's use cases and background roles over one set of adapters. */
export class Engine {
  readonly deps: EngineDeps;
  readonly jobs: Jobs;
  readonly clock: Clock;
  readonly log: Logger;
  readonly settings: EngineSettings;
  readonly watcher: Watcher;
  readonly worker: Worker;
  readonly sweeper: Sweeper;
  private started: Roles | null = null;

  constructor(deps: EngineDeps, opts: { shards?: number[]; workerId?: string; onFinished?: (runs: Run[]) => void } = {}) {
    this.deps = deps;
    this.jobs = new Jobs(deps);
    this.clock = deps.clock;
    this.log = deps.log;
    this.settings = deps.settings;
    this.watcher = new Watcher(deps, opts.shards ? { shards: opts.shards } : {});
    this.worker = new Worker(deps, { ...(opts.workerId && { id: opts.workerId }), ...(opts.onFinished && { onFinished: opts.onFinished }) });
    this.sweeper = new Sweeper(deps);
  }

  /** Starts the background roles this process plays (all three in the embedded default). */
  start(roles: Roles = { watcher: true, worker: true, sweeper: true }): void {
    this.started = roles;
    if (roles.sweeper) this.sweeper.start();
    if (roles.watcher) this.watcher.start();
    if (roles.worker) this.worker.start();
  }

  /** Graceful: stops polling, lets running actions finish, then closes the adapters. */
  async stop(drainMs = 10_000): Promise<void> {
    if (this.started) {
      await Promise.all([this.watcher.stop(), this.sweeper.stop(), this.worker.stop(drainMs)]);
      this.started = null;
    }
    await this.deps.queue.close();
    await this.deps.store.close();
  }

  /** One deterministic step for tests and `duely demo`: watcher tick, then a worker pass. */
  async step(): Promise<{ enqueued: number; ran: number }> {
    const tick = await this.watcher.tick();
    const ran = await this.worker.runOnce();
    return { enqueued: tick.enqueued, ran };
  }
}
