import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import type { EngineDeps } from "../../src/app/deps.js";
import { Completer, type Finished } from "../../src/app/engine/completer.js";
import { completionOf } from "../../src/app/engine/run-decisions.js";
import { nextVersion } from "../../src/app/job-write.js";
import { claimed, requeued, started, succeeded, updateStep } from "../../src/app/runs.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import { runKeyString } from "../../src/core/keys.js";
import type { Job, Run } from "../../src/core/model.js";
import type { Logger } from "../../src/ports/logger.js";
import type { DelayQueue, QueueMessage } from "../../src/ports/queue.js";
import { PartialCommit, type Store, type Tx } from "../../src/ports/store.js";
import { makeJob, makeRun } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";
import { FaultPlan } from "../support/faults.js";
import { faultyQueue } from "../support/faulty-queue.js";
import { faultyStore } from "../support/faulty-store.js";

// The completer of one worker (src/app/engine/completer.ts) on a real SQLite file and the real
// local queue: no outcome is dropped (one whose write failed is read back, then written again),
// a late write of an attempt that lost the run is refused and recorded, and a message is
// acknowledged only once its outcome is stored. The engine suites reach it only through whole
// runs (seconds a test); these drive it directly.

const LEASE_MS = 30_000;
const T = Date.parse("2026-03-03T10:00:00Z");
const WORKER = "w1";

