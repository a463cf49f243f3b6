import type { Run } from "../../core/model.js";
import type { QueueItem } from "../../ports/queue.js";
import type { EngineDeps } from "../deps.js";
import { queueItemOf, toTx, writtenRun } from "../runs.js";
import { commitChecked } from "./commit-check.js";
import { loadJobsOf, Unavailable, Unreadable } from "./job-batch.js";
import { type Reap, reapExpired } from "./run-decisions.js";
import { reportReap, traceItems } from "./run-log.js";

export interface RecoveryStats {
  /** Messages sent: for the runs queued in the store, and for reaped runs queued again. */
  resent: number;
  /** Runs a previous process left running, reaped. */
  reaped: number;
}

/** Runs looked at per shard; beyond it, the watcher's usual paths (stale re-send, lease expiry) take over. */
const LIMIT = 10_000;

/**
 * What an embedded process (SQLite + the in-memory queue) does once at start, before its roles
 * run. It is the only process using its store file (a lock makes that so), and its queue lived
 * in memory: every run queued in the store lost its message with the previous process, so each
 * is sent again now, rather than once it is `stale_queued_ms` late; and every run still
 * `running` was held by the previous process's worker, which is gone whatever its lease says,
 * so each is reaped now (queued again unspent if it never started). Runs held by `ownWorker`
 * (this process's worker, if it claimed something already) are left alone.
 *
 * Only safe with that exclusivity: with another live process on the store, its live runs
 * would be taken from it.
 */
export async function recoverOwnedRuns(deps: EngineDeps, ownWorker: string): Promise<RecoveryStats> {
  const { store, queue, clock, settings, log } = deps;
  const now = clock.now();
  const sends: QueueItem[] = [];
  const running: Run[] = [];
  for (let shard = 0; shard < settings.shard_count; shard++) {
    // The store leaves unreadable runs out (and quarantines them); a shard that cannot be read now
    // at all is left to the watcher, as runs beyond LIMIT are, and must not hold back the others.
    const runs = await store.listWaking({ shard, before: Number.MAX_SAFE_INTEGER, limit: LIMIT }).catch((e: unknown) => {
      log.log("error", "cannot read a shard's runs to recover; the watcher takes them over", { shard, error: String(e) });
      return [];
    });
    if (runs.length === LIMIT) log.log("warn", "more runs to recover than one pass takes; the watcher finds the rest", { shard });
    for (const run of runs) {
      if (run.status === "queued") sends.push(queueItemOf(run, run.owner, run.due_at));
      if (run.status === "running" && run.lease_owner !== ownWorker) running.push(run);
    }
  }
  const jobs = await loadJobsOf(store, running, log);
  const ctx = { now, random: deps.random, lookAheadMs: settings.look_ahead_ms, staleQueuedMs: settings.stale_queued_ms };
  const reaps = running.flatMap((run) => {
    const job = jobs.get(run.job_id);
    // A task that cannot be read now (or is corrupt) is left to the watcher's reaper.
    if (job instanceof Unavailable || job instanceof Unreadable) return [];
    const reap = reapExpired(run, job, ctx, { ownerGone: true });
    return reap ? [{ ...reap, before: run }] : [];
  });
  const results = await commitChecked(
    deps,
    reaps.map((r: Reap) => toTx([r.step], r.jobWrite ? [r.jobWrite] : [])),
    reaps.map((r) => writtenRun(r.step)),
  );
  reaps.forEach((r, i) => {
    const run = writtenRun(r.step);
    if (results[i] === true) reportReap(deps, r.before, run);
    if (results[i] === true && r.requeue) sends.push(queueItemOf(run, run.owner, Math.max(run.due_at, now)));
  });
  await queue.send(sends);
  traceItems(deps, "sent", () => sends);
  const stats = { resent: sends.length, reaped: results.filter((ok) => ok === true).length };
  if (stats.resent + stats.reaped > 0) log.log("info", "recovered the runs a previous process left", { ...stats });
  return stats;
}
