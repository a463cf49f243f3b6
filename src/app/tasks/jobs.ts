import { monotonicFactory } from "ulid";
import type { Action } from "../../core/action-model.js";
import { DomainError } from "../../core/errors.js";
import {
  DEFAULT_RETRY,
  DEFAULT_RUN_POLICY,
  isTerminal,
  type Job,
  type JobChange,
  type JobEvent,
  type JobStatus,
  LIVE_JOB_STATUSES,
  type RetryPolicy,
  type Run,
  type RunEvent,
  type RunPolicy,
} from "../../core/model.js";
import { isRecurring, type Schedule } from "../../core/schedule/model.js";
import type { QueueItem } from "../../ports/queue.js";
import type { Page, Tx, Write } from "../../ports/store.js";
import { planChain } from "../chain.js";
import type { EngineDeps } from "../deps.js";
import { CreateSendCap } from "../owner-cap.js";
import { changedMeanwhile, isPendingLike, mustBe, openRunsOf, ownedJob, upcomingOf } from "./job-access.js";
import { type JobPatch, type UpdatedJob, type UpdateOptions, updateJob } from "./job-update.js";
import { type Delivered, deliveredSince, tasksSince } from "./results.js";
import type { WhenRequest } from "./task-request.js";

export type { JobPatch, UpdatedJob, UpdateOptions } from "./job-update.js";
export type { ManualRun } from "./run-now.js";
export type { SkipResult, SkipTarget } from "./skips.js";

import { nextVersion } from "../job-write.js";
import { cancelled, type Step, skipped, toTx, updateStep } from "../runs.js";
import { type ManualRun, runNow } from "./run-now.js";
import { checkAction, checkPolicy, checkSchedule, type Upcoming, upcomingFires } from "./schedule-rules.js";
import { type SkipResult, type SkipTarget, skipOccurrence } from "./skips.js";
import { fingerprintOf } from "./task-request.js";
import {
  type CreatedTask,
  type CreateTaskRequest,
  createTask,
  type PreviewedTask,
  previewTask,
  type UpdatedTask,
  type UpdateTaskRequest,
  updateTask,
} from "./task-requests.js";

export { fingerprintOf } from "./task-request.js";
export type { CreatedTask, CreateTaskRequest, PreviewedTask, UpdatedTask, UpdateTaskRequest } from "./task-requests.js";

export interface CreateJobInput {
  title: string;
  action: Action;
  schedule: Schedule;
  retry?: Partial<RetryPolicy>;
  policy?: Partial<RunPolicy>;
  end_at?: number | null;
  max_runs?: number | null;
  /** Identifies "the same create" for deduplication (see `fingerprintOf`); derived from this input when absent. */
  fingerprint?: string;
}

export interface CreatedJob {
  job: Job;
  /** True when an identical create within the dedupe window returned the existing task. */
  deduplicated: boolean;
  /** The next fire instants (up to 3). */
  next: number[];
  /** DST notes about the next fires. */
  notes: string[];
}

export interface JobSummary {
  job: Job;
  /** When it runs next (a pending, queued or retrying run), or null. */
  next_run_at: number | null;
  /** The newest finished run. */
  last_run: Run | null;
  /** Upcoming occurrences the owner skipped (run times), earliest first. */
  skipped: number[];
  /**
   * Set when the newest run that ran to its end (succeeded or failed) failed, whatever runs or
   * was skipped after it: that run, and how many such runs failed in a row among those read.
   */
  failing: { run: Run; in_a_row: number } | null;
}

export interface JobDetail extends JobSummary {
  /** One page of runs, newest first. */
  runs: Run[];
  /** Where the next (older) page of runs starts; null on the last page. */
  runs_cursor: string | null;
  next: number[];
  /** Changes the owner made, newest first. */
  history: JobEvent[];
}

/** How many of a job's newest runs its summary is read from. */
const SUMMARY_RUNS = 10;

const HISTORY_LIMIT = 20;

/** The task use cases. Every method takes the owner from the caller's identity, never from arguments. */
export class Jobs {
  private readonly deps: EngineDeps;
  private readonly newId = monotonicFactory();
  /** Where the queue interleaves owners only within a window (SQS): what a create may send at once. */
  private readonly sendCap: CreateSendCap | null;

