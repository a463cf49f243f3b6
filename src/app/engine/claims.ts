import { isDomainError } from "../../core/errors.js";
import { runKeyString } from "../../core/keys.js";
import type { Job, Run } from "../../core/model.js";
import type { QueueItem, QueueMessage } from "../../ports/queue.js";
import type { EngineDeps } from "../deps.js";
import { toTx, writtenRun } from "../runs.js";
import { readBatched } from "./batch-read.js";
import { commitChecked } from "./commit-check.js";
import { gateClaim } from "./execution-gate.js";
import { type LoadedJob, loadJobsOf, Unavailable } from "./job-batch.js";
import { type ClaimDecision, decideClaim, type HoldBack, startingClaim, stillRunningBefore, waitingBefore } from "./run-decisions.js";

/** A message whose run or task could not be read (or whose claim failed) comes back this much later. */
export const DEFER_MS = 1_000;

/** A run this worker now holds, and the run as it was before. */
export interface Claimed {
  message: QueueMessage;
  before: Run;
  run: Run;
  job: Job;
}

/** What one batch of deliveries came to. */
export interface ClaimBatch {
  /** Claimed, the action to start at once (the claim recorded the start). */
  starting: Claimed[];
  /** Claimed without a start: ahead of their time, or beyond the free slots. */
  held: Claimed[];
  /** Handled without a claim: settled, duplicates, runs that are not queued, claims refused. Acknowledge them. */
  done: QueueMessage[];
  /** To deliver again later, at their `dueAt` or a moment from now: their run or task could not be read now, or the run waits behind its task's running one. */
  deferred: QueueMessage[];
  /**
   * Held back by the owner's execution rate: stored queued and booked, due again at `dueAt`, the
   * token for then booked. The worker keeps their messages until then (see RateHold).
   */
  heldBack: { message: QueueMessage; dueAt: number }[];
}

/**
 * Claims the delivered runs it can, in one store round trip: reads each run and its task (and, in
 * one call, the runs in flight of the tasks the overlap rule applies to), decides
 * (run-decisions.ts), charges each claim to its owner's execution rate unless the run has a token
 * booked already (a claim over the rate is held back instead, its token booked), records the
 * start in the claim of the first `slots` runs that are due, and commits. A message can be older
 * than its run (a copy re-sent before the run was held back or deferred): a run whose stored due
 * time is past `horizon` is not claimed early but sent again for then (a run the rate hold keeps
 * stays booked: whichever copy comes first claims it, the other finds it taken). A task or run that cannot be read right now (not a corrupt record) defers the message;
 * a claim whose answer was lost is read back, and left alone (neither held nor acknowledged) when
 * even that cannot tell.
 */
export async function claimBatch(
  deps: EngineDeps,
  worker: string,
  messages: readonly QueueMessage[],
  now: number,
  opts: { slots: number; horizon: number },
): Promise<ClaimBatch> {
  const { slots, horizon } = opts;
  const out: ClaimBatch = { starting: [], held: [], done: [], deferred: [], heldBack: [] };
  const seen = new Set<string>();
  const fresh: QueueMessage[] = [];
  for (const m of messages) {
    const key = runKeyString(m.key);
    if (seen.has(key))
      out.done.push(m); // the same run twice in one batch
    else fresh.push(m);
    seen.add(key);
  }
  const together = await readTogether(deps, fresh);
  const found = together ? fresh.map((message, i) => ({ message, run: together[i]?.run ?? null })) : await readRuns(deps, fresh, out);
  const claimable = found.filter((f): f is { message: QueueMessage; run: Run } => {
    if (f.run === undefined) return false;
    if (f.run === null || f.run.status !== "queued") out.done.push(f.message);
    else if (f.run.due_at > horizon) out.deferred.push({ ...f.message, dueAt: f.run.due_at });
    return f.run !== null && f.run.status === "queued" && f.run.due_at <= horizon;
  });
  const jobs = together
    ? jobsIn(together)
    : await loadJobsOf(
        deps.store,
        claimable.map((c) => c.run),
        deps.log,
      );
  const decisions = await decideAll(
    deps,
    worker,
    claimable.map((c) => c.run),
    jobs,
    now,
  );
  const decided = await Promise.all(
    claimable.map(async (c, i) => {
      const d = decisions[i]!;
      return { ...c, d: d && (await gateClaim(deps, c.run, d, now)) };
    }),
  );
  let free = slots;
  const todo: { message: QueueMessage; run: Run; d: ClaimDecision | HoldBack; startNow: boolean }[] = [];
  for (const c of decided) {
    if (c.d === null) out.deferred.push(c.message);
    else {
      const startNow = c.d.kind === "claim" && c.run.due_at <= now && free > 0;
      if (startNow) free--;
      // Stryker disable next-line ConditionalExpression: startNow is only ever true for a claim; the kind check narrows the type.
      todo.push({ ...c, d: startNow && c.d.kind === "claim" ? startingClaim(c.run, c.d, now) : c.d, startNow });
    }
  }
  const results = await commitChecked(
    deps,
    todo.map((t) => toTx([t.d.step])),
    todo.map((t) => writtenRun(t.d.step)),
  );
  for (const [i, ok] of results.entries()) {
    const { message, run, d, startNow } = todo[i]!;
    if (ok === null) deps.log.log("error", "cannot tell whether a claim landed; leaving the run to the reaper", { key: message.key });
    else if (ok && d.kind === "hold_back") out.heldBack.push({ message, dueAt: d.dueAt });
    else if (ok && d.kind === "defer") out.deferred.push({ ...message, dueAt: d.run.due_at });
    else if (!ok || d.kind !== "claim") out.done.push(message);
    else (startNow ? out.starting : out.held).push({ message, before: run, run: d.run, job: d.job });
  }
  return out;
}

