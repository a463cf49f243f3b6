/** Injected everywhere time is read, so tests step it instead of sleeping. */
export interface Clock {
  /** Wall time, epoch ms: what is stored and compared across processes. It may jump either way. */
  now(): number;
  /**
   * Elapsed time in ms on a clock no wall-clock jump moves (performance.now()), for judging
   * durations within this process. Absent: `now` stands in for it.
   */
  monotonic?(): number;
}

export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() };

/** `clock`'s monotonic time, or its wall time where it has none. */
export const monotonicOf = (clock: Clock): number => (clock.monotonic ? clock.monotonic() : clock.now());
