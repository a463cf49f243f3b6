import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import type { EngineDeps } from "../../src/app/deps.js";
import { RateHold } from "../../src/app/engine/rate-hold.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { Logger } from "../../src/ports/logger.js";
import type { DelayQueue, QueueMessage } from "../../src/ports/queue.js";
import { FakeClock } from "../support/fake-clock.js";
import { FaultPlan } from "../support/faults.js";
import { faultyQueue } from "../support/faulty-queue.js";

// The runs a worker holds back by their owner's run rate (src/app/engine/rate-hold.ts), on the real
// local queue: kept paid for and hidden from other consumers until their booked time, handed
// back earliest first when it comes, with one timer telling the worker so.

const LEASE_MS = 30_000;
const T = Date.parse("2026-03-03T10:00:00Z");

let clock: FakeClock;
let queue: LocalDelayQueue;
let due: number;
let hold: RateHold;
let faults: FaultPlan;
/** How each held message's visibility was extended, as the queue was asked. */
let extended: { ms: number; waiting: boolean | undefined }[];
let warnings: string[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  clock = new FakeClock(T);
  queue = new LocalDelayQueue(clock);
  due = 0;
  faults = new FaultPlan();
  extended = [];
  warnings = [];
  const seen: DelayQueue = {
    send: (items) => queue.send(items),
    receive: (max, waitMs) => queue.receive(max, waitMs),
    ack: (ms) => queue.ack(ms),
    size: () => queue.size(),
    close: () => queue.close(),
    extend: (m, ms, opts) => {
      extended.push({ ms, waiting: opts?.waiting });
      return (queue as DelayQueue).extend(m, ms, opts);
    },
  };
  const log: Logger = { log: (level, message) => warnings.push(`${level}: ${message}`) };
  // Only what RateHold reads of the engine's dependencies: the clock, the lease, the queue and the log.
  const deps = { clock, settings: { ...DEFAULT_SETTINGS, lease_ms: LEASE_MS }, queue: faultyQueue(seen, faults), log } as unknown as EngineDeps;
  hold = new RateHold(deps, () => due++);
});
afterEach(async () => {
  hold.clear();
  await queue.close();
  vi.useRealTimers();
});

/** Delivered messages of runs `names` (their job ids), due now. */
async function delivered(...names: string[]): Promise<QueueMessage[]> {
  await queue.send(names.map((id) => ({ key: { job_id: id, scheduled_at: T }, owner: "alice", dueAt: T })));
  const got = await queue.receive(names.length, 0);
  expect(got).toHaveLength(names.length);
  return got;
}
const ids = (ms: QueueMessage[]) => ms.map((m) => m.key.job_id);

describe("RateHold", () => {
  it("keeps a held run hidden from other consumers until its time and a lease beyond", async () => {
    const [m] = await delivered("a");
    hold.hold(m!, T + 10_000);
    expect(hold.size).toBe(1);
    await vi.advanceTimersByTimeAsync(0); // the visibility change is sent without waiting for it
    clock.set(T + 10_000 + LEASE_MS - 1);
    expect(await queue.receive(10, 0)).toEqual([]);
    clock.set(T + 10_000 + LEASE_MS);
    expect(ids(await queue.receive(10, 0))).toEqual(["a"]);
    // Marked waiting: a queue shared by processes (SQS) hands it on within seconds if this worker dies.
    expect(extended).toEqual([{ ms: 10_000 + LEASE_MS, waiting: true }]);
  });

  it("a visibility change the queue refuses is logged, and the run is still held", async () => {
    const [m] = await delivered("a");
    faults.script("extend", "error");
    hold.hold(m!, T + 1_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual(["warn: cannot extend a message's visibility"]);
    expect(ids(hold.takeDue(T + 1_000))).toEqual(["a"]);
  });

  it("a booked time already past still hides the run for a lease", async () => {
    const [m] = await delivered("a");
    hold.hold(m!, T - 5_000);
    await vi.advanceTimersByTimeAsync(0);
    clock.set(T + LEASE_MS - 1);
    expect(await queue.receive(10, 0)).toEqual([]);
  });

  it("hands back the runs whose time has come, earliest first, and no other", async () => {
    const [a, b, c] = await delivered("a", "b", "c");
    hold.hold(a!, T + 3_000);
    hold.hold(b!, T + 1_000);
    hold.hold(c!, T + 2_000);
    expect(hold.takeDue(T + 999)).toEqual([]);
    expect(ids(hold.takeDue(T + 2_000))).toEqual(["b", "c"]);
    expect(hold.size).toBe(1);
    expect(ids(hold.takeDue(T + 5_000))).toEqual(["a"]);
    expect(hold.takeDue(T + 5_000)).toEqual([]);
  });

  it("tells the worker once the earliest held run falls due, not before", async () => {
    const [a, b] = await delivered("a", "b");
    hold.hold(a!, T + 5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(due).toBe(0);
    // A later hold does not move the timer; an earlier one does.
    hold.hold(b!, T + 8_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(due).toBe(1);
    clock.set(T + 5_000);
    expect(ids(hold.takeDue(clock.now()))).toEqual(["a"]);
    // Re-armed for the next one by takeDue.
    await vi.advanceTimersByTimeAsync(2_999);
    expect(due).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(due).toBe(2);
  });

  it("an earlier hold moves the timer forward", async () => {
    const [a, b] = await delivered("a", "b");
    hold.hold(a!, T + 5_000);
    hold.hold(b!, T + 2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(due).toBe(1);
    // The first timer was replaced, not kept as well.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(due).toBe(1);
  });

  it("a time already past is told at once", async () => {
    const [a] = await delivered("a");
    hold.hold(a!, T - 1_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(due).toBe(1);
  });

  it("clear hands back every held run and tells nothing more", async () => {
    const [a, b] = await delivered("a", "b");
    hold.hold(a!, T + 1_000);
    hold.hold(b!, T + 2_000);
    expect(ids(hold.clear())).toEqual(["a", "b"]);
    expect(hold.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(due).toBe(0);
    // Holding again after a clear arms a timer again.
    hold.hold(a!, T + 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(due).toBe(1);
  });
});
