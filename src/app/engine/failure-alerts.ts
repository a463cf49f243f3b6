import type { Job, RunEvent } from "../../core/model.js";
import { formatInZone, isValidTimeZone } from "../../core/schedule/index.js";
import type { OwnerAlert } from "../../ports/action.js";
import type { Change } from "../changes.js";
import type { EngineDeps } from "../deps.js";
import { type FailureStreak, failureStreak } from "./failure-streak.js";

/** How run events that record an alert start: the one mark `check` looks for. */
export const ALERT_DETAIL = "failure alert";
/** Runs read back per check: a streak longer than this is judged on its newest part. */
const RECENT_RUNS = 50;

/** `unheard`: the alert was sent, but every channel it was sent to failed (or it had none). */
export type AlertCheck = "sent" | "unheard" | "already_sent" | "not_failing";

/**
 * Failure alerts: when a task starts failing (a run dead-letters, or `alert_after_failures`
 * attempts fail in a row, retries included), its owner's channels are told once. Once per
 * streak: the alert is recorded as an event on the streak's first failed run before it is
 * sent, so a later failure of the same streak, in this process or after a restart, finds it
 * and stays quiet; a success ends the streak. Recording first means a crash between the two
 * loses that alert rather than sending it twice; the next failure of the streak sends it then.
 * Checks of one task run one at a time in this process; two processes failing runs of one
 * task at the same instant (DynamoDB with several workers) could each send one.
 */
export class FailureAlerts {
  private readonly deps: EngineDeps;
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(deps: EngineDeps) {
    this.deps = deps;
  }

  /** Looks, in the background, at every task one of whose attempts just failed (its run moved to retrying or failed). */
  observe(changes: readonly Change[]): void {
    const failed = changes.flatMap((c) => (c.type === "run:moved" && (c.to === "retrying" || c.to === "failed") && c.run.error !== null ? [c.run.job_id] : []));
    for (const jobId of new Set(failed)) {
      this.enqueue(jobId).catch((e: unknown) => this.deps.log.log("error", "failure alert check failed", { job_id: jobId, error: String(e) }));
    }
  }

  /** Resolves when every check started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()]);
  }

  /** Checks `jobId` after any check of it already running. */
  enqueue(jobId: string): Promise<AlertCheck> {
    const before = this.pending.get(jobId) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => this.check(jobId));
    this.pending.set(jobId, mine);
    const forget = () => {
      if (this.pending.get(jobId) === mine) this.pending.delete(jobId);
    };
    mine.then(forget, forget);
    return mine;
  }

  private async check(jobId: string): Promise<AlertCheck> {
    const { store, clock, settings } = this.deps;
    const job = await store.getJob(jobId);
    if (!job) return "not_failing";
    const streak = failureStreak((await store.listJobRuns(jobId, { limit: RECENT_RUNS })).items);
    if (!streak || !(streak.deadLettered || streak.failedAttempts >= settings.alert_after_failures)) return "not_failing";
    const { anchor } = streak;
    const key = { job_id: jobId, scheduled_at: anchor.scheduled_at };
    if ((await store.listEvents(key)).some((e) => e.detail?.startsWith(ALERT_DETAIL))) return "already_sent";
    const mark = (detail: string): RunEvent => ({ ...key, at: clock.now(), from: anchor.status, to: anchor.status, attempt: anchor.attempt, detail });
    const why = streak.deadLettered ? "a run dead-lettered" : `${streak.failedAttempts} failed attempts in a row`;
    if (!(await store.commit({ writes: [], events: [mark(`${ALERT_DETAIL}: ${why}`)] }))) return "not_failing";
    const outcome = await this.deps.actions.alert!(alertOf(job, streak), {
      signal: AbortSignal.timeout(settings.action_timeout_ms),
      now: () => clock.now(),
    });
    const heard = outcome.delivered.length > 0;
    const said = [`delivered to ${outcome.delivered.join(", ") || "no channel"}`, ...outcome.failed.map((f) => `not delivered: ${f}`)].join("; ");
    const fields = { job_id: jobId, owner: job.owner, why, delivered: outcome.delivered, failed: outcome.failed };
    // An alert no channel took must not read as one sent: the owner learns of the failure only
    // from the task's runs, so the log says so at warn level.
    if (heard) this.deps.log.log("info", "failure alert sent", fields);
    else
      this.deps.log.log(
        "warn",
        `failure alert reached nobody: ${outcome.failed.length > 0 ? "every channel failed" : "the owner has no channel for alerts"}`,
        fields,
      );
    await store
      .commit({ writes: [], events: [mark(heard ? `${ALERT_DETAIL} sent: ${said}` : `${ALERT_DETAIL} reached nobody: ${said}`)] })
      .catch((e: unknown) => this.deps.log.log("warn", "cannot record where a failure alert went", { job_id: jobId, error: String(e) }));
    return heard ? "sent" : "unheard";
  }
}

function alertOf(job: Job, streak: FailureStreak): OwnerAlert {
  const { latest } = streak;
  const zone = job.schedule.kind !== "immediate" && isValidTimeZone(job.schedule.timezone) ? job.schedule.timezone : "UTC";
  const when = formatInZone(zone, latest.scheduled_at);
  const error = latest.error?.message ?? "no error message";
  // An attempt cut off mid-action may well have done its work: say so rather than call it a failure.
  const cut = latest.error?.kind === "interrupted" || latest.error?.kind === "lease_expired";
  const attempts = `${latest.executions} attempt${latest.executions === 1 ? "" : "s"}`;
  const what = cut
    ? latest.status === "failed"
      ? `Its run of ${when} was interrupted mid-action after ${attempts} (${error}): it may or may not have been delivered, and it will not be tried again.`
      : `Its run of ${when} was interrupted mid-action (${error}): it may or may not have been delivered, and it will be tried again.`
    : latest.status === "failed"
      ? `Its run of ${when} gave up after ${attempts}: ${error}`
      : `It has failed ${streak.failedAttempts} times in a row and will try again; the last error (run of ${when}): ${error}`;
  return {
    owner: job.owner,
    jobId: job.id,
    taskTitle: job.title,
    taskChannels: job.action.channels ?? [],
    scheduledAt: latest.scheduled_at,
    idempotencyKey: `${job.id}:alert:${streak.anchor.scheduled_at}`,
    title: cut ? `duely: "${job.title}" was interrupted` : `duely: "${job.title}" is failing`,
    text: `Your scheduled task "${job.title}" is failing. ${what}\n\nThis is the only alert until it succeeds again. Ask your assistant about "${job.title}" to see its runs.`,
  };
}
