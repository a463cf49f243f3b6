import { z } from "zod";
import { Action } from "./action-model.js";
import { Schedule } from "./schedule/model.js";

export const JOB_STATUSES = ["active", "paused", "cancelled", "completed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** A task that still counts against its owner's cap: it runs, or can be resumed. */
export const LIVE_JOB_STATUSES: readonly JobStatus[] = ["active", "paused"];

/**
 * pending → queued → running → succeeded
 *                        ↘ retrying → queued → … → failed (dead-lettered)
 * pending|queued → skipped (missed, paused, overlap, dst_gap, …) | cancelled
 * running (claimed, not started) → queued: given back, or reaped before its action started
 */
export const RUN_STATUSES = ["pending", "queued", "running", "succeeded", "retrying", "failed", "skipped", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ["succeeded", "failed", "skipped", "cancelled"];
export const isTerminal = (s: RunStatus) => TERMINAL_RUN_STATUSES.includes(s);
/**
 * Handed to the queue and not settled: waiting for a worker, or held by one. What the overlap
 * rule looks at. Pending and retrying runs are not finished either, but neither waits for nor
 * holds a worker.
 */
export const IN_FLIGHT_RUN_STATUSES: readonly RunStatus[] = ["queued", "running"];

/** Why an occurrence did not run. Every occurrence that did not run has a row with one of these. */
export const SKIP_REASONS = ["paused", "missed", "overlap", "dst_gap", "duplicate", "quota", "ended", "skipped_by_user"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const OVERLAP_POLICIES = ["skip", "allow", "buffer_one"] as const;
export const CATCH_UP_POLICIES = ["skip", "latest", "all"] as const;
/** The longest flexible start window: a day. */
export const MAX_WINDOW_MS = 86_400_000;
/** The furthest catch-up reaches back: a week. */
export const MAX_CATCH_UP_WINDOW_MS = 7 * 86_400_000;

export const RetryPolicy = z.strictObject({
  /** Total tries including the first. 1 = no retry. @default 3 */
  max_attempts: z.number().int().min(1).max(20).default(3),
  /** Delay ceiling before the first retry; each next one is `factor` times larger (full jitter below it). @default 5000 */
  base_delay_ms: z.number().int().min(100).max(3_600_000).default(5_000),
  /** @default 5 (5 s, 25 s, 125 s) */
  factor: z.number().min(1).max(10).default(5),
  /** @default 3_600_000 */
  max_delay_ms: z.number().int().min(100).max(86_400_000).default(3_600_000),
});
export type RetryPolicy = z.infer<typeof RetryPolicy>;
export const DEFAULT_RETRY: RetryPolicy = RetryPolicy.parse({});

export const RunPolicy = z.strictObject({
  /** A run found later than this after its time (downtime) is recorded `skipped: missed`. @default 600_000 */
  misfire_grace_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .default(600_000),
  /**
   * After downtime (the process stopped, the computer asleep): skip every missed occurrence, run
   * only the latest one late, or run all (capped). Tasks stored before "latest" became the
   * default keep the "skip" they were stored with. @default "latest"
   */
  catch_up: z.enum(CATCH_UP_POLICIES).default("latest"),
  /**
   * Catch-up reaches back at most this far: an occurrence missed by more is recorded `missed`
   * whatever `catch_up` says (yesterday's digest is noise). @default 43_200_000 (12 h)
   */
  catch_up_window_ms: z.number().int().min(0).max(MAX_CATCH_UP_WINDOW_MS).default(43_200_000),
  /**
   * A recurring occurrence whose previous run is still running: skip it, run both, or let it wait
   * until the running one ends (`buffer_one`: at most one waits; a further one is skipped). @default "skip"
   */
  overlap: z.enum(OVERLAP_POLICIES).default("skip"),
  /**
   * A flexible start window: each occurrence starts at a fixed point within this long after its
   * time, the point taken from a hash of the job id, so tasks due at 08:00 spread out instead of
   * starting together (as EventBridge Scheduler's flexible time window). 0 = exactly on time. @default 0
   */
  window_ms: z.number().int().min(0).max(MAX_WINDOW_MS).default(0),
});
export type RunPolicy = z.infer<typeof RunPolicy>;
export const DEFAULT_RUN_POLICY: RunPolicy = RunPolicy.parse({});

/** At most this many upcoming occurrences may be skipped ahead of the chain. */
export const MAX_SKIPS = 50;

/** The definition of a scheduled task. Its executions are Runs. Fields added later have defaults, so older stored jobs still parse. */
export const Job = z.object({
  /** ULID: sorts by creation time. */
  id: z.string().min(1),
  /** Tenant. Comes from the transport, never from tool arguments. */
  owner: z.string().min(1),
  title: z.string().min(1),
  action: Action,
  schedule: Schedule,
  retry: RetryPolicy,
  policy: RunPolicy,
  status: z.enum(JOB_STATUSES),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** No occurrence at or after this instant. */
  end_at: z.number().int().nullable(),
  /** Stop after this many occurrences (run or skipped). */
  max_runs: z.number().int().positive().nullable(),
  /** Occurrences created so far. */
  run_count: z.number().int().min(0),
  /**
   * Scheduled time of the newest occurrence created: the head of the chain. A recurring job
   * always has its head run pending or queued until the schedule ends; the sweeper re-creates
   * it if it is missing. null before the first occurrence exists.
   */
  next_run_at: z.number().int().nullable(),
  /** Optimistic concurrency: every write checks and bumps it. */
  version: z.number().int().min(1),
  /** Hash of the create arguments, to answer a repeated create with the existing task. */
  fingerprint: z.string().nullable(),
  /** Why the owner paused it, shown with the task; null when active or paused without a note. */
  pause_note: z.string().max(500).nullable().default(null),
  /**
   * Run times of upcoming occurrences the owner skipped that the chain has not reached yet;
   * the chain planner records each as `skipped_by_user` when it gets there.
   */
  skips: z.array(z.number().int()).max(MAX_SKIPS).default([]),
});
export type Job = z.infer<typeof Job>;

/** Language-model tokens one run used, recorded so per-owner limits can be enforced. */
export const TokenUsage = z.object({
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  provider: z.string(),
  model: z.string(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

export const RunResult = z.object({
  text: z.string(),
  data: z.unknown().optional(),
  /** Set when the run called a language model. */
  usage: TokenUsage.optional(),
});
export type RunResult = z.infer<typeof RunResult>;

export const RunError = z.object({
  message: z.string(),
  /**
   * retryable: may succeed on another attempt; permanent: will not; timeout: the action ran out of
   * time; interrupted: its worker stopped mid-action (killed, or it lost its lease), so whether the
   * action took effect is unknown; lease_expired: the same, as stored before `interrupted` existed.
   */
  kind: z.enum(["retryable", "permanent", "lease_expired", "timeout", "interrupted"]),
});
export type RunError = z.infer<typeof RunError>;

/**
 * Why a run exists: an occurrence of the schedule, or an extra run the owner asked for now
 * (`manual`), which counts for no limit, completes nothing and leaves the chain alone.
 */
export const RUN_ORIGINS = ["schedule", "manual"] as const;
export type RunOrigin = (typeof RUN_ORIGINS)[number];

/** One execution of a job, keyed by (job_id, scheduled_at). */
export const Run = z.object({
  job_id: z.string().min(1),
  owner: z.string().min(1),
  /** The occurrence's nominal time; with job_id, the run's key. Never changes. */
  scheduled_at: z.number().int(),
  /** Partition: scheduled time floored to the UTC hour, plus shard, e.g. `2026031709#07`. */
  bucket: z.string().regex(/^\d{10}#\d{2}$/),
  shard: z.number().int().min(0),
  status: z.enum(RUN_STATUSES),
  /** Fencing token: bumped by each claim; a write from an older claim is rejected. Never goes back. */
  attempt: z.number().int().min(0),
  /**
   * How many times the action was started. The retry budget (`max_attempts`) counts these, not
   * claims: a run claimed and given back, or reaped before it started, spends nothing.
   */
  executions: z.number().int().min(0),
  /** When it should start next: scheduled_at at first, later the retry time. */
  due_at: z.number().int(),
  /**
   * When the watcher must look at this run again if nothing else happens: due_at for a
   * retrying run, due_at + stale window for a queued one (its message may be lost), lease_until
   * for a running one (its worker may be dead); null for pending and terminal runs.
   */
  wake_at: z.number().int().nullable(),
  lease_owner: z.string().nullable(),
  lease_until: z.number().int().nullable(),
  /** When the current attempt's action started (each retry sets it anew); null while claimed and not yet started. */
  started_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  result: RunResult.nullable(),
  error: RunError.nullable(),
  skip_reason: z.enum(SKIP_REASONS).nullable(),
  /**
   * What the action saved for later attempts of this run (channels already delivered, a digest
   * already written), by name; null until it saves something. Written fenced like the rest.
   */
  checkpoint: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** Never changes. @default "schedule" (runs stored before manual runs existed) */
  origin: z.enum(RUN_ORIGINS).default("schedule"),
  /**
   * Held back by its owner's execution rate, with a token booked for it: its next claim is not
   * charged again, whichever worker makes it (the one that booked it may have died meanwhile).
   * A claim uses the booking up. @default false (runs stored before bookings were kept)
   */
  booked: z.boolean().default(false),
});
export type Run = z.infer<typeof Run>;

export interface RunKey {
  job_id: string;
  scheduled_at: number;
}

/** Append-only history of run transitions (the outbox). */
export const RunEvent = z.object({
  job_id: z.string(),
  scheduled_at: z.number().int(),
  at: z.number().int(),
  from: z.enum(RUN_STATUSES).nullable(),
  to: z.enum(RUN_STATUSES),
  attempt: z.number().int(),
  detail: z.string().nullable(),
});
export type RunEvent = z.infer<typeof RunEvent>;

/** What the owner did to a job, as recorded in its history. */
export const JOB_CHANGES = ["updated", "paused", "resumed", "cancelled", "run_now", "skipped", "skip_undone"] as const;
export type JobChange = (typeof JOB_CHANGES)[number];

/**
 * Append-only history of changes the owner made to a job (the audit trail). `before` and
 * `after` hold the changed fields only, as stored on the job (epoch ms, engine schedule).
 */
export const JobEvent = z.object({
  job_id: z.string(),
  at: z.number().int(),
  change: z.enum(JOB_CHANGES),
  /** The job's version after the change. */
  version: z.number().int().min(1),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  /** What else happened, in words (runs cancelled, the run started). */
  detail: z.string().nullable(),
});
export type JobEvent = z.infer<typeof JobEvent>;
