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

/**
 * Waits `ms` on a real timer (a wait between tries, not a reading of time: tests that step a
 * fake clock make the waits short instead). With `signal`, resolves early once it aborts.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** `clock`'s monotonic time, or its wall time where it has none. */
export const monotonicOf = (clock: Clock): number => (clock.monotonic ? clock.monotonic() : clock.now());
