import type { Job } from "../core/model.js";
import { isRecurring } from "../core/schedule/model.js";
import type { QueueItem } from "../ports/queue.js";
import { lateDetail, missedDetail, runsLate } from "./catch-up.js";
import { planChain } from "./chain.js";
import type { EngineDeps } from "./deps.js";
import { PollLoop } from "./poll-loop.js";
import { queued, type Step, skipped, toTx, updateStep } from "./runs.js";

export interface SweepStats {
  jobs: number;
  repaired: number;
  conflicts: number;
}

/**
 * Reconciliation: walks every job and re-creates the head run of a live job whose head is
 * missing (a crash between writes, a lost item, a bug). With the watcher's look-back this also
 * reaches pending runs older than the watcher scans: it hands them to the chain planner as
 * missed. It is the reason "never forgets a task" holds even when every other path failed.
 */
export class Sweeper {
  private readonly deps: EngineDeps;
  private readonly loop: PollLoop;

  /**
   * `when` says whether this process sweeps now: of several watcher processes only the one
   * holding shard 0 does, so the walk runs once. @default always
   */
  constructor(deps: EngineDeps, opts: { when?: () => boolean } = {}) {
    this.deps = deps;
    const when = opts.when ?? (() => true);
    this.loop = new PollLoop({
      tick: async () => {
        if (!when()) return;
        const stats = await this.sweep();
        deps.log.log("debug", "sweep done", { ...stats });
      },
      intervalMs: deps.settings.sweep_interval_ms,
      log: deps.log,
      failure: "sweep failed",
    });
  }

  async sweep(): Promise<SweepStats> {
    const stats: SweepStats = { jobs: 0, repaired: 0, conflicts: 0 };
    let cursor: string | null = null;
    do {
      const page = await this.deps.store.scanJobs({ limit: 500, cursor });
      for (const job of page.items) {
        stats.jobs++;
        const result = await this.repair(job);
        if (result === "repaired") stats.repaired++;
        if (result === "conflict") stats.conflicts++;
      }
      cursor = page.cursor;
    } while (cursor);
    return stats;
  }

  /** Sweeps at once, then every `sweep_interval_ms` after the previous sweep ends, until stop(). */
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

  private async repair(job: Job): Promise<"ok" | "repaired" | "conflict"> {
    if (job.status !== "active" && job.status !== "paused") return "ok";
    const { store, clock, settings } = this.deps;
    const now = clock.now();
    const head = job.next_run_at === null ? null : await store.getRun({ job_id: job.id, scheduled_at: job.next_run_at });
    if (head) {
      if (head.status !== "pending" || head.scheduled_at >= now - settings.look_back_ms) return "ok";
      // A pending head older than the watcher's look-back (long downtime): it runs late if the
      // job's catch_up policy says so, else it is recorded as not run; the plan goes on from it.
      if (job.status === "active" && runsLate(job, head.scheduled_at, now)) {
        const step = updateStep(head, queued(head, now, now, settings.stale_queued_ms), now, lateDetail(job, head.scheduled_at, now));
        return this.replan(job, head.scheduled_at, now, [step], job.version, [
          { key: { job_id: job.id, scheduled_at: head.scheduled_at }, owner: job.owner, dueAt: now },
        ]);
      }
      const reason = job.status === "paused" ? "paused" : "missed";
      const step = updateStep(head, skipped(head, reason, now), now, `found by the sweeper after downtime: ${missedDetail(job, head.scheduled_at, now)}`);
      return this.replan(job, head.scheduled_at, now, [step]);
    }
    if (job.next_run_at === null && !isRecurring(job.schedule)) return "ok";
    this.deps.log.log("warn", "task's head run is missing; re-creating it", { job_id: job.id, head: job.next_run_at });
    // Re-create the head itself (plan from just before it), or, with no head yet, from now.
    const from = job.next_run_at === null ? now : job.next_run_at - 1;
    return this.replan({ ...job, next_run_at: null, run_count: Math.max(0, job.run_count - 1) }, from, now, [], job.version);
  }

  private async replan(job: Job, after: number, now: number, first: Step[], version = job.version, sends: QueueItem[] = []): Promise<"repaired" | "conflict"> {
    const plan = planChain(job, after, now, this.deps.settings, { pastReason: job.status === "paused" ? "paused" : "missed" });
    const saved: Job = { ...plan.job, version: version + 1, updated_at: now };
    const ok = await this.deps.store.commit(toTx([...first, ...plan.steps], [{ op: "put_job", job: saved, expectVersion: version }]));
    if (!ok) return "conflict";
    await this.deps.queue.send([...sends, ...plan.sends]);
    this.deps.log.log("info", "sweeper repaired a task's chain", { job_id: job.id, runs: plan.steps.length });
    return "repaired";
  }
}
