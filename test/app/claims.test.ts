import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteLimitState } from "../../src/adapters/store/sqlite/sqlite-limit-state.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import type { EngineDeps } from "../../src/app/deps.js";
import { claimBatch, resendItem } from "../../src/app/engine/claims.js";
import { BUFFER_RECHECK_MS } from "../../src/app/engine/run-decisions.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import { claimed, updateStep } from "../../src/app/runs.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { DomainError } from "../../src/core/errors.js";
import type { Job, Run } from "../../src/core/model.js";
import type { LimitState } from "../../src/ports/limit-state.js";
import type { Logger } from "../../src/ports/logger.js";
import type { QueueMessage } from "../../src/ports/queue.js";
import type { Store } from "../../src/ports/store.js";
import { makeJob, makeRun } from "../support/builders.js";
import { corruptSqliteRun } from "../support/corrupt-sqlite-run.js";
import { FakeClock } from "../support/fake-clock.js";
import { FaultPlan } from "../support/faults.js";
import { faultyStore } from "../support/faulty-store.js";

// One claim batch of a worker (src/app/engine/claims.ts) on a real SQLite file and the real local
// queue: which delivered runs it claims and starts, which it only holds, and what becomes of the
// others (acknowledged, sent again later, held back by the owner's run rate). The engine suites
// reach it only through whole runs; these call it directly, with the store's failures injected.

const LEASE_MS = 30_000;
const T = Date.parse("2026-03-03T10:00:00Z");
const WORKER = "w1";
const EVERY_MINUTE = { kind: "cron" as const, expr: "* * * * *", timezone: "UTC" };

let dir: string;
let path: string;
let store: Store;
let queue: LocalDelayQueue;
let clock: FakeClock;
let faults: FaultPlan;
let logged: string[];
/** The fields of each logged line, in order. */
let logFields: Record<string, unknown>[];
let inFlightReads: string[][];
let limitState: LimitState | null;
let limits: Limits | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-claims-"));
  path = join(dir, "duely.db");
  clock = new FakeClock(T);
  store = openSqliteStore({ path, log: { log: () => {} }, now: () => clock.now() });
  queue = new LocalDelayQueue(clock);
  faults = new FaultPlan();
  logged = [];
  logFields = [];
  inFlightReads = [];
  limitState = null;
  limits = undefined;
});
afterEach(async () => {
  await queue.close();
  await store.close();
  await limitState?.close();
  rmSync(dir, { recursive: true, force: true });
});

function deps(): EngineDeps {
  const log: Logger = {
    log: (level, message, fields) => {
      logged.push(`${level}: ${message}`);
      logFields.push(fields ?? {});
    },
  };
  const faulty = faultyStore(store, faults);
  const seen: Store = {
    ...faulty,
    listInFlightRuns: (ids) => {
      inFlightReads.push([...ids]);
      return faulty.listInFlightRuns(ids);
    },
  };
  return {
    store: seen,
    queue,
    clock,
    random: () => 0,
    log,
    settings: { ...DEFAULT_SETTINGS, lease_ms: LEASE_MS },
    ...(limits && { limits }),
  } as unknown as EngineDeps;
}

/** Stores a task (one run, unless given a schedule) and its queued run at `at`, due at `dueAt`. */
async function queuedRun(at = T, opts: { job?: Job; dueAt?: number; run?: Partial<Run> } = {}): Promise<Run> {
  const job = opts.job ?? makeJob({ schedule: { kind: "immediate" } });
  if (!(await store.getJob(job.id))) expect(await store.commit({ writes: [{ op: "put_job", job, expectVersion: null }] })).toBe(true);
  const run = makeRun(job, at, { status: "queued", due_at: opts.dueAt ?? at, ...opts.run });
  expect(await store.commit({ writes: [{ op: "insert_run", run }] })).toBe(true);
  return run;
}

