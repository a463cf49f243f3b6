import { z } from "zod";
import { CATCH_UP_POLICIES, DEFAULT_RUN_POLICY, JOB_CHANGES, MAX_CATCH_UP_WINDOW_MS, MAX_WINDOW_MS, OVERLAP_POLICIES } from "../core/model.js";

/** The run policies and the task's history, as a model sets and reads them. */

/** The engine's defaults in the tools' terms, for the descriptions. */
export const POLICY_DEFAULTS = {
  overlap: DEFAULT_RUN_POLICY.overlap,
  catch_up: DEFAULT_RUN_POLICY.catch_up,
  catch_up_window_minutes: DEFAULT_RUN_POLICY.catch_up_window_ms / 60_000,
  window_minutes: DEFAULT_RUN_POLICY.window_ms / 60_000,
};
export const defaultsInWords = Object.entries(POLICY_DEFAULTS)
  .map(([k, v]) => `${k} ${v}`)
  .join(", ");

export const PolicyInput = z
  .strictObject({
    overlap: z
      .enum(OVERLAP_POLICIES)
      .optional()
      .describe(
        `When a run is due while the previous one still runs: skip it, allow both at once, or buffer_one (it waits and runs after; at most one waits, a further one is skipped). Default ${POLICY_DEFAULTS.overlap}.`,
      ),
    catch_up: z
      .enum(CATCH_UP_POLICIES)
      .optional()
      .describe(
        `Runs missed while the server was down or the computer asleep: skip them, run only the latest, or run all (up to the server's cap), late. Default ${POLICY_DEFAULTS.catch_up}.`,
      ),
    catch_up_window_minutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_CATCH_UP_WINDOW_MS / 60_000)
      .optional()
      .describe(
        `How far back catch-up reaches: a missed run older than this many minutes is skipped whatever catch_up says. Default ${POLICY_DEFAULTS.catch_up_window_minutes} (12 hours).`,
      ),
    window_minutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_WINDOW_MS / 60_000)
      .optional()
      .describe(
        "A flexible start window: each run starts at a fixed point up to this many minutes after its time (e.g. 10 = between 08:00 and 08:10), spreading load. 0 (the default) starts on time. Must be shorter than the time between runs.",
      ),
  })
  .describe(`How runs behave. Omit for the defaults: ${defaultsInWords}.`);
export type PolicyInput = z.infer<typeof PolicyInput>;

export const PolicyView = z.object({
  overlap: z.enum(OVERLAP_POLICIES),
  catch_up: z.enum(CATCH_UP_POLICIES),
  catch_up_window_minutes: z.number().int(),
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
