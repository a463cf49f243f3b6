import { DomainError } from "../../core/errors.js";
import type { Job, Run } from "../../core/model.js";
import { startOffsetOf } from "../../core/start-window.js";
import type { QueueItem } from "../../ports/queue.js";
import { planChain } from "../chain.js";
import type { EngineDeps } from "../deps.js";
import { cancelled, type Step, updateStep } from "../runs.js";

export interface Replanned {
  /** The changed job with its new chain head and run count; the caller bumps the version. */
  job: Job;
  steps: Step[];
  sends: QueueItem[];
  /** The old plan's upcoming runs that no longer happen. */
  cancelled: Run[];
}

/** A planned run may take over a row in one of these states: it has not run, and will not as it is. */
const REUSABLE: ReadonlySet<string> = new Set(["pending", "queued", "skipped", "cancelled"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Upcoming occurrences the owner skipped: those still ahead of the chain, and rows already recorded. */
async function ownerSkips(deps: EngineDeps, before: Job, now: number): Promise<number[]> {
  const recent = await deps.store.listJobRuns(before.id, { limit: 100 });
  const recorded = recent.items.filter((r) => r.skip_reason === "skipped_by_user" && r.scheduled_at > now).map((r) => r.scheduled_at);
  return [...new Set([...before.skips, ...recorded])];
}

/**
 * The future runs of `before`'s plan give way to `next`'s, planned from now by the chain
 * planner: upcoming pending or queued runs of the old plan are cancelled, except where the new
 * plan has a run at the same time, which then takes the row over (run keys are unique, so a
 * new run cannot be inserted beside an old one). A run already due or running goes ahead.
 * Skips the owner made are kept while the schedule stays the same (moved with the start window).
 * Refuses a change after which the task would never run again.
 */
export async function replanRuns(deps: EngineDeps, before: Job, next: Job, open: Run[], now: number): Promise<Replanned> {
  const stale = new Map(
    open.filter((r) => r.origin === "schedule" && (r.status === "pending" || r.status === "queued") && r.scheduled_at > now).map((r) => [r.scheduled_at, r]),
  );
  const delta = startOffsetOf(next) - startOffsetOf(before);
  const skips = same(before.schedule, next.schedule) ? (await ownerSkips(deps, before, now)).map((t) => t + delta) : [];
  const base: Job = { ...next, next_run_at: null, run_count: Math.max(0, before.run_count - stale.size), skips };
  const plan = planChain(base, now, now, deps.settings);
  if (!plan.steps.some((s) => s.write.op === "insert_run" && s.write.run.status !== "skipped")) throw neverRuns(before, next);

  const steps: Step[] = [];
  for (const step of plan.steps) {
    if (step.write.op !== "insert_run") {
      steps.push(step);
      continue;
    }
    const want = step.write.run;
    const existing = stale.get(want.scheduled_at) ?? (await deps.store.getRun(want));
    if (!existing) {
      steps.push(step);
      continue;
    }
    stale.delete(want.scheduled_at);
    if (existing.status === want.status && existing.skip_reason === want.skip_reason) continue;
    if (!REUSABLE.has(existing.status)) throw alreadyRan(existing);
    const takeover: Run = { ...want, attempt: existing.attempt, created_at: existing.created_at };
    steps.push(updateStep(existing, takeover, now, "planned again by a task update"));
  }
  const dropped = [...stale.values()];
  return {
    job: plan.job,
    steps: [...dropped.map((r) => updateStep(r, cancelled(r, now), now, "replaced by a task update")), ...steps],
    sends: plan.sends,
    cancelled: dropped.map((r) => cancelled(r, now)),
  };
}

function neverRuns(before: Job, next: Job): DomainError {
  const field = !same(before.end_at, next.end_at) ? "end_at" : !same(before.max_runs, next.max_runs) ? "max_runs" : "schedule";
  return new DomainError("invalid_argument", "After this change the task would never run again.", {
    field,
    expected: field === "max_runs" ? `more than the ${before.run_count} run(s) it already had` : "a schedule with a run before the task's end",
    reason: "would_never_run",
    data: { run_count: before.run_count },
  });
}

function alreadyRan(run: Run): DomainError {
  return new DomainError(
    "conflict",
    `The run at ${new Date(run.scheduled_at).toISOString()} has already started (${run.status}); it cannot be planned again.`,
    {
      field: "task_id",
      hint: "Wait until it has finished, then retry the change.",
    },
  );
}