  constructor(deps: EngineDeps) {
    this.deps = deps;
    this.sendCap = deps.queue.ownerWindow ? new CreateSendCap(deps, deps.queue.ownerWindow) : null;
  }

  /** A schedule's first fire (or a once time) may not be further ahead than this; phrases are read against it too. */
  get horizonMs(): number {
    return this.deps.settings.horizon_ms;
  }

  /** What `schedule` would do from now, after exactly the checks `create` runs on it. Creates nothing. */
  preview(schedule: Schedule, count: number): Upcoming {
    const now = this.deps.clock.now();
    checkSchedule(schedule, now, this.deps.settings);
    return upcomingFires(schedule, now, count);
  }

  /** Creates a task as a person asked for it: `when` or a structured schedule, a zone, an end; see `createTask`. */
  createTask(owner: string, request: CreateTaskRequest, opts: { timezone: string }): Promise<CreatedTask> {
    return createTask(this, owner, request, { timezone: opts.timezone, now: this.deps.clock.now() });
  }

  /** How a request's `when` or schedule is read and when it would run; creates nothing. */
  previewTask(request: WhenRequest, count: number, opts: { timezone: string }): Promise<PreviewedTask> {
    return previewTask(this, request, count, { timezone: opts.timezone, now: this.deps.clock.now() });
  }

  /** Changes a task as a person asked for it (a new `when`, a zone, an end); see `updateTask`. */
  updateTask(owner: string, id: string, request: UpdateTaskRequest, opts: UpdateOptions & { timezone: string }): Promise<UpdatedTask> {
    return updateTask(this.deps, this, owner, id, request, opts);
  }

  /** Changes a task in place; see `updateJob`. */
  update(owner: string, id: string, patch: JobPatch, opts: UpdateOptions = {}): Promise<UpdatedJob> {
    return updateJob(this.deps, owner, id, patch, opts);
  }

  /** One extra run now, outside the schedule; see `runNow`. */
  runNow(owner: string, id: string): Promise<ManualRun> {
    return runNow(this.deps, owner, id);
  }

  /** Skips an upcoming occurrence, or undoes a skip; see `skipOccurrence`. */
  skip(owner: string, id: string, target: SkipTarget): Promise<SkipResult> {
    return skipOccurrence(this.deps, owner, id, target);
  }

  async create(owner: string, input: CreateJobInput): Promise<CreatedJob> {
    const now = this.deps.clock.now();
    this.validate(owner, input, now, "");
    const { fingerprint: given, ...args } = input;
    const fingerprint = given ?? fingerprintOf(args, null);
    const twin = await this.findTwin(owner, fingerprint, now);
    if (twin) return { job: twin, deduplicated: true, ...upcomingOf(twin, now) };
    await this.checkQuota(owner, 1);
    await this.deps.limits?.chargeCreate(owner);
    const [job] = await this.insertJobs(owner, [{ ...input, fingerprint }], now);
    return { job: job!, deduplicated: false, ...upcomingOf(job!, now) };
  }

  /**
   * Creates many tasks in one store round trip (bulk import, benchmarks). All are validated
   * before anything is written; an invalid one rejects the whole call with its index in
   * `field`. No deduplication. With `lateOk`, a once-task whose time has just passed (within its
   * misfire grace: a producer's clock and ours are a few ms apart) is kept and runs at once,
   * late, keeping its scheduled time.
   */
  async createMany(owner: string, inputs: CreateJobInput[], opts: { lateOk?: boolean } = {}): Promise<Job[]> {
    const now = this.deps.clock.now();
    const asOf = inputs.map((input) => (opts.lateOk ? this.lateStart(input, now) : now));
    for (const [i, input] of inputs.entries()) this.validate(owner, input, asOf[i]!, `[${i}].`);
    await this.checkQuota(owner, inputs.length);
    return this.insertJobs(owner, inputs, now, asOf);
  }

