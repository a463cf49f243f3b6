import { z } from "zod";
import { DailyCaps } from "../core/daily-usage.js";
import { BucketSpec } from "../core/token-bucket.js";

/**
 * Per-owner rate limits: the `limits` section of the config. Each is counted per owner across
 * every process of a deployment (the state lives in the store). The per-owner cap on active
 * tasks and the shortest interval are engine settings (`engine.max_active_jobs_per_owner`,
 * `engine.min_interval_ms`).
 */
export const LimitSettings = z.strictObject({
  /** Turns every rate limit and the daily LLM cap off; the active-task cap stays. @default true */
  enabled: z.boolean().default(true),
  /**
   * Task creates per owner (a deduplicated repeat is free). Over it a create
   * answers `limit_exceeded` with `retry_after_s`. @default { burst: 30, per_minute: 10 }
   */
  creates: BucketSpec.default({ burst: 30, per_minute: 10 }),
  /**
   * Runs asked for now per owner (outside the schedule), on top of `executions`, which every run
   * counts: over it, run now answers `limit_exceeded` with `retry_after_s`, so a loop of run-now
   * calls cannot book hours of one owner's runs ahead. @default { burst: 20, per_minute: 10 }
   */
  run_now: BucketSpec.default({ burst: 20, per_minute: 10 }),
  /**
   * Runs started per owner (scheduled, retried, or run now). A scheduled run over it is not
   * dropped: it waits, still queued, until the token booked for it is there (runs over the rate
   * are spread out at `per_minute`, each told its time once), spending neither an attempt nor an
   * execution. An owner with 100 tasks that fire every minute fits the default.
   * @default { burst: 200, per_minute: 120 }
   */
  executions: BucketSpec.default({ burst: 200, per_minute: 120 }),
  /**
   * Model calls and tokens per owner per UTC day, across every action that calls a model. Over it,
   * a digest falls back to the offline extractive one; an action with no fallback fails retryably
   * until midnight UTC. @default { calls: 200, tokens: 2_000_000 }
   */
  llm_per_day: DailyCaps.default({ calls: 200, tokens: 2_000_000 }),
});
export type LimitSettings = z.infer<typeof LimitSettings>;
export const DEFAULT_LIMITS: LimitSettings = LimitSettings.parse({});
