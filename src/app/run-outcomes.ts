import type { Run } from "../core/model.js";
import type { Logger } from "../ports/logger.js";

export type OutcomeListener = (runs: readonly Run[]) => void;

/**
 * Runs whose new state this process just wrote: the worker's outcomes (retrying, succeeded,
 * failed) and the watcher's decisions (skipped, cancelled, reaped). In process only: a listener
 * hears about runs this process wrote, not those another process of a deployment wrote.
 */
export class RunOutcomes {
  private readonly entries = new Set<OutcomeListener>();
  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  /** Registers `listener`; the function returned removes it (and is safe to call twice). */
  subscribe(listener: OutcomeListener): () => void {
    const entry: OutcomeListener = (runs) => listener(runs);
    this.entries.add(entry);
    return () => {
      this.entries.delete(entry);
    };
  }

  /** Listeners registered now (a closed session must leave none behind). */
  get listeners(): number {
    return this.entries.size;
  }

  /** Tells every listener; one that throws is logged and stops none of the others. */
  publish(runs: readonly Run[]): void {
    if (runs.length === 0) return;
    for (const listener of this.entries) {
      try {
        listener(runs);
      } catch (e) {
        this.log.log("error", "a run outcome listener failed", { error: String(e) });
      }
    }
  }
}
