import { bucketOf, hoursBetween, runKeyString } from "../../core/keys.js";
import type { Job, Run } from "../../core/model.js";
import type { Announcement } from "../../ports/presence.js";
import type { QueueItem } from "../../ports/queue.js";
import type { ShardLeases } from "../../ports/shard-lease.js";
import type { Tx } from "../../ports/store.js";
import { catchUp } from "../catch-up.js";
import { planChain } from "../chain.js";
import type { EngineDeps } from "../deps.js";
import { nextVersion } from "../job-write.js";
import { OwnerSendCap, queuedInWindow } from "../owner-cap.js";
import { queued, queueItemOf, type Step, skipped, toTx, updateStep, writtenRun } from "../runs.js";
import { commitChecked } from "./commit-check.js";
import type { Holders } from "./holders.js";
import { type LoadedJob, loadJobsOf, Unavailable, Unreadable } from "./job-batch.js";
import { watcherLeaseMs } from "./liveness.js";
import { PollLoop } from "./poll-loop.js";
import { defaultRoleId } from "./process-id.js";
import { failingParts } from "./readiness.js";
import { type DecideContext, failUnusable, type Reap, reapExpired, type Settled, settleByTask } from "./run-decisions.js";
import { reportReap, reportResend, traceItems } from "./run-log.js";
import { checkReady } from "./status.js";

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
  /** The row the tx writes for the run decided on: read back when the commit's answer is lost. */
  run: Run;
  sends: QueueItem[];
  kind: keyof Omit<TickStats, "conflicts" | "errors">;
  /** The run as read: the reaper's log names the worker that held it. */
  before?: Run;
}

/** Runs decided and committed per store round trip; small enough not to hold the event loop long. */
const PAGE = 250;
/** The earliest possible time, for `earliest` queries that must see every wake time. */
const EVER = Number.MIN_SAFE_INTEGER;

/** Lets timers and I/O run between two pages of a tick. */
const yieldTurn = () => new Promise<void>((r) => setImmediate(r));

const settledDecision = (s: Settled): Decision => ({
  tx: toTx([s.step]),
  run: writtenRun(s.step),
  sends: [],
  kind: s.kind === "skip" ? "skipped" : "cancelled",
});

