import type { Action } from "../core/action-model.js";
import type { RunResult } from "../core/model.js";

export interface ActionContext {
  jobId: string;
  /** The task's title, as its owner named it (a desktop notification's heading). */
  taskTitle: string;
  owner: string;
  scheduledAt: number;
  /** `job_id:scheduled_at`, the same on every retry: pass it to anything with side effects. */
  idempotencyKey: string;
  /** Which start of the action this is for the occurrence: 1 on the first try. */
  attempt: number;
  /** Aborted when the worker shuts down or the lease is lost. */
  signal: AbortSignal;
  /**
   * Says the action is alive, extending this run's lease. Cheap to call often: beats are
   * coalesced (one write in flight, a minimum spacing); the worker also heartbeats on its own.
   */
  heartbeat(): void;
  /** Progress kept on the run for later attempts of the same occurrence. */
  checkpoint: Checkpoint;
  /** Scheduled time of the job's previous successful run, if any (e.g. to keep only newer items). */
  previousSuccessAt: number | null;
  now(): number;
}

/**
 * A few named values saved on the run, so a retry can skip what an earlier attempt of the same
 * occurrence already did (channels already delivered, a digest already written) instead of
 * doing it again. Values are JSON. A save is written like any run write, fenced on the attempt:
 * it rejects once this attempt lost the run, and a newer attempt sees only what was saved.
 */
export interface Checkpoint {
  /** The value saved under `name` by this or an earlier attempt, or undefined. */
  get(name: string): unknown;
  save(name: string, value: unknown): Promise<void>;
}

/** Thrown (or rejected) by an action to say whether another attempt may help. */
export class ActionFailure extends Error {
  readonly permanent: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, opts: { permanent: boolean; retryAfterMs?: number }) {
    super(message);
    this.name = "ActionFailure";
    this.permanent = opts.permanent;
    this.retryAfterMs = opts.retryAfterMs;
  }
}

/**
 * The reason an action's signal is aborted with when it ran past `action_timeout_ms`: the attempt
 * counts as a retryable failure of kind `timeout`.
 */
export class ActionTimeout extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super("action timed out");
    this.name = "ActionTimeout";
    this.timeoutMs = timeoutMs;
  }
}

/** A message to a task's owner about the task itself (it keeps failing), for their channels. */
export interface OwnerAlert {
  owner: string;
  jobId: string;
  taskTitle: string;
  /** The channels the task delivers to; the runner adds the owner's alert channels. */
  taskChannels: readonly string[];
  /** The run the alert is about (a webhook receiver gets it as `scheduled_at`). */
  scheduledAt: number;
  /** The same on every try of one alert: a receiver may drop a repeat. */
  idempotencyKey: string;
  title: string;
  text: string;
}

/** Which channels took the alert, and which did not (with why, secrets removed). */
export interface AlertOutcome {
  delivered: string[];
  failed: string[];
}

/** Why an action can never run on this server as configured, said so the caller can fix the request. */
export interface ActionRefusal {
  /** Dotted path inside the action, e.g. `type`. */
  field: string;
  message: string;
  expected: string;
  hint: string;
}

/** Runs one action. Anything thrown that is not an ActionFailure counts as retryable. */
export interface ActionRunner {
  run(action: Action, ctx: ActionContext): Promise<RunResult>;
  /**
   * Sends `alert` to its owner's channels, each tried once; resolves with what each came to
   * (it never rejects for a channel's failure). A runner without channels MAY leave it out:
   * then no alert is sent.
   */
  alert?(alert: OwnerAlert, opts: { signal: AbortSignal; now(): number }): Promise<AlertOutcome>;
  /**
   * Checks an action `owner` is creating a task with, before anything is stored: throws a
   * DomainError `invalid_argument` whose field names the part at fault (`action.feeds.0`,
   * `action.channels.1`). A runner that cannot know anything more than the schema MAY leave it out.
   */
  check?(action: Action, owner: string): void;
  /**
   * Checked when a task is created or its action changes, so a task that could never run is
   * refused then, not at its first run (e.g. `ask` with no language model configured).
   * null when `action` can run. Absent: every action can.
   */
  refuse?(action: Action): ActionRefusal | null;
}
