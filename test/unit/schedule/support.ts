import { expect } from "vitest";
import { nextOccurrences } from "../../../src/core/schedule/index.js";
import type { CronSchedule, DstPolicy, EverySchedule, Schedule } from "../../../src/core/schedule/model.js";
import { nextResolvedOccurrences } from "../../../src/core/schedule/next.js";

export const cron = (expr: string, timezone: string, dst?: DstPolicy): CronSchedule => ({
  kind: "cron",
  expr,
  timezone,
  ...(dst !== undefined && { dst }),
});

export const every = (n: number, unit: EverySchedule["unit"], anchorIso: string, timezone: string, dst?: DstPolicy): EverySchedule => ({
  kind: "every",
  every: n,
  unit,
  anchor: Date.parse(anchorIso),
  timezone,
  ...(dst !== undefined && { dst }),
});

/** "2026-03-08T07:00:00Z", plus " skip" / " gap_shifted" / " overlap_first" / " overlap_second". */
const label = (o: { at: number; skip?: string; dst?: string }): string =>
  new Date(o.at).toISOString().replace(".000Z", "Z") + (o.skip !== undefined ? " skip" : "") + (o.dst !== undefined ? ` ${o.dst}` : "");

/**
 * The next `count` occurrences as labels. Computed through the variant that lets errors out, and
 * checked against the public one, so a valid schedule that only "worked" by hitting
 * nextOccurrence's last-resort catch fails the test.
 */
export function upcoming(s: Schedule, afterIso: string, count: number): string[] {
  const after = Date.parse(afterIso);
  const strict = nextResolvedOccurrences(s, after, count).map(label);
  expect(nextOccurrences(s, after, count).map(label)).toEqual(strict);
  return strict;
}
