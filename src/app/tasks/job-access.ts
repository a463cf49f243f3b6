import { DomainError } from "../../core/errors.js";
import type { Job, JobStatus, Run } from "../../core/model.js";
import { startOffsetOf } from "../../core/start-window.js";
import type { Store } from "../../ports/store.js";
import { type Upcoming, upcomingFires } from "./schedule-rules.js";

// What every task use case starts from: the caller's own job, in a state that allows the change.

const PENDING_LIKE: ReadonlySet<string> = new Set(["pending", "queued", "retrying"]);
export const isPendingLike = (r: Run): boolean => PENDING_LIKE.has(r.status);

/** The owner's job; someone else's is reported exactly like a missing one, so existence is not leaked. */
export async function ownedJob(store: Store, owner: string, id: string): Promise<Job> {
  const job = await store.getJob(id);
  if (!job || job.owner !== owner) {
    throw new DomainError("not_found", `No scheduled task with id "${id}".`, {
      field: "task_id",
      expected: "the id of one of your tasks",
      reason: "task_not_found",
      data: { task_id: id },
    });
  }
  return job;
}

/** `verb` a job only in one of `allowed`; a cancelled or completed one is over for good. */
export function mustBe(job: Job, allowed: readonly JobStatus[], verb: string): void {
  if (allowed.includes(job.status)) return;
  const over = job.status === "cancelled" || job.status === "completed";
  throw new DomainError("conflict", `Cannot ${verb} a task that is ${job.status}.`, {
    field: "task_id",
    expected: `a task that is ${allowed.join(" or ")}`,
    ...(over && { reason: "task_ended" as const }),
    data: { status: job.status },
  });
}

export function changedMeanwhile(id: string): DomainError {
  return new DomainError("conflict", `Task ${id} changed while this request was handled.`, {
    field: "task_id",
    expected: "a task no one else changes during the call",
    hint: "Retry the same call.",
  });
}

/** The job's runs that have not ended (pending, queued, retrying): the newest ones, since a chain keeps one ahead. */
export async function openRunsOf(store: Store, jobId: string): Promise<Run[]> {
  const out: Run[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const page = await store.listJobRuns(jobId, { limit: 100, cursor });
    out.push(...page.items.filter(isPendingLike));
    if (!page.cursor) break;
    cursor = page.cursor;
  }
  return out;
}

/**
 * A job's next run times: none once it is over; an immediate one's planned run until it has
 * started; else the schedule's, moved by its start window, before its end, without `skipped`.
 */
export function upcomingOf(job: Job, now: number, skipped: readonly number[] = []): Upcoming {
  if (job.status === "cancelled" || job.status === "completed") return { next: [], notes: [] };
  if (job.schedule.kind === "immediate") return { next: job.next_run_at !== null && job.next_run_at >= now - 1000 ? [job.next_run_at] : [], notes: [] };
  const offset = startOffsetOf(job);
  const off = new Set([...skipped, ...job.skips]);
  const { next, notes } = upcomingFires(job.schedule, now - offset, 3 + off.size);
  return {
    next: next
      .filter((t) => job.end_at === null || t < job.end_at)
      .map((t) => t + offset)
      .filter((t) => t > now && !off.has(t))
      .slice(0, 3),
    notes,
  };
}
