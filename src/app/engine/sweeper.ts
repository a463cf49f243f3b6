import { isDomainError } from "../../core/errors.js";
import { isTerminal, type Job, type Run } from "../../core/model.js";
import { isRecurring } from "../../core/schedule/model.js";
import type { PeriodicChecks } from "../../ports/periodic-checks.js";
import type { QueueItem } from "../../ports/queue.js";
import { catchUp } from "../catch-up.js";
import { planChain } from "../chain.js";
import type { EngineDeps } from "../deps.js";
import { nextVersion } from "../job-write.js";
import { queued, queueItemOf, type Step, skipped, toTx, updateStep } from "../runs.js";
import { PollLoop } from "./poll-loop.js";
import { endedSafely } from "./run-decisions.js";
import { traceItems } from "./run-log.js";

export interface SweepStats {
  jobs: number;
  repaired: number;
  /** Tasks whose last run had ended and that are now marked completed. */
  completed: number;
  conflicts: number;
  /** Tasks that could not be looked at this time (logged); the next sweep tries again. */
  errors: number;
  /** Tasks whose head run is unreadable: quarantined by the store (and logged there, once); left as they are. */
  unreadable: number;
}

type Repair = "ok" | "repaired" | "completed" | "conflict";

/**
 * Reconciliation: walks every job and gives each live job whose schedule goes on a future run
 * when it has none: its head run is missing (a crash between writes, a lost item, a bug), or is
 * no longer pending although the chain was never planned past it (a run settled without the
 * chain moving on). With the watcher's look-back this also reaches pending runs older than the
 * watcher scans: it hands them to the chain planner as missed. A task whose last run has ended
 * is marked completed if that write was lost. It is the reason "never forgets a task" holds
 * even when every other path failed.
 */
export class Sweeper {
  private readonly deps: EngineDeps;
  private readonly loop: PollLoop<void>;

  /**
   * `when` says whether this process sweeps now: of several watcher processes only the one
   * holding shard 0 does, so the walk runs once. @default always. `after` is called after each sweep.
   * `periodic`: the process's one timer for periodic checks, which brings the regular sweeps. @default a timer of the sweeper's own
   */
  constructor(deps: EngineDeps, opts: { when?: () => boolean; after?: () => void; periodic?: PeriodicChecks } = {}) {
    this.deps = deps;
    const when = opts.when ?? (() => true);
    this.loop = new PollLoop({
      tick: async () => {
        if (!when()) return deps.metrics?.wakeup("sweeper", true);
        const stats = await this.sweep();
        deps.log.log("debug", "sweep done", { ...stats });
        deps.metrics?.wakeup("sweeper", stats.repaired + stats.completed === 0);
        opts.after?.();
      },
      intervalMs: deps.settings.sweep_interval_ms,
      log: deps.log,
      failure: "sweep failed",
      ...(opts.periodic && { periodic: opts.periodic }),
    });
  }

  async sweep(): Promise<SweepStats> {
    const stats: SweepStats = { jobs: 0, repaired: 0, completed: 0, conflicts: 0, errors: 0, unreadable: 0 };
    let cursor: string | null = null;
    do {
      const page = await this.deps.store.scanJobs({ limit: 500, cursor });
      for (const job of page.items) {
        stats.jobs++;
        const result = await this.repair(job).catch((e: unknown): "error" | "unreadable" => {
          // A head run that does not parse is in the store's quarantine already: said once there, not every sweep here.
          if (isDomainError(e) && e.code === "corrupt_record") return "unreadable";
          this.deps.log.log("error", "sweeper could not look at a task", { job_id: job.id, error: String(e) });
          return "error";
        });
        if (result === "repaired") stats.repaired++;
        if (result === "completed") stats.completed++;
        if (result === "conflict") stats.conflicts++;
        if (result === "error") stats.errors++;
        if (result === "unreadable") stats.unreadable++;
      }
      cursor = page.cursor;
    } while (cursor);
    return stats;
  }

