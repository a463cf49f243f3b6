import { describe, expect, it } from "vitest";
import { Unavailable, Unreadable } from "../../src/app/engine/job-batch.js";
import {
  afterFailure,
  type ClaimDecision,
  classify,
  completionOf,
  type DecideContext,
  decideClaim,
  decideFinish,
  decideStart,
  failUnusable,
  holdBack,
  reapExpired,
  type Settled,
  settleByTask,
  startingClaim,
  stillRunningBefore,
  waitingBefore,
} from "../../src/app/engine/run-decisions.js";
import type { Step } from "../../src/app/runs.js";
import { DEFAULT_RUN_POLICY, type Job, type JobStatus, type Run, type RunStatus } from "../../src/core/model.js";
import { ActionFailure, ActionTimeout } from "../../src/ports/action.js";
import { HOUR_MS, MINUTE_MS, makeJob, makeRun, T0 } from "../support/builders.js";

const NOW = T0 + HOUR_MS;
const LEASE_MS = 30_000;
const LOOK_AHEAD_MS = 45_000;
const STALE_MS = 30_000;
/** random 0.5: a retry waits half its ceiling (5 s, 25 s, 125 s by default). */
const ctx: DecideContext = { now: NOW, random: () => 0.5, lookAheadMs: LOOK_AHEAD_MS, staleQueuedMs: STALE_MS };

type TaskCase = JobStatus | "missing";
const TASKS: TaskCase[] = ["missing", "active", "paused", "cancelled", "completed"];
const jobFor = (task: TaskCase, overrides: Partial<Job> = {}): Job | undefined => (task === "missing" ? undefined : makeJob({ ...overrides, status: task }));

/**
 * A run of `job` due now (in the watcher's look-ahead, due_at = scheduled_at unless a retry moved
 * it), whose action ran once per attempt unless `overrides` say otherwise.
 */
const runOf = (status: RunStatus, attempt: number, overrides: Partial<Run> = {}) =>
  makeRun({ id: "01JOB", owner: "owner-a" }, NOW, { status, attempt, executions: attempt, ...overrides });

/** The run a step writes, checked to be a compare-and-set on what `before` was. */
function written(step: Step, before: Run): Run {
  expect(step.write).toMatchObject({ op: "update_run", expect: { status: before.status, attempt: before.attempt } });
  expect(step.event).toMatchObject({ from: before.status, attempt: (step.write as { run: Run }).run.attempt });
  return (step.write as { run: Run }).run;
}

/** The outcome in a few words, for tables: `cancel: task paused`, `skip paused`, `fail`, `claim`. */
function summary(d: Settled | ClaimDecision | { kind: "check_overlap" } | null): string | null {
  if (!d) return null;
  if (d.kind === "skip") return `skip ${d.reason}`;
  if (d.kind === "cancel") return `cancel: ${d.step.event.detail}`;
  return d.kind;
}

describe("settleByTask: the task's status settles a run before anything else", () => {
  const expected: Record<TaskCase, string | null> = {
    missing: "cancel: task not found",
    active: null,
    paused: "skip paused",
    cancelled: "cancel: task cancelled",
    completed: "cancel: task completed",
  };
  // A pending run has never been claimed; a queued one may be a retry; a retrying one failed at least once.
  const attempts = { pending: [0], queued: [0, 1, 2], retrying: [1, 2] };
  const cases = (["pending", "queued", "retrying"] as const).flatMap((status) =>
    attempts[status].flatMap((attempt) => TASKS.map((task) => [status, attempt, task] as const)),
  );
  it.each(cases)("a %s run (attempt %i) of a %s task", (status, attempt, task) => {
    const run = runOf(status, attempt);
    const settled = settleByTask(run, jobFor(task), NOW);
    expect(summary(settled)).toBe(expected[task]);
    if (!settled) return;
    const next = written(settled.step, run);
    expect(next).toMatchObject({ status: settled.kind === "skip" ? "skipped" : "cancelled", attempt, wake_at: null, finished_at: NOW });
    if (settled.kind === "skip") expect(next.skip_reason).toBe("paused");
  });
});

