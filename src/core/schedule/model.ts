import { z } from "zod";

/**
 * What to do when a wall-clock time does not exist (spring forward: `gap`) or occurs twice
 * (fall back: `overlap`). Defaults follow Vixie cron; see docs/dst.md.
 */
export const DstPolicy = z.strictObject({
  gap: z.enum(["run_at_transition", "skip"]).optional(),
  overlap: z.enum(["first", "second", "both"]).optional(),
});
export type DstPolicy = z.infer<typeof DstPolicy>;

export const INTERVAL_UNITS = ["minute", "hour", "day", "week", "month"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/** IANA zone name; validity is checked by `validateSchedule`, not by shape. */
const Timezone = z.string().min(1).max(64);

const ImmediateSchedule = z.strictObject({ kind: z.literal("immediate") });
/** Fires once at `at` (epoch ms). `timezone` is kept for display and for the reading echoed back. */
const OnceSchedule = z.strictObject({
  kind: z.literal("once"),
  at: z.number().int(),
  timezone: Timezone,
});
const CronExpr = z.string().min(1).max(200);
/** How many more expressions a cron schedule may carry besides `expr`. */
export const MAX_ALSO = 24;
/**
 * Five-field Vixie cron (`m h dom mon dow`, plus `L` and `#` in the day fields) read in
 * `timezone`. `also`: more expressions in the same zone, for times one expression cannot list
 * ("08:15 and 17:45"); the schedule fires at every time any of them names, once per instant.
 * `start` (epoch ms): no run before it, for a repetition said to begin later ("from next Monday,
 * every weekday at 8"): cron itself cannot wait for a date.
 */
export const CronSchedule = z.strictObject({
  kind: z.literal("cron"),
  expr: CronExpr,
  also: z.array(CronExpr).min(1).max(MAX_ALSO).optional(),
  start: z.number().int().optional(),
  timezone: Timezone,
  dst: DstPolicy.optional(),
});
/**
 * Every `every` `unit`s from `anchor` (epoch ms, the first fire). Minutes and hours are elapsed
 * time; days, weeks and months are wall-clock steps in `timezone` (so "every 3 days at 08:00"
 * stays at 08:00 across DST). Says what cron cannot: "every other Tuesday", "every 3 days".
 */
export const EverySchedule = z.strictObject({
  kind: z.literal("every"),
  every: z.number().int().min(1).max(1000),
  unit: z.enum(INTERVAL_UNITS),
  anchor: z.number().int(),
  timezone: Timezone,
  dst: DstPolicy.optional(),
});

export const Schedule = z.discriminatedUnion("kind", [ImmediateSchedule, OnceSchedule, CronSchedule, EverySchedule]);
export type Schedule = z.infer<typeof Schedule>;
export type CronSchedule = z.infer<typeof CronSchedule>;
export type EverySchedule = z.infer<typeof EverySchedule>;

/** Every expression of a cron schedule, `expr` first. */
export const cronExprs = (s: CronSchedule): string[] => [s.expr, ...(s.also ?? [])];

export const isRecurring = (s: Schedule): s is CronSchedule | EverySchedule => s.kind === "cron" || s.kind === "every";

/** The zone a schedule is read in; `immediate` has none of its own, so the caller's default stands in. */
export const zoneOf = (s: Schedule, fallback: string): string => (s.kind === "immediate" ? fallback : s.timezone);

/**
 * One occurrence of a schedule. `skip` is set when the occurrence must not run but must leave
 * a row saying why (a DST gap under the `skip` policy). `dst` notes a shifted or repeated time.
 */
export interface Occurrence {
  at: number;
  skip?: "dst_gap";
  dst?: "gap_shifted" | "overlap_first" | "overlap_second";
}