/** The reaper's decision: its run write and the task's completion in one transaction; a run that never started is queued again. */
function reapDecision(before: Run, r: Reap, now: number): Decision {
  const run = writtenRun(r.step);
  return {
    tx: toTx([r.step], r.jobWrite ? [r.jobWrite] : []),
    run,
    sends: r.requeue ? [queueItemOf(run, run.owner, Math.max(run.due_at, now))] : [],
    kind: "reaped",
    before,
  };
}

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
  private readonly leases: ShardLeases | null;
  /** The shards the last tick scanned: every shard without leases, else those held at its start. */
  private shards: number[];
  private readonly loop: PollLoop<TickStats>;
  /** The last tick failed somewhere: check that the store and queue answer before taking shards again. */
  private failing = false;
  /** What this process announces with its lease (see Member). */
  private readonly about: Announcement;
  /** Buries dead processes on this host (see buryGoneAtThisPlace) before the first acquire; null once done. */
  private buryGone: (() => Promise<unknown>) | null;

  private readonly holders: Holders | null;
  /** Sleeps until the store says there is work (see `sleeps` in the constructor), instead of polling. */
  private readonly sleeps: boolean;
  /** Keeps each owner's unclaimed runs in the queue under its `ownerWindow`; null for a queue that interleaves owners itself. */
  private readonly cap: OwnerSendCap | null;

  /**
   * With `leases`, each tick scans only the shards this watcher holds (several watchers split
   * them). `holders` says whether the worker of a run whose lease expired is still alive: the reaper
   * leaves such a run alone (without it, an expired lease is reaped).
   *
   * `sleeps`: this process writes every run in the store (embedded SQLite, exclusive) and tells
   * the watcher of each write (`wakeFor`), so after a tick it sleeps until the next run enters
   * its window or falls due to be woken, as the store's `earliest` says, instead of polling
   * every `poll_interval_ms`. Ignored with leases or a store without `earliest`.
   */
  constructor(
    deps: EngineDeps,
    opts: { leases?: ShardLeases; id?: string; holders?: Holders; sleeps?: boolean; about?: Announcement; buryGone?: () => Promise<unknown> } = {},
  ) {
    this.deps = deps;
    this.sleeps = opts.sleeps === true && !opts.leases && deps.store.earliest !== undefined;
    this.holders = opts.holders ?? null;
    this.about = opts.about ?? {};
    this.buryGone = opts.buryGone ?? null;
    this.leases = opts.leases ?? null;
    this.cap = deps.queue.ownerWindow ? new OwnerSendCap(deps, deps.queue.ownerWindow) : null;
    this.shards = this.leases ? [] : Array.from({ length: deps.settings.shard_count }, (_, i) => i);
    this.id = opts.id ?? defaultRoleId("watcher");
    this.loop = new PollLoop({
      tick: async () => {
        const stats = await this.tick();
        deps.metrics?.wakeup(
          "watcher",
          Object.values(stats).every((n) => n === 0),
        );
        return stats;
      },
      sleepAfter: async (stats) => (this.sleeps ? this.sleepAfter(stats) : undefined),
      intervalMs: deps.settings.poll_interval_ms,
      log: deps.log,
      failure: "watcher tick failed",
      backoff: { random: deps.random },
    });
  }

  /**
   * How long a sleeping watcher waits after a tick: until the next pending run enters the
   * window (or a paused one inside it reaches its time), or the next wake time (a retry, a stale
   * queued run, a lease) comes. A tick that failed or lost a race looks again after a poll; a
   * run left waking (its live worker holds it through an expired-looking lease) after a lease.
   */
  private async sleepAfter(stats: TickStats): Promise<number | undefined> {
    if (stats.errors > 0 || stats.conflicts > 0) return undefined;
    const { store, clock, settings } = this.deps;
    const now = clock.now();
    const lookAhead = settings.look_ahead_ms;
    const [left, entering, inWindow, overdue, waking] = await Promise.all([
      store.earliest!({ kind: "pending", after: now - settings.look_back_ms }),
      store.earliest!({ kind: "pending", after: now + lookAhead }),
      store.earliest!({ kind: "pending", after: now }),
      store.earliest!({ kind: "waking", after: EVER }),
      store.earliest!({ kind: "waking", after: now }),
    ]);
    // A due run still pending after a tick: its task could not be read this time.
    if (left !== null && left <= now) return undefined;
    const times = [
      entering === null ? Infinity : entering - lookAhead,
      inWindow ?? Infinity,
      overdue !== null && overdue <= now ? now + settings.lease_ms : Infinity,
      waking ?? Infinity,
    ];
    return Math.max(0, Math.min(...times) - now);
  }

  /**
   * A run was just written: a sleeping watcher that would look later than this run needs wakes
   * for it. `runs` are the rows as written; rows no watcher acts on are ignored.
   */
  wakeFor(runs: readonly Run[]): void {
    if (!this.sleeps) return;
    const now = this.deps.clock.now();
    let at = Infinity;
    for (const r of runs) {
      if (r.status === "pending") at = Math.min(at, r.scheduled_at - this.deps.settings.look_ahead_ms);
      if (r.wake_at !== null) at = Math.min(at, r.wake_at);
    }
    if (at !== Infinity) this.loop.runWithin(at - now);
  }

  /** Whether this watcher scans `shard` (with leases: held it at its last tick). */
  holdsShard(shard: number): boolean {
    return this.shards.includes(shard);
  }

  async tick(): Promise<TickStats> {
    const stats: TickStats = { enqueued: 0, skipped: 0, cancelled: 0, resent: 0, reaped: 0, conflicts: 0, errors: 0 };
    const now = this.deps.clock.now();
    const to = now + this.deps.settings.look_ahead_ms;
    const from = now - this.deps.settings.look_back_ms;
    const { shard_count } = this.deps.settings;
    if (this.leases && this.failing) await this.stepAsideUnlessReady();
    let takenOver: number[] = [];
    if (this.leases) {
      if (this.buryGone) {
        // Once, before its first shards: a dead predecessor on this host holds none after it.
        await this.buryGone();
        this.buryGone = null;
      }
      const acquired = await this.leases.acquire(this.id, shard_count, watcherLeaseMs(this.deps), now, this.about);
      this.shards = acquired.shards;
      takenOver = [...new Set(acquired.takenOver.map((t) => t.shard))];
      for (const { shard, from } of acquired.takenOver) {
        this.deps.log.log("warn", "shard taken over from a watcher whose lease expired or that was found dead on its host", { shard, from, watcher: this.id });
        this.deps.metrics?.shardTakenOver();
      }
    }
    const shards = this.shards;
    const cap = this.cap;
    if (cap) await this.isolated("the owners' runs in the queue", stats, () => cap.refresh(shards, from, to, now));
    for (const shard of takenOver) await this.isolated(`queued runs of shard ${shard}`, stats, () => this.resendTakenOver(shard, from, to, now, stats));
    for (const hour of hoursBetween(from, to)) {
      for (const shard of shards) {
        const bucket = bucketOf(hour, shard);
        await this.isolated(`bucket ${bucket}`, stats, () => this.scanBucket(bucket, from, to, now, stats));
      }
    }
    for (const shard of shards) await this.isolated(`waking runs of shard ${shard}`, stats, () => this.scanWaking(shard, stats));
    this.failing = stats.errors > 0;
    // The first failure of a tick is logged in full; a store or queue that is down fails every partition alike.
    if (stats.errors > 1) this.deps.log.log("error", `watcher could not scan ${stats.errors} partitions this tick`, { watcher: this.id });
    return stats;
  }

  /**
   * After a tick that failed somewhere: a watcher whose store or queue does not answer hands its
   * shards to the others (whose may) and throws, so its loop backs off, rather than holding
   * shards it cannot serve.
   */
  private async stepAsideUnlessReady(): Promise<void> {
    const ready = await checkReady(this.deps);
    if (ready.ok) return;
    if (this.shards.length > 0) {
      this.deps.log.log("warn", "handing this watcher's shards to the others until its store and queue answer", { watcher: this.id, shards: this.shards });
      this.shards = [];
      await this.leases?.release(this.id).catch(() => {});
    }
    throw new Error(`the store or the queue does not answer (${failingParts(ready)})`);
  }

  /** A partition that cannot be read now (the store failing) is reported and skipped; the others go on. An unreadable run alone is left out and quarantined by the store. */
  private async isolated(what: string, stats: TickStats, scan: () => Promise<void>): Promise<void> {
    try {
      await scan();
    } catch (e) {
      stats.errors++;
      if (stats.errors === 1) this.deps.log.log("error", `watcher could not scan ${what}`, { error: String(e) });
    }
  }

  /** Ticks until stop(): every `poll_interval_ms`, or (sleeping) when there is work; a tick never overlaps the previous one. */
  start(): void {
    this.loop.start();
  }

  /** Ticks at once instead of at the next poll (after a wake); no-op unless started. */
  tickNow(): void {
    this.loop.runNow();
  }

  /** Ends polling after the current tick, and hands this watcher's shards over to the others. */
  async stop(): Promise<void> {
    await this.loop.stop();
    if (this.leases) {
      this.shards = [];
      await this.leases.release(this.id);
    }
  }

  /**
   * A shard taken from a watcher that died or stopped renewing: that watcher may have committed
   * runs queued and died before sending them (a kill between its commit and its send), and
   * nothing else sends them before they are `stale_queued_ms` late. So its queued runs in the
   * window are sent again now, earliest first, as far as their owners' share allows (the rest
   * wait for the stale re-send). Those already stale are left to this tick's waking scan, which
   * re-sends them anyway. The store is not written: a run whose copy is lost too is still re-sent
   * once stale. A second message for a run that had its first is harmless: the claim is a
   * compare-and-set on the run, so one copy starts it and the other is acknowledged as done.
   */
  private async resendTakenOver(shard: number, from: number, to: number, now: number, stats: TickStats): Promise<void> {
    const runs = (await queuedInWindow(this.deps.store, shard, from, to))
      .filter((r) => r.due_at <= to && (r.wake_at ?? Infinity) > now)
      .sort((a, b) => a.due_at - b.due_at);
    const again = runs.filter((r) => this.cap?.resends(r) ?? true);
    if (again.length === 0) return;
    this.deps.log.log("info", "re-sending the queued runs of a shard taken over (their sends may have died with its watcher)", {
      shard,
      runs: again.length,
      held_by_the_cap: runs.length - again.length,
      watcher: this.id,
    });
    await this.send(again.map((r) => queueItemOf(r, r.owner, r.due_at)));
    stats.resent += again.length;
  }

  /** Every send of the watcher: to the queue, then traced. */
  private async send(items: QueueItem[]): Promise<void> {
    await this.deps.queue.send(items);
    traceItems(this.deps, "sent", () => items);
  }

  private async scanBucket(bucket: string, from: number, to: number, now: number, stats: TickStats): Promise<void> {
    let after: Run | undefined;
    for (;;) {
      const page = await this.deps.store.queryBucket({ bucket, status: "pending", from, to, limit: PAGE, ...(after && { after }) });
      if (page.length === 0) return;
      // An owner with its share of runs in the queue already: its other runs wait, tasks unread
      // (a cancel or a pause among them is applied when they come up).
      const open = this.cap ? page.filter((r) => !this.cap!.holds(r, now)) : page;
      const jobs = await loadJobsOf(this.deps.store, open, this.deps.log);
      await this.apply(
        open.map((run) => this.safely(run, jobs.get(run.job_id), now, (j) => this.decidePending(run, j, now))),
        stats,
      );
      // The embedded store answers without giving the event loop a turn, so without this a tick
      // that enqueues the next minute's 10,000 runs holds every timer for its whole length: the
      // worker's starts at the top of the minute and the completer's writes wait behind it.
      await yieldTurn();
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }

  private async scanWaking(shard: number, stats: TickStats): Promise<void> {
    // The workers' beats first, then the time, read here rather than at the tick's start: a
    // tick's bucket scans can take seconds on a slow store, and a reap stamped with the tick's
    // start would be recorded before the death it acts on (a worker killed during the scans).
    await this.holders?.refreshIfStale();
    const now = this.deps.clock.now();
    // wake_at already says when to look (a retry: a window before it is due), so only what is due now.
    const waking = await this.deps.store.listWaking({ shard, before: now, limit: PAGE });
    const runs = [...waking, ...(await this.deadWorkersRuns(shard, now, waking))];
    const jobs = await loadJobsOf(this.deps.store, runs, this.deps.log);
    await this.apply(
      runs.map((run) => this.safely(run, jobs.get(run.job_id), now, (j) => this.decideWaking(run, j, now))),
      stats,
    );
  }

  /**
   * The running runs of this shard held by a worker taken for dead within the last lease whose
   * leases have not expired yet (their wake time is their lease's end): reaped now rather than
   * when the lease ends, so a SIGKILLed worker's runs go back to work in seconds. Read only while
   * such a worker is recent (once its runs' leases have all ended the ordinary scan has them), as
   * a second listing of the waking index up to a lease ahead; past one page of it, the rest wait
   * for their leases as before.
   */
  private async deadWorkersRuns(shard: number, now: number, waking: readonly Run[]): Promise<Run[]> {
    const holders = this.holders;
    if (!holders?.recentlyDead()) return [];
    const seen = new Set(waking.map(runKeyString));
    const ahead = await this.deps.store.listWaking({ shard, before: now + this.deps.settings.lease_ms, limit: PAGE });
    return ahead.filter((r) => r.status === "running" && !seen.has(runKeyString(r)) && holders.state(r) === "dead");
  }

  /**
   * One task whose stored job fails validation or whose schedule cannot be computed must never
   * stop the others: its run fails for good, saying why, and the tick goes on. A task that could
   * not be read this time (a timeout, a throttled request) leaves its run for the next tick.
   */
  private safely(run: Run, job: LoadedJob, now: number, decide: (job: Job | undefined) => Decision | null): Decision | null {
    if (job instanceof Unavailable) return null;
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
    return settledDecision(failUnusable(run, reason, now));
  }

  private async apply(decisions: (Decision | null)[], stats: TickStats): Promise<void> {
    const todo = decisions.filter((d): d is Decision => d !== null);
    if (todo.length === 0) return;
    const results = await commitChecked(
      this.deps,
      todo.map((d) => d.tx),
      todo.map((d) => d.run),
    );
    const sends: QueueItem[] = [];
    results.forEach((ok, i) => {
      const d = todo[i]!;
      if (ok === null) stats.errors++; // a queued run without its message is re-sent once stale
      if (!ok) {
        if (ok === false) stats.conflicts++;
        return;
      }
      stats[d.kind]++;
      if (d.kind === "reaped" && d.before) reportReap(this.deps, d.before, d.run);
      if (d.kind === "resent") reportResend(this.deps, d.run);
      sends.push(...d.sends);
    });
    await this.send(sends);
  }

  private decidePending(run: Run, job: Job | undefined, now: number): Decision | null {
    const s = this.deps.settings;
    // A paused task's run is looked at again when its time comes: skipped then, or queued if resumed.
    if (job?.status === "paused" && run.scheduled_at > now) return null;
    const settled = settleByTask(run, job, now);
    if (!job || settled?.kind === "cancel") return settledDecision(settled!);
    const steps: Step[] = [];
    const sends: QueueItem[] = [];
    let kind: Decision["kind"] = "enqueued";
    const primary = (): Run => writtenRun(steps[0]!);
    if (settled) {
      steps.push(settled.step);
      kind = "skipped";
    } else {
      const verdict = catchUp(job, run.scheduled_at, run.due_at, now);
      if (verdict.kind === "missed") {
        steps.push(updateStep(run, skipped(run, "missed", now), now, verdict.detail));
        kind = "skipped";
      } else {
        const due = Math.max(run.due_at, now);
        if (this.cap?.holds(run, now)) return null;
        this.cap?.add(run, due);
        steps.push(updateStep(run, queued(run, due, now, s.stale_queued_ms), now, verdict.detail));
        sends.push(queueItemOf(run, run.owner, due));
      }
    }
    if (job.next_run_at !== run.scheduled_at) return { tx: toTx(steps), run: primary(), sends, kind };
    const plan = planChain(job, run.scheduled_at, now, s, { pastReason: job.status === "paused" ? "paused" : "missed" });
    return {
      tx: toTx([...steps, ...plan.steps], [nextVersion(plan.job, job.version, now).write]),
      run: primary(),
      sends: [...sends, ...plan.sends],
      kind,
    };
  }

  private decideWaking(run: Run, job: Job | undefined, now: number): Decision | null {
    const s = this.deps.settings;
    if (run.status === "running") {
      // A live worker's run is not the reaper's, whatever its lease says (it may be storing the
      // outcome through a write outage, or the lease only looks expired after a clock jump); a
      // worker known to be dead loses its runs without waiting for their leases.
      const holder = this.holders?.state(run) ?? "unknown";
      if (holder === "alive") return null;
      const why = holder === "dead" ? this.holders?.whyDead(run) : undefined;
      const reaped = reapExpired(run, job, this.decideContext(now), { ownerGone: holder === "dead", ...(why && { why }) });
      return reaped && reapDecision(run, reaped, now);
    }
    if (run.status === "queued") {
      if ((run.wake_at ?? Infinity) > now) return null;
      const next: Run = { ...run, wake_at: now + s.stale_queued_ms, updated_at: now };
      return {
        tx: toTx([updateStep(run, next, now, "re-sent: not claimed in time (message lost?)")]),
        run: next,
        sends: [queueItemOf(run, run.owner, run.due_at)],
        kind: "resent",
      };
    }
    if (run.status !== "retrying") return null;
    const settled = settleByTask(run, job, now);
    if (settled) return settledDecision(settled);
    const next = queued(run, Math.max(run.due_at, now), now, s.stale_queued_ms);
    return { tx: toTx([updateStep(run, next, now, "retry")]), run: next, sends: [queueItemOf(run, run.owner, next.due_at)], kind: "enqueued" };
  }

  private decideContext(now: number): DecideContext {
    return { now, random: this.deps.random, lookAheadMs: this.deps.settings.look_ahead_ms, staleQueuedMs: this.deps.settings.stale_queued_ms };
  }
}