describe("failUnusable: a task that cannot be read or planned fails its run for good, saying why", () => {
  it.each(["pending", "queued", "retrying"] as const)("a %s run", (status) => {
    const run = runOf(status, status === "pending" ? 0 : 1);
    const settled = failUnusable(run, "job 01JOB does not parse", NOW);
    expect(settled.kind).toBe("fail");
    expect(written(settled.step, run)).toMatchObject({
      status: "failed",
      attempt: run.attempt,
      error: { kind: "permanent", message: "stored task cannot be used: job 01JOB does not parse" },
      finished_at: NOW,
    });
    expect(settled.step.event.detail).toBe("unreadable task");
  });
});

describe("decideClaim: a delivered queued run is claimed or settled", () => {
  const claimCtx = { worker: "worker-a", leaseMs: LEASE_MS, staleQueuedMs: STALE_MS };
  const late = { scheduled_at: NOW - 11 * MINUTE_MS, due_at: NOW - 11 * MINUTE_MS }; // past the default 10-minute grace window

  // The task's status decides alone, whatever the attempt and however late the run is.
  const byTask: [TaskCase | "unreadable", string][] = [
    ["unreadable", "fail"],
    ["missing", "cancel: task not found"],
    ["paused", "skip paused"],
    ["cancelled", "cancel: task cancelled"],
    ["completed", "cancel: task completed"],
  ];
  const settledCases = byTask.flatMap(([task, outcome]) =>
    [0, 1, 2].flatMap((attempt) => [false, true].map((isLate) => [task, attempt, isLate, outcome] as const)),
  );
  it.each(settledCases)("a %s task's run, attempt %i, late %s: %s", (task, attempt, isLate, outcome) => {
    const run = runOf("queued", attempt, isLate ? late : {});
    const job = task === "unreadable" ? new Unreadable("job 01JOB does not parse") : jobFor(task);
    const d = decideClaim(run, job, NOW, { ...claimCtx, overlapping: false });
    expect(summary(d)).toBe(outcome);
    if (d.kind !== "claim") expect(written(d.step, run).status).toBe(d.kind === "skip" ? "skipped" : d.kind === "fail" ? "failed" : "cancelled");
  });

  // An active task: lateness counts for a first attempt only (a retry is due at its backoff, not its occurrence);
  // a late first attempt still runs when catch-up lets it (the default, "latest", within its window).
  const policy = (p: Partial<Job["policy"]>) => ({ policy: { ...DEFAULT_RUN_POLICY, ...p } });
  const once = { schedule: { kind: "once" as const, at: NOW, timezone: "UTC" } };
  const onceSkip = { ...once, ...policy({ catch_up: "skip" }) };
  const onceNarrow = { ...once, ...policy({ catch_up_window_ms: 5 * MINUTE_MS }) };
  const skipLate = policy({ catch_up: "skip" });
  const allow = policy({ catch_up: "skip", overlap: "allow" });
  const activeCases: [string, Partial<Job>, number, boolean, boolean | undefined, string][] = [
    ["once", once, 0, false, undefined, "claim"],
    ["once, catch_up skip", onceSkip, 0, true, undefined, "skip missed"],
    ["once, catch_up latest", once, 0, true, undefined, "claim"],
    ["once, catch_up latest, outside its catch-up window", onceNarrow, 0, true, undefined, "skip missed"],
    ["once", onceSkip, 1, true, undefined, "claim"],
    ["once", once, 2, false, undefined, "claim"],
    ["recurring, overlap skip", {}, 0, false, undefined, "check_overlap"],
    ["recurring, overlap skip", {}, 0, false, false, "claim"],
    ["recurring, overlap skip", {}, 0, false, true, "skip overlap"],
    ["recurring, overlap skip, catch_up skip", skipLate, 0, true, true, "skip missed"],
    ["recurring, overlap skip, catch_up latest", {}, 0, true, true, "skip overlap"],
    ["recurring, overlap skip", {}, 1, true, undefined, "check_overlap"],
    ["recurring, overlap skip", {}, 1, false, true, "skip overlap"],
    ["recurring, overlap allow", allow, 0, false, undefined, "claim"],
    ["recurring, overlap allow", allow, 0, false, true, "claim"],
    ["recurring, overlap allow", allow, 1, true, true, "claim"],
  ];
  // A run given back (or reaped) before its action started keeps its attempt but spent nothing:
  // still a first try, so the grace window and catch-up apply to it as to attempt 0.
  it("skips as missed a late run that was claimed before but never started (catch_up skip)", () => {
    const run = runOf("queued", 1, { ...late, executions: 0 });
    expect(summary(decideClaim(run, jobFor("active", onceSkip)!, NOW, { ...claimCtx, overlapping: false }))).toBe("skip missed");
    expect(summary(decideClaim(run, jobFor("active", onceNarrow)!, NOW, { ...claimCtx, overlapping: false }))).toBe("skip missed");
  });
  it.each(activeCases)("an active %s task's run, attempt %i, late %s, overlapping %s: %s", (_kind, overrides, attempt, isLate, overlapping, outcome) => {
    const run = runOf("queued", attempt, isLate ? late : {});
    const job = jobFor("active", overrides)!;
    const d = decideClaim(run, job, NOW, overlapping === undefined ? claimCtx : { ...claimCtx, overlapping });
    expect(summary(d)).toBe(outcome);
    if (d.kind !== "claim") return;
    expect(d.job).toBe(job);
    expect(written(d.step, run)).toEqual(d.run);
    expect(d.run).toMatchObject({ status: "running", attempt: attempt + 1, lease_owner: "worker-a", lease_until: NOW + LEASE_MS, wake_at: NOW + LEASE_MS });
    // Claimed, not started: the start is written when the action starts, or carried by the claim.
    expect(d.run).toMatchObject({ executions: attempt, started_at: null });
    const starting = startingClaim(run, d, NOW);
    expect(written(starting.step, run)).toMatchObject({ status: "running", attempt: attempt + 1, executions: attempt + 1, started_at: NOW });
  });
});

