import { randomUUID } from "node:crypto";
import { bucketOf, hoursBetween } from "../core/keys.js";
import type { Job, Run } from "../core/model.js";
import { decideRetry } from "../core/retry.js";
import { nextOccurrence } from "../core/schedule/index.js";
import type { QueueItem } from "../ports/queue.js";
import type { ShardLeases } from "../ports/shard-lease.js";
import type { Tx } from "../ports/store.js";
import { planChain } from "./chain.js";
import type { EngineDeps } from "./deps.js";
import { JobCache, type LoadedJob, Unreadable } from "./job-cache.js";
import { cancelled, failed, queued, retrying, type Step, skipped, toTx, updateStep } from "./runs.js";

export interface TickStats {
  enqueued: number;
  skipped: number;
  cancelled: number;
  resent: number;
  reaped: number;
  conflicts: number;
  /** Partitions that could not be scanned this tick (logged). */
  errors: number;
}

interface Decision {
  tx: Tx;
  sends: QueueItem[];
  kind: keyof Omit<TickStats, "conflicts" | "errors">;
}

/** Runs decided and committed per store round trip; small enough not to hold the event loop long. */
const PAGE = 250;
/** With shard leases, a watcher that misses this many polls loses its shards to the others. */
const LEASE_POLLS = 10;

/**
 * Layer 1 of dispatch. Each tick, for the buckets and shards of the window, it moves pending
 * runs due soon into the delay queue (advancing each job's chain in the same transaction),
 * records runs that must not run, re-sends queued runs whose message was lost, queues retries
 * that fall due, and returns runs whose worker's lease expired. Its cost depends on the window,
 * not on how many runs lie further ahead.
 */
export class Watcher {
  readonly id: string;
  private readonly deps: EngineDeps;
  private readonly shards: number[];
  private readonly leases: ShardLeases | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  /** With `leases`, each tick scans only the shards this watcher holds (several watchers split them). */
  constructor(deps: EngineDeps, opts: { shards?: number[]; leases?: ShardLeases; id?: string } = {}) {
    this.deps = deps;
    this.shards = opts.shards ?? Array.from({ length: deps.settings.shard_count }, (_, i) => i);
    this.leases = opts.leases ?? null;
    this.id = opts.id ?? `watcher-${randomUUID().slice(0, 8)}`;
  }

  async tick(): Promise<TickStats> {
    const stats: TickStats = { enqueued: 0, skipped: 0, cancelled: 0, resent: 0, reaped: 0, conflicts: 0, errors: 0 };
    const now = this.deps.clock.now();
    const to = now + this.deps.settings.look_ahead_ms;
    const from = now - this.deps.settings.look_back_ms;
    const { shard_count, poll_interval_ms } = this.deps.settings;
    const shards = this.leases ? await this.leases.acquire(this.id, shard_count, LEASE_POLLS * poll_interval_ms, now) : this.shards;
    for (const hour of hoursBetween(from, to)) {
      for (const shard of shards) {
        const bucket = bucketOf(hour, shard);
        await this.isolated(`bucket ${bucket}`, stats, () => this.scanBucket(bucket, from, to, now, stats));
      }
    }
    for (const shard of shards) await this.isolated(`waking runs of shard ${shard}`, stats, () => this.scanWaking(shard, now, stats));
    return stats;
  }

  /** A partition that cannot be read (a malformed stored run) is reported and skipped; the others go on. */
  private async isolated(what: string, stats: TickStats, scan: () => Promise<void>): Promise<void> {
    try {
      await scan();
    } catch (e) {
      stats.errors++;
      this.deps.log.log("error", `watcher could not scan ${what}`, { error: String(e) });
    }
  }

