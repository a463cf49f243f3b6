import { z } from "zod";

const DAY_MS = 86_400_000;

/** Engine knobs, each with its meaning; parsed once by the config loader. */
export const EngineSettings = z.strictObject({
  /** Runs of one hour are spread over this many partitions (`bucket#shard`). @default 16 */
  shard_count: z.number().int().min(1).max(256).default(16),
  /**
   * The watcher moves runs due within this window into the delay queue. Not a whole minute on
   * purpose: the next occurrences of every-minute jobs are then enqueued at :15, not at the very
   * moment the current ones fire. @default 45_000
   */
  look_ahead_ms: z
    .number()
    .int()
    .min(1_000)
    .max(14 * 60_000)
    .default(45_000),
  /**
   * How often the watcher polls the store where it cannot sleep until its next work (several
   * processes share the store: DynamoDB, or roles split over SQLite), and how soon it looks again
   * after a tick that failed. An embedded engine's watcher sleeps instead (src/app/engine/watcher.ts). @default 1_000
   */
  poll_interval_ms: z.number().int().min(50).max(60_000).default(1_000),
  /** How far back the watcher's bucket scan reaches; older pending runs are the sweeper's. @default 7_200_000 */
  look_back_ms: z
    .number()
    .int()
    .min(60_000)
    .max(7 * DAY_MS)
    .default(2 * 3_600_000),
  /** A worker's claim on a run lasts this long unless heartbeats extend it. @default 30_000 */
  lease_ms: z.number().int().min(1_000).max(3_600_000).default(30_000),
  /** A queued run not claimed this long after its due time is re-sent (its message was lost). @default 30_000 */
  stale_queued_ms: z.number().int().min(1_000).max(3_600_000).default(30_000),
  /** How often the reconciliation sweeper walks every job. @default 300_000 */
  sweep_interval_ms: z.number().int().min(1_000).max(DAY_MS).default(300_000),
  /**
   * How often the engine compares the wall clock with its timers to notice that the computer
   * slept (then it sweeps and ticks at once, so missed runs are caught up without waiting for
   * `sweep_interval_ms`). Every store call (a request, any timer) compares them too, so this
   * bounds only how late an idle process notices. A minute: it is most of an idle service's
   * wake-ups (the sweeper, the SQLite file check and the HTTP connection check add one each per
   * 5 minutes), which stay under 2 a minute so. @default 60_000
   */
  wake_check_ms: z.number().int().min(100).max(600_000).default(60_000),
  /** A schedule's first fire (or a once time) may not be further ahead. @default 1 year */
  horizon_ms: z
    .number()
    .int()
    .min(DAY_MS)
    .max(10 * 365 * DAY_MS)
    .default(365 * DAY_MS),
  /** Per-owner cap on tasks that are active or paused. @default 100 */
  max_active_jobs_per_owner: z.number().int().min(1).max(1_000_000).default(100),
  /** Shortest allowed interval between two fires of one task. @default 60_000 */
  min_interval_ms: z.number().int().min(1_000).max(DAY_MS).default(60_000),
  /** A create repeated with identical arguments within this window returns the existing task. @default 300_000 */
  dedupe_window_ms: z.number().int().min(0).max(DAY_MS).default(300_000),
  /** At most this many missed occurrences get a row (and, with catch_up all, run) after downtime. @default 100 */
  catch_up_cap: z.number().int().min(1).max(10_000).default(100),
  /** Worker: actions running at once. @default 50 */
  concurrency: z.number().int().min(1).max(10_000).default(50),
  /** Worker: messages claimed per store round trip. @default 500 */
  claim_batch: z.number().int().min(1).max(10_000).default(500),
  /** Worker: runs one worker holds claimed at once (running, due, or claimed ahead). @default 10_000 */
  max_claimed: z.number().int().min(1).max(1_000_000).default(10_000),
  /**
   * Worker: claim a run up to this long before it is due and hold it until its time, so a burst
   * due at one instant (08:00, the top of the minute) starts on time instead of waiting for its
   * claim. A worker that dies while holding one delays it until its lease expires.
   * @default 2_000 (0 with store.kind "dynamodb": see config.ts)
   */
  claim_ahead_ms: z.number().int().min(0).max(60_000).default(2_000),
  /**
   * A store or queue call that has not answered after this long counts as failed, its effect
   * unknown (writes are then read back); a receive gets its wait on top. Keeps one hung request
   * from stopping a loop for good. @default 15_000
   */
  call_timeout_ms: z.number().int().min(1).max(600_000).default(15_000),
  /** Worker: an action running longer than this is aborted and counts as a retryable timeout. @default 300_000 */
  action_timeout_ms: z.number().int().min(100).max(DAY_MS).default(300_000),
  /**
   * A task whose attempts failed this many times in a row (retries included) alerts its owner,
   * as does one whose run dead-lettered sooner; once per failure streak (src/app/engine/failure-alerts.ts). @default 3
   */
  alert_after_failures: z.number().int().min(1).max(1_000).default(3),
});
export type EngineSettings = z.infer<typeof EngineSettings>;
export const DEFAULT_SETTINGS: EngineSettings = EngineSettings.parse({});