describe("holdBack: a claim over the owner's run rate", () => {
  it("keeps the run queued, due when the token is there, with its attempt and executions unspent", () => {
    const run = runOf("queued", 1, { executions: 1, due_at: NOW - 5 * MINUTE_MS });
    const d = holdBack(run, 10_000, NOW, STALE_MS);
    expect(d).toMatchObject({ kind: "hold_back", dueAt: NOW + 10_000 });
    expect(written(d.step, run)).toMatchObject({ status: "queued", attempt: 1, executions: 1, due_at: NOW + 10_000, wake_at: NOW + 10_000 + STALE_MS });
    expect(d.step.event.detail).toMatch(/limits\.executions/);
  });

  it("never moves a run claimed ahead of its time earlier than it was due", () => {
    // Claimed 2 s ahead, its token there in 130 ms: it still waits for its own time.
    const run = runOf("queued", 0, { due_at: NOW + 2_000 });
    const d = holdBack(run, 130, NOW, STALE_MS);
    expect(d.dueAt).toBe(NOW + 2_000);
    expect(written(d.step, run)).toMatchObject({ status: "queued", due_at: NOW + 2_000 });
  });

  it("moves the due time, so the wait does not make a later claim judge the run missed", () => {
    // No catch-up: a first attempt claimed past its grace window would be skipped as missed.
    const job = jobFor("active", { policy: { ...DEFAULT_RUN_POLICY, misfire_grace_ms: MINUTE_MS, catch_up: "skip" } })!;
    const run = runOf("queued", 0);
    const held = written(holdBack(run, 10 * MINUTE_MS, NOW, STALE_MS).step, run);
    const claimCtx = { worker: "worker-a", leaseMs: LEASE_MS, staleQueuedMs: STALE_MS, overlapping: false };
    expect(summary(decideClaim(run, job, NOW + 10 * MINUTE_MS, claimCtx))).toBe("skip missed");
    expect(summary(decideClaim(held, job, NOW + 10 * MINUTE_MS, claimCtx))).toBe("claim");
  });
});

describe("decideStart: a claimed run about to start reads its task again", () => {
  const claimed = runOf("running", 1, { executions: 0, lease_owner: "worker-a", lease_until: NOW + LEASE_MS, started_at: null });
  it.each([
    ["active", "start"],
    ["paused", "skip paused"],
    ["cancelled", "cancel: task cancelled"],
    ["missing", "cancel: task not found"],
  ] as const)("a %s task: %s", (task, outcome) => {
    const d = decideStart(claimed, jobFor(task), NOW);
    expect(d.kind === "start" ? "start" : summary(d as Settled)).toBe(outcome);
    if (d.kind === "give_back") return;
    const next = written(d.step, claimed);
    if (d.kind === "start") expect(next).toMatchObject({ status: "running", attempt: 1, executions: 1, started_at: NOW });
    else expect(next).toMatchObject({ lease_owner: null, lease_until: null, wake_at: null });
  });

  it("gives the run back when its task cannot be read now, and fails it when the task is corrupt", () => {
    expect(decideStart(claimed, new Unavailable("socket hang up"), NOW)).toEqual({ kind: "give_back", reason: "socket hang up" });
    expect(decideStart(claimed, new Unreadable("job 01JOB does not parse"), NOW).kind).toBe("fail");
  });
});