let dir: string;
let store: Store;
let queue: LocalDelayQueue;
let clock: FakeClock;
let faults: FaultPlan;
let logged: string[];
/** The fields of each logged line, by its `level: message`. */
let fieldsOf: Map<string, Record<string, unknown>>;
let acked: string[];
/** The size of each commitEach the completer sent. */
let commits: number[];
/** When (the faked Date) each commitEach was sent. */
let commitTimes: number[];
/** Set to make the next commitEach land its first tx only and then fail saying so. */
let partialNext: boolean;
let announced: Tx[];
let fencedCount: number;
let written: number;
let random: number;
let completer: Completer;
let deps: EngineDeps;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-completer-"));
  clock = new FakeClock(T);
  store = openSqliteStore({ path: join(dir, "duely.db"), log: { log: () => {} }, now: () => clock.now() });
  // Faked after the store opened (its own timers stay real): the retry backoff and drain deadline.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  queue = new LocalDelayQueue(clock);
  faults = new FaultPlan();
  logged = [];
  fieldsOf = new Map();
  acked = [];
  commits = [];
  commitTimes = [];
  partialNext = false;
  announced = [];
  fencedCount = 0;
  written = 0;
  random = 0.5;
  const log: Logger = {
    log: (level, message, fields) => {
      logged.push(`${level}: ${message}`);
      fieldsOf.set(`${level}: ${message}`, fields ?? {});
    },
  };
  const seen: DelayQueue = {
    send: (items) => queue.send(items),
    receive: (max, waitMs) => queue.receive(max, waitMs),
    ack: (ms) => {
      acked.push(...ms.map((m) => m.key.job_id));
      return queue.ack(ms);
    },
    size: () => queue.size(),
    close: () => queue.close(),
    extend: (m, ms, opts) => (queue as DelayQueue).extend(m, ms, opts),
  };
  const faulty = faultyStore(store, faults);
  const counted: Store = {
    ...faulty,
    commitEach: async (txs) => {
      commits.push(txs.length);
      commitTimes.push(Date.now());
      if (partialNext) {
        partialNext = false;
        const first = await store.commitEach(txs.slice(0, 1));
        throw new PartialCommit([...first, ...txs.slice(1).map(() => null)], new Error("injected: the rest unanswered"));
      }
      return faulty.commitEach(txs);
    },
  };
  deps = {
    store: counted,
    queue: faultyQueue(seen, faults),
    clock,
    random: () => random,
    log,
    metrics: { writeFenced: () => fencedCount++ },
    changes: { landed: (tx: Tx) => announced.push(tx) },
    settings: { ...DEFAULT_SETTINGS, lease_ms: LEASE_MS },
  } as unknown as EngineDeps;
  completer = new Completer(deps, { worker: WORKER, onWritten: () => written++ });
});
afterEach(async () => {
  // Real timers first: a drain's deadline is a timer, and a faked one would never fire here.
  vi.useRealTimers();
  await completer.drain(0).catch(() => {});
  await queue.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Attempt {
  job: Job;
  run: Run;
  message: QueueMessage;
  released: () => number;
}

/** A task of one run (`immediate`), its run claimed by this worker and started, stored and delivered. */
async function attempt(overrides: Partial<Job> = {}): Promise<Attempt> {
  const job = makeJob({ schedule: { kind: "immediate" }, ...overrides });
  const run = started(claimed(makeRun(job, T, { status: "queued" }), WORKER, clock.now(), LEASE_MS), clock.now());
  expect(
    await store.commit({
      writes: [
        { op: "put_job", job, expectVersion: null },
        { op: "insert_run", run },
      ],
    }),
  ).toBe(true);
  await queue.send([{ key: { job_id: run.job_id, scheduled_at: run.scheduled_at }, owner: job.owner, dueAt: T }]);
  const [message] = await queue.receive(1, 0);
  const released = 0;
  return { job, run, message: message!, released: () => released };
}

/** The attempt's success, as the worker hands it over (with its task's completion), counting releases. */
function success(a: Attempt): Finished {
  const now = clock.now();
  const next = succeeded(a.run, { text: "done" }, now);
  let n = 0;
  a.released = () => n;
  return { step: updateStep(a.run, next, now), jobWrite: completionOf(a.job, next, now), message: a.message, release: () => n++ };
}

const runOf = async (a: Attempt) => (await store.getRun(a.run))!;
const jobOf = async (a: Attempt) => (await store.getJob(a.job.id))!;
/** drain(), the faked timers (the retry backoff) run as they fall due. */
async function drained(deadlineMs?: number): Promise<void> {
  let done = false;
  const draining = completer.drain(deadlineMs).then(() => (done = true));
  for (let i = 0; i < 1_000 && !done; i++) {
    await new Promise((r) => setImmediate(r));
    await vi.advanceTimersToNextTimerAsync();
  }
  // A drain that never ends fails here at once rather than at the test's timeout.
  if (!done) throw new Error(`drain has not ended; ${completer.pending} outcomes pending`);
  await draining;
}

/** Lets the write started at the next turn of the event loop, and the timers due by now, run. */
const turn = async (ms = 0) => {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setImmediate(r));
    await vi.advanceTimersByTimeAsync(i === 0 ? ms : 0);
  }
};

describe("writing outcomes", () => {
  it("writes an outcome with its task's completion, then acknowledges its message and lets the run go", async () => {
    const a = await attempt();
    completer.add(success(a));
    expect(completer.pending).toBe(1);
    await drained();
    expect((await runOf(a)).status).toBe("succeeded");
    expect((await jobOf(a)).status).toBe("completed");
    expect(acked).toEqual([a.job.id]);
    expect(a.released()).toBe(1);
    expect(written).toBe(1);
    expect(completer.pending).toBe(0);
    // The store confirmed it: announced by the store's own wrapper in the engine, not again here.
    expect(announced).toEqual([]);
  });

  it("writes the outcomes handed over in one turn in one round trip, and a later one in the next", async () => {
    const [a, b, c] = [await attempt(), await attempt(), await attempt()];
    completer.add(success(a!));
    completer.add(success(b!));
    await new Promise((r) => setImmediate(r));
    completer.add(success(c!)); // while the first write is in flight
    await drained();
    expect(commits).toEqual([2, 1]);
    expect(written).toBe(2);
    for (const x of [a!, b!, c!]) expect((await runOf(x)).status).toBe("succeeded");
  });

  it("drain() with nothing handed over resolves at once", async () => {
    await drained();
    await drained(1_000);
    expect(commits).toEqual([]);
  });
});

