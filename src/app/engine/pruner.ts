import type { Clock } from "../../ports/clock.js";
import type { Logger } from "../../ports/logger.js";
import type { PeriodicChecks } from "../../ports/periodic-checks.js";
import type { RunArchive, RunRetention } from "../../ports/run-retention.js";
import type { RetentionSettings } from "../retention-settings.js";
import { PollLoop } from "./poll-loop.js";

export interface PrunerDeps {
  retention: RunRetention;
  /** Where pruned runs are appended before they are deleted; null deletes only. */
  archive: RunArchive | null;
  clock: Clock;
  log: Logger;
  settings: RetentionSettings;
  /** The process's one timer for periodic checks, which brings the pruner's looks. @default a timer of the pruner's own */
  periodic?: PeriodicChecks;
}

/**
 * Deletes finished runs older than `max_age_ms`, keeping each task's newest `keep_runs`, in
 * small batches (archived first when an archive is set), off the hot path: a background role
 * on the poll loop beside the sweeper. A run that is not terminal is never deleted: the store
 * re-checks the status in the delete itself.
 */
export class Pruner {
  private readonly deps: PrunerDeps;
  private readonly loop: PollLoop<number>;

  constructor(deps: PrunerDeps) {
    this.deps = deps;
    this.loop = new PollLoop({
      tick: () => this.tick(),
      intervalMs: deps.settings.interval_ms,
      log: deps.log,
      failure: "pruning old runs failed",
      ...(deps.periodic && { periodic: deps.periodic }),
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One look: batches until none is full or `max_batches` ran. Resolves with how many runs went. */
  async tick(): Promise<number> {
    const { retention, archive, clock, settings } = this.deps;
    let pruned = 0;
    for (let batch = 0; batch < settings.max_batches; batch++) {
      const runs = await retention.findPrunable({ before: clock.now() - settings.max_age_ms, keep: settings.keep_runs, limit: settings.batch });
      if (runs.length === 0) break;
      await archive?.append(runs);
      pruned += await retention.deleteRuns(runs.map(({ run }) => run));
      if (runs.length < settings.batch) break;
      // Let the worker and the tools in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (pruned > 0) this.deps.log.log("info", "pruned old runs", { runs: pruned });
    return pruned;
  }
}