  /** The instant a late once-task is planned from: just before its time, if that is within grace. */
  private lateStart(input: CreateJobInput, now: number): number {
    if (input.schedule.kind !== "once" || input.schedule.at > now) return now;
    const grace = input.policy?.misfire_grace_ms ?? DEFAULT_RUN_POLICY.misfire_grace_ms;
    return input.schedule.at >= now - grace ? input.schedule.at - 1 : now;
  }

  private validate(owner: string, input: CreateJobInput, now: number, prefix: string): void {
    try {
      checkSchedule(input.schedule, now, this.deps.settings);
      checkPolicy({ ...DEFAULT_RUN_POLICY, ...input.policy }, input.schedule, now);
      checkAction(input.action, owner, this.deps.actions);
      if (input.end_at != null && input.end_at <= now) {
        throw new DomainError("in_the_past", "end_at is not in the future.", { field: "end_at", expected: "an instant after now" });
      }
    } catch (e) {
      if (e instanceof DomainError && prefix) {
        throw new DomainError(e.code, e.message, { field: `${prefix}${e.field ?? ""}`, expected: e.expected, hint: e.hint, reason: e.reason, data: e.data });
      }
      throw e;
    }
  }

  /**
   * A quick refusal with the count in the message. Not what holds the cap: two creates can both
   * pass it, so the insert itself carries the cap (`Tx.cap`), checked atomically by the store.
   */
  private async checkQuota(owner: string, adding: number): Promise<void> {
    const active = await this.deps.store.countJobs(owner, LIVE_JOB_STATUSES);
    if (active + adding > this.deps.settings.max_active_jobs_per_owner) throw this.overCap(active);
  }

  private overCap(active: number | null): DomainError {
    const limit = this.deps.settings.max_active_jobs_per_owner;
    const have = active === null ? "You already have the most active or paused tasks allowed" : `You already have ${active} active or paused tasks`;
    return new DomainError("limit_exceeded", `${have}; the limit is ${limit}.`, {
      expected: `at most ${limit} active or paused tasks per owner`,
      reason: "task_cap",
      data: { limit, active },
    });
  }

