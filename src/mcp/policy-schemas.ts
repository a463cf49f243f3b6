import { z } from "zod";
import { CATCH_UP_POLICIES, JOB_CHANGES, MAX_WINDOW_MS, OVERLAP_POLICIES } from "../core/model.js";

/** The run policies and the task's history, as a model sets and reads them. */

/** Defaults, stated once for the descriptions and the echo. */
export const POLICY_DEFAULTS = { overlap: "skip", catch_up: "skip", window_minutes: 0 } as const;

export const PolicyInput = z
  .strictObject({
    overlap: z
      .enum(OVERLAP_POLICIES)
      .optional()
      .describe(
        "When a run is due while the previous one still runs: skip it (default), allow both at once, or buffer_one (it waits and runs after; at most one waits, a further one is skipped).",
      ),
    catch_up: z
      .enum(CATCH_UP_POLICIES)
      .optional()
      .describe("Runs missed while the server was down: skip them (default), run only the latest, or run all (up to the server's cap), late."),
    window_minutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_WINDOW_MS / 60_000)
      .optional()
      .describe(
        "A flexible start window: each run starts at a fixed point up to this many minutes after its time (e.g. 10 = between 08:00 and 08:10), spreading load. 0 (default) starts on time. Must be shorter than the time between runs.",
      ),
  })
  .describe(`How runs behave. Omit for the defaults: overlap ${POLICY_DEFAULTS.overlap}, catch_up ${POLICY_DEFAULTS.catch_up}, window_minutes 0.`);
export type PolicyInput = z.infer<typeof PolicyInput>;

export const PolicyView = z.object({
  overlap: z.enum(OVERLAP_POLICIES),
  catch_up: z.enum(CATCH_UP_POLICIES),
  window_minutes: z.number().int(),
  start_window: z.string().optional().describe('With a start window: when runs start, e.g. "between 08:00 and 08:10".'),
});
export type PolicyView = z.infer<typeof PolicyView>;

export const HistoryEntry = z.object({
  at: z.string().describe("When the change was made (UTC)."),
  change: z.enum(JOB_CHANGES),
  version: z.number().int().describe("The task's version after the change."),
  before: z.record(z.string(), z.unknown()).describe("The changed fields as they were."),
  after: z.record(z.string(), z.unknown()).describe("The changed fields as they became."),
  detail: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
