import { describe, expect, test } from "vitest";
import { idempotencyKey } from "../../src/core/keys.js";
import { expectedOccurrences, measure, stats } from "../support/chaos/measure.js";
import type { Delivery, Observation, StoredJob, StoredRun } from "../support/chaos/observation.js";

// The chaos measures on hand-made observations: what counts as lost, as an execution, as an
// attempt spent without one, and which lateness window a run falls in.

const T = Date.parse("2026-03-02T10:00:00Z");
const MIN = 60_000;
const everyMinute: StoredJob = {
  id: "R",
  status: "active",
  created_at: T - 1,
  schedule: { kind: "every", every: 1, unit: "minute", anchor: T, timezone: "UTC" },
};
const once = (id: string, at: number): StoredJob => ({ id, status: "completed", created_at: T - MIN, schedule: { kind: "once", at, timezone: "UTC" } });
const run = (job_id: string, scheduled_at: number, status: string, attempt: number, more: Partial<StoredRun> = {}): StoredRun => ({
  job_id,
  scheduled_at,
  status,
  attempt,
  skip_reason: null,
  error_kind: null,
  ...more,
});
const delivered = (job_id: string, scheduled_at: number, ...lateMs: number[]): Delivery[] =>
  lateMs.map((ms) => ({ key: idempotencyKey({ job_id, scheduled_at }), at: scheduled_at + ms }));

const observation = (o: Partial<Observation>): Observation => ({
  jobs: [],
  runs: [],
  claims: [],
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
    expect(m.attempts).toMatchObject({ claims: 4, spentWithoutExecution: 1, runsAffected: 1, deliveriesBeyondClaims: 0 });
  });

  test("says where each attempt without a delivery went, from the claims and the kills after them", () => {
    const due = T + 5 * MIN;
    const claim = (attempt: number, at: number, worker = "worker-42") => ({ job_id: "A", scheduled_at: due, attempt, at, worker });
    const m = measure(
      observation({
        jobs: [once("A", due)],
        runs: [run("A", due, "succeeded", 4)],
        // 1: claimed ahead, the process killed before the due time; 2: killed after the due time;
        // 3: its lease lapsed with no kill; 4: ran.
        claims: [claim(1, due - 1_500), claim(2, due + 30_000), claim(3, due + 60_000, "worker-7"), claim(4, due + 95_000)],
        kills: [
          { at: due - 1_000, role: "worker", pid: 42 },
          { at: due + 31_000, role: "watcher", pid: 9 },
          { at: due + 32_000, role: "worker", pid: 42 },
        ],
        deliveries: delivered("A", due, 95_100),
      }),
    );
    expect(m.attempts.spentWithoutExecution).toBe(3);
    expect(m.attempts.spentBy).toEqual({
      "killed while claimed ahead of its due time": 1,
      "killed after its due time, before delivering": 1,
      "lease lost without a kill": 1,
    });
    // Each kill to the next delivery: 96.1 s and 63.1 s.
    expect(m.attempts.recoveryAfterKill).toMatchObject({ n: 2, max: 96_100 });
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
