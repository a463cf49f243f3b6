import { backoffDelay } from "./backoff.js";
import type { RetryPolicy } from "./model.js";

/** How an action failed, as the action itself classified it. */
export interface Failure {
  permanent: boolean;
  /** The action (or a 429's Retry-After) asks for at least this long before the next try. */
  retryAfterMs?: number;
  /**
   * The attempt did not fail: the process running it died (its worker is known to be gone), so
   * there is nothing to back off from, and the next try is due at once. Still an attempt spent.
   */
  retryNow?: boolean;
}

export type RetryDecision = { kind: "retry"; delayMs: number } | { kind: "dead" };

/** Retry-After beyond a day is treated as a day: a task should not silently sleep longer. */
const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * Exponential backoff with full jitter: attempt n (1-based, the one that just failed) waits a
 * uniform random time below min(max, base · factor^(n-1)). `random` is in [0, 1).
 */
export function decideRetry(policy: RetryPolicy, attempt: number, failure: Failure, random: number): RetryDecision {
  if (failure.permanent || attempt >= policy.max_attempts) return { kind: "dead" };
  if (failure.retryNow) return { kind: "retry", delayMs: 0 };
  const jittered = backoffDelay({ baseMs: policy.base_delay_ms, maxMs: policy.max_delay_ms, factor: policy.factor, jitter: "full" }, attempt - 1, random);
  const asked = Math.min(failure.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
  return { kind: "retry", delayMs: Math.max(jittered, asked) };
}