  /** Sweeps at once, then every `sweep_interval_ms` (or a little sooner, sharing a wake-up: see PeriodicChecks), until stop(). */
  start(): void {
    this.loop.start();
  }

  /** Sweeps at once instead of at the next interval (after a wake); no-op unless started. */
  sweepNow(): void {
    this.loop.runNow();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  private async repair(job: Job): Promise<Repair> {
    if (job.status !== "active" && job.status !== "paused") return "ok";
    const { store, clock, settings } = this.deps;
    const now = clock.now();
    const head = job.next_run_at === null ? null : await store.getRun({ job_id: job.id, scheduled_at: job.next_run_at });
    if (head) {
      if (head.status === "pending") {
        if (head.scheduled_at >= now - settings.look_back_ms) return "ok";
        // A pending head older than the watcher's look-back (long downtime): it runs late if the
        // job's catch_up policy says so, else it is recorded as not run; the plan goes on from it.
        const verdict = catchUp(job, head.scheduled_at, head.due_at, now);
        if (job.status === "active" && verdict.kind === "run") {
          const step = updateStep(head, queued(head, now, now, settings.stale_queued_ms), now, verdict.detail);
          return this.replan(job, head.scheduled_at, now, [step], job.version, [queueItemOf(head, job.owner, now)]);
        }
        const reason = job.status === "paused" ? "paused" : "missed";
        const why = verdict.kind === "missed" ? verdict.detail : "paused";
        const step = updateStep(head, skipped(head, reason, now), now, `found by the sweeper after downtime: ${why}`);
        return this.replan(job, head.scheduled_at, now, [step]);
      }
      return this.afterHead(job, head, now);
    }
    if (job.next_run_at === null && !isRecurring(job.schedule)) return "ok";
    this.deps.log.log("warn", "task's head run is missing; re-creating it", { job_id: job.id, head: job.next_run_at });
    // Re-create the head itself (plan from just before it), or, with no head yet, from now.
    const from = job.next_run_at === null ? now : job.next_run_at - 1;
    return this.replan({ ...job, next_run_at: null, run_count: Math.max(0, job.run_count - 1) }, from, now, [], job.version);
  }

  /**
   * A head that is no longer pending: the watcher plans the chain past a head when it queues it,
   * so a schedule that goes on means the chain stopped there (e.g. the head was settled without
   * running): plan on from it. A schedule that ended with a finished head means the task is done.
   */
  private async afterHead(job: Job, head: Run, now: number): Promise<Repair> {
    if (!endedSafely(job, head.scheduled_at, now)) {
      if (!isRecurring(job.schedule)) return "ok";
      this.deps.log.log("warn", "task has no future run; planning its next one", { job_id: job.id, head: head.scheduled_at, status: head.status });
      return this.replan(job, head.scheduled_at, now, []);
    }
    if (!isTerminal(head.status) || job.status !== "active") return "ok";
    const done = nextVersion({ ...job, status: "completed" }, job.version, now);
    if (!(await this.deps.store.commit({ writes: [done.write] }))) return "conflict";
    this.deps.log.log("info", "sweeper marked a finished task completed", { job_id: job.id });
    return "completed";
  }

  private async replan(job: Job, after: number, now: number, first: Step[], version = job.version, sends: QueueItem[] = []): Promise<"repaired" | "conflict"> {
    const plan = planChain(job, after, now, this.deps.settings, { pastReason: job.status === "paused" ? "paused" : "missed" });
    const saved = nextVersion(plan.job, version, now);
    const ok = await this.deps.store.commit(toTx([...first, ...plan.steps], [saved.write]));
    if (!ok) return "conflict";
    const items = [...sends, ...plan.sends];
    await this.deps.queue.send(items);
    traceItems(this.deps, "sent", () => items);
    this.deps.log.log("info", "sweeper repaired a task's chain", { job_id: job.id, runs: plan.steps.length });
    return "repaired";
  }
}
