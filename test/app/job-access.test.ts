import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import { changedMeanwhile, isPendingLike, mustBe, openRunsOf, ownedJob, upcomingOf } from "../../src/app/tasks/job-access.js";
import { DomainError } from "../../src/core/errors.js";
import { DEFAULT_RUN_POLICY, type Job, type JobStatus, type RunStatus } from "../../src/core/model.js";
import { startOffsetOf } from "../../src/core/start-window.js";
import type { Store } from "../../src/ports/store.js";
import { HOUR_MS, MINUTE_MS, makeJob, makeRun, T0 } from "../support/builders.js";

// What every task use case starts from (src/app/tasks/job-access.ts), on a real SQLite file: the
// caller's own task or nothing, a state check with the reasons a caller acts on, the open runs
// however many pages they take, and the next run times a task shows.

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-job-access-"));
  store = openSqliteStore({ path: join(dir, "duely.db") });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a refusal tells its caller, as the surfaces serialize it. */
const refusal = (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  return (e as DomainError).toJSON();
};

describe("ownedJob: the caller's own task, and another owner's exactly like a missing one", () => {
  it("returns the owner's task and refuses another owner's as it refuses an id no task has", async () => {
    const job = makeJob({ owner: "alice" });
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] });
    expect(await ownedJob(store, "alice", job.id)).toEqual(job);

    const theirs = await ownedJob(store, "bob", job.id).catch((e: unknown) => e);
    const missing = await ownedJob(store, "bob", "01NOSUCHTASK0000000000000").catch((e: unknown) => e);
    expect(refusal(theirs)).toEqual({
      code: "not_found",
      message: `No scheduled task with id "${job.id}".`,
      field: "task_id",
      expected: "the id of one of your tasks",
      reason: "task_not_found",
      data: { task_id: job.id },
    });
    // The same answer, id for id: nothing tells bob that alice's task exists.
    expect(JSON.stringify(refusal(missing)).replaceAll("01NOSUCHTASK0000000000000", job.id)).toBe(JSON.stringify(refusal(theirs)));
  });
});

describe("mustBe: a change only in the states that allow it", () => {
  const statuses: JobStatus[] = ["active", "paused", "cancelled", "completed"];
  it.each(statuses)("a %s task, to be paused (allowed only when active)", (status) => {
    const job = makeJob({ status });
    const call = () => mustBe(job, ["active"], "pause");
    if (status === "active") return expect(call).not.toThrow();
    let caught: unknown;
    try {
      call();
    } catch (e) {
      caught = e;
    }
    const over = status === "cancelled" || status === "completed";
    // Only an ended task says it is over for good: a paused one can be resumed first.
    expect(refusal(caught)).toEqual({
      code: "conflict",
      message: `Cannot pause a task that is ${status}.`,
      field: "task_id",
      expected: "a task that is active",
      ...(over && { reason: "task_ended" }),
      data: { status },
    });
  });

  it("names every allowed state", () => {
    expect(() => mustBe(makeJob({ status: "cancelled" }), ["active", "paused"], "update")).toThrow(
      expect.objectContaining({ expected: "a task that is active or paused" }),
    );
    expect(() => mustBe(makeJob({ status: "paused" }), ["active", "paused"], "update")).not.toThrow();
  });

  it("a change that lost a race says so, and to retry", () => {
    expect(refusal(changedMeanwhile("01JOB"))).toEqual({
      code: "conflict",
      message: "Task 01JOB changed while this request was handled.",
      field: "task_id",
      expected: "a task no one else changes during the call",
      hint: "Retry the same call.",
    });
  });
});

