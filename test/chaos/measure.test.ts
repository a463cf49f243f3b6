import { describe, expect, test } from "vitest";
import { idempotencyKey } from "../../src/core/keys.js";
import { expectedOccurrences, measure, stats } from "../support/chaos/measure.js";
import type { Delivery, Observation, StoredEvent, StoredJob, StoredRun } from "../support/chaos/observation.js";

// The chaos measures on hand-made observations: what counts as lost, as an execution, as an
// attempt spent without one, what became of each claim, and which lateness window a run falls in.

const T = Date.parse("2026-03-02T10:00:00Z");
const MIN = 60_000;
const everyMinute: StoredJob = {
  id: "R",
  status: "active",
  created_at: T - 1,
  schedule: { kind: "every", every: 1, unit: "minute", anchor: T, timezone: "UTC" },
};
const once = (id: string, at: number): StoredJob => ({ id, status: "completed", created_at: T - MIN, schedule: { kind: "once", at, timezone: "UTC" } });
/** A run claimed `attempt` times; each claim started its action unless `executions` says fewer. */
const run = (job_id: string, scheduled_at: number, status: string, attempt: number, more: Partial<StoredRun> = {}): StoredRun => ({
  job_id,
  scheduled_at,
  status,
  attempt,
  executions: attempt,
  skip_reason: null,
  error_kind: null,
  ...more,
});
const delivered = (job_id: string, scheduled_at: number, ...lateMs: number[]): Delivery[] =>
  lateMs.map((ms) => ({ key: idempotencyKey({ job_id, scheduled_at }), at: scheduled_at + ms }));

/** One event of run A's attempt `attempt`, at `ms` after `from` (the run's due time). */
const eventOf =
  (scheduled_at: number) =>
  (attempt: number, ms: number, from: string, to: string, detail: string | null = null): StoredEvent => ({
    job_id: "A",
    scheduled_at,
    at: scheduled_at + ms,
    from,
    to,
    attempt,
    detail,
  });

/** The measures of one one-shot task A due at `due`, with its run's history. */
const measureA = (due: number, stored: StoredRun, events: StoredEvent[], deliveries: Delivery[], kills: Observation["kills"] = []) =>
  measure(observation({ jobs: [once("A", due)], runs: [stored], events, deliveries, kills }));

const observation = (o: Partial<Observation>): Observation => ({
  jobs: [],
  runs: [],
  events: [],
  deliveries: [],
  kills: [],
  acknowledged: [],
  cutoff: T + 10 * MIN,
  afterKillMs: 30_000,
  ...o,
});

