import { runKeyString } from "../../../src/core/keys.js";
import type { StoredEvent } from "./observation.js";

/**
 * One claim of a run and what became of it, rebuilt from the run's events. A claim opens an
 * attempt (queued → running, the detail names the worker); every later event of that attempt
 * carries the same fencing token: its start ("started", when it was not written with the claim),
 * and the event that ended it.
 */
export interface Claim {
  job_id: string;
  scheduled_at: number;
  attempt: number;
  at: number;
  worker: string | null;
  /**
   * When its action's start was written, charging an execution: the "started" event, or the
   * claim itself when the attempt ended in an outcome without one (a due run claimed with a free
   * slot starts in its claim). null: it never started.
   */
  startedAt: number | null;
  end: ClaimEnd;
  /** The event that ended it; null while open. */
  endedAt: number | null;
  /** A reaper ended it (its holder taken for gone, or its lease expired), not its own worker. */
  reaped: boolean;
}

/**
 * - `finished`: an outcome (succeeded, retrying, failed), or a reap of a started run;
 * - `given_back`: its live worker queued it again unstarted (stopping, or its task unreadable);
 * - `reaped_unstarted`: its holder died before starting it; the reaper queued it again;
 * - `settled_unstarted`: cancelled or skipped at its start by its task's status;
 * - `open`: nothing ended it (still running when the store was read).
 */
export type ClaimEnd = "finished" | "given_back" | "reaped_unstarted" | "settled_unstarted" | "open";

const OUTCOMES = new Set(["succeeded", "retrying", "failed"]);
/** The reaper's details (src/app/engine/run-decisions.ts, reapExpired): "worker … is gone…", "lease expired: …", "interrupted: " either. */
const REAPED = /^(interrupted: )?(worker \S+ is gone|lease expired: )/;

function endOf(last: StoredEvent | undefined, started: boolean): ClaimEnd {
  if (!last) return "open";
  if (last.to === "queued") return last.detail?.startsWith("given back") ? "given_back" : "reaped_unstarted";
  return OUTCOMES.has(last.to) || started ? "finished" : "settled_unstarted";
}

/** Every claim in `events`, each run's oldest first. An attempt whose claim event is missing (see below) is left out. */
export function claimsFrom(events: readonly StoredEvent[]): Claim[] {
  const byAttempt = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const key = `${runKeyString(e)}#${e.attempt}`;
    byAttempt.set(key, [...(byAttempt.get(key) ?? []), e]);
  }
  const out: Claim[] = [];
  for (const list of byAttempt.values()) {
    const claim = list.find((e) => e.from === "queued" && e.to === "running");
    // DynamoDB appends a single write's events after the write: a kill between the two loses them.
    if (!claim) continue;
    const start = list.find((e) => e.from === "running" && e.to === "running" && e.detail === "started");
    const last = list.find((e) => e.from === "running" && e.to !== "running");
    const end = endOf(last, start !== undefined);
    const startedAt = start?.at ?? (last && OUTCOMES.has(last.to) ? claim.at : null);
    const { job_id, scheduled_at, attempt, at, detail: worker } = claim;
    const reaped = last !== undefined && REAPED.test(last.detail ?? "");
    out.push({ job_id, scheduled_at, attempt, at, worker, startedAt, end, endedAt: last?.at ?? null, reaped });
  }
  return out.sort((a, b) => runKeyString(a).localeCompare(runKeyString(b)) || a.attempt - b.attempt);
}