/** The queue's delivery of each run, in order. */
async function deliver(...runs: Run[]): Promise<QueueMessage[]> {
  await queue.send(runs.map((r) => ({ key: { job_id: r.job_id, scheduled_at: r.scheduled_at }, owner: r.owner, dueAt: clock.now() })));
  const got = await queue.receive(runs.length, 0);
  expect(got).toHaveLength(runs.length);
  return runs.map((r) => got.find((m) => m.key.job_id === r.job_id && m.key.scheduled_at === r.scheduled_at)!);
}

const stored = async (r: Run) => (await store.getRun(r))!;
const jobIds = (ms: { message?: QueueMessage; key?: QueueMessage["key"] }[]) => ms.map((m) => (m.message ?? (m as QueueMessage)).key.job_id);

describe("claiming delivered runs", () => {
  it("claims and starts due runs up to the free slots in one write each, and holds the rest claimed, unstarted", async () => {
    const runs = [await queuedRun(), await queuedRun(), await queuedRun()];
    const messages = await deliver(...runs);
    const out = await claimBatch(deps(), WORKER, messages, T, { slots: 2, horizon: T });
    expect(jobIds(out.starting)).toEqual([runs[0]!.job_id, runs[1]!.job_id]);
    expect(jobIds(out.held)).toEqual([runs[2]!.job_id]);
    expect(out.done).toEqual([]);
    expect(out.deferred).toEqual([]);
    for (const r of runs.slice(0, 2)) {
      const s = await stored(r);
      expect(s).toMatchObject({ status: "running", attempt: 1, lease_owner: WORKER, lease_until: T + LEASE_MS, started_at: T, executions: 1 });
      expect((await store.listEvents(r)).map((e) => e.detail)).toEqual([WORKER]);
    }
    expect(await stored(runs[2]!)).toMatchObject({ status: "running", attempt: 1, lease_owner: WORKER, started_at: null, executions: 0 });
    // What the worker holds is the row it wrote, and the row before, to give the run back unstarted.
    expect(out.starting[0]!.run).toEqual(await stored(runs[0]!));
    expect(out.starting[0]!.before).toEqual(runs[0]);
    expect(out.held[0]!.run).toEqual(await stored(runs[2]!));
    expect(out.starting[0]!.job.id).toBe(runs[0]!.job_id);
    expect(out.starting[0]!.message).toBe(messages[0]);
  });

  it("with no free slot, claims a due run without starting it", async () => {
    const r = await queuedRun();
    const out = await claimBatch(deps(), WORKER, await deliver(r), T, { slots: 0, horizon: T });
    expect(out.starting).toEqual([]);
    expect(jobIds(out.held)).toEqual([r.job_id]);
    expect((await stored(r)).executions).toBe(0);
  });

  it("gives the free slots to due claims only: a run claimed ahead or one settled without a claim takes none", async () => {
    const ahead = await queuedRun(T + 5_000);
    const finished = await queuedRun(T, { run: { status: "succeeded", finished_at: T } });
    const job = makeJob({ schedule: { kind: "immediate" }, status: "paused" });
    const ofPaused = await queuedRun(T, { job });
    const due = await queuedRun();
    const out = await claimBatch(deps(), WORKER, await deliver(ahead, finished, ofPaused, due), T, { slots: 1, horizon: T + 5_000 });
    expect(jobIds(out.held)).toEqual([ahead.job_id]);
    expect(jobIds(out.starting)).toEqual([due.job_id]);
    expect(await stored(ofPaused)).toMatchObject({ status: "skipped", skip_reason: "paused", executions: 0 });
    expect(await stored(ahead)).toMatchObject({ status: "running", started_at: null, executions: 0 });
  });

  it("claims a run ahead of its time within the horizon, without starting it however many slots are free", async () => {
    const r = await queuedRun(T + 5_000);
    const out = await claimBatch(deps(), WORKER, await deliver(r), T, { slots: 10, horizon: T + 5_000 });
    expect(out.starting).toEqual([]);
    expect(jobIds(out.held)).toEqual([r.job_id]);
    expect(await stored(r)).toMatchObject({ status: "running", started_at: null });
  });

  it("sends a run due after the horizon again for its due time, unclaimed", async () => {
    const r = await queuedRun(T, { dueAt: T + 60_000 });
    const [m] = await deliver(r);
    const out = await claimBatch(deps(), WORKER, [m!], T, { slots: 10, horizon: T + 59_999 });
    expect(out.deferred).toEqual([{ ...m, dueAt: T + 60_000 }]);
    expect(out.starting).toEqual([]);
    expect(out.held).toEqual([]);
    expect((await stored(r)).status).toBe("queued");
    // At the horizon exactly, it is claimed.
    const again = await claimBatch(deps(), WORKER, [m!], T, { slots: 10, horizon: T + 60_000 });
    expect(jobIds(again.held)).toEqual([r.job_id]);
  });

  it("acknowledges without a claim a run delivered twice in the batch, a missing run and one that is no longer queued", async () => {
    const r = await queuedRun();
    const finished = await queuedRun(T, { run: { status: "succeeded", finished_at: T } });
    const [m, f] = await deliver(r, finished);
    const missing: QueueMessage = { ...m!, key: { job_id: "01ZZZZZZZZZZZZZZZZZZZZZZZZ", scheduled_at: T }, receipt: "r-missing" };
    const twin = { ...m!, receipt: "r-twin" };
    const out = await claimBatch(deps(), WORKER, [m!, twin, missing, f!], T, { slots: 10, horizon: T });
    expect(jobIds(out.starting)).toEqual([r.job_id]);
    expect(out.done).toEqual([twin, missing, f]);
    expect((await stored(finished)).status).toBe("succeeded");
    expect((await store.listEvents(r)).length).toBe(1);
  });

  it("answers an empty batch with nothing, writing nothing", async () => {
    const out = await claimBatch(deps(), WORKER, [], T, { slots: 1, horizon: T });
    expect(out).toEqual({ starting: [], held: [], done: [], deferred: [], heldBack: [] });
  });
});

