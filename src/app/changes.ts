import type { Job, JobEvent, Run, RunStatus } from "../core/model.js";
import type { Logger } from "../ports/logger.js";
import type { Tx } from "../ports/store.js";

/**
 * What a committed change says, by type (as graphile-worker's `WorkerEventMap` names its events).
 * Every job and run this process writes is announced as one of these once its commit landed,
 * whichever use case or role wrote it: create, update, pause, resume, cancel, skip and run now;
 * the watcher, the worker, the sweeper, the reaper and the start-up recovery.
 */
export interface ChangeMap {
  /** A job was written: created, changed by its owner, advanced along its chain, or completed. */
  "job:written": { job: Job; created: boolean };
  /**
   * The owner changed a job (update, pause, resume, cancel, skip, undo a skip, run now), as its
   * history records it; the same transaction's writes are announced beside it.
   */
  "job:changed": { entry: JobEvent; owner: string };
  /**
   * A run moved from one status to another (`from` null: it was created). A write that keeps the
   * status (a heartbeat extending the lease, a note on the run's history) is not a move.
   */
  "run:moved": { run: Run; from: RunStatus | null; to: RunStatus; detail: string | null };
}

export type ChangeType = keyof ChangeMap;
export type Change = { [T in ChangeType]: { type: T } & ChangeMap[T] }[ChangeType];
export type ChangeListener = (changes: readonly Change[]) => void;

/** The changes one landed transaction made: jobs written, then the owner's changes, then runs moved. */
export function changesOf(tx: Tx): Change[] {
  const out: Change[] = [];
  for (const w of tx.writes) if (w.op === "put_job") out.push({ type: "job:written", job: w.job, created: w.expectVersion === null });
  for (const entry of tx.jobEvents ?? []) {
    // Every change of the owner's writes its job or one of its runs, which names the owner.
    const owner = tx.writes.map((w) => (w.op === "put_job" ? w.job : w.run)).find((x) => ("job_id" in x ? x.job_id : x.id) === entry.job_id)?.owner;
    if (owner !== undefined) out.push({ type: "job:changed", entry, owner });
  }
  for (const e of tx.events ?? []) {
    if (e.from === e.to) continue;
    const run = tx.writes.find((w) => w.op !== "put_job" && w.run.job_id === e.job_id && w.run.scheduled_at === e.scheduled_at);
    if (run && run.op !== "put_job") out.push({ type: "run:moved", run: run.run, from: e.from, to: e.to, detail: e.detail });
  }
  return out;
}

/**
 * The one stream of changes this process commits. Subscribers (metrics, the dead-letter log,
 * failure alerts, MCP resource notifications) hear each landed transaction's changes together,
 * synchronously after the commit, and must not throw (one that does is logged and stops none of
 * the others). In process only: another process of a deployment announces its own writes.
 */
export class ChangeFeed {
  private readonly entries = new Set<ChangeListener>();
  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  /** Registers `listener`; the function returned removes it (and is safe to call twice). */
  subscribe(listener: ChangeListener): () => void {
    const entry: ChangeListener = (changes) => listener(changes);
    this.entries.add(entry);
    return () => {
      this.entries.delete(entry);
    };
  }

  /** Listeners registered now (a closed session must leave none behind). */
  get listeners(): number {
    return this.entries.size;
  }

  /**
   * Announces a transaction known to have landed: the store confirmed it, or a read-back after a
   * lost answer found it (the callers that read back announce what they find).
   */
  landed(tx: Tx): void {
    const changes = changesOf(tx);
    if (changes.length === 0) return;
    for (const listener of this.entries) {
      try {
        listener(changes);
      } catch (e) {
        this.log.log("error", "a change listener failed", { error: String(e) });
      }
    }
  }
}