describe("stillRunningBefore: the overlap rule's read", () => {
  const run = runOf("queued", 0);
  const other = (status: RunStatus, scheduledAt: number, leaseUntil: number | null) => runOf(status, 1, { scheduled_at: scheduledAt, lease_until: leaseUntil });
  it.each([
    ["an earlier run holding a live lease", other("running", NOW - MINUTE_MS, NOW + 1), true],
    ["an earlier run whose lease expired", other("running", NOW - MINUTE_MS, NOW), false],
    ["an earlier run that finished", other("succeeded", NOW - MINUTE_MS, null), false],
    ["a later run holding a live lease", other("running", NOW + MINUTE_MS, NOW + 1), false],
  ] as const)("%s: %s", (_what, r, expected) => {
    expect(stillRunningBefore(run, [r], NOW)).toBe(expected);
  });
});

describe("overlap buffer_one and manual runs", () => {
  const ctx = { worker: "worker-a", leaseMs: LEASE_MS, staleQueuedMs: STALE_MS };
  const buffer = { policy: { ...DEFAULT_RUN_POLICY, overlap: "buffer_one" as const } };

  it("lets a run wait behind the running one while none waits, moving its due time on; skips it when one already waits", () => {
    const run = runOf("queued", 0);
    const job = jobFor("active", buffer)!;
    expect(decideClaim(run, job, NOW, ctx)).toEqual({ kind: "check_overlap" });
    const d = decideClaim(run, job, NOW, { ...ctx, overlapping: true, waiting: false });
    expect(d.kind).toBe("defer");
    if (d.kind !== "defer") return;
    expect(written(d.step, run)).toEqual(d.run);
    expect(d.run).toMatchObject({ status: "queued", attempt: 0, due_at: NOW + 5_000, wake_at: NOW + 5_000 + STALE_MS });
    expect(summary(decideClaim(run, job, NOW, { ...ctx, overlapping: true, waiting: true }))).toBe("skip overlap");
    expect(summary(decideClaim(run, job, NOW, { ...ctx, overlapping: false, waiting: false }))).toBe("claim");
  });

  it("runs a manual run of a paused task, exempt from the overlap rule, and never completes the task with it", () => {
    const manual = runOf("queued", 0, { origin: "manual" });
    const paused = jobFor("paused")!;
    expect(settleByTask(manual, paused, NOW)).toBeNull();
    expect(summary(settleByTask(runOf("queued", 0), paused, NOW))).toBe("skip paused");
    expect(summary(decideClaim(manual, jobFor("active")!, NOW, ctx))).toBe("claim");
    const once = jobFor("active", { schedule: { kind: "once", at: NOW + 86_400_000, timezone: "UTC" } })!;
    const running = { ...manual, status: "running" as const, attempt: 1 };
    expect(
      decideFinish(running, once, { result: { text: "ok" } }, { now: NOW, random: () => 0.5, lookAheadMs: LOOK_AHEAD_MS, staleQueuedMs: STALE_MS }).jobWrite,
    ).toBeNull();
  });

  it("counts as waiting only an earlier scheduled run still queued", () => {
    const run = runOf("queued", 0);
    const earlier = (status: RunStatus, origin: "schedule" | "manual" = "schedule") => runOf(status, 0, { scheduled_at: NOW - MINUTE_MS, origin });
    expect(waitingBefore(run, [earlier("queued")])).toBe(true);
    expect(waitingBefore(run, [earlier("running")])).toBe(false);
    expect(waitingBefore(run, [earlier("queued", "manual")])).toBe(false);
    expect(waitingBefore(run, [runOf("queued", 0, { scheduled_at: NOW + MINUTE_MS })])).toBe(false);
  });
});