describe("what cannot be read now", () => {
  it("defers a run that cannot be read now, claims the others", async () => {
    const [a, b] = [await queuedRun(), await queuedRun()];
    const [ma, mb] = await deliver(a!, b!);
    // The read with the tasks fails, then the runs' batched read, then the first run's own read.
    faults.script("getRunsWithJobs", "error");
    faults.script("getRuns", "error");
    faults.script("getRun", "error");
    const out = await claimBatch(deps(), WORKER, [ma!, mb!], T, { slots: 10, horizon: T });
    expect(out.deferred).toEqual([ma]);
    expect(jobIds(out.starting)).toEqual([b!.job_id]);
    expect(logged).toContain("warn: cannot read a delivered run now; deferring it");
    expect(logFields[logged.indexOf("warn: cannot read a delivered run now; deferring it")]).toEqual({
      key: ma!.key,
      error: "InjectedFault: injected fault: getRun failed",
    });
    expect((await stored(a!)).status).toBe("queued");
  });

  it("drops a delivered run that is unreadable (corrupt), acknowledging it, and claims the others", async () => {
    const [a, b] = [await queuedRun(), await queuedRun()];
    await corruptSqliteRun(path)(a!);
    const [ma, mb] = await deliver(a!, b!);
    const out = await claimBatch(deps(), WORKER, [ma!, mb!], T, { slots: 10, horizon: T });
    expect(out.done).toEqual([ma]);
    expect(out.deferred).toEqual([]);
    expect(jobIds(out.starting)).toEqual([b!.job_id]);
    expect(logged).toContain("error: a delivered run is unreadable");
    expect(logFields[logged.indexOf("error: a delivered run is unreadable")]).toMatchObject({ key: ma!.key, error: expect.stringContaining("is malformed") });
  });

  it("defers, not drops, a run whose read fails with a domain error other than an unreadable record", async () => {
    const r = await queuedRun();
    const [m] = await deliver(r);
    const d = deps();
    d.store = {
      ...d.store,
      getRunsWithJobs: () => Promise.reject(new DomainError("internal", "the database is busy")),
      getRuns: () => Promise.reject(new DomainError("internal", "the database is busy")),
      getRun: () => Promise.reject(new DomainError("internal", "the database is busy")),
    };
    const out = await claimBatch(d, WORKER, [m!], T, { slots: 10, horizon: T });
    expect(out.deferred).toEqual([m]);
    expect(out.done).toEqual([]);
  });

  it("defers a run whose task cannot be read now", async () => {
    const r = await queuedRun();
    const [m] = await deliver(r);
    faults.script("getRunsWithJobs", "error");
    faults.script("getJobs", "error");
    faults.script("getJob", "error");
    const out = await claimBatch(deps(), WORKER, [m!], T, { slots: 10, horizon: T });
    expect(out.deferred).toEqual([m]);
    expect((await stored(r)).status).toBe("queued");
  });
});

