/**
 * Growing waits after failed sign-ins, per key (an owner name, a client address). The first
 * `free` failures cost nothing (typos happen); after that each failure doubles the wait before
 * the next attempt may be checked, up to `maxDelayMs`. A key left alone for `forgetAfterMs` is
 * forgotten. Unlike a token bucket, whose steady refill allows the same number of guesses every
 * hour forever, doubling makes a run of guesses cost time exponentially until the cap, and the
 * cap bounds how long the rightful owner can be kept out by someone else's guesses. Pure: the
 * record and the time are passed in.
 */
export interface FailureSpec {
  /** Failures allowed without any wait. */
  free: number;
  /** The wait after the first failure beyond `free`; each further one doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts over. Longer than `maxDelayMs`, or the cap is the reset. */
  forgetAfterMs: number;
}

export interface FailureRecord {
  failures: number;
  /** Epoch ms of the last failure. */
  lastAt: number;
}

const forgotten = (rec: FailureRecord | undefined, spec: FailureSpec, now: number): rec is undefined =>
  rec === undefined || now - rec.lastAt >= spec.forgetAfterMs;

/** How long an attempt must still wait before it may be checked: 0 when it may be checked now. */
export function waitBeforeAttempt(rec: FailureRecord | undefined, spec: FailureSpec, now: number): number {
  if (forgotten(rec, spec, now) || rec.failures < spec.free) return 0;
  const delay = Math.min(spec.maxDelayMs, spec.baseDelayMs * 2 ** (rec.failures - spec.free));
  return Math.max(0, rec.lastAt + delay - now);
}

/** The record after one more failure at `now`. */
export function afterFailure(rec: FailureRecord | undefined, spec: FailureSpec, now: number): FailureRecord {
  return forgotten(rec, spec, now) ? { failures: 1, lastAt: now } : { failures: rec.failures + 1, lastAt: Math.max(rec.lastAt, now) };
}

/** Whether a record can be dropped at `now` without changing any answer. */
export const isForgotten = (rec: FailureRecord, spec: FailureSpec, now: number): boolean => forgotten(rec, spec, now);
