import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { openSqliteStore } from "../../src/adapters/store/sqlite/sqlite-store.js";
import type { EngineDeps } from "../../src/app/deps.js";
import { type HeldRun, LeaseKeeper, RunAbort } from "../../src/app/engine/lease-keeper.js";
import { claimed, started, updateStep } from "../../src/app/runs.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { Job, Run } from "../../src/core/model.js";
import type { Logger } from "../../src/ports/logger.js";
import type { DelayQueue } from "../../src/ports/queue.js";
import type { Store } from "../../src/ports/store.js";
import { makeJob, makeRun } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";
import { FaultPlan } from "../support/faults.js";
import { faultyQueue } from "../support/faulty-queue.js";
import { faultyStore } from "../support/faulty-store.js";

// The lease keeper of one worker (src/app/engine/lease-keeper.ts) on a real SQLite file and the
// real local queue: the leases it keeps are the promise that a live run is never reaped and a run
// whose lease was lost is never written by its old attempt. The engine suites reach it only
// through whole runs (seconds a test); these drive it directly, on a clock the test steps.

const LEASE_MS = 30_000;
const T = Date.parse("2026-03-03T10:00:00Z");
const WORKER = "w1";

let dir: string;
let store: Store;
let queue: LocalDelayQueue;
let clock: FakeClock;
let faults: FaultPlan;
let logged: string[];
/** The fields of each logged line, in order. */
let logFields: Record<string, unknown>[];
/** Each visibility extension the queue was asked for: the message's job id and how long. */
let extendedMessages: { job: string; ms: number }[];
/** Commits the keeper sent the store, as tx counts per call. */
let commits: number[];
let keeper: LeaseKeeper;
/** The keeper's dependencies, for a test to swap the store it sees. */
let deps: EngineDeps;