  /**
   * `asOf[i]`: plan input i's occurrences strictly after this (now, or just before a late once-task).
   * Builds each task's transaction directly, in one pass: a bulk create of 1,000 tasks made each
   * job, plan and transaction two or three times over in spreads, garbage that outlived the batch.
   */
  private async insertJobs(owner: string, inputs: CreateJobInput[], now: number, asOf?: number[]): Promise<Job[]> {
    const { settings } = this.deps;
    const cap = { owner, max: settings.max_active_jobs_per_owner };
    const sendCap = this.sendCap;
    await sendCap?.refresh(owner, now);
    const stored: Job[] = new Array(inputs.length);
    const txs: Tx[] = new Array(inputs.length);
    const sends: QueueItem[][] = new Array(inputs.length);
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i]!;
      const job: Job = {
        id: this.newId(now),
        owner,
        title: input.title,
        action: input.action,
        schedule: input.schedule,
        retry: { ...DEFAULT_RETRY, ...input.retry },
        policy: { ...DEFAULT_RUN_POLICY, ...input.policy },
        status: "active",
        created_at: now,
        updated_at: now,
        end_at: input.end_at ?? null,
        max_runs: input.max_runs ?? null,
        run_count: 0,
        next_run_at: null,
        version: 1,
        fingerprint: input.fingerprint ?? null,
        pause_note: null,
        skips: [],
      };
      let plan = planChain(job, asOf?.[i] ?? now, now, settings);
      // Over the owner's share of the queue, its runs in the window wait pending for the watchers.
      if (sendCap && plan.sends.length > 0 && !sendCap.take(owner, plan.sends)) plan = planChain(job, asOf?.[i] ?? now, now, settings, { leavePending: true });
      // plan.job is the plan's own copy: a task with no occurrence left is stored completed.
      if (plan.steps.length === 0) plan.job.status = "completed";
      const writes: Write[] = [{ op: "put_job", job: plan.job, expectVersion: null }];
      const events: RunEvent[] = [];
      for (const step of plan.steps) {
        writes.push(step.write);
        events.push(step.event);
      }
      stored[i] = plan.job;
      txs[i] = { writes, events, cap };
      sends[i] = plan.sends;
    }
    const results = await this.deps.store.commitEach(txs);
    results.forEach((ok, i) => {
      if (!ok) sendCap?.giveBack(owner, sends[i]!);
    });
    await this.deps.queue.send(sends.flatMap((s, i) => (results[i] ? s : [])));
    // A new job's id is fresh and its runs' keys with it: only the cap can refuse its insert.
    if (results.some((ok) => !ok)) throw this.overCap(null);
    return stored;
  }

  async list(owner: string, opts: { statuses?: readonly JobStatus[]; limit: number; cursor?: string | null }): Promise<Page<JobSummary>> {
    const page = await this.deps.store.listJobs(owner, opts);
    const items = await Promise.all(page.items.map((job) => this.summarize(job)));
    return { items, cursor: page.cursor };
  }

  /** The job, its summary and one page of its runs: the newest `runs`, or those after `cursor` (a previous page's `runs_cursor`). */
  async get(owner: string, id: string, opts: { runs: number; cursor?: string | null } = { runs: 10 }): Promise<JobDetail> {
    const job = await ownedJob(this.deps.store, owner, id);
    const now = this.deps.clock.now();
    const newest = await this.deps.store.listJobRuns(job.id, { limit: Math.max(opts.runs, SUMMARY_RUNS) });
    const page =
      opts.runs === 0
        ? { items: [], cursor: null }
        : opts.cursor || opts.runs < SUMMARY_RUNS
          ? await this.deps.store.listJobRuns(job.id, { limit: opts.runs, cursor: opts.cursor ?? null })
          : newest;
    const history = await this.deps.store.listJobEvents(job.id, { limit: HISTORY_LIMIT });
    const summary = summaryOf(job, newest.items, now);
    return { ...summary, runs: page.items, runs_cursor: page.cursor, ...upcomingOf(job, now, skippedRowsAhead(newest.items, now)), history };
  }

  /** What the owner's tasks (or the one task `taskId`) delivered at or after `since`, newest first; see results.ts. */
  async results(owner: string, opts: { since: number; taskId?: string }): Promise<Delivered[]> {
    const jobs = opts.taskId === undefined ? await tasksSince(this.deps.store, owner, opts.since) : [await ownedJob(this.deps.store, owner, opts.taskId)];
    return deliveredSince(this.deps.store, jobs, opts.since);
  }

  /** Pauses; `note` says why and is shown with the task until it is resumed. */
  async pause(owner: string, id: string, opts: { note?: string } = {}): Promise<{ job: Job; changed: boolean }> {
    const job = await ownedJob(this.deps.store, owner, id);
    const note = opts.note ?? null;
    if (job.status === "paused" && (opts.note === undefined || note === job.pause_note)) return { job, changed: false };
    mustBe(job, ["active", "paused"], "pause");
    return { job: await this.saveJob(job, { status: "paused", pause_note: note }, "paused"), changed: true };
  }

  /** Resumes from now: occurrences that fell inside the pause are recorded as skipped (paused), none runs late. */
  async resume(owner: string, id: string): Promise<{ job: Job; changed: boolean }> {
    const job = await ownedJob(this.deps.store, owner, id);
    if (job.status === "active") return { job, changed: false };
    mustBe(job, ["paused"], "resume");
    const now = this.deps.clock.now();
    const active: Job = { ...job, status: "active", pause_note: null };
    const steps: Step[] = [];
    let plan = null;
    const head = job.next_run_at === null ? null : await this.deps.store.getRun({ job_id: job.id, scheduled_at: job.next_run_at });
    if (head && head.status === "pending" && head.scheduled_at <= now) {
      steps.push(updateStep(head, skipped(head, "paused", now), now));
      plan = planChain(active, head.scheduled_at, now, this.deps.settings, { pastReason: "paused" });
    } else if (!head && isRecurring(job.schedule)) {
      plan = planChain(active, now, now, this.deps.settings);
    }
    const next = plan ? plan.job : active;
    steps.push(...(plan?.steps ?? []));
    const { job: saved, write } = nextVersion(next, job.version, now);
    const ok = await this.deps.store.commit({
      ...toTx(steps, [write]),
      jobEvents: [statusEvent(job, saved, "resumed", now)],
    });
    if (!ok) throw changedMeanwhile(job.id);
    await this.deps.queue.send(plan?.sends ?? []);
    return { job: saved, changed: true };
  }

  /** Cancels for good: no future run remains; a run already running is allowed to finish. */
  async cancel(owner: string, id: string): Promise<{ job: Job; changed: boolean; cancelled_runs: Run[] }> {
    const job = await ownedJob(this.deps.store, owner, id);
    if (job.status === "cancelled") return { job, changed: false, cancelled_runs: [] };
    const now = this.deps.clock.now();
    const open = await openRunsOf(this.deps.store, job.id);
    const steps = open.map((r) => updateStep(r, cancelled(r, now), now, "task cancelled"));
    const { job: saved, write } = nextVersion({ ...job, status: "cancelled" }, job.version, now);
    const ok = await this.deps.store.commit({
      ...toTx(steps, [write]),
      jobEvents: [statusEvent(job, saved, "cancelled", now, open.length ? `${open.length} upcoming run(s) removed` : null)],
    });
    if (!ok) throw changedMeanwhile(job.id);
    return { job: saved, changed: true, cancelled_runs: open.map((r) => cancelled(r, now)) };
  }

  private async summarize(job: Job): Promise<JobSummary> {
    const runs = (await this.deps.store.listJobRuns(job.id, { limit: SUMMARY_RUNS })).items;
    return summaryOf(job, runs, this.deps.clock.now());
  }

  private async findTwin(owner: string, fingerprint: string, now: number): Promise<Job | null> {
    const window = this.deps.settings.dedupe_window_ms;
    if (window === 0) return null;
    const recent = await this.deps.store.listJobs(owner, { limit: 50 });
    return recent.items.find((j) => j.fingerprint === fingerprint && j.created_at >= now - window && j.status !== "cancelled") ?? null;
  }

  private async saveJob(job: Job, change: Partial<Job>, what: JobChange): Promise<Job> {
    const now = this.deps.clock.now();
    const { job: saved, write } = nextVersion({ ...job, ...change }, job.version, now);
    const ok = await this.deps.store.commit({
      writes: [write],
      jobEvents: [statusEvent(job, saved, what, now)],
    });
    if (!ok) throw changedMeanwhile(job.id);
    return saved;
  }
}

