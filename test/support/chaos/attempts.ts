import { idempotencyKey, runKeyString } from "../../../src/core/keys.js";
import type { Kill, StoredClaim, StoredRun } from "./observation.js";
import { type Stats, stats } from "./stats.js";

/**
 * Attempts spent without an execution. A run's attempt counter counts its claims; each attempt
 * that ran POSTs the webhook exactly once (the outbound client never retries on its own), so a
 * run claimed `attempt` times with fewer deliveries spent the difference without running. A
 * task retries 3 times by default, so every such attempt brings an occurrence closer to being
 * dead-lettered without ever having run.
 */

export interface AttemptMeasures {
  /** Claims over every run (the sum of their attempt counters). */
  claims: number;
  /** Claims that did not lead to a delivery. */
  spentWithoutExecution: number;
  /** Runs with at least one such claim. */
  runsAffected: number;
  /** Deliveries beyond a run's claims: an execution without a claim (should be none). */
  deliveriesBeyondClaims: number;
  /** Where the spent attempts went, from the claim events and the kills that followed them. */
  spentBy: Record<string, number>;
  /** From the kill that ended an attempt to the run's next delivery: how late a kill makes a run it held. */
  recoveryAfterKill: Stats;
  examples: string[];
}

/** Processes that run workers: the embedded server, or a worker on DynamoDB + SQS. */
const CLAIMING_ROLES = new Set(["serve", "worker"]);

/** The kill that ended the process holding a claim: the claiming worker's own pid if its id names it (`worker-<pid>`), else the first kill after. */
function killOf(claim: StoredClaim, until: number, kills: readonly Kill[]): Kill | undefined {
  const inRange = kills.filter((k) => CLAIMING_ROLES.has(k.role) && k.at >= claim.at && k.at < until).sort((a, b) => a.at - b.at);
  const pid = Number(/-(\d+)$/.exec(claim.worker ?? "")?.[1]);
  return inRange.find((k) => k.pid === pid) ?? inRange[0];
}

/** Why one claim without a delivery in its interval did not run. */
function whySpent(claim: StoredClaim, kill: Kill | undefined): string {
  if (!kill) return "lease lost without a kill";
  if (claim.attempt === 1 && kill.at < claim.scheduled_at) return "killed while claimed ahead of its due time";
  return "killed after its due time, before delivering";
}

/** The run's claims, one per attempt (a claim given back unstarted is replaced by the next with that number), oldest first. */
function claimsOf(claims: readonly StoredClaim[]): StoredClaim[] {
  const byAttempt = new Map<number, StoredClaim>();
  for (const c of [...claims].sort((a, b) => a.at - b.at)) byAttempt.set(c.attempt, c);
  return [...byAttempt.values()].sort((a, b) => a.at - b.at);
}

export function measureAttempts(
  runs: readonly StoredRun[],
  delivered: ReadonlyMap<string, number[]>,
  claims: readonly StoredClaim[],
  kills: readonly Kill[],
): AttemptMeasures {
  const claimsByRun = new Map<string, StoredClaim[]>();
  for (const c of claims) claimsByRun.set(runKeyString(c), [...(claimsByRun.get(runKeyString(c)) ?? []), c]);
  const out: Omit<AttemptMeasures, "recoveryAfterKill"> = {
    claims: 0,
    spentWithoutExecution: 0,
    runsAffected: 0,
    deliveriesBeyondClaims: 0,
    spentBy: {},
    examples: [],
  };
  const recovery: number[] = [];
  for (const run of runs) {
    const times = delivered.get(idempotencyKey(run)) ?? [];
    out.claims += run.attempt;
    out.deliveriesBeyondClaims += Math.max(0, times.length - run.attempt);
    const spent = run.attempt - times.length;
    if (spent <= 0) continue;
    out.spentWithoutExecution += spent;
    out.runsAffected++;
    if (out.examples.length < 10) out.examples.push(`${runKeyString(run)} ${run.status} attempt ${run.attempt}, ${times.length} deliveries`);
    const own = claimsOf(claimsByRun.get(runKeyString(run)) ?? []);
    let explained = 0;
    own.forEach((claim, i) => {
      const until = own[i + 1]?.at ?? Infinity;
      if (times.some((t) => t >= claim.at && t < until)) return;
      const kill = killOf(claim, until, kills);
      const next = kill && times.find((t) => t > kill.at);
      if (next !== undefined) recovery.push(next - kill!.at);
      const why = whySpent(claim, kill);
      out.spentBy[why] = (out.spentBy[why] ?? 0) + 1;
      explained++;
    });
    if (explained < spent) out.spentBy["no claim event found"] = (out.spentBy["no claim event found"] ?? 0) + spent - explained;
  }
  return { ...out, recoveryAfterKill: stats(recovery) };
}