/**
 * The claim decision of each run, in order, with one store read for all the runs the overlap rule
 * needs it for; null to defer (its task, or its task's runs in flight, cannot be read now).
 */
async function decideAll(deps: EngineDeps, worker: string, runs: readonly Run[], jobs: Map<string, LoadedJob>, now: number): Promise<(ClaimDecision | null)[]> {
  const ctx = { worker, leaseMs: deps.settings.lease_ms, staleQueuedMs: deps.settings.stale_queued_ms };
  const firsts = runs.map((run) => {
    const job = jobs.get(run.job_id);
    return job instanceof Unavailable ? null : { job, d: decideClaim(run, job, now, ctx) };
  });
  const checking = [...new Set(runs.filter((_, i) => firsts[i]?.d.kind === "check_overlap").map((r) => r.job_id))];
  const inFlight = checking.length > 0 ? await readInFlight(deps, checking) : new Map<string, Run[] | null>();
  return runs.map((run, i) => {
    const first = firsts[i];
    if (!first) return null;
    if (first.d.kind !== "check_overlap") return first.d;
    const others = inFlight.get(run.job_id);
    if (!others) return null;
    return decideClaim(run, first.job, now, { ...ctx, overlapping: stillRunningBefore(run, others, now), waiting: waitingBefore(run, others) });
  });
}

/**
 * The runs in flight of each task (ids distinct), in one store call; none for a task whose runs
 * cannot be read now (a failed request defers their runs). An unreadable run is left out by the
 * store and quarantined, so it holds back no claim.
 */
async function readInFlight(deps: EngineDeps, jobIds: readonly string[]): Promise<Map<string, Run[] | null>> {
  try {
    const found = await deps.store.listInFlightRuns(jobIds);
    // Stryker disable next-line ArrayDeclaration: the store's contract maps every id given (an empty array for none); the fallback only guards a store that breaks it.
    return new Map(jobIds.map((id) => [id, found.get(id) ?? []]));
  } catch (e) {
    deps.log.log("warn", "cannot check tasks' earlier runs now; deferring their runs", { jobs: jobIds.length, error: String(e) });
    return new Map<string, null>();
  }
}

/**
 * The delivered runs and their tasks in one store call (`getRunsWithJobs`), the claim's usual
 * read; null when that call fails (one record that does not parse fails it whole, as does a
 * failed request): the runs and the tasks are then read apart, each read settling its own
 * records' failures (readRuns, loadJobsOf).
 */
async function readTogether(deps: EngineDeps, messages: readonly QueueMessage[]): Promise<({ run: Run; job: Job | null } | null)[] | null> {
  if (messages.length === 0) return [];
  try {
    return await deps.store.getRunsWithJobs(messages.map((m) => m.key));
  } catch (e) {
    deps.log.log("warn", "cannot read delivered runs and their tasks in one call; reading them apart", { count: messages.length, error: String(e) });
    return null;
  }
}

/** The tasks a combined read found, by id; a task that does not exist is absent, as loadJobsOf leaves it. */
function jobsIn(read: readonly ({ job: Job | null } | null)[]): Map<string, LoadedJob> {
  const jobs = new Map<string, LoadedJob>();
  for (const r of read) if (r?.job) jobs.set(r.job.id, r.job);
  return jobs;
}

/** The delivered runs, in one store call when it can (`readBatched`): null for a missing or corrupt run, undefined to defer. */
async function readRuns(
  deps: EngineDeps,
  messages: readonly QueueMessage[],
  out: ClaimBatch,
): Promise<{ message: QueueMessage; run: Run | null | undefined }[]> {
  const runs = await readBatched<QueueMessage, Run | null | undefined>(
    messages,
    { batch: (ms) => deps.store.getRuns(ms.map((m) => m.key)).then((rs) => ms.map((_, i) => rs[i] ?? null)), one: (m) => readRun(deps, m, out) },
    { log: deps.log, what: "delivered runs" },
  );
  return messages.map((message, i) => ({ message, run: runs[i] }));
}

/** The delivered run; null when it does not exist or is corrupt (dropped: the watcher reports it), undefined to defer. */
async function readRun(deps: EngineDeps, message: QueueMessage, out: ClaimBatch): Promise<Run | null | undefined> {
  try {
    return await deps.store.getRun(message.key);
  } catch (e) {
    if (isDomainError(e) && e.code === "corrupt_record") {
      deps.log.log("error", "a delivered run is unreadable", { key: message.key, error: String(e) });
      return null;
    }
    deps.log.log("warn", "cannot read a delivered run now; deferring it", { key: message.key, error: String(e) });
    out.deferred.push(message);
    return undefined;
  }
}

/** The item to send again for a message delivered too early or deferred. */
export const resendItem = ({ receipt: _r, ...item }: QueueMessage, dueAt = item.dueAt): QueueItem => ({ ...item, dueAt });
