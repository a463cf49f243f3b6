import type { RunStatus, SkipReason } from "../core/model.js";

/**
 * What the engine counts for operators (Prometheus: src/adapters/metrics). Each call is made at
 * the one place the event is decided or lands. Implementations MUST be cheap (in memory) and
 * MUST NOT throw. Gauges read on demand (queue depth, live watchers) are not here: the
 * composition root hands the adapter functions that read them when scraped.
 */
export interface Metrics {
  /** A run reached a final status: succeeded, failed (dead-lettered), skipped (with its reason) or cancelled. */
  runFinished(status: RunStatus, skipReason: SkipReason | null): void;
  /** A run's first execution started `latenessMs` after its scheduled time (negative: early). */
  runStarted(latenessMs: number): void;
  /** An action of `type` started; the returned function is called once when it ends, with how it ended. */
  actionStarted(type: string): (outcome: "ok" | "error") => void;
  /** The reaper took back a run whose worker stopped heartbeating. */
  runReaped(): void;
  /** A late write from an attempt that had lost its run to a newer one was rejected. */
  writeFenced(): void;
  /** A watcher took over a shard whose watcher's lease had expired. */
  shardTakenOver(): void;
  /** A queued run not claimed in time had its message sent again. */
  runResent(): void;
  /** Tokens a language model call used, by provider and model. */
  llmTokens(provider: string, model: string, kind: "input" | "output", count: number): void;
  /**
   * A background timer of the engine fired (`timer`: watcher, sweeper, wake_watch, ...); `idle`
   * when it found nothing to do. A sleeping engine keeps idle wake-ups near zero.
   */
  wakeup(timer: string, idle: boolean): void;
}

export const noMetrics: Metrics = {
  runFinished() {},
  runStarted() {},
  actionStarted: () => () => {},
  runReaped() {},
  writeFenced() {},
  shardTakenOver() {},
  runResent() {},
  llmTokens() {},
  wakeup() {},
};
