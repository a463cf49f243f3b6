import { runKeyString } from "../../core/keys.js";
import type { Job, Run, RunKey } from "../../core/model.js";
import type { QueueMessage } from "../../ports/queue.js";
import type { Tx } from "../../ports/store.js";
import type { EngineDeps } from "../deps.js";
import { extended, type Step, toTx, updateStep, writtenRun } from "../runs.js";
import { commitChecked } from "./commit-check.js";

/**
 * A held run's abort controller that can tell it was aborted without its signal. Node makes an
 * AbortController's signal (an EventTarget) when it is first asked for; an action that never
 * asks (a notify without channels, a no-op) makes none (the action context hands it out
 * lazily): one for every run cost about 5 µs a run and its garbage.
 */
export class RunAbort extends AbortController {
  called = false;
  override abort(reason?: unknown): void {
    this.called = true;
    super.abort(reason);
  }
}

/** A run one worker has claimed and not yet finished: started, due and waiting for a slot, or claimed ahead. */
export interface HeldRun {
  /** The run as it was before this worker claimed it, to give it back unstarted. */
  before: Run;
  /** The run as this worker last wrote it (the claim, then its start, extensions and checkpoints). */
  run: Run;
  job: Job;
  /** Acknowledged once the outcome is written; kept invisible as long as the lease (SQS visibility). */
  message: QueueMessage;
  /** Aborted when the lease is lost, the action times out, or the worker stops. */
  abort: RunAbort;
  /** Settles when the action has ended and its outcome is handed to the completer; null until started. */
  done: Promise<void> | null;
  /**
   * The write to this run in flight, if any. A held run's writes (heartbeat, start, checkpoint)
   * go one at a time, each built from the row the previous one wrote: each replaces the whole
   * row, so two at once could undo each other (a late heartbeat erasing a checkpoint).
   */
  writing: Promise<void> | null;
}

/** One step to commit for a held run; `record` appends its event (heartbeats append none). */
export interface HeldStep {
  h: HeldRun;
  step: Step;
  record: boolean;
}

/**
 * Keeps the leases of the runs one worker holds (as BullMQ's LockManager does): one timer extends
 * every lease in one store round trip, and an action's own heartbeat extends its own run's lease,
 * coalesced (one write in flight, at most one per sixth of a lease). A run whose write is refused
 * lost its lease (it expired and another attempt took the run): its action is aborted. A kept
 * run's queue message stays invisible as long as its lease, so a remote queue does not redeliver
 * it meanwhile.
 */
