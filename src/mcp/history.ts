import type { JobEvent, RunPolicy } from "../core/model.js";
import { describeSchedule } from "../core/schedule/index.js";
import { Schedule } from "../core/schedule/model.js";
import type { HistoryEntry } from "./policy-schemas.js";
import { fire, isoLocal, isoUtc, policyFields, scheduleView } from "./present.js";

/** Tool names for the job fields a history entry holds, where they differ. */
const NAMES: Record<string, string> = { policy: "policies" };

/** One stored field value (engine terms: epoch ms, stored schedule) in the tools' terms. */
function fieldView(key: string, value: unknown, zone: string): unknown {
  if (value === null || value === undefined) return null;
  switch (key) {
    case "schedule": {
      const parsed = Schedule.safeParse(value);
      return parsed.success ? { ...scheduleView(parsed.data, zone), description: describeSchedule(parsed.data) } : value;
    }
    case "policy": {
      return policyFields(value as RunPolicy);
    }
    case "retry":
      return { max_attempts: (value as { max_attempts: number }).max_attempts };
    case "end_at":
      return typeof value === "number" ? isoLocal(value, zone) : value;
    case "run_at":
    case "occurrence":
      return typeof value === "number" ? fire(value, zone) : value;
    default:
      return value;
  }
}

const fieldsView = (fields: Record<string, unknown>, zone: string) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [NAMES[k] ?? k, fieldView(k, v, zone)]));

/** A task's history entry as task_get_v1 shows it; times in the task's zone. */
export function historyView(e: JobEvent, zone: string): HistoryEntry {
  return {
    at: isoUtc(e.at),
    change: e.change,
    version: e.version,
    before: fieldsView(e.before, zone),
    after: fieldsView(e.after, zone),
    ...(e.detail !== null && { detail: e.detail }),
  };
}