describe("classify: how an action's failure is stored and retried", () => {
  it.each([
    ["a permanent ActionFailure", new ActionFailure("400", { permanent: true }), { message: "400", kind: "permanent" }, { permanent: true }],
    ["a retryable ActionFailure", new ActionFailure("503", { permanent: false }), { message: "503", kind: "retryable" }, { permanent: false }],
    [
      "an ActionFailure with retry-after",
      new ActionFailure("429", { permanent: false, retryAfterMs: 30_000 }),
      { message: "429", kind: "retryable" },
      { permanent: false, retryAfterMs: 30_000 },
    ],
    ["a timeout", new ActionTimeout(300_000), { message: "action timed out", kind: "timeout" }, { permanent: false }],
    ["any other error", new Error("boom"), { message: "boom", kind: "retryable" }, { permanent: false }],
    ["something thrown that is not an Error", "boom", { message: "boom", kind: "retryable" }, { permanent: false }],
  ] as const)("%s", (_what, thrown, error, failure) => {
    expect(classify(thrown)).toEqual({ error, failure });
  });
});

describe("afterFailure: retrying after the backoff, or failed when spent or permanent", () => {
  const job = makeJob(); // max_attempts 3; ceilings 5 s, 25 s
  const retryable = classify(new Error("boom"));
  const permanent = classify(new ActionFailure("400", { permanent: true }));
  it.each([
    [1, retryable, 2_500],
    [2, retryable, 12_500],
    [3, retryable, null],
    [1, permanent, null],
    [2, permanent, null],
  ] as const)("execution %i, %o: retry in %s ms", (executions, failure, retryInMs) => {
    // Claims that never started bumped the attempt (here by 4) but spent nothing: executions decide.
    const attempt = executions + 4;
    const run = runOf("running", attempt, { executions, lease_owner: "worker-a", lease_until: NOW + LEASE_MS });
    const after = afterFailure(run, job, failure, ctx);
    expect(after.retryInMs).toBe(retryInMs);
    expect(after.run).toMatchObject({ attempt, error: failure.error, lease_owner: null, lease_until: null });
    if (retryInMs === null) expect(after.run).toMatchObject({ status: "failed", finished_at: NOW, wake_at: null });
    else expect(after.run).toMatchObject({ status: "retrying", due_at: NOW + retryInMs, wake_at: NOW + retryInMs - LOOK_AHEAD_MS });
  });
});

describe("decideFinish: an attempt's outcome, and whether it completes the task", () => {
  const run = runOf("running", 1, { lease_owner: "worker-a", lease_until: NOW + LEASE_MS });
  const lastAttempt = runOf("running", 3, { lease_owner: "worker-a", lease_until: NOW + LEASE_MS });
  const once: Partial<Job> = { schedule: { kind: "once", at: NOW, timezone: "UTC" }, next_run_at: NOW, run_count: 1 };
  const headOfEndedChain: Partial<Job> = { next_run_at: NOW, run_count: 1, max_runs: 1 };
  const headOfLiveChain: Partial<Job> = { next_run_at: NOW, run_count: 1 };
  const notHead: Partial<Job> = { next_run_at: NOW + 86_400_000, run_count: 2, max_runs: 2 };
  const ok = { result: { text: "done" } };
  const boom = { error: new Error("boom") };
  const refused = { error: new ActionFailure("400", { permanent: true }) };
  it.each([
    ["a once task", once, run, ok, "succeeded", true],
    ["a once task", once, run, boom, "retrying", false],
    ["a once task", once, run, refused, "failed", true],
    ["a once task", once, lastAttempt, boom, "failed", true],
    ["the head of an ended chain", headOfEndedChain, run, ok, "succeeded", true],
    ["the head of an ended chain", headOfEndedChain, run, boom, "retrying", false],
    ["the head of an ended chain", headOfEndedChain, lastAttempt, boom, "failed", true],
    ["the head of a live chain", headOfLiveChain, run, ok, "succeeded", false],
    ["the head of a live chain", headOfLiveChain, lastAttempt, boom, "failed", false],
    ["an earlier run of an ended chain", notHead, run, ok, "succeeded", false],
  ] as const)("%s, attempt %#: %s", (_what, overrides, before, outcome, status, completes) => {
    const job = makeJob(overrides);
    const finish = decideFinish(before, job, outcome, ctx);
    expect(written(finish.step, before).status).toBe(status);
    if (status === "failed") expect(finish.step.event.detail).toBe("dead-lettered");
    if (status === "retrying") expect(finish.step.event.detail).toMatch(/^retry in \d+ ms$/);
    if (!completes) return expect(finish.jobWrite).toBeNull();
    expect(finish.jobWrite).toEqual({
      op: "put_job",
      job: { ...job, status: "completed", version: job.version + 1, updated_at: NOW },
      expectVersion: job.version,
    });
  });

  it.each([
    ["active", true],
    ["paused", true],
    ["cancelled", false],
    ["completed", false],
  ] as const)("completes a %s once task whose run finished: %s", (status, completes) => {
    const job = makeJob({ ...once, status });
    const done = { ...run, status: "succeeded" as const };
    expect(completionOf(job, done, NOW) !== null).toBe(completes);
  });
});

