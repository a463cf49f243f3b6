import { monotonicFactory } from "ulid";
import { newRun } from "../../src/app/runs.js";
import { shardOf } from "../../src/core/keys.js";
import { DEFAULT_RETRY, DEFAULT_RUN_POLICY, Job, Run, RunEvent, type RunStatus } from "../../src/core/model.js";

/** The shard count the builders partition runs with (the engine's default). */
export const SHARDS = 16;

/** 2026-03-17T09:00:00Z: built objects never depend on the machine's clock. */
export const T0 = Date.UTC(2026, 2, 17, 9);
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

const monotonicUlid = monotonicFactory();

/** A ULID timed at `at`; each call returns a larger id than the last, so later jobs are newer. */
const newJobId = (at: number = T0): string => monotonicUlid(at);

/** A valid, active daily job owned by `owner-a`; overrides are validated with the schema. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return Job.parse({
    id: newJobId(),
    owner: "owner-a",
    title: "Morning stand-up reminder",
    action: { type: "notify", message: "Stand-up in five minutes" },
    schedule: { kind: "cron", expr: "55 8 * * 1-5", timezone: "Europe/London" },
    retry: DEFAULT_RETRY,
    policy: DEFAULT_RUN_POLICY,
    status: "active",
    created_at: T0,
    updated_at: T0,
    end_at: null,
    max_runs: null,
    run_count: 0,
    next_run_at: null,
    version: 1,
    fingerprint: null,
    ...overrides,
  });
}

/** A job whose runs land in `shard`: ids are drawn until one hashes there (about 16 tries). */
export function makeJobInShard(shard: number, overrides: Partial<Omit<Job, "id">> = {}): Job {
  for (;;) {
    const id = newJobId();
    if (shardOf(id, SHARDS) === shard) return makeJob({ ...overrides, id });
  }
}

/** A pending run of `job` at `scheduledAt`, partitioned as the engine does (16 shards). */
export function makeRun(job: Pick<Job, "id" | "owner">, scheduledAt: number, overrides: Partial<Run> = {}): Run {
  return Run.parse({ ...newRun(job, scheduledAt, T0, SHARDS), ...overrides });
}

/** A transition event of `run` to `to` (from the run's current status). */
export function makeEvent(run: Run, to: RunStatus, overrides: Partial<RunEvent> = {}): RunEvent {
  return RunEvent.parse({
    job_id: run.job_id,
    scheduled_at: run.scheduled_at,
    at: T0,
    from: run.status,
    to,
    attempt: run.attempt,
    detail: null,
    ...overrides,
  });
}