export class LeaseKeeper {
  private readonly deps: EngineDeps;
  private readonly worker: string;
  private readonly held = new Map<string, { h: HeldRun; ended: () => void; over: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  /** Between start() and stop(): the timer runs while, and only while, a run is held (an idle worker sleeps). */
  private beating = false;

  constructor(deps: EngineDeps, worker: string) {
    this.deps = deps;
    this.worker = worker;
  }

  track(h: HeldRun): void {
    let ended!: () => void;
    const over = new Promise<void>((r) => (ended = r));
    this.held.set(runKeyString(h.run), { h, ended, over });
    this.arm();
  }

  untrack(h: HeldRun): void {
    const key = runKeyString(h.run);
    const entry = this.held.get(key);
    if (entry?.h !== h) return;
    this.held.delete(key);
    entry.ended();
    if (this.held.size === 0) this.disarm();
  }

  has(key: RunKey): boolean {
    return this.held.has(runKeyString(key));
  }

  get size(): number {
    return this.held.size;
  }

  runs(): HeldRun[] {
    return [...this.held.values()].map((e) => e.h);
  }

  /** Resolves once every run held now has been untracked. */
  async allEnded(): Promise<void> {
    await Promise.all([...this.held.values()].map((e) => e.over));
  }

  /** Beats every third of a lease while it holds a run, so one late beat never loses one. */
  start(): void {
    this.beating = true;
    this.arm();
  }

  stop(): void {
    this.beating = false;
    this.disarm();
  }

  private arm(): void {
    if (!this.beating || this.held.size === 0) return;
    this.timer ??= setInterval(() => this.heartbeat(), Math.max(250, Math.floor(this.deps.settings.lease_ms / 3)));
  }

  private disarm(): void {
    // Stryker disable next-line ConditionalExpression: clearInterval(null) does nothing.
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Extends every lease with no write in flight (that write extends it) and not taken or extended
   * within the last sixth of a lease; a failed beat is logged and the next one tries again. A
   * fresh lease is left alone: a burst claimed ahead of the top of the minute would otherwise
   * be written again in full by the first beat, its starts waiting behind that write. Beats come
   * every third of a lease, so a lease skipped now is extended at the next beat, with more than
   * half of it left.
   */
  heartbeat(): void {
    const { clock, settings } = this.deps;
    const recent = clock.now() - settings.lease_ms / 6;
    const idle = this.runs().filter((h) => h.writing === null && (h.run.lease_until ?? 0) - settings.lease_ms <= recent);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: extending no runs writes nothing (commitSteps returns at once for no steps).
    if (idle.length > 0) this.extend(idle).catch((e: unknown) => this.deps.log.log("error", "heartbeat failed", { worker: this.worker, error: String(e) }));
  }

  /** An action's own heartbeat: extends its run's lease unless a write is in flight or the last extension is recent. */
  beatFor(h: HeldRun): void {
    const { clock, settings } = this.deps;
    if (h.writing !== null || !this.has(h.run)) return;
    const extendedAt = (h.run.lease_until ?? 0) - settings.lease_ms;
    if (clock.now() - extendedAt < settings.lease_ms / 6) return;
    this.extend([h]).catch((e: unknown) => this.deps.log.log("error", "heartbeat failed", { worker: this.worker, error: String(e) }));
  }

  /** Resolves once no write to `h` is in flight. */
  async settle(h: HeldRun): Promise<void> {
    while (h.writing !== null) await h.writing;
  }

  /**
   * Writes `change` of `h`'s run (its lease extended too) once no other write to it is in flight.
   * true when written, false when this attempt lost the run, null when the store's answer was
   * lost and reading back could not tell.
   */
  async update(h: HeldRun, change: (run: Run, now: number) => Run, detail: string): Promise<boolean | null> {
    return this.exclusive([h], async () => {
      const now = this.deps.clock.now();
      const step = updateStep(h.run, change(extended(h.run, now, this.deps.settings.lease_ms), now), now, detail);
      const [ok] = await this.commitSteps([{ h, step, record: true }], { verify: true });
      return ok!;
    });
  }

  /**
   * Runs `work` while it alone writes to these runs: it waits for writes in flight to them, and
   * writes started meanwhile wait for it. `work` builds its rows from `h.run` as it finds it.
   */
  async exclusive<T>(hs: readonly HeldRun[], work: () => Promise<T>): Promise<T> {
    const before = hs.map((h) => h.writing);
    const running = (async () => {
      await Promise.all(before);
      return work();
    })();
    const mark = running.then(
      () => {},
      () => {},
    );
    for (const h of hs) h.writing = mark;
    try {
      return await running;
    } finally {
      for (const h of hs) if (h.writing === mark) h.writing = null;
    }
  }

  /**
   * Commits each step in one round trip; call it inside `exclusive` for its runs. A written row
   * becomes the run's `h.run`; a refused one means the lease is lost and the action is aborted.
   * With `verify`, a lost answer is read back (see commitChecked); without, it stays null.
   */
  async commitSteps(steps: readonly HeldStep[], opts: { verify: boolean }): Promise<(boolean | null)[]> {
    if (steps.length === 0) return [];
    const txs: Tx[] = steps.map(({ step, record }) => (record ? toTx([step]) : { writes: [step.write] }));
    const rows = steps.map(({ step }) => writtenRun(step));
    let results: (boolean | null)[];
    if (opts.verify) results = await commitChecked(this.deps, txs, rows);
    else {
      try {
        results = await this.deps.store.commitEach(txs);
      } catch (e) {
        this.deps.log.log("warn", "extending leases failed; the next beat tries again", { worker: this.worker, error: String(e) });
        // Stryker disable next-line ArrowFunction: only extend() commits unverified, and it reads no result; undefined and null are both "not known".
        results = steps.map(() => null);
      }
    }
    const kept: QueueMessage[] = [];
    results.forEach((ok, i) => {
      const { h } = steps[i]!;
      if (ok === true) {
        h.run = rows[i]!;
        kept.push(h.message);
      } else if (ok === false && this.held.get(runKeyString(h.run))?.h === h) h.abort.abort(new Error("lease lost"));
    });
    const { queue, settings } = this.deps;
    await Promise.all(
      kept.map((m) =>
        queue.extend(m, settings.lease_ms).catch((e: unknown) => this.deps.log.log("warn", "cannot extend a message's visibility", { error: String(e) })),
      ),
    );
    return results;
  }

  private async extend(hs: HeldRun[]): Promise<void> {
    await this.exclusive(hs, async () => {
      const now = this.deps.clock.now();
      const lease = this.deps.settings.lease_ms;
      const live = hs.filter((h) => this.has(h.run));
      await this.commitSteps(
        live.map((h) => ({ h, step: updateStep(h.run, extended(h.run, now, lease), now), record: false })),
        // Stryker disable next-line ObjectLiteral: an absent verify reads as false.
        { verify: false },
      );
    });
  }
}