describe("reapExpired: a running run whose worker stopped heartbeating", () => {
  const expired = (attempt: number, overrides: Partial<Run> = {}) =>
    runOf("running", attempt, { lease_owner: "worker-a", lease_until: NOW - 1, started_at: NOW - MINUTE_MS, ...overrides });
  const expected: Record<TaskCase, [string, string]> = {
    // [execution 1, execution 3 (the last)]
    missing: ["cancelled", "cancelled"],
    active: ["retrying", "failed"],
    paused: ["retrying", "failed"],
    cancelled: ["cancelled", "cancelled"],
    completed: ["cancelled", "cancelled"],
  };
  const message = "interrupted: lease expired: worker worker-a stopped heartbeating; whether the action took effect is unknown";
  it.each(TASKS.flatMap((task) => [1, 3].map((attempt) => [task, attempt] as const)))("a %s task's started run, attempt %i", (task, attempt) => {
    const run = expired(attempt);
    const reap = reapExpired(run, jobFor(task), ctx)!;
    expect(reap.step.write).toMatchObject({ expect: { leaseExpiredBy: NOW } });
    const next = written(reap.step, run);
    expect(next.status).toBe(expected[task][attempt === 1 ? 0 : 1]);
    expect(next).toMatchObject({ attempt, executions: attempt });
    expect(reap.step.event.detail).toBe(message);
    expect(reap.requeue).toBe(false);
    if (next.status !== "cancelled") expect(next.error).toEqual({ kind: "interrupted", message });
  });

  it("completes a once task whose only run the reaper fails, in the same transaction", () => {
    const job = makeJob({ schedule: { kind: "once", at: NOW, timezone: "UTC" }, next_run_at: NOW, run_count: 1 });
    const reap = reapExpired(expired(3), job, ctx)!;
    expect(written(reap.step, expired(3)).status).toBe("failed");
    expect(reap.jobWrite).toMatchObject({ op: "put_job", job: { status: "completed" }, expectVersion: job.version });
  });

  const neverStarted: Record<TaskCase, string> = { missing: "cancelled", active: "queued", paused: "skipped", cancelled: "cancelled", completed: "cancelled" };
  it.each(TASKS)("queues again a %s task's run that never started, spending nothing", (task) => {
    const run = expired(2, { started_at: null, executions: 0 });
    const reap = reapExpired(run, jobFor(task), ctx)!;
    const next = written(reap.step, run);
    expect(next.status).toBe(neverStarted[task]);
    expect(reap.requeue).toBe(task === "active");
    expect(next).toMatchObject({ attempt: 2, executions: 0, lease_owner: null, lease_until: null, error: null });
    if (task === "active") expect(next.wake_at).toBe(NOW + STALE_MS);
  });

  it("queues again a paused task's manual run that never started, and never completes the task with a reaped manual run", () => {
    const unstarted = expired(1, { started_at: null, executions: 0, origin: "manual" });
    const requeue = reapExpired(unstarted, jobFor("paused"), ctx)!;
    expect(written(requeue.step, unstarted).status).toBe("queued");
    expect(requeue.requeue).toBe(true);
    const once = makeJob({ schedule: { kind: "once", at: NOW + HOUR_MS, timezone: "UTC" }, next_run_at: NOW + HOUR_MS, run_count: 1 });
    const lost = expired(3, { origin: "manual" });
    const reap = reapExpired(lost, once, ctx)!;
    expect(written(reap.step, lost).status).toBe("failed");
    expect(reap.jobWrite).toBeNull();
  });

  it.each(TASKS)("leaves a %s task's run alone while its lease is live", (task) => {
    expect(reapExpired(runOf("running", 1, { lease_owner: "worker-a", lease_until: NOW + 1 }), jobFor(task), ctx)).toBeNull();
  });

  it("reaps a live lease only when its owner is known to be gone, and then requires no lease condition", () => {
    const live = expired(1, { lease_until: NOW + LEASE_MS });
    const reap = reapExpired(live, jobFor("active"), ctx, { ownerGone: true })!;
    expect(written(reap.step, live).status).toBe("retrying");
    expect(reap.step.write).toMatchObject({ expect: { status: "running", attempt: 1 } });
    expect((reap.step.write as { expect: object }).expect).not.toHaveProperty("leaseExpiredBy");
  });

  it("retries at once a started run whose worker is known to be gone, and after the backoff one whose lease merely lapsed", () => {
    const run = expired(1, { lease_until: NOW + LEASE_MS });
    const gone = written(reapExpired(run, jobFor("active"), ctx, { ownerGone: true })!.step, run);
    expect(gone).toMatchObject({ status: "retrying", due_at: NOW, wake_at: NOW - LOOK_AHEAD_MS, executions: 1 });
    const lapsed = expired(1);
    // random 0.5: half the first retry's 5 s ceiling.
    expect(written(reapExpired(lapsed, jobFor("active"), ctx)!.step, lapsed)).toMatchObject({ status: "retrying", due_at: NOW + 2_500 });
    // The retry budget still counts it: the last attempt's run fails.
    expect(written(reapExpired(expired(3), jobFor("active"), ctx, { ownerGone: true })!.step, expired(3)).status).toBe("failed");
  });
});