describe("a late write (fenced)", () => {
  it("is refused when another attempt holds the run: recorded as an event and counted, its message acknowledged", async () => {
    const a = await attempt();
    const stored = await runOf(a);
    const other = claimed(stored, "w2", clock.now(), LEASE_MS);
    expect(await store.commit({ writes: [updateStep(stored, other, clock.now()).write] })).toBe(true);
    completer.add(success(a));
    await drained();
    expect((await runOf(a)).lease_owner).toBe("w2");
    expect((await runOf(a)).status).toBe("running");
    const events = await store.listEvents(a.run);
    expect(events.map((e) => e.detail)).toEqual([`fenced: late write from ${WORKER} (attempt 1) rejected`]);
    expect(events[0]).toMatchObject({ from: "running", to: "running", attempt: 1, at: T });
    expect(fencedCount).toBe(1);
    expect(logged).toContain("warn: late write rejected (fenced): a newer attempt holds the run");
    expect(fieldsOf.get("warn: late write rejected (fenced): a newer attempt holds the run")).toEqual({
      run_key: runKeyString(a.run),
      owner: a.job.owner,
      scheduled_at: new Date(T).toISOString(),
      attempt: 1,
      worker: WORKER,
    });
    expect(acked).toEqual([a.job.id]);
    expect(a.released()).toBe(1);
    expect((await jobOf(a)).status).toBe("active");
  });

  it("a run that no longer exists is fenced too, not written again", async () => {
    const a = await attempt();
    const gone = { ...success(a) };
    const ghost = { ...a.run, job_id: "01ZZZZZZZZZZZZZZZZZZZZZZZZ" };
    gone.step = updateStep(ghost, succeeded(ghost, { text: "done" }, clock.now()), clock.now());
    gone.jobWrite = null;
    completer.add(gone);
    await drained();
    expect(commits).toEqual([1, 1]);
    expect(fencedCount).toBe(1);
  });

  it("a run the reaper put back in the queue (same attempt, no longer running) is fenced too", async () => {
    const a = await attempt();
    const stored = await runOf(a);
    expect(await store.commit({ writes: [updateStep(stored, requeued(stored, clock.now(), 60_000), clock.now()).write] })).toBe(true);
    completer.add(success(a));
    await drained();
    expect(fencedCount).toBe(1);
    expect((await runOf(a)).status).toBe("queued");
    expect(acked).toEqual([a.job.id]);
  });

  it("a fenced event that cannot be recorded is logged; the message is still acknowledged", async () => {
    const a = await attempt();
    const stored = await runOf(a);
    expect(await store.commit({ writes: [updateStep(stored, claimed(stored, "w2", clock.now(), LEASE_MS), clock.now()).write] })).toBe(true);
    faults.script("commitEach", "none", "error");
    completer.add(success(a));
    await drained();
    expect(logged).toContain("warn: cannot record fenced writes");
    expect(fieldsOf.get("warn: cannot record fenced writes")).toEqual({ error: "InjectedFault: injected fault: commitEach failed" });
    expect(await store.listEvents(a.run)).toEqual([]);
    expect(acked).toEqual([a.job.id]);
  });
});