  /** Polls every `poll_interval_ms` until stop(); a tick never overlaps the previous one. */
  start(): void {
    const loop = async () => {
      try {
        this.running = this.tick();
        await this.running;
      } catch (e) {
        this.deps.log.log("error", "watcher tick failed", { error: String(e) });
      }
      if (this.timer !== null) this.timer = setTimeout(loop, this.deps.settings.poll_interval_ms);
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    await this.leases?.release(this.id);
  }

  private async scanBucket(bucket: string, from: number, to: number, now: number, stats: TickStats): Promise<void> {
    let after: Run | undefined;
    for (;;) {
      const page = await this.deps.store.queryBucket({ bucket, status: "pending", from, to, limit: PAGE, ...(after && { after }) });
      if (page.length === 0) return;
      const jobs = await JobCache.load(this.deps.store, page, this.deps.log);
      await this.apply(
        page.map((run) => this.safely(run, jobs.get(run.job_id), now, (j) => this.decidePending(run, j, now))),
        stats,
      );
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }

  private async scanWaking(shard: number, now: number, stats: TickStats): Promise<void> {
    // wake_at already says when to look (a retry: a window before it is due), so only what is due now.
    const runs = await this.deps.store.listWaking({ shard, before: now, limit: PAGE });
    const jobs = await JobCache.load(this.deps.store, runs, this.deps.log);
    await this.apply(
      runs.map((run) => this.safely(run, jobs.get(run.job_id), now, (j) => this.decideWaking(run, j, now))),
      stats,
    );
  }

  /**
   * One task whose stored job or schedule cannot be read or computed must never stop the
   * others: its run fails for good, saying why, and the tick goes on.
   */
  private safely(run: Run, job: LoadedJob, now: number, decide: (job: Job | undefined) => Decision | null): Decision | null {
    let reason: string;
    if (job instanceof Unreadable) reason = job.reason;
    else {
      try {
        return decide(job);
      } catch (e) {
        reason = e instanceof Error ? e.message : String(e);
        this.deps.log.log("error", "cannot plan this task's runs", { job_id: run.job_id, error: reason });
      }
    }
    if (run.status === "running") return null; // its worker finishes or the lease expires
    const error = { message: `stored task cannot be used: ${reason}`, kind: "permanent" as const };
    return { tx: toTx([updateStep(run, failed(run, error, now), now, "unreadable task")]), sends: [], kind: "cancelled" };
  }

  private async apply(decisions: (Decision | null)[], stats: TickStats): Promise<void> {
    const todo = decisions.filter((d): d is Decision => d !== null);
    if (todo.length === 0) return;
    const results = await this.deps.store.commitEach(todo.map((d) => d.tx));
    const sends: QueueItem[] = [];
    results.forEach((ok, i) => {
      const d = todo[i]!;
      if (!ok) return void stats.conflicts++;
      stats[d.kind]++;
      sends.push(...d.sends);
    });
    await this.deps.queue.send(sends);
  }

  private decidePending(run: Run, job: Job | undefined, now: number): Decision | null {
    const s = this.deps.settings;
    if (!job || job.status === "cancelled" || job.status === "completed") {
      return { tx: toTx([updateStep(run, cancelled(run, now), now, job ? `task ${job.status}` : "task not found")]), sends: [], kind: "cancelled" };
    }
    if (job.status === "paused" && run.scheduled_at > now) return null;
    const steps: Step[] = [];
    const sends: QueueItem[] = [];
    let kind: Decision["kind"] = "enqueued";
    if (job.status === "paused") {
      steps.push(updateStep(run, skipped(run, "paused", now), now));
      kind = "skipped";
    } else if (run.scheduled_at < now - job.policy.misfire_grace_ms && !this.catchUp(job, run, now)) {
      steps.push(updateStep(run, skipped(run, "missed", now), now, `found ${Math.round((now - run.scheduled_at) / 1000)} s late, past the grace window`));
      kind = "skipped";
    } else {
      const due = Math.max(run.due_at, now);
      steps.push(updateStep(run, queued(run, due, now, s.stale_queued_ms), now));
      sends.push({ key: { job_id: run.job_id, scheduled_at: run.scheduled_at }, owner: run.owner, dueAt: due });
    }
    if (job.next_run_at !== run.scheduled_at) return { tx: toTx(steps), sends, kind };
    const plan = planChain(job, run.scheduled_at, now, s, { pastReason: job.status === "paused" ? "paused" : "missed" });
    const saved: Job = { ...plan.job, version: job.version + 1, updated_at: now };
    return {
      tx: toTx([...steps, ...plan.steps], [{ op: "put_job", job: saved, expectVersion: job.version }]),
      sends: [...sends, ...plan.sends],
      kind,
    };
  }

  /** Whether a run found past its grace window still runs once, late, under the job's catch_up policy. */
  private catchUp(job: Job, run: Run, now: number): boolean {
    if (job.policy.catch_up === "all") return true;
    if (job.policy.catch_up === "skip") return false;
    const later = job.schedule.kind === "cron" || job.schedule.kind === "every" ? nextOccurrence(job.schedule, run.scheduled_at) : null;
    return !later || later.at >= now - job.policy.misfire_grace_ms;
  }

  private decideWaking(run: Run, job: Job | undefined, now: number): Decision | null {
    const s = this.deps.settings;
    const key = { job_id: run.job_id, scheduled_at: run.scheduled_at };
    if (run.status === "running") return this.reap(run, job, now);
    if (run.status === "queued") {
      if ((run.wake_at ?? Infinity) > now) return null;
      const next: Run = { ...run, wake_at: now + s.stale_queued_ms, updated_at: now };
      return {
        tx: toTx([updateStep(run, next, now, "re-sent: not claimed in time (message lost?)")]),
        sends: [{ key, owner: run.owner, dueAt: run.due_at }],
        kind: "resent",
      };
    }
    if (run.status !== "retrying") return null;
    if (!job || job.status === "cancelled" || job.status === "completed") {
      return { tx: toTx([updateStep(run, cancelled(run, now), now, "task cancelled")]), sends: [], kind: "cancelled" };
    }
    if (job.status === "paused") return { tx: toTx([updateStep(run, skipped(run, "paused", now), now)]), sends: [], kind: "skipped" };
    const due = Math.max(run.due_at, now);
    return {
      tx: toTx([updateStep(run, queued(run, due, now, s.stale_queued_ms), now, "retry")]),
      sends: [{ key, owner: run.owner, dueAt: due }],
      kind: "enqueued",
    };
  }

  /** The worker holding this run stopped heartbeating: the attempt failed; retry or dead-letter it. */
  private reap(run: Run, job: Job | undefined, now: number): Decision | null {
    if ((run.lease_until ?? Infinity) > now) return null;
    const error = { message: `lease expired: worker ${run.lease_owner ?? "?"} stopped heartbeating`, kind: "lease_expired" as const };
    if (!job || job.status === "cancelled") return { tx: toTx([updateStep(run, cancelled(run, now), now, error.message)]), sends: [], kind: "reaped" };
    const decision = decideRetry(job.retry, run.attempt, { permanent: false }, this.deps.random());
    const due = now + (decision.kind === "retry" ? decision.delayMs : 0);
    const next = decision.kind === "retry" ? retrying(run, error, due, now, due - this.deps.settings.look_ahead_ms) : failed(run, error, now);
    return { tx: toTx([updateStep(run, next, now, error.message)]), sends: [], kind: "reaped" };
  }
}