/** A history entry for a change of status (and of the pause note with it). */
function statusEvent(before: Job, after: Job, change: JobChange, at: number, detail: string | null = null): JobEvent {
  return {
    job_id: before.id,
    at,
    change,
    version: after.version,
    before: { status: before.status, pause_note: before.pause_note },
    after: { status: after.status, pause_note: after.pause_note },
    detail,
  };
}

/** Occurrences ahead of now whose rows are already written as skipped by the owner. */
const skippedRowsAhead = (runs: readonly Run[], now: number): number[] =>
  runs.filter((r) => r.skip_reason === "skipped_by_user" && r.scheduled_at > now).map((r) => r.scheduled_at);

/** The runs that ran to their end, newest first: a skip, a cancel or a run still going says nothing of how the task does. */
const ranToEnd = (r: Run) => r.status === "succeeded" || r.status === "failed";

/**
 * From the job's newest runs (newest first). Next run: the earliest open run of the schedule (a
 * manual run is an extra, not the next one). Skipped: those rows ahead and the skips still on the job.
 */
function summaryOf(job: Job, runs: Run[], now: number): JobSummary {
  const open = runs.filter((r) => isPendingLike(r) && r.origin === "schedule").map((r) => r.due_at);
  const last = runs.find((r) => isTerminal(r.status) || r.status === "running") ?? null;
  const skipped = [...new Set([...skippedRowsAhead(runs, now), ...job.skips])].sort((a, b) => a - b);
  const ended = runs.filter(ranToEnd);
  const streak = ended.findIndex((r) => r.status !== "failed");
  const in_a_row = streak === -1 ? ended.length : streak;
  return { job, next_run_at: open.length ? Math.min(...open) : null, last_run: last, skipped, failing: in_a_row > 0 ? { run: ended[0]!, in_a_row } : null };
}