describe("a write that fails", () => {
  it("is read back, written again after a backoff, and only then acknowledged", async () => {
    const a = await attempt();
    faults.script("commitEach", "error");
    completer.add(success(a));
    await turn();
    expect(logged).toEqual(["warn: writing outcomes failed; checking what landed"]);
    expect(fieldsOf.get("warn: writing outcomes failed; checking what landed")).toEqual({
      worker: WORKER,
      error: "InjectedFault: injected fault: commitEach failed",
    });
    expect((await runOf(a)).status).toBe("running");
    expect(acked).toEqual([]);
    expect(a.released()).toBe(0);
    expect(completer.pending).toBe(1);
    // The first wait: half (random 0.5) of 20 ms.
    await turn(9);
    expect(commits).toEqual([1]);
    await turn(1);
    expect(commits).toEqual([1, 1]);
    await drained();
    expect((await runOf(a)).status).toBe("succeeded");
    expect((await jobOf(a)).status).toBe("completed");
    expect(acked).toEqual([a.job.id]);
    expect(a.released()).toBe(1);
  });

  it("waits longer after each failure, up to 5 s", async () => {
    const a = await attempt();
    random = 0.999;
    faults.script("commitEach", ...Array.from({ length: 10 }, () => "error"));
    completer.add(success(a));
    await drained();
    expect((await runOf(a)).status).toBe("succeeded");
    expect(commits).toHaveLength(11);
    // Ceilings 20, 40, 80, ... ms, then 5 s at most; each wait drawn below its ceiling (random 0.999).
    const gaps = commitTimes.slice(1).map((t, i) => t - commitTimes[i]!);
    const ceilings = [20, 40, 80, 160, 320, 640, 1_280, 2_560, 5_000, 5_000];
    expect(gaps).toEqual(ceilings.map((c) => Math.floor(0.999 * c)));
  });

  it("whose answer was lost is found landed by reading back: not written twice, announced, acknowledged", async () => {
    const a = await attempt();
    faults.script("commitEach", "lost_reply");
    completer.add(success(a));
    await drained();
    expect(commits).toEqual([1]);
    expect((await runOf(a)).status).toBe("succeeded");
    expect(announced).toHaveLength(1);
    expect(acked).toEqual([a.job.id]);
    expect(a.released()).toBe(1);
  });

  it("that the store answered in part: the confirmed one is not read back nor announced, the other is", async () => {
    const [a, b] = [await attempt(), await attempt()];
    partialNext = true;
    completer.add(success(a!));
    completer.add(success(b!));
    await drained();
    expect((await runOf(a!)).status).toBe("succeeded");
    expect((await runOf(b!)).status).toBe("succeeded");
    // b was not written by the partial commit: read back as still running, written again.
    expect(commits).toEqual([2, 1]);
    expect(announced).toEqual([]);
    expect(acked.sort()).toEqual([a!.job.id, b!.job.id].sort());
  });

  it("that cannot be read back is written again later", async () => {
    const a = await attempt();
    faults.script("commitEach", "error");
    faults.script("getRun", "error");
    completer.add(success(a));
    await drained();
    expect(logged).toContain("warn: cannot read back an outcome; trying again later");
    expect(fieldsOf.get("warn: cannot read back an outcome; trying again later")).toEqual({
      job_id: a.job.id,
      error: "InjectedFault: injected fault: getRun failed",
    });
    expect((await runOf(a)).status).toBe("succeeded");
    expect(commits).toEqual([1, 1]);
  });

  it("refused because the task changed since the claim: decided again on the task as it is now", async () => {
    const a = await attempt();
    const finish = success(a);
    // The owner renames the task meanwhile: its version moves on, and the completion written
    // with the outcome (which expects the old version) is refused with it.
    const renamed = nextVersion({ ...a.job, title: "renamed" }, a.job.version, clock.now());
    expect(await store.commit({ writes: [renamed.write] })).toBe(true);
    completer.add(finish);
    await drained();
    expect((await runOf(a)).status).toBe("succeeded");
    const job = await jobOf(a);
    expect(job.status).toBe("completed");
    expect(job.title).toBe("renamed");
  });

  it("refused because the task was cancelled meanwhile: the outcome is written, the task stays cancelled", async () => {
    const a = await attempt();
    const finish = success(a);
    const gone = nextVersion({ ...a.job, status: "cancelled" }, a.job.version, clock.now());
    expect(await store.commit({ writes: [gone.write] })).toBe(true);
    completer.add(finish);
    await drained();
    expect((await runOf(a)).status).toBe("succeeded");
    // A cancelled task stays cancelled: no completion is decided for it.
    expect((await jobOf(a)).status).toBe("cancelled");
  });

  it("an acknowledgement that fails is logged; the outcome stays written", async () => {
    const a = await attempt();
    faults.script("ack", "error");
    completer.add(success(a));
    await drained();
    expect(logged).toEqual(["warn: cannot acknowledge messages"]);
    expect(fieldsOf.get("warn: cannot acknowledge messages")).toEqual({ error: "InjectedFault: injected fault: ack failed" });
    expect((await runOf(a)).status).toBe("succeeded");
    expect(a.released()).toBe(1);
  });
});

