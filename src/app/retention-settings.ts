import { z } from "zod";

const DAY_MS = 86_400_000;

/**
 * How long finished runs are kept on SQLite (the `retention` section of the config). DynamoDB
 * expires them by itself (`store.ttl_days`), so these apply to SQLite only.
 */
export const RetentionSettings = z.strictObject({
  /** Finished runs (and their events) older than this are pruned. @default 90 days */
  max_age_ms: z
    .number()
    .int()
    .min(DAY_MS)
    .max(100 * 365 * DAY_MS)
    .default(90 * DAY_MS),
  /** Each task keeps its newest this-many runs however old, so a task read always shows history. @default 20 */
  keep_runs: z.number().int().min(1).max(10_000).default(20),
  /** How often the pruner looks for old runs. @default 3_600_000 */
  interval_ms: z
    .number()
    .int()
    .min(1_000)
    .max(7 * DAY_MS)
    .default(3_600_000),
  /** Runs deleted per transaction; small, so the pruner never holds the write lock long. @default 200 */
  batch: z.number().int().min(1).max(10_000).default(200),
  /** Batches per look; the rest waits for the next one. @default 50 */
  max_batches: z.number().int().min(1).max(100_000).default(50),
  /** When set, a JSON Lines file each pruned run (with its events) is appended to before it is deleted. */
  archive_path: z.string().min(1).optional(),
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;
export const DEFAULT_RETENTION: RetentionSettings = RetentionSettings.parse({});
