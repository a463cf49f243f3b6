/**
 * Small per-key states that every process of a deployment must agree on: rate-limit buckets and
 * daily usage counters. One operation, an atomic read-modify-write.
 */

export interface LimitChange<R> {
  /** What to store under the key. */
  next: unknown;
  /** Epoch ms after which the stored state MAY be forgotten (read as absent). */
  expiresAt: number;
  /** Handed back to the caller of `update`. */
  result: R;
}

export interface LimitState {
  /**
   * Reads the state under `key` (null when absent or expired), applies `change`, and stores
   * `next`, atomically: two concurrent updates of one key MUST NOT both read the same state
   * (a lock, or a conditional write retried). `change` is pure and MAY be called more than once.
   * `next` is a small JSON value.
   */
  update<R>(key: string, change: (prev: unknown) => LimitChange<R>): Promise<R>;
  close(): Promise<void>;
}
