import type { EngineDeps } from "../deps.js";
import { givenBack, updateStep } from "../runs.js";
import { resendItem } from "./claims.js";
import { type LoadedJob, loadJobsOf } from "./job-batch.js";
import type { HeldRun, HeldStep, LeaseKeeper } from "./lease-keeper.js";
import { decideStart } from "./run-decisions.js";

/**
 * Starts held runs that were claimed without their start (ahead of their time, or beyond the
 * free slots), now that their time and a slot have come: the task is checked again (a pause or
 * cancel made meanwhile settles the run instead; see tasksAtStart), and the starts are written
 * in one round trip.
 * Returns the runs whose start is written: their actions start now. The others are released:
 * settled, lost to another attempt, or given back unstarted when their task cannot be read now
 * or their start's answer was lost.
 */
export async function startHeld(deps: EngineDeps, leases: LeaseKeeper, hs: HeldRun[], deferMs: number): Promise<HeldRun[]> {
  return leases.exclusive(hs, async () => {
    const jobs = await tasksAtStart(deps, hs);
    const now = deps.clock.now();
    const back: HeldRun[] = [];
    const steps: (HeldStep & { starts: boolean })[] = [];
    for (let i = 0; i < hs.length; i++) {
      const h = hs[i]!;
      const d = decideStart(h.run, jobs[i], now);
      if (d.kind === "give_back") back.push(h);
      else steps.push({ h, step: d.step, record: true, starts: d.kind === "start" });
    }
    const results = await leases.commitSteps(steps, { verify: true });
    const started: HeldRun[] = [];
    const released: HeldRun[] = [];
    results.forEach((ok, i) => {
      const s = steps[i]!;
      if (ok === null) back.push(s.h);
      else if (ok && s.starts) started.push(s.h);
      else released.push(s.h);
    });
    await release(deps, leases, released);
    await giveBackHeld(deps, leases, back, "its task cannot be read now", deferMs);
    return started;
  });
}

/**
 * Each held run's task as it is now, for the start's pause and cancel check. A task whose stored
 * version is still the one read (and validated) at the claim has not changed since: the claim's
 * copy is it, and only the versions are read, in one call. The others (changed, deleted, or all
 * of them when the versions cannot be read now) are read in full, through the corrupt-record
 * and unavailable paths of `loadJobsOf`.
 */
async function tasksAtStart(deps: EngineDeps, hs: readonly HeldRun[]): Promise<LoadedJob[]> {
  const ids = [...new Set(hs.map((h) => h.job.id))];
  let version: Map<string, number | null>;
  try {
    const found = await deps.store.getJobVersions(ids);
    version = new Map(ids.map((id, i) => [id, found[i] ?? null]));
  } catch (e) {
    deps.log.log("warn", "cannot read tasks' versions at their runs' start; reading the tasks", { count: ids.length, error: String(e) });
    version = new Map();
  }
  const unchanged = hs.map((h) => version.get(h.job.id) === h.job.version);
  const changed = hs.filter((_, i) => !unchanged[i]);
  const read =
    changed.length > 0
      ? await loadJobsOf(
          deps.store,
          changed.map((h) => h.run),
          deps.log,
        )
      : null;
  return hs.map((h, i) => (unchanged[i] ? h.job : read?.get(h.run.job_id)));
}

/**
 * Gives held, unstarted runs back to the queue: each is queued again as it was before the claim,
 * with the claim's attempt kept (see `givenBack`), and its message sent again `delayMs` from now
 * at the earliest. Call it inside `leases.exclusive` for these runs.
 */
export async function giveBackHeld(deps: EngineDeps, leases: LeaseKeeper, hs: HeldRun[], why: string, delayMs = 0): Promise<void> {
  if (hs.length === 0) return;
  const { clock, settings, queue, log } = deps;
  const now = clock.now();
  const steps = hs.map((h) => ({
    h,
    step: updateStep(h.run, givenBack(h.run, h.before, now, settings.stale_queued_ms), now, `given back unstarted: ${why}`),
    record: true,
  }));
  const results = await leases.commitSteps(steps, { verify: true });
  const back = hs.filter((_, i) => results[i] === true);
  try {
    await queue.send(back.map((h) => resendItem(h.message, Math.max(h.before.due_at, now + delayMs))));
  } catch (e) {
    // They are queued in the store: the watcher sends them again once they are stale.
    log.log("warn", "cannot re-send runs given back", { error: String(e), runs: back.length });
  }
  // A run whose give-back answer was lost is left to the reaper, which queues it again unspent.
  await release(
    deps,
    leases,
    hs.filter((_, i) => results[i] !== null),
    hs.filter((_, i) => results[i] === null),
  );
}

/** Stops holding runs; acknowledges their messages (except `unacked`'s). */
async function release(deps: EngineDeps, leases: LeaseKeeper, hs: HeldRun[], unacked: HeldRun[] = []): Promise<void> {
  for (const h of [...hs, ...unacked]) leases.untrack(h);
  if (hs.length === 0) return;
  await deps.queue.ack(hs.map((h) => h.message)).catch((e: unknown) => deps.log.log("warn", "cannot acknowledge messages", { error: String(e) }));
}