describe("the edges of the decisions", () => {
  const claimCtx = { worker: "worker-a", leaseMs: LEASE_MS, staleQueuedMs: STALE_MS, overlapping: false };
  const hourly = (overrides: Partial<Job> = {}) => makeJob({ schedule: { kind: "cron", expr: "0 * * * *", timezone: "UTC" }, ...overrides });

  it("a late run whose next occurrence is due too is missed; a manual run (run now) never is", () => {
    const job = hourly();
    const scheduled = runOf("queued", 0, { scheduled_at: NOW - HOUR_MS, due_at: NOW - HOUR_MS, executions: 0 });
    const d = decideClaim(scheduled, job, NOW, claimCtx);
    expect(summary(d)).toBe("skip missed");
    expect(d.step.event.detail).toMatch(/^claimed too late: superseded by the occurrence at 2026-03-17T10:00:00.000Z/);
    const manual = { ...scheduled, origin: "manual" as const };
    const m = decideClaim(manual, job, NOW, claimCtx);
    expect(summary(m)).toBe("claim");
    expect(m.step.event.detail).toBe("worker-a, late by 1 h after downtime (catch_up latest)");
  });

  it("a held-back run's history says how long it waits", () => {
    const d = holdBack(runOf("queued", 0), 5_000, NOW, STALE_MS);
    expect(d.step.event.detail).toBe("held back 5000 ms by the owner's run rate (limits.executions)");
  });

  it("only an earlier running run holds a later one back, not a later one still running", () => {
    const run = runOf("queued", 0);
    const later = runOf("running", 1, { scheduled_at: NOW + HOUR_MS, lease_until: NOW + LEASE_MS });
    expect(stillRunningBefore(run, [later], NOW)).toBe(false);
    expect(stillRunningBefore(run, [{ ...later, scheduled_at: NOW - HOUR_MS }], NOW)).toBe(true);
  });

  it("a lease that ends exactly now has expired: the reaper takes the run", () => {
    const run = runOf("running", 1, { lease_owner: "worker-a", lease_until: NOW, started_at: NOW - MINUTE_MS });
    expect(reapExpired(run, jobFor("active"), ctx)).not.toBeNull();
    expect(reapExpired({ ...run, lease_until: NOW + 1 }, jobFor("active"), ctx)).toBeNull();
  });

  it("a run of a task whose stored schedule no longer computes never completes the task", () => {
    const job = { ...hourly({ next_run_at: NOW }), schedule: { kind: "cron", expr: "not a cron", timezone: "UTC" } } as Job;
    const run = runOf("running", 1, { started_at: NOW - MINUTE_MS });
    const finish = decideFinish(run, job, { result: { text: "done" } }, ctx);
    expect(written(finish.step, run).status).toBe("succeeded");
    expect(finish.jobWrite).toBeNull();
  });
});
