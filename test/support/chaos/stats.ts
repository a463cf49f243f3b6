/** A distribution in ms: how many, the median, the 99th percentile and the maximum. */
export interface Stats {
  n: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** Nearest-rank percentiles; null over nothing. */
export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
  return { n: sorted.length, p50: rank(0.5), p99: rank(0.99), max: sorted.length === 0 ? null : sorted[sorted.length - 1]! };
}
