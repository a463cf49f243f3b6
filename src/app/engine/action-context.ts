import { type Backoff, backoffDelay } from "../../core/backoff.js";
import { idempotencyKey } from "../../core/keys.js";
import type { Run } from "../../core/model.js";
import type { ActionContext } from "../../ports/action.js";
import { sleep } from "../../ports/clock.js";
import type { EngineDeps } from "../deps.js";
import { checkpointed } from "../runs.js";
import type { HeldRun, LeaseKeeper } from "./lease-keeper.js";

/**
 * What a started run's action is handed: its identity, its attempt (the execution number), its
 * abort signal, a heartbeat that extends its own lease, and its checkpoint, read from the run as
 * last written and saved through the lease keeper (fenced, one write at a time).
 */
export async function actionContext(deps: EngineDeps, leases: LeaseKeeper, held: HeldRun): Promise<ActionContext> {
  const { run, abort } = held;
  return {
    jobId: run.job_id,
    taskTitle: held.job.title,
    owner: run.owner,
    scheduledAt: run.scheduled_at,
    idempotencyKey: idempotencyKey(run),
    attempt: run.executions,
    // Made when the action asks for it (see RunAbort in worker.ts): many never do.
    get signal() {
      return abort.signal;
    },
    heartbeat: () => leases.beatFor(held),
    checkpoint: {
      get: (name) => held.run.checkpoint?.[name],
      save: (name, value) => saveCheckpoint(leases, held, name, value),
    },
    previousSuccessAt: held.job.action.type === "notify" ? null : await previousSuccess(deps, run),
    now: () => deps.clock.now(),
  };
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
