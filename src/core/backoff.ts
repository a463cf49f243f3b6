/**
 * How long to wait after `failures` failed tries (0 for the first wait), for every retry loop of
 * the engine and its adapters. The ceiling grows from `baseMs` by `factor` per failure, up to
 * `maxMs`; the wait is drawn below it by `jitter`:
 * - `full`: uniform in [0, ceiling) (AWS's "full jitter"), so many callers that failed together
 *   spread out instead of retrying in step;
 * - `equal`: uniform in [ceiling/2, ceiling), when a wait must not come out near zero;
 * - `none`: the ceiling itself, for a lone caller.
 * `random` is in [0, 1), injected: the caller's own, so a test can fix it. Whole milliseconds.
 */
export interface Backoff {
  baseMs: number;
  /** @default Infinity */
  maxMs?: number;
  /** @default 2 */
  factor?: number;
  jitter: "full" | "equal" | "none";
}

export function backoffDelay(b: Backoff, failures: number, random: number): number {
  const ceiling = Math.min(b.maxMs ?? Number.POSITIVE_INFINITY, b.baseMs * (b.factor ?? 2) ** failures);
  const share = b.jitter === "full" ? random : b.jitter === "equal" ? 0.5 + random / 2 : 1;
  return Math.floor(share * ceiling);
}