describe("the overlap rule (a recurring task's earlier run still running)", () => {
  /** A recurring task with `overlap`, its 10:00 run running under a live lease, and its queued 10:01 run delivered. */
  async function overlapping(overlap: "skip" | "buffer_one" | "allow", leaseUntil = T + 60_000 + LEASE_MS) {
    const job = makeJob({ schedule: EVERY_MINUTE, policy: { ...makeJob().policy, overlap } });
    const running = await queuedRun(T, { job });
    const taken = { ...claimed(running, "w0", T, LEASE_MS), lease_until: leaseUntil };
    expect(await store.commit({ writes: [updateStep(running, taken, T).write] })).toBe(true);
    clock.set(T + 60_000);
    const next = await queuedRun(T + 60_000, { job });
    return { job, running: taken, next };
  }

  it("skip: the later run is skipped and acknowledged", async () => {
    const { next } = await overlapping("skip");
    const [m] = await deliver(next);
    const out = await claimBatch(deps(), WORKER, [m!], T + 60_000, { slots: 10, horizon: T + 60_000 });
    expect(out.done).toEqual([m]);
    expect(await stored(next)).toMatchObject({ status: "skipped", skip_reason: "overlap" });
  });

  it("buffer_one: the later run waits, sent again for its new due time", async () => {
    const { next } = await overlapping("buffer_one");
    const [m] = await deliver(next);
    const now = T + 60_000;
    const out = await claimBatch(deps(), WORKER, [m!], now, { slots: 10, horizon: now });
    expect(out.deferred).toEqual([{ ...m, dueAt: now + BUFFER_RECHECK_MS }]);
    expect(out.done).toEqual([]);
    expect(await stored(next)).toMatchObject({ status: "queued", due_at: now + BUFFER_RECHECK_MS });
  });

  it("an earlier run whose lease has ended holds nothing back", async () => {
    const { next } = await overlapping("skip", T + 60_000);
    const out = await claimBatch(deps(), WORKER, await deliver(next), T + 60_000, { slots: 10, horizon: T + 60_000 });
    expect(jobIds(out.starting)).toEqual([next.job_id]);
  });

  it("reads the runs in flight of all the batch's tasks that need it in one call, each task once", async () => {
    const a = await overlapping("skip");
    const later = await queuedRun(T + 120_000, { job: a.job, dueAt: T + 60_000 });
    const other = await queuedRun(T + 60_000);
    const out = await claimBatch(deps(), WORKER, await deliver(a.next, later, other), T + 60_000, { slots: 10, horizon: T + 60_000 });
    expect(inFlightReads).toEqual([[a.job.id]]);
    expect(jobIds(out.starting)).toEqual([other.job_id]);
    expect(out.done).toHaveLength(2);
  });

  it("a task whose runs in flight cannot be read now has its run deferred; the other tasks' runs are claimed", async () => {
    const { next } = await overlapping("skip");
    const other = await queuedRun(T + 60_000);
    const [m, o] = await deliver(next, other);
    faults.script("listInFlightRuns", "error");
    const out = await claimBatch(deps(), WORKER, [m!, o!], T + 60_000, { slots: 10, horizon: T + 60_000 });
    expect(out.deferred).toEqual([m]);
    expect(jobIds(out.starting)).toEqual([other.job_id]);
    expect(logged).toContain("warn: cannot check tasks' earlier runs now; deferring their runs");
    expect(logFields[logged.indexOf("warn: cannot check tasks' earlier runs now; deferring their runs")]).toEqual({
      jobs: 1,
      error: "InjectedFault: injected fault: listInFlightRuns failed",
    });
    expect((await stored(next)).status).toBe("queued");
  });

  it("allow: no read, the run is claimed", async () => {
    const { next } = await overlapping("allow");
    const out = await claimBatch(deps(), WORKER, await deliver(next), T + 60_000, { slots: 10, horizon: T + 60_000 });
    expect(inFlightReads).toEqual([]);
    expect(jobIds(out.starting)).toEqual([next.job_id]);
  });
});

