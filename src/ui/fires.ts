import type { Fire, TaskView } from "./source.js";
import { localDate } from "./week.js";

/** How many upcoming fires the timeline asks for per task (schedule_preview_v1's most). */
export const PREVIEW_COUNT = 10;

/**
 * schedule_preview_v1's arguments for a task's repeating schedule, in the same terms the task
 * reports it; null for a one-off task (its next run is all there is).
 */
export function previewArgs(task: TaskView): Record<string, unknown> | null {
  const s = task.schedule;
  const dst = s.dst ? { dst: s.dst } : {};
  if (s.type === "cron")
    return {
      schedule: {
        type: "cron",
        cron: s.cron,
        timezone: s.timezone,
        ...(s.also_cron && { also_cron: s.also_cron }),
        ...(s.start_at && { start_at: s.start_at }),
        ...dst,
      },
      count: PREVIEW_COUNT,
    };
  if (s.type === "every")
    return { schedule: { type: "every", every: s.every, unit: s.unit, start_at: s.start_at, timezone: s.timezone, ...dst }, count: PREVIEW_COUNT };
  return null;
}

/**
 * The task's fires on the given local dates: the previewed ones (or its next run), without
 * those at or after its end and beyond its remaining runs, in time order.
 */
export function firesOn(task: TaskView, previewed: readonly Fire[] | null, days: readonly string[]): Fire[] {
  if (task.status === "cancelled" || task.status === "completed") return [];
  const all = previewed && previewed.length > 0 ? [...previewed] : task.next_run ? [task.next_run] : [];
  const end = task.end_at ? Date.parse(task.end_at) : Number.POSITIVE_INFINITY;
  const left = task.max_runs !== undefined ? Math.max(0, task.max_runs - task.run_count) : Number.POSITIVE_INFINITY;
  const wanted = new Set(days);
  return all
    .filter((f) => Date.parse(f.utc) < end)
    .sort((a, b) => Date.parse(a.utc) - Date.parse(b.utc))
    .slice(0, left)
    .filter((f) => wanted.has(localDate(f.local)));
}
