import { createHash } from "node:crypto";
import { monotonicFactory } from "ulid";
import type { Action } from "../core/action-model.js";
import { DomainError } from "../core/errors.js";
import {
  DEFAULT_RETRY,
  DEFAULT_RUN_POLICY,
  isTerminal,
  type Job,
  type JobStatus,
  LIVE_JOB_STATUSES,
  type RetryPolicy,
  type Run,
  type RunPolicy,
} from "../core/model.js";
import { isRecurring, type Schedule } from "../core/schedule/model.js";
import type { Page } from "../ports/store.js";
import { planChain } from "./chain.js";
import type { EngineDeps } from "./deps.js";
import { type Delivered, deliveredSince, tasksSince } from "./results.js";
import { cancelled, type Step, skipped, toTx, updateStep } from "./runs.js";
import { checkSchedule, type Upcoming, upcomingFires } from "./schedule-rules.js";

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
}

export interface JobDetail extends JobSummary {
  runs: Run[];
  next: number[];
}

const PENDING_LIKE = new Set(["pending", "queued", "retrying"]);

/** The task use cases. Every method takes the owner from the caller's identity, never from arguments. */
export class Jobs {
  private readonly deps: EngineDeps;
  private readonly newId = monotonicFactory();

  constructor(deps: EngineDeps) {
    this.deps = deps;
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

  async create(owner: string, input: CreateJobInput): Promise<CreatedJob> {
    const now = this.deps.clock.now();
    this.validate(owner, input, now, "");
    const { fingerprint: given, ...args } = input;
    const fingerprint = given ?? fingerprintOf(args, null);
    const twin = await this.findTwin(owner, fingerprint, now);
    if (twin) return { job: twin, deduplicated: true, ...this.upcomingOf(twin, now) };
    await this.checkQuota(owner, 1);
    await this.deps.limits?.chargeCreate(owner);
    const [job] = await this.insertJobs(owner, [{ ...input, fingerprint }], now);
    return { job: job!, deduplicated: false, ...this.upcomingOf(job!, now) };
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
      this.deps.actions.check?.(input.action, owner);
      if (input.end_at != null && input.end_at <= now) {
        throw new DomainError("in_the_past", "end_at is not in the future.", { field: "end_at", expected: "an instant after now" });
      }
    } catch (e) {
      if (e instanceof DomainError && prefix) {
        throw new DomainError(e.code, e.message, { field: `${prefix}${e.field ?? ""}`, expected: e.expected, hint: e.hint });
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
      hint: "Cancel a task you no longer need (task_cancel_v1), or ask the operator to raise max_active_jobs_per_owner in the duely config.",
    });
  }