describe("a completer on its own", () => {
  it("needs no change feed, no metrics and no release callback", async () => {
    const bare = { ...deps } as Partial<EngineDeps>;
    delete bare.changes;
    delete bare.metrics;
    completer = new Completer(bare as EngineDeps, { worker: WORKER, onWritten: () => {} });
    const [landed, fenced, stuck] = [await attempt(), await attempt(), await attempt()];
    const stored = await runOf(fenced!);
    expect(await store.commit({ writes: [updateStep(stored, claimed(stored, "w2", clock.now(), LEASE_MS), clock.now()).write] })).toBe(true);
    const { release: _a, ...one } = success(landed!);
    const { release: _b, ...two } = success(fenced!);
    faults.script("commitEach", "lost_reply");
    completer.add(one);
    completer.add(two);
    await drained();
    expect((await runOf(landed!)).status).toBe("succeeded");
    expect((await store.listEvents(fenced!.run)).map((e) => e.detail)).toEqual([`fenced: late write from ${WORKER} (attempt 1) rejected`]);
    expect(acked.sort()).toEqual([landed!.job.id, fenced!.job.id].sort());
    expect(logged.filter((l) => l.startsWith("error"))).toEqual([]);
    const { release: _c, ...three } = success(stuck!);
    faults.script("commitEach", ...Array.from({ length: 100 }, () => "error"));
    completer.add(three);
    await turn();
    await drained(0);
    expect(completer.pending).toBe(0);
  });
});

describe("drain", () => {
  it("waits for a write in flight", async () => {
    const a = await attempt();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const real = deps.store.commitEach.bind(deps.store);
    deps.store = {
      ...deps.store,
      commitEach: async (txs) => {
        await gate;
        return real(txs);
      },
    };
    completer.add(success(a));
    await turn();
    let over = false;
    const draining = completer.drain().then(() => (over = true));
    await turn();
    expect(over).toBe(false);
    open();
    await draining;
    expect((await runOf(a)).status).toBe("succeeded");
    expect(acked).toEqual([a.job.id]);
  });
});

describe("drain with a deadline (a stopping worker)", () => {
  it("gives up after the deadline on outcomes it cannot write: logged, released, left to the reaper", async () => {
    const a = await attempt();
    faults.script("commitEach", ...Array.from({ length: 1_000 }, () => "error"));
    completer.add(success(a));
    let over = false;
    const draining = completer.drain(1_000).then(() => (over = true));
    await turn(999);
    expect(over).toBe(false);
    await turn(1);
    await draining;
    expect(logged).toContain("warn: stopping with outcomes unwritten; the reaper takes their runs when their leases expire");
    expect(fieldsOf.get("warn: stopping with outcomes unwritten; the reaper takes their runs when their leases expire")).toEqual({
      worker: WORKER,
      runs: [`${a.job.id}@${T}`],
    });
    expect(a.released()).toBe(1);
    expect(completer.pending).toBe(0);
    expect(acked).toEqual([]);
    // Nothing is retried after it gave up.
    const tried = commits.length;
    await turn(60_000);
    expect(commits.length).toBe(tried);
    expect((await runOf(a)).status).toBe("running");
  });

  it("does not give up while the outcomes are written in time", async () => {
    const a = await attempt();
    completer.add(success(a));
    await completer.drain(60_000);
    expect((await runOf(a)).status).toBe("succeeded");
    expect(logged).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
