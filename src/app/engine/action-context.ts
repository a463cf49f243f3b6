import { type Backoff, backoffDelay } from "../../core/backoff.js";
import { idempotencyKey } from "../../core/keys.js";
import type { Run } from "../../core/model.js";
import type { ActionContext, Checkpoint } from "../../ports/action.js";
import { sleep } from "../../ports/clock.js";
import type { EngineDeps } from "../deps.js";
import { checkpointed } from "../runs.js";
import type { HeldRun, LeaseKeeper } from "./lease-keeper.js";

/**
 * What a started run's action is handed: its identity, its attempt (the execution number), its
 * abort signal, a heartbeat that extends its own lease, and its checkpoint, read from the run as
 * last written and saved through the lease keeper (fenced, one write at a time). A promise only
 * for an action that is told its task's previous success (a notify is not): that is a read.
 */
export function actionContext(deps: EngineDeps, leases: LeaseKeeper, held: HeldRun): ActionContext | Promise<ActionContext> {
  if (held.job.action.type === "notify") return new RunContext(deps, leases, held, null);
  return previousSuccess(deps, held.run).then((at) => new RunContext(deps, leases, held, at));
}

/**
 * One per run started, so its size is garbage per run: the identity is plain fields, and the
 * rest is made on first access by prototype getters (many actions never ask for the signal, a
 * heartbeat or the key). An object literal with a getter and its five closures takes ~1.2 KB
 * of heap, this ~100 bytes. The functions it hands out need no `this` (`now` is passed around
 * detached).
 */
class RunContext implements ActionContext {
  readonly jobId: string;
  readonly taskTitle: string;
  readonly owner: string;
  readonly scheduledAt: number;
  readonly attempt: number;
  readonly previousSuccessAt: number | null;
  private readonly deps: EngineDeps;
  private readonly leases: LeaseKeeper;
  private readonly held: HeldRun;

  constructor(deps: EngineDeps, leases: LeaseKeeper, held: HeldRun, previousSuccessAt: number | null) {
    const { run } = held;
    this.jobId = run.job_id;
    this.taskTitle = held.job.title;
    this.owner = run.owner;
    this.scheduledAt = run.scheduled_at;
    this.attempt = run.executions;
    this.previousSuccessAt = previousSuccessAt;
    this.deps = deps;
    this.leases = leases;
    this.held = held;
  }

  get idempotencyKey(): string {
    return idempotencyKey(this.held.run);
  }

  /** Node makes an AbortController's signal on first access (see RunAbort in lease-keeper.ts). */
  get signal(): AbortSignal {
    return this.held.abort.signal;
  }

  get heartbeat(): () => void {
    const { leases, held } = this;
    return () => leases.beatFor(held);
  }

  get checkpoint(): Checkpoint {
    const { leases, held } = this;
    return {
      get: (name) => held.run.checkpoint?.[name],
      save: (name, value) => saveCheckpoint(leases, held, name, value),
    };
  }

  get now(): () => number {
    const { clock } = this.deps;
    return () => clock.now();
  }
}

async function saveCheckpoint(leases: LeaseKeeper, held: HeldRun, name: string, value: unknown): Promise<void> {
  const json: unknown = value === undefined ? null : JSON.parse(JSON.stringify(value));
  const ok = await leases.update(held, (run, now) => checkpointed(run, name, json, now), `progress saved: ${name}`);
  if (ok === false) throw new Error("this attempt lost its lease: progress not saved");
  if (ok === null) throw new Error("progress could not be saved: the store did not answer");
}

/** Between reads of the previous success: one reader, so no jitter. */
const READ_BACKOFF: Backoff = { baseMs: 50, jitter: "none" };

/** The previous success, read with a few tries: a store that cannot answer fails this execution (retryable). */
async function previousSuccess(deps: EngineDeps, run: Run): Promise<number | null> {
  for (let i = 0; ; i++) {
    try {
      const recent = await deps.store.listJobRuns(run.job_id, { limit: 50 });
      return recent.items.find((r) => r.status === "succeeded" && r.scheduled_at < run.scheduled_at)?.scheduled_at ?? null;
    } catch (e) {
      if (i >= 2) throw e;
      await sleep(backoffDelay(READ_BACKOFF, i, deps.random()));
    }
  }
}