  /** `asOf[i]`: plan input i's occurrences strictly after this (now, or just before a late once-task). */
  private async insertJobs(owner: string, inputs: CreateJobInput[], now: number, asOf?: number[]): Promise<Job[]> {
    const { settings } = this.deps;
    const planned = inputs.map((input, i) => {
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
      };
      const plan = planChain(job, asOf?.[i] ?? now, now, settings);
      const stored: Job = { ...plan.job, status: plan.steps.length === 0 ? "completed" : "active" };
      return { stored, plan };
    });
    const cap = { owner, max: settings.max_active_jobs_per_owner };
    const results = await this.deps.store.commitEach(
      planned.map(({ stored, plan }) => ({ ...toTx(plan.steps, [{ op: "put_job", job: stored, expectVersion: null }]), cap })),
    );
    await this.deps.queue.send(planned.flatMap(({ plan }, i) => (results[i] ? plan.sends : [])));
    // A new job's id is fresh and its runs' keys with it: only the cap can refuse its insert.
    if (results.some((ok) => !ok)) throw this.overCap(null);
    return planned.map(({ stored }) => stored);
  }

  async list(owner: string, opts: { statuses?: readonly JobStatus[]; limit: number; cursor?: string | null }): Promise<Page<JobSummary>> {
    const page = await this.deps.store.listJobs(owner, opts);
    const items = await Promise.all(page.items.map((job) => this.summarize(job)));
    return { items, cursor: page.cursor };
  }

  async get(owner: string, id: string, opts: { runs: number } = { runs: 10 }): Promise<JobDetail> {
    const job = await this.owned(owner, id);
    const runs = (await this.deps.store.listJobRuns(job.id, { limit: Math.max(opts.runs, 1) })).items;
    return { ...summaryOf(job, runs), runs: runs.slice(0, opts.runs), ...this.upcomingOf(job, this.deps.clock.now()) };
  }

  /** What the owner's tasks (or the one task `taskId`) delivered at or after `since`, newest first; see results.ts. */
  async results(owner: string, opts: { since: number; taskId?: string }): Promise<Delivered[]> {
    const jobs = opts.taskId === undefined ? await tasksSince(this.deps.store, owner, opts.since) : [await this.owned(owner, opts.taskId)];
    return deliveredSince(this.deps.store, jobs, opts.since);
  }

  async pause(owner: string, id: string): Promise<{ job: Job; changed: boolean }> {
    const job = await this.owned(owner, id);
    if (job.status === "paused") return { job, changed: false };
    this.mustBe(job, "active", "pause");
    return { job: await this.saveJob(job, { status: "paused" }), changed: true };
  }

  /** Resumes from now: occurrences that fell inside the pause are recorded as skipped (paused), none runs late. */
  async resume(owner: string, id: string): Promise<{ job: Job; changed: boolean }> {
    const job = await this.owned(owner, id);
    if (job.status === "active") return { job, changed: false };
    this.mustBe(job, "paused", "resume");
    const now = this.deps.clock.now();
    const active: Job = { ...job, status: "active" };
    const steps: Step[] = [];
    let plan = null;
    const head = job.next_run_at === null ? null : await this.deps.store.getRun({ job_id: job.id, scheduled_at: job.next_run_at });
    if (head && head.status === "pending" && head.scheduled_at <= now) {
      steps.push(updateStep(head, skipped(head, "paused", now), now));
      plan = planChain(active, head.scheduled_at, now, this.deps.settings, { pastReason: "paused", graceMs: 0 });
    } else if (!head && isRecurring(job.schedule)) {
      plan = planChain(active, now, now, this.deps.settings);
    }
    const next = plan ? plan.job : active;
    steps.push(...(plan?.steps ?? []));
    const saved = { ...next, version: job.version + 1, updated_at: now };
    const ok = await this.deps.store.commit(toTx(steps, [{ op: "put_job", job: saved, expectVersion: job.version }]));
    if (!ok) throw this.conflict(job.id);
    await this.deps.queue.send(plan?.sends ?? []);
    return { job: saved, changed: true };
  }

  /** Cancels for good: no future run remains; a run already running is allowed to finish. */
  async cancel(owner: string, id: string): Promise<{ job: Job; changed: boolean; cancelled_runs: Run[] }> {
    const job = await this.owned(owner, id);
    if (job.status === "cancelled") return { job, changed: false, cancelled_runs: [] };
    const now = this.deps.clock.now();
    const open = await this.openRuns(job.id);
    const steps = open.map((r) => updateStep(r, cancelled(r, now), now, "task cancelled"));
    const saved: Job = { ...job, status: "cancelled", version: job.version + 1, updated_at: now };
    const ok = await this.deps.store.commit(toTx(steps, [{ op: "put_job", job: saved, expectVersion: job.version }]));
    if (!ok) throw this.conflict(job.id);
    return { job: saved, changed: true, cancelled_runs: open.map((r) => cancelled(r, now)) };
  }

  private async openRuns(jobId: string): Promise<Run[]> {
    const out: Run[] = [];
    let cursor: string | null = null;
    // Open runs are the newest ones: a recurring job keeps one ahead, plus a few retrying or queued.
    for (let pages = 0; pages < 20; pages++) {
      const page = await this.deps.store.listJobRuns(jobId, { limit: 100, cursor });
      out.push(...page.items.filter((r) => PENDING_LIKE.has(r.status)));
      if (!page.cursor) break;
      cursor = page.cursor;
    }
    return out;
  }

  private async summarize(job: Job): Promise<JobSummary> {
    const runs = (await this.deps.store.listJobRuns(job.id, { limit: 10 })).items;
    return summaryOf(job, runs);
  }

  /** A task's next fires: none once it is over; an immediate one's planned run until it has started. */
  private upcomingOf(job: Job, now: number): Upcoming {
    if (job.status === "cancelled" || job.status === "completed") return { next: [], notes: [] };
    if (job.schedule.kind === "immediate") return { next: job.next_run_at !== null && job.next_run_at >= now - 1000 ? [job.next_run_at] : [], notes: [] };
    const { next, notes } = upcomingFires(job.schedule, now, 3);
    return { next: next.filter((t) => job.end_at === null || t < job.end_at), notes };
  }

  private async findTwin(owner: string, fingerprint: string, now: number): Promise<Job | null> {
    const window = this.deps.settings.dedupe_window_ms;
    if (window === 0) return null;
    const recent = await this.deps.store.listJobs(owner, { limit: 50 });
    return recent.items.find((j) => j.fingerprint === fingerprint && j.created_at >= now - window && j.status !== "cancelled") ?? null;
  }

  private async owned(owner: string, id: string): Promise<Job> {
    const job = await this.deps.store.getJob(id);
    // Someone else's task is reported exactly like a missing one: existence is not leaked.
    if (!job || job.owner !== owner) {
      throw new DomainError("not_found", `No scheduled task with id "${id}".`, {
        field: "task_id",
        expected: "the id of one of your tasks",
        hint: "Call task_list_v1 to find the task's id.",
      });
    }
    return job;
  }

  private mustBe(job: Job, status: JobStatus, verb: string): void {
    if (job.status !== status) {
      throw new DomainError("conflict", `Cannot ${verb} a task that is ${job.status}.`, {
        field: "task_id",
        expected: `a task that is ${status}`,
        hint: job.status === "cancelled" || job.status === "completed" ? "Create a new task instead." : undefined,
      });
    }
  }

  private async saveJob(job: Job, change: Partial<Job>): Promise<Job> {
    const saved: Job = { ...job, ...change, version: job.version + 1, updated_at: this.deps.clock.now() };
    const ok = await this.deps.store.commit({ writes: [{ op: "put_job", job: saved, expectVersion: job.version }] });
    if (!ok) throw this.conflict(job.id);
    return saved;
  }

  private conflict(id: string): DomainError {
    return new DomainError("conflict", `Task ${id} changed while this request was handled.`, { field: "task_id", hint: "Retry the same call." });
  }
}

function summaryOf(job: Job, runs: Run[]): JobSummary {
  const open = runs.filter((r) => PENDING_LIKE.has(r.status)).map((r) => r.due_at);
  const last = runs.find((r) => isTerminal(r.status) || r.status === "running") ?? null;
  return { job, next_run_at: open.length ? Math.min(...open) : null, last_run: last };
}

/**
 * Identifies "the same create": the same arguments read in the same zone are the same task
 * within the dedupe window, so a model's retry is answered with the first one. A caller that
 * resolves its arguments against now (a phrase, a default start) passes the arguments as given,
 * with the zone they were read in; `zone` is null when the arguments carry their own.
 */
export function fingerprintOf(args: unknown, zone: string | null): string {
  return createHash("sha256")
    .update(JSON.stringify([args, zone]))
    .digest("hex")
    .slice(0, 32);
}