describe("the claim's write", () => {
  it("a claim another worker won meanwhile is acknowledged, not held", async () => {
    const r = await queuedRun();
    const [m] = await deliver(r);
    const d = deps();
    const real = d.store.commitEach.bind(d.store);
    d.store = {
      ...d.store,
      commitEach: async (txs) => {
        expect(await store.commit({ writes: [updateStep(r, claimed(r, "w2", T, LEASE_MS), T).write] })).toBe(true);
        return real(txs);
      },
    };
    const out = await claimBatch(d, WORKER, [m!], T, { slots: 10, horizon: T });
    expect(out.done).toEqual([m]);
    expect(out.starting).toEqual([]);
    expect((await stored(r)).lease_owner).toBe("w2");
  });

  it("a claim whose answer was lost is read back: landed, it is started", async () => {
    const r = await queuedRun();
    faults.script("commitEach", "lost_reply");
    const out = await claimBatch(deps(), WORKER, await deliver(r), T, { slots: 10, horizon: T });
    expect(jobIds(out.starting)).toEqual([r.job_id]);
  });

  it("a claim that cannot be told landed or not is neither held nor acknowledged: the reaper settles it", async () => {
    const r = await queuedRun();
    faults.script("commitEach", "lost_reply");
    faults.script("getRun", ...Array.from({ length: 8 }, () => "error"));
    const out = await claimBatch(deps(), WORKER, await deliver(r), T, { slots: 10, horizon: T });
    expect(out).toEqual({ starting: [], held: [], done: [], deferred: [], heldBack: [] });
    expect(logged).toContain("error: cannot tell whether a claim landed; leaving the run to the reaper");
    expect(logFields[logged.indexOf("error: cannot tell whether a claim landed; leaving the run to the reaper")]).toEqual({
      key: { job_id: r.job_id, scheduled_at: T },
    });
  });
});

describe("the owner's run rate", () => {
  it("holds back a claim over the rate: the run stays queued, booked, and the worker keeps its message until then", async () => {
    limitState = openSqliteLimitState({ path, now: () => clock.now() });
    limits = new Limits(limitState, { ...DEFAULT_LIMITS, executions: { burst: 1, per_minute: 6 } }, clock);
    const [a, b] = [await queuedRun(), await queuedRun()];
    const [ma, mb] = await deliver(a!, b!);
    const out = await claimBatch(deps(), WORKER, [ma!, mb!], T, { slots: 10, horizon: T });
    expect(jobIds(out.starting)).toEqual([a!.job_id]);
    expect(out.heldBack).toEqual([{ message: mb, dueAt: T + 10_000 }]);
    expect(out.done).toEqual([]);
    expect(out.deferred).toEqual([]);
    expect(await stored(b!)).toMatchObject({ status: "queued", booked: true, due_at: T + 10_000, attempt: 0 });
  });
});

describe("resendItem", () => {
  it("is the message without its receipt, due when given or as it was", async () => {
    const [m] = await deliver(await queuedRun());
    expect(resendItem(m!, T + 5)).toEqual({ key: m!.key, owner: m!.owner, dueAt: T + 5 });
    expect(resendItem(m!)).toEqual({ key: m!.key, owner: m!.owner, dueAt: m!.dueAt });
  });
});