describe("openRunsOf: the task's runs that have not ended, across pages", () => {
  it("finds every pending, queued and retrying run of 250, once each, and no ended one", async () => {
    const job = makeJob({ owner: "alice" });
    const other = makeJob({ owner: "alice" });
    const cycle: RunStatus[] = ["pending", "succeeded", "queued", "failed", "retrying", "cancelled", "skipped"];
    const runs = Array.from({ length: 250 }, (_, i) => {
      const status = cycle[i % cycle.length] as RunStatus;
      return makeRun(job, T0 + i * MINUTE_MS, { status, ...(status === "skipped" && { skip_reason: "paused" as const }) });
    });
    await store.commit({
      writes: [
        { op: "put_job", job, expectVersion: null },
        { op: "put_job", job: other, expectVersion: null },
        ...runs.map((run) => ({ op: "insert_run" as const, run })),
        { op: "insert_run", run: makeRun(other, T0) },
      ],
    });
    const open = await openRunsOf(store, job.id);
    const key = (r: { scheduled_at: number }) => r.scheduled_at;
    expect(open.map(key).sort((a, b) => a - b)).toEqual(runs.filter((r) => ["pending", "queued", "retrying"].includes(r.status)).map(key));
    expect(open.every((r) => r.job_id === job.id)).toBe(true);
  });

  it("reads at most 20 pages of 100, the newest runs, however many a task has", async () => {
    const job = makeJob({ owner: "alice" });
    const runs = Array.from({ length: 2_050 }, (_, i) => makeRun(job, T0 + i * MINUTE_MS));
    await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }, ...runs.map((run) => ({ op: "insert_run" as const, run }))] });
    const open = await openRunsOf(store, job.id);
    expect(open).toHaveLength(2_000);
    expect(open.map((r) => r.scheduled_at).sort((a, b) => a - b)).toEqual(runs.slice(50).map((r) => r.scheduled_at));
  });

  it("a task with no runs has none", async () => {
    expect(await openRunsOf(store, "01NOSUCHTASK0000000000000")).toEqual([]);
  });

  it("isPendingLike: pending, queued and retrying, nothing else", () => {
    const statuses: RunStatus[] = ["pending", "queued", "retrying", "running", "succeeded", "failed", "cancelled"];
    const job = makeJob();
    expect(statuses.filter((status) => isPendingLike(makeRun(job, T0, { status })))).toEqual(["pending", "queued", "retrying"]);
  });
});

describe("upcomingOf: the next run times a task shows", () => {
  const hourly = { kind: "cron" as const, expr: "0 * * * *", timezone: "UTC" };
  const now = T0 + 30 * MINUTE_MS; // 09:30: the next hours are 10:00, 11:00, 12:00
  const hours = (...hs: number[]) => hs.map((h) => T0 + (h - 9) * HOUR_MS);

  it("the next three, after now", () => {
    expect(upcomingOf(makeJob({ schedule: hourly }), now)).toEqual({ next: hours(10, 11, 12), notes: [] });
    // An occurrence exactly now is no longer upcoming.
    expect(upcomingOf(makeJob({ schedule: hourly }), T0 + HOUR_MS).next).toEqual(hours(11, 12, 13));
  });

  it.each(["cancelled", "completed"] as const)("none for a %s task", (status) => {
    expect(upcomingOf(makeJob({ schedule: hourly, status, next_run_at: T0 + HOUR_MS }), now)).toEqual({ next: [], notes: [] });
  });

  it("a paused task still shows them (it runs them once resumed)", () => {
    expect(upcomingOf(makeJob({ schedule: hourly, status: "paused" }), now).next).toEqual(hours(10, 11, 12));
  });

  it("none at or after the task's end", () => {
    expect(upcomingOf(makeJob({ schedule: hourly, end_at: T0 + 3 * HOUR_MS }), now).next).toEqual(hours(10, 11));
    expect(upcomingOf(makeJob({ schedule: hourly, end_at: T0 + 3 * HOUR_MS + 1 }), now).next).toEqual(hours(10, 11, 12));
  });

  it("skipped ones (the task's own and those given) are left out, and three still shown", () => {
    const job = makeJob({ schedule: hourly, skips: hours(10) });
    expect(upcomingOf(job, now).next).toEqual(hours(11, 12, 13));
    expect(upcomingOf(job, now, hours(12)).next).toEqual(hours(11, 13, 14));
    // A skip that is not among them (past, or further ahead) takes none of the three places.
    expect(upcomingOf(job, now, [T0 - HOUR_MS]).next).toEqual(hours(11, 12, 13));
    expect(upcomingOf(makeJob({ schedule: hourly, skips: hours(20) }), now).next).toEqual(hours(10, 11, 12));
  });

  it("moved by the task's start window, each by the same offset", () => {
    let job: Job;
    do job = makeJob({ schedule: hourly, policy: { ...DEFAULT_RUN_POLICY, window_ms: 30 * MINUTE_MS } });
    while (startOffsetOf(job) === 0);
    const offset = startOffsetOf(job);
    expect(upcomingOf(job, now).next).toEqual(hours(10, 11, 12).map((t) => t + offset));
    // 10:00 + offset is upcoming at 10:00, not yet run.
    expect(upcomingOf(job, T0 + HOUR_MS).next).toEqual(hours(10, 11, 12).map((t) => t + offset));
  });

  it("an immediate task shows its one run until it has started, a second of slack included", () => {
    const immediate = (next_run_at: number | null) => makeJob({ schedule: { kind: "immediate" }, next_run_at });
    expect(upcomingOf(immediate(now + 5_000), now)).toEqual({ next: [now + 5_000], notes: [] });
    expect(upcomingOf(immediate(now - 1_000), now).next).toEqual([now - 1_000]);
    expect(upcomingOf(immediate(now - 1_001), now).next).toEqual([]);
    expect(upcomingOf(immediate(null), now).next).toEqual([]);
  });
});
