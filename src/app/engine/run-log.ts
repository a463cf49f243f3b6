import { runKeyString } from "../../core/keys.js";
import type { Run } from "../../core/model.js";
import type { QueueItem } from "../../ports/queue.js";
import type { EngineDeps } from "../deps.js";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What every log line about one run carries: its key, owner, scheduled time and attempt (the fencing token). */
export function runFields(run: Run): Record<string, unknown> {
  return { run_key: runKeyString(run), owner: run.owner, scheduled_at: iso(run.scheduled_at), attempt: run.attempt };
}

type Reporting = Pick<EngineDeps, "log" | "metrics">;

/**
 * A run taken back from a worker that stopped heartbeating (or, embedded, from the process
 * before this one), once its write has landed: `before` is the run as the reaper read it.
 */
export function reportReap(deps: Reporting, before: Run, after: Run): void {
  const started = before.started_at !== null;
  deps.log.log("warn", started ? "run reaped: its worker stopped heartbeating mid-run" : "run reaped: its worker stopped before starting it", {
    ...runFields(after),
    worker: before.lease_owner,
    lease_until: iso(before.lease_until),
    status: after.status,
  });
  deps.metrics?.runReaped();
}

/** A queued run whose message was sent again: it was not claimed `stale_queued_ms` after its due time. */
export function reportResend(deps: Reporting, run: Run): void {
  deps.log.log("warn", "run re-sent: no worker claimed it in time (its message may be lost)", { ...runFields(run), due_at: iso(run.due_at) });
  deps.metrics?.runResent();
}

/**
 * One debug line for a batch of queue items at a step of dispatch (sent, received, claimed, held
 * back, deferred): with the webhook's log, it shows where a late run's seconds went.
 */
export function traceItems(deps: Pick<EngineDeps, "log">, step: string, items: () => readonly QueueItem[]): void {
  // On the claim path of every run: nothing is built unless debug lines are written.
  if (deps.log.enabled?.("debug") === false) return;
  const list = items();
  if (list.length === 0) return;
  deps.log.log("debug", `trace ${step}`, { runs: list.map((i) => `${i.owner}|${runKeyString(i.key)}|${i.dueAt}`) });
}