describe("chaos measures", () => {
  test("a schedule's occurrences run from its first fire after creation up to the cutoff", () => {
    expect(expectedOccurrences(everyMinute, T + 2 * MIN)).toEqual([T, T + MIN, T + 2 * MIN]);
    expect(expectedOccurrences(once("O", T + 5 * MIN), T + 2 * MIN)).toEqual([]);
  });

  test("an occurrence without a run, one never finished and one dead-lettered are lost; a skip with a reason is not", () => {
    const m = measure(
      observation({
        jobs: [everyMinute],
        cutoff: T + 4 * MIN,
        runs: [
          run("R", T, "succeeded", 1),
          run("R", T + MIN, "failed", 3, { error_kind: "lease_expired" }),
          run("R", T + 2 * MIN, "running", 1),
          run("R", T + 4 * MIN, "skipped", 0, { skip_reason: "overlap" }),
        ],
        deliveries: delivered("R", T, 20),
      }),
    );
    expect(m.occurrences.expected).toBe(5);
    expect(m.occurrences.lost).toMatchObject({ total: 3, noRun: 1, unfinished: 1, failed: 1, cancelled: 0, failedBy: { lease_expired: 1 } });
    expect(m.occurrences.skipped).toEqual({ overlap: 1 });
    expect(m.occurrences.succeeded).toBe(1);
  });

  test("a run recorded failed after one of its attempts was delivered is not lost, but counted", () => {
    const m = measure(
      observation({
        jobs: [once("A", T)],
        runs: [run("A", T, "failed", 3, { error_kind: "lease_expired" })],
        deliveries: delivered("A", T, 20),
      }),
    );
    expect(m.occurrences.lost.total).toBe(0);
    expect(m.occurrences.failedAfterDelivery).toBe(1);
    expect(m.attempts.spentWithoutExecution).toBe(2);
  });

  test("counts executions per occurrence, and a success the webhook never saw", () => {
    const m = measure(
      observation({
        jobs: [once("A", T), once("B", T + MIN), once("C", T + 2 * MIN)],
        runs: [run("A", T, "succeeded", 1), run("B", T + MIN, "succeeded", 2), run("C", T + 2 * MIN, "succeeded", 1)],
        deliveries: [...delivered("A", T, 10), ...delivered("B", T + MIN, 10, 31_000)],
      }),
    );
    expect(m.executions.perOccurrence).toEqual({ "0": 1, "1": 1, "2": 1 });
    expect(m.executions.succeededWithoutDelivery).toBe(1);
    expect(m.attempts).toMatchObject({ claims: 4, executions: 4, spentWithoutExecution: 1, runsAffected: 1, deliveriesBeyondExecutions: 0 });
  });

  test("a claim given back unstarted is a claim but no execution: nothing is spent", () => {
    const ev = eventOf(T);
    // 1: claimed, given back by its stopping worker; 2: claimed with its start, delivered.
    const m = measureA(
      T,
      run("A", T, "succeeded", 2, { executions: 1 }),
      [
        ev(1, -2_000, "queued", "running", "worker-a"),
        ev(1, -1_000, "running", "queued", "given back unstarted: worker stopping"),
        ev(2, 10, "queued", "running", "worker-b"),
        ev(2, 40, "running", "succeeded"),
      ],
      delivered("A", T, 20),
    );
    expect(m.attempts).toMatchObject({ claims: 2, executions: 1, spentWithoutExecution: 0, runsAffected: 0, spentBy: {} });
    expect(m.attempts.claimsBy).toEqual({ started: 1, givenBack: 1, reapedUnstarted: 0, settledUnstarted: 0, open: 0, noEvent: 0 });
  });

  test("says what became of each claim, and where each execution without a delivery went", () => {
    const due = T + 5 * MIN;
    const ev = eventOf(due);
    const m = measureA(
      due,
      run("A", due, "succeeded", 5, { executions: 3 }),
      [
        // 1: claimed ahead, its process killed before the due time; reaped unstarted, no charge.
        ev(1, -1_500, "queued", "running", "worker-host-42-1f"),
        ev(1, 5_000, "running", "queued", "worker worker-host-42-1f is gone; never started, queued again"),
        // 2: started with its claim, its process killed mid-action; reaped as a lost execution.
        ev(2, 30_000, "queued", "running", "worker-host-42-2a"),
        ev(2, 62_000, "running", "retrying", "lease expired: worker worker-host-42-2a stopped heartbeating"),
        // 3: started, its lease lost with no kill.
        ev(3, 65_000, "queued", "running", "worker-host-7-3b"),
        ev(3, 96_000, "running", "retrying", "lease expired: worker worker-host-7-3b stopped heartbeating"),
        // 4: given back by its stopping worker.
        ev(4, 100_000, "queued", "running", "worker-host-7-4c"),
        ev(4, 101_000, "running", "queued", "given back unstarted: worker stopping"),
        // 5: claimed without its start (no free slot), started later, delivered.
        ev(5, 102_000, "queued", "running", "worker-host-9-5d"),
        ev(5, 103_000, "running", "running", "started"),
        ev(5, 103_200, "running", "succeeded"),
      ],
      delivered("A", due, 103_100),
      [
        { at: due - 1_000, role: "worker", pid: 42 },
        { at: due + 31_000, role: "watcher", pid: 9 },
        { at: due + 32_000, role: "worker", pid: 42 },
      ],
    );
    expect(m.attempts).toMatchObject({ claims: 5, executions: 3, spentWithoutExecution: 2, runsAffected: 1, deliveriesBeyondExecutions: 0 });
    expect(m.attempts.claimsBy).toEqual({ started: 3, givenBack: 1, reapedUnstarted: 1, settledUnstarted: 0, open: 0, noEvent: 0 });
    expect(m.attempts.spentBy).toEqual({ "killed after its start, before its delivery": 1, "lease lost without a kill": 1 });
    // Each kill of a holder to the next delivery: 104.1 s (claim 1) and 71.1 s (claim 2); claim 2's holder died 2 s after its start.
    expect(m.attempts.recoveryAfterKill).toMatchObject({ n: 2, p50: 71_100, max: 104_100 });
    expect(m.attempts.startToKill).toEqual({ n: 1, p50: 2_000, p99: 2_000, max: 2_000 });
    // Claim 3's holder (pid 7) was never killed: the reaper took a live worker's run.
    expect(m.attempts.reapedFromLive).toBe(1);
  });

  test("counts a reap as from a live worker only when the harness had not killed the holder by then", () => {
    const ev = eventOf(T);
    const history = [
      ev(1, 0, "queued", "running", "worker-vm-3-1f, late by 2 s after downtime (catch_up latest)"),
      ev(
        1,
        9_000,
        "running",
        "retrying",
        "interrupted: worker worker-vm-3-1f is gone (the process stopped mid-run); whether the action took effect is unknown",
      ),
      ev(2, 10_000, "queued", "running", "worker-vm-5-2a"),
      ev(2, 10_050, "running", "succeeded"),
    ];
    const killedBefore = measureA(T, run("A", T, "succeeded", 2), history, delivered("A", T, 10_020), [{ at: T + 8_000, role: "serve", pid: 3 }]);
    expect(killedBefore.attempts.reapedFromLive).toBe(0);
    const killedAfter = measureA(T, run("A", T, "succeeded", 2), history, delivered("A", T, 10_020), [{ at: T + 9_500, role: "serve", pid: 3 }]);
    expect(killedAfter.attempts.reapedFromLive).toBe(1);
    // An outcome its own worker wrote is no reap.
    expect(
      measureA(T, run("A", T, "succeeded", 1), [ev(1, 0, "queued", "running", "worker-vm-5-2a"), ev(1, 50, "running", "succeeded")], delivered("A", T, 20))
        .attempts.reapedFromLive,
    ).toBe(0);
  });

  test("counts a claim whose event is missing, and an execution no start explains", () => {
    const ev = eventOf(T);
    // Claimed twice, charged twice, delivered once; only the second claim's events remain.
    const m = measureA(
      T,
      run("A", T, "succeeded", 2),
      [ev(2, 40_000, "queued", "running", "worker-b"), ev(2, 40_050, "running", "succeeded")],
      delivered("A", T, 40_020),
    );
    expect(m.attempts.claimsBy).toMatchObject({ started: 1, noEvent: 1 });
    expect(m.attempts.spentBy).toEqual({ "no start event found": 1 });
  });

  test("splits lateness by whether the run fell due within the window after a kill", () => {
    const m = measure(
      observation({
        jobs: [once("A", T), once("B", T + 5 * MIN)],
        runs: [run("A", T, "succeeded", 1), run("B", T + 5 * MIN, "succeeded", 2)],
        kills: [{ at: T + 5 * MIN - 10_000, role: "serve", pid: 1 }],
        deliveries: [...delivered("A", T, 15), ...delivered("B", T + 5 * MIN, 31_000)],
      }),
    );
    expect(m.lateness.away).toEqual({ n: 1, p50: 15, p99: 15, max: 15 });
    expect(m.lateness.afterKill).toEqual({ serve: { n: 1, p50: 31_000, p99: 31_000, max: 31_000 } });
    expect(m.lateness.retried.n).toBe(1);
    expect(m.lateness.all.n).toBe(2);
  });

  test("an acknowledged task missing from the store, and a run the schedule never produced, are reported", () => {
    const m = measure(observation({ jobs: [once("A", T)], runs: [run("A", T, "succeeded", 1), run("A", T + 1, "succeeded", 1)], acknowledged: ["A", "Z"] }));
    expect(m.tasks.acknowledgedMissing).toEqual(["Z"]);
    expect(m.occurrences.unexpectedRuns).toBe(1);
  });

  test("percentiles are nearest-rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(stats(values)).toEqual({ n: 100, p50: 50, p99: 99, max: 100 });
    expect(stats([])).toEqual({ n: 0, p50: null, p99: null, max: null });
  });
});
