import { idempotencyKey, runKeyString } from "../../../src/core/keys.js";
import { nextOccurrence } from "../../../src/core/schedule/index.js";
import { type AttemptMeasures, measureAttempts } from "./attempts.js";
import type { Delivery, Kill, Observation, StoredJob, StoredRun } from "./observation.js";
import { type Stats, stats } from "./stats.js";

export { type Stats, stats };

/**
 * The guarantees, measured from what a chaos run observed: every occurrence due by the cutoff
 * ran or was skipped with a reason (none lost), how often each ran (at least once), how many
 * attempts were spent without running, and how late runs started. Pure: a function of the
 * observation only, so it is tested on hand-made observations.
 */

export interface Measures {
  tasks: { acknowledged: number; stored: number; acknowledgedMissing: string[] };
  occurrences: {
    expected: number;
    succeeded: number;
    skipped: Record<string, number>;
    /** Due by the cutoff, and no run, or a run that never finished, or one that ended failed or cancelled without ever being delivered. */
    lost: { total: number; noRun: number; unfinished: number; failed: number; cancelled: number; failedBy: Record<string, number>; examples: string[] };
    /** Runs recorded failed although an attempt was delivered: not lost, but their history says they did not run. */
    failedAfterDelivery: number;
    /** Runs at instants the task's schedule does not produce (should be none). */
    unexpectedRuns: number;
  };
  executions: {
    /** Occurrences by how many deliveries they had: `{ "1": 950, "2": 12 }`. */
    perOccurrence: Record<string, number>;
    /** Succeeded runs the webhook never heard of: the harness missed a delivery (should be none). */
    succeededWithoutDelivery: number;
  };
  attempts: AttemptMeasures;
  /** First delivery − scheduled time, in ms, over the expected occurrences that ran. */
  lateness: {
    all: Stats;
    /** Due within `afterKillMs` after a kill of a process of that role. */
    afterKill: Record<string, Stats>;
    /** Due away from every kill window. */
    away: Stats;
    /** Claimed more than once (an attempt was interrupted). */
    retried: Stats;
  };
  /** A pressure run: the same measures of the flooding owner's tasks alone and of the other owner's alone. */
  pressure?: { flood: Measures; steady: Measures };
}

/** The instants a task's schedule fires at, after its creation and up to `cutoff`, skip markers included. */
export function expectedOccurrences(job: StoredJob, cutoff: number): number[] {
  if (job.schedule.kind === "immediate") return job.created_at <= cutoff ? [job.created_at] : [];
  const out: number[] = [];
  for (let occ = nextOccurrence(job.schedule, job.created_at); occ && occ.at <= cutoff; occ = nextOccurrence(job.schedule, occ.at)) out.push(occ.at);
  return out;
}

const TERMINAL = new Set(["succeeded", "failed", "skipped", "cancelled"]);
const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

function deliveriesByKey(deliveries: readonly Delivery[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const d of deliveries) {
    const list = out.get(d.key) ?? [];
    list.push(d.at);
    out.set(d.key, list);
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

const nearKill = (at: number, kills: readonly Kill[], windowMs: number) => kills.some((k) => at >= k.at && at <= k.at + windowMs);

export function measure(o: Observation): Measures {
  const runs = new Map(o.runs.map((r) => [runKeyString(r), r]));
  const delivered = deliveriesByKey(o.deliveries);
  const stored = new Set(o.jobs.map((j) => j.id));
  const lost = { total: 0, noRun: 0, unfinished: 0, failed: 0, cancelled: 0, failedBy: {} as Record<string, number>, examples: [] as string[] };
  const skipped: Record<string, number> = {};
  const perOccurrence: Record<string, number> = {};
  const roles = [...new Set(o.kills.map((k) => k.role))];
  const late = { all: [] as number[], away: [] as number[], retried: [] as number[], afterKill: Object.fromEntries(roles.map((r) => [r, [] as number[]])) };
  let expected = 0;
  let succeeded = 0;
  let succeededWithoutDelivery = 0;
  const expectedKeys = new Set<string>();

  let failedAfterDelivery = 0;
  const lose = (what: "noRun" | "unfinished" | "failed" | "cancelled", key: string, run?: StoredRun) => {
    lost[what]++;
    lost.total++;
    if (lost.examples.length < 10)
      lost.examples.push(`${key} ${run ? `${run.status}, ${run.attempt} claims, ${run.executions} executions ${run.error_kind ?? ""}` : "no run"}`.trim());
  };

  for (const job of o.jobs) {
    for (const at of expectedOccurrences(job, o.cutoff)) {
      expected++;
      const key = runKeyString({ job_id: job.id, scheduled_at: at });
      expectedKeys.add(key);
      const run = runs.get(key);
      const times = delivered.get(idempotencyKey({ job_id: job.id, scheduled_at: at })) ?? [];
      bump(perOccurrence, String(times.length));
      if (!run) lose("noRun", key);
      else if (!TERMINAL.has(run.status)) lose("unfinished", key, run);
      else if (run.status === "failed" && times.length > 0) failedAfterDelivery++;
      else if (run.status === "failed") {
        lose("failed", key, run);
        bump(lost.failedBy, run.error_kind ?? "unknown");
      } else if (run.status === "cancelled") lose("cancelled", key, run);
      else if (run.status === "skipped") bump(skipped, run.skip_reason ?? "unknown");
      else {
        succeeded++;
        if (times.length === 0) succeededWithoutDelivery++;
      }
      if (times.length === 0) continue;
      const lateness = times[0]! - at;
      late.all.push(lateness);
      if (run && run.attempt > 1) late.retried.push(lateness);
      const near = roles.filter((role) =>
        nearKill(
          at,
          o.kills.filter((k) => k.role === role),
          o.afterKillMs,
        ),
      );
      for (const role of near) late.afterKill[role]!.push(lateness);
      if (near.length === 0) late.away.push(lateness);
    }
  }

  const unexpectedRuns = o.runs.filter((r) => r.scheduled_at <= o.cutoff && stored.has(r.job_id) && !expectedKeys.has(runKeyString(r))).length;
  return {
    tasks: { acknowledged: o.acknowledged.length, stored: o.jobs.length, acknowledgedMissing: o.acknowledged.filter((id) => !stored.has(id)) },
    occurrences: { expected, succeeded, skipped, lost, failedAfterDelivery, unexpectedRuns },
    executions: { perOccurrence, succeededWithoutDelivery },
    attempts: measureAttempts(o.runs, delivered, o.events, o.kills),
    lateness: {
      all: stats(late.all),
      afterKill: Object.fromEntries(Object.entries(late.afterKill).map(([role, values]) => [role, stats(values)])),
      away: stats(late.away),
      retried: stats(late.retried),
    },
  };
}