function open(leaseMs = LEASE_MS): void {
  const log: Logger = {
    log: (level, message, fields) => {
      logged.push(`${level}: ${message}`);
      logFields.push(fields ?? {});
    },
  };
  const seen: DelayQueue = {
    send: (items) => queue.send(items),
    receive: (max, waitMs) => queue.receive(max, waitMs),
    ack: (ms) => queue.ack(ms),
    size: () => queue.size(),
    close: () => queue.close(),
    extend: (m, ms, opts) => {
      extendedMessages.push({ job: m.key.job_id, ms });
      return (queue as DelayQueue).extend(m, ms, opts);
    },
  };
  const faulty = faultyStore(store, faults);
  const counted: Store = {
    ...faulty,
    commitEach: (txs) => {
      commits.push(txs.length);
      return faulty.commitEach(txs);
    },
  };
  deps = {
    store: counted,
    queue: faultyQueue(seen, faults),
    clock,
    random: () => 0,
    log,
    settings: { ...DEFAULT_SETTINGS, lease_ms: leaseMs },
  } as unknown as EngineDeps;
  keeper = new LeaseKeeper(deps, WORKER);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "duely-lease-keeper-"));
  clock = new FakeClock(T);
  store = openSqliteStore({ path: join(dir, "duely.db"), log: { log: () => {} }, now: () => clock.now() });
  // Faked after the store opened: its own timers stay real, and the keeper's are the only fake ones.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  queue = new LocalDelayQueue(clock);
  faults = new FaultPlan();
  logged = [];
  logFields = [];
  extendedMessages = [];
  commits = [];
  open();
});
afterEach(async () => {
  keeper.stop();
  vi.useRealTimers();
  await queue.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A run of a new task, claimed by this worker and started at the clock's time, stored and delivered. */
async function held(leaseMs = LEASE_MS): Promise<HeldRun> {
  const job: Job = makeJob();
  const before: Run = makeRun(job, T, { status: "queued" });
  const run = started(claimed(before, WORKER, clock.now(), leaseMs), clock.now());
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
  return { before, run, job, message: message!, abort: new RunAbort(), done: null, writing: null };
}

const stored = async (h: HeldRun) => (await store.getRun(h.run))!;

/** Another worker's attempt takes the run (its lease had expired): this worker's attempt is fenced. */
async function takenByAnother(h: HeldRun): Promise<void> {
  const now = await stored(h);
  const other = claimed(now, "w2", clock.now(), LEASE_MS);
  expect(await store.commit({ writes: [updateStep(now, other, clock.now()).write] })).toBe(true);
}

/** Lets the keeper's writes, started by a timer or without being awaited, finish. */
const settled = () => vi.advanceTimersByTimeAsync(0).then(() => new Promise((r) => setImmediate(r)));

describe("the heartbeat timer", () => {
  it("extends a held run's lease every third of a lease, in the store and the queue, only while it holds a run", async () => {
    const h = await held();
    keeper.start();
    keeper.track(h);
    clock.advance(LEASE_MS / 3);
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3 - 1);
    await settled();
    expect(commits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled();
    expect(commits).toEqual([1]);
    expect((await stored(h)).lease_until).toBe(T + LEASE_MS / 3 + LEASE_MS);
    expect((await stored(h)).wake_at).toBe(T + LEASE_MS / 3 + LEASE_MS);
    expect(h.run.lease_until).toBe(T + LEASE_MS / 3 + LEASE_MS);
    expect(extendedMessages).toEqual([{ job: h.run.job_id, ms: LEASE_MS }]);
    // A heartbeat appends no event: the run's history is its transitions.
    expect((await store.listEvents(h.run)).length).toBe(0);

    // Untracking the last run stops the timer: an idle worker sleeps.
    keeper.untrack(h);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(LEASE_MS);
    expect(commits).toEqual([1]);
  });

  it("beats every 250 ms at the most, however short the lease", async () => {
    open(600);
    const h = await held(600);
    keeper.start();
    keeper.track(h);
    clock.advance(249);
    await vi.advanceTimersByTimeAsync(249);
    await settled();
    expect(commits).toEqual([]);
    clock.advance(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled();
    expect(commits).toEqual([1]);
  });

  it("keeps beating for the runs still held when one of them is untracked", async () => {
    const [a, b] = [await held(), await held()];
    keeper.start();
    keeper.track(a);
    keeper.track(b);
    keeper.untrack(a);
    clock.advance(LEASE_MS / 3);
    await vi.advanceTimersByTimeAsync(LEASE_MS / 3);
    await settled();
    expect(commits).toEqual([1]);
    expect(b.run.lease_until).toBe(clock.now() + LEASE_MS);
    expect(a.run.lease_until).toBe(T + LEASE_MS);
  });

  it("a stopped keeper starts no timer for a run tracked afterwards", async () => {
    keeper.start();
    keeper.stop();
    keeper.track(await held());
    expect(vi.getTimerCount()).toBe(0);
  });

  it("runs no timer before start() or after stop(), nor while it holds nothing", async () => {
    const h = await held();
    keeper.track(h);
    expect(vi.getTimerCount()).toBe(0);
    keeper.untrack(h);
    keeper.start();
    expect(vi.getTimerCount()).toBe(0);
    keeper.track(h);
    expect(vi.getTimerCount()).toBe(1);
    // A second run shares the one timer.
    keeper.track(await held());
    expect(vi.getTimerCount()).toBe(1);
    keeper.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("heartbeat()", () => {
  it("leaves a lease taken or extended within the last sixth of a lease alone, and extends it from then on", async () => {
    const h = await held();
    keeper.track(h);
    clock.advance(LEASE_MS / 6 - 1);
    keeper.heartbeat();
    await settled();
    expect(commits).toEqual([]);
    clock.advance(1);
    keeper.heartbeat();
    await settled();
    expect(commits).toEqual([1]);
    expect(h.run.lease_until).toBe(T + LEASE_MS / 6 + LEASE_MS);
  });

  it("extends every idle held run in one round trip, and skips one with a write in flight", async () => {
    const [a, b, c] = [await held(), await held(), await held()];
    for (const h of [a!, b!, c!]) keeper.track(h);
    let finish!: () => void;
    const busy = keeper.exclusive([c!], () => new Promise<void>((r) => (finish = r)));
    clock.advance(LEASE_MS / 3);
    keeper.heartbeat();
    await settled();
    expect(commits).toEqual([2]);
    expect(a!.run.lease_until).toBe(clock.now() + LEASE_MS);
    expect(b!.run.lease_until).toBe(clock.now() + LEASE_MS);
    expect(c!.run.lease_until).toBe(T + LEASE_MS);
    finish();
    await busy;
    expect(c!.writing).toBeNull();
  });

  it("a run whose lease another attempt took is aborted, and a run this worker no longer holds is not", async () => {
    const [a, b] = [await held(), await held()];
    keeper.track(a!);
    keeper.track(b!);
    await takenByAnother(a!);
    clock.advance(LEASE_MS / 3);
    keeper.heartbeat();
    await settled();
    expect(a!.abort.signal.aborted).toBe(true);
    expect(String(a!.abort.signal.reason)).toContain("lease lost");
    expect(b!.abort.signal.aborted).toBe(false);
    // The refused write changed nothing: the other worker holds the run.
    expect((await stored(a!)).lease_owner).toBe("w2");
    expect(a!.run.lease_until).toBe(T + LEASE_MS);
    // Only the extended run's message is kept invisible longer.
    expect(extendedMessages.map((e) => e.job)).toEqual([b!.run.job_id]);
  });

  it("does not extend a run untracked after the beat began (its write waits its turn)", async () => {
    const h = await held();
    keeper.track(h);
    clock.advance(LEASE_MS / 3);
    keeper.heartbeat();
    keeper.untrack(h);
    await settled();
    expect(commits).toEqual([]);
    expect((await stored(h)).lease_until).toBe(T + LEASE_MS);
  });

  it("a refused extension of a run the worker let go of meanwhile aborts nothing", async () => {
    const h = await held();
    keeper.track(h);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    // The store answers the beat only once the run has been let go of and another attempt took it.
    const real = deps.store.commitEach.bind(deps.store);
    deps.store = {
      ...deps.store,
      commitEach: async (txs) => {
        await gate;
        return real(txs);
      },
    };
    clock.advance(LEASE_MS / 3);
    keeper.heartbeat();
    await settled();
    keeper.untrack(h);
    await takenByAnother(h);
    open();
    await settled();
    expect(h.abort.signal.aborted).toBe(false);
    expect(logged).toEqual([]);
  });

  it("a failed extension is logged and changes nothing; the next beat writes it", async () => {
    const h = await held();
    keeper.track(h);
    faults.script("commitEach", "error");
    clock.advance(LEASE_MS / 3);
    keeper.heartbeat();
    await settled();
    expect(logged).toEqual(["warn: extending leases failed; the next beat tries again"]);
    expect(logFields[0]).toEqual({ worker: WORKER, error: "InjectedFault: injected fault: commitEach failed" });
    expect(h.abort.signal.aborted).toBe(false);
    expect(h.run.lease_until).toBe(T + LEASE_MS);
    expect(extendedMessages).toEqual([]);
    keeper.heartbeat();
    await settled();
    expect(h.run.lease_until).toBe(clock.now() + LEASE_MS);
    expect((await stored(h)).lease_until).toBe(clock.now() + LEASE_MS);
  });

  it("a message whose visibility the queue cannot extend is logged; the lease is still extended", async () => {
    const h = await held();
    keeper.track(h);
    faults.script("extend", "error");
    clock.advance(LEASE_MS / 3);
    keeper.heartbeat();
    await settled();
    expect(logged).toEqual(["warn: cannot extend a message's visibility"]);
    expect(logFields[0]).toEqual({ error: "InjectedFault: injected fault: extend failed" });
    expect((await stored(h)).lease_until).toBe(clock.now() + LEASE_MS);
  });
});

describe("beatFor (an action's own heartbeat)", () => {
  it("extends its run's lease once a sixth of a lease has passed since the last extension, not before", async () => {
    const h = await held();
    keeper.track(h);
    clock.advance(LEASE_MS / 6 - 1);
    keeper.beatFor(h);
    await settled();
    expect(commits).toEqual([]);
    clock.advance(1);
    keeper.beatFor(h);
    keeper.beatFor(h); // coalesced: the write is in flight
    await settled();
    expect(commits).toEqual([1]);
    expect((await stored(h)).lease_until).toBe(clock.now() + LEASE_MS);
    keeper.beatFor(h); // just extended
    await settled();
    expect(commits).toEqual([1]);
  });

  it("writes nothing for a run the keeper does not hold", async () => {
    const h = await held();
    clock.advance(LEASE_MS / 2);
    keeper.beatFor(h);
    await settled();
    expect(commits).toEqual([]);
  });
});

describe("update()", () => {
  it("writes the change with the lease extended and its event, and the written row becomes the held run", async () => {
    const h = await held();
    keeper.track(h);
    clock.advance(5_000);
    const ok = await keeper.update(h, (run, now) => ({ ...run, checkpoint: { step: now } }), "checkpoint step");
    expect(ok).toBe(true);
    const row = await stored(h);
    expect(row.checkpoint).toEqual({ step: T + 5_000 });
    expect(row.lease_until).toBe(T + 5_000 + LEASE_MS);
    expect(h.run).toEqual(row);
    expect((await store.listEvents(h.run)).map((e) => e.detail)).toEqual(["checkpoint step"]);
    expect(extendedMessages).toEqual([{ job: h.run.job_id, ms: LEASE_MS }]);
  });

  it("answers false and aborts the action when another attempt holds the run", async () => {
    const h = await held();
    keeper.track(h);
    await takenByAnother(h);
    expect(await keeper.update(h, (run) => run, "checkpoint")).toBe(false);
    expect(h.abort.signal.aborted).toBe(true);
    expect(h.writing).toBeNull();
  });

  it("reads back a write whose answer was lost: landed is true", async () => {
    const h = await held();
    keeper.track(h);
    faults.script("commitEach", "lost_reply");
    expect(await keeper.update(h, (run) => ({ ...run, checkpoint: { n: 1 } }), "checkpoint")).toBe(true);
    expect(h.run.checkpoint).toEqual({ n: 1 });
  });

  it("waits for a write in flight and builds on the row it wrote", async () => {
    const h = await held();
    keeper.track(h);
    const order: string[] = [];
    let finish!: () => void;
    const first = keeper.exclusive([h], async () => {
      await new Promise<void>((r) => (finish = r));
      order.push("first");
    });
    const second = keeper.update(
      h,
      (run) => {
        order.push("second");
        return { ...run, checkpoint: { n: 2 } };
      },
      "checkpoint",
    );
    await settled();
    expect(order).toEqual([]);
    finish();
    await first;
    expect(await second).toBe(true);
    expect(order).toEqual(["first", "second"]);
    expect(h.writing).toBeNull();
  });
});

describe("exclusive() and settle()", () => {
  it("a write that fails still lets the next one go", async () => {
    const h = await held();
    await expect(keeper.exclusive([h], () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(h.writing).toBeNull();
    expect(await keeper.exclusive([h], async () => 7)).toBe(7);
  });

  it("writes go one at a time: one asked while another waits its turn waits for that one too", async () => {
    const h = await held();
    const order: string[] = [];
    const gates = [0, 1, 2].map(() => {
      let open!: () => void;
      const p = new Promise<void>((r) => (open = r));
      return { p, open };
    });
    const write = (i: number) =>
      keeper.exclusive([h], async () => {
        order.push(`start ${i}`);
        await gates[i]!.p;
        order.push(`end ${i}`);
      });
    const first = write(0);
    const second = write(1);
    await settled();
    gates[0]!.open();
    await first;
    // The first is done, the second is writing: a third asked now waits for the second.
    const third = write(2);
    await settled();
    expect(order).toEqual(["start 0", "end 0", "start 1"]);
    gates[1]!.open();
    gates[2]!.open();
    await Promise.all([second, third]);
    expect(order).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
    expect(h.writing).toBeNull();
  });

  it("settle() resolves once no write to the run is in flight", async () => {
    const h = await held();
    let finish!: () => void;
    let done = false;
    const w = keeper.exclusive([h], () => new Promise<void>((r) => (finish = r)));
    const settling = keeper.settle(h).then(() => (done = true));
    await settled();
    expect(done).toBe(false);
    finish();
    await w;
    await settling;
    expect(done).toBe(true);
  });
});

describe("tracking", () => {
  it("knows the runs it holds; untracking another holder's copy of a run changes nothing", async () => {
    const a = await held();
    const b = await held();
    keeper.track(a);
    keeper.track(b);
    expect(keeper.size).toBe(2);
    expect(keeper.has(a.run)).toBe(true);
    expect(keeper.runs()).toEqual([a, b]);
    keeper.untrack({ ...a });
    expect(keeper.size).toBe(2);
    let ended = false;
    const all = keeper.allEnded().then(() => (ended = true));
    keeper.untrack(a);
    await settled();
    expect(ended).toBe(false);
    expect(keeper.has(a.run)).toBe(false);
    keeper.untrack(b);
    await all;
    expect(ended).toBe(true);
    expect(keeper.size).toBe(0);
  });

  it("untracking a run it does not hold is a no-op", async () => {
    const h = await held();
    expect(() => keeper.untrack(h)).not.toThrow();
    expect(keeper.size).toBe(0);
  });

  it("commits nothing for no steps", async () => {
    expect(await keeper.commitSteps([], { verify: false })).toEqual([]);
    expect(commits).toEqual([]);
  });
});
