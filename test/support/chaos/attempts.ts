import { idempotencyKey, runKeyString } from "../../../src/core/keys.js";
import { type Claim, claimsFrom } from "./claim-history.js";
import type { Kill, StoredEvent, StoredRun } from "./observation.js";
import { type Stats, stats } from "./stats.js";

/**
 * Attempts spent without an execution. A run's retry budget (`max_attempts`) counts its
 * `executions`, the starts of its action; claims are counted apart, by the fencing token
 * (`attempt`), which every claim bumps, including one given back or reaped before it started.
 * Each execution POSTs the webhook exactly once (the outbound client never retries on its own),
 * so a run charged more executions than the webhook received spent the difference without
 * reaching it. A task retries 3 times by default, so every such execution brings an occurrence
 * closer to being dead-lettered without ever having run.
 */

export interface AttemptMeasures {
  /** Claims over every run: the sum of their fencing tokens. Exact: nothing lowers a token. */
  claims: number;
  /**
   * What became of the claims, from their events (see ClaimEnd). `noEvent`: claims whose claim
   * event is missing (DynamoDB appends a single write's events after the write, and a kill between
   * the two loses them): `claims` minus the claim events found.
   */
  claimsBy: { started: number; givenBack: number; reapedUnstarted: number; settledUnstarted: number; open: number; noEvent: number };
  /** Executions charged to the retry budget: the sum of the runs' `executions`. Equals `claimsBy.started` unless events were lost. */
  executions: number;
  /** Executions charged beyond the run's deliveries, summed over the runs. */
  spentWithoutExecution: number;
  /** Runs with at least one such execution. */
  runsAffected: number;
  /** Deliveries beyond a run's charged executions: an action that ran uncharged (should be none). */
  deliveriesBeyondExecutions: number;
  /**
   * Where the spent executions went, from the started claims without a delivery before the next
   * claim: KILLED_AFTER_START (a kill of its holder between the start and the end of the claim:
   * the action was cut off before its POST arrived, which at-least-once must charge, since the
   * engine cannot know whether the action's effect happened), "lease lost without a kill", or
   * "no start event found" for the rest. Sums to `spentWithoutExecution`.
   */
  spentBy: Record<string, number>;
  /**
   * Claims a reaper ended while their holder lived: the worker id names a pid the harness had
   * not killed by then (a graceful stop gives its runs back; only a dead worker's may be reaped).
   * Must be 0.
   */
  reapedFromLive: number;
  /** For each execution spent by a kill after its start: from the start's write to the kill (the window the kill landed in). */
  startToKill: Stats;
  /** From the kill that ended a claim (started or not) to the run's next delivery: how late a kill makes a run it held. */
  recoveryAfterKill: Stats;
  examples: string[];
}

/** Processes that run workers: the embedded server, or a worker on DynamoDB + SQS. */
const CLAIMING_ROLES = new Set(["serve", "worker"]);
/** A default worker id ends in `-<pid>-<random hex>` (src/app/engine/process-id.ts). */
const PID_IN_ID = /-(\d+)-[0-9a-f]+$/;

/** The kill that ended the process holding a claim within [from, until): the claiming worker's own pid if its id names it, else the first kill. */
function killOf(claim: Claim, from: number, until: number, kills: readonly Kill[]): Kill | undefined {
  const inRange = kills.filter((k) => CLAIMING_ROLES.has(k.role) && k.at >= from && k.at < until).sort((a, b) => a.at - b.at);
  const pid = Number(PID_IN_ID.exec(claim.worker ?? "")?.[1]);
  return inRange.find((k) => k.pid === pid) ?? inRange[0];
}

/** Whether the process holding a claim (the pid its worker id names) had been killed when the claim was reaped. */
function holderKilledBy(claim: Claim, kills: readonly Kill[]): boolean {
  // A claim's detail is the worker id, with ", late by …" after it when it came late.
  const pid = Number(PID_IN_ID.exec((claim.worker ?? "").split(",")[0]!)?.[1]);
  return kills.some((k) => CLAIMING_ROLES.has(k.role) && k.pid === pid && k.at <= (claim.endedAt ?? Infinity));
}

/** How long before a run's time a claim of it may come (claimed ahead), for the kills that can explain an eventless claim. */
const KILL_LOOKBACK_MS = 60_000;

/** The reasons in `spentBy`. */
export const KILLED_AFTER_START = "killed after its start, before its delivery";
const LEASE_LOST = "lease lost without a kill";
const NO_START = "no start event found";
/**
 * A claim that left no event at all, while a kill of a claiming process came between the run's
 * time and its next recorded claim. On DynamoDB a single write's events are written after it
 * (the store's `singleWriteEvents: "after"`, one BatchWriteItem, not atomic with the write): a
 * holder killed between the two leaves the claim, with its start charged on the run, and no
 * event. The kill is what spent the execution; the lost event is the store's documented cost
 * trade. SQLite writes events in the same transaction, so there this never explains anything.
 */
export const EVENT_LOST_TO_A_KILL = "claim event lost to a kill (events written after the write)";

const bump = (counts: Record<string, number>, key: string, n = 1) => {
  counts[key] = (counts[key] ?? 0) + n;
};

const CLAIM_COUNTS = {
  finished: "started",
  given_back: "givenBack",
  reaped_unstarted: "reapedUnstarted",
  settled_unstarted: "settledUnstarted",
  open: "open",
} as const;

/** A started claim that led to no delivery: why, how long after its start its holder was killed, and a line saying so. */
interface Spent {
  why: string;
  gapMs: number | null;
  example: string;
}

/**
 * A run's started claims that led to no delivery before its next claim. Records, for every claim
 * a kill ended (started or not), the time from that kill to the run's next delivery in `recovery`.
 */
function spentClaims(own: readonly Claim[], times: readonly number[], kills: readonly Kill[], recovery: number[]): Spent[] {
  const out: Spent[] = [];
  own.forEach((claim, i) => {
    const until = own[i + 1]?.at ?? Infinity;
    if (times.some((t) => t >= claim.at && t < until)) return;
    if (claim.end === "given_back" || claim.end === "settled_unstarted" || claim.end === "open") return;
    const kill = killOf(claim, claim.startedAt ?? claim.at, claim.endedAt ?? until, kills);
    const next = kill && times.find((t) => t > kill.at);
    if (next !== undefined) recovery.push(next - kill!.at);
    if (claim.startedAt === null) return;
    const gapMs = kill ? kill.at - claim.startedAt : null;
    const ended = claim.endedAt === null ? "" : ` ${claim.endedAt - claim.startedAt} ms after the start`;
    const example = `claim ${claim.attempt} by ${claim.worker} started ${claim.startedAt - claim.at} ms after it, ${kill ? `holder killed ${gapMs} ms after the start` : "no kill"}, ${claim.end}${ended}`;
    out.push({ why: kill ? KILLED_AFTER_START : LEASE_LOST, gapMs, example });
  });
  return out;
}

export function measureAttempts(
  runs: readonly StoredRun[],
  delivered: ReadonlyMap<string, number[]>,
  events: readonly StoredEvent[],
  kills: readonly Kill[],
): AttemptMeasures {
  const claimsByRun = new Map<string, Claim[]>();
  const claimsBy = { started: 0, givenBack: 0, reapedUnstarted: 0, settledUnstarted: 0, open: 0, noEvent: 0 };
  let reapedFromLive = 0;
  for (const c of claimsFrom(events)) {
    claimsByRun.set(runKeyString(c), [...(claimsByRun.get(runKeyString(c)) ?? []), c]);
    claimsBy[c.startedAt !== null ? "started" : CLAIM_COUNTS[c.end]]++;
    if (c.reaped && !holderKilledBy(c, kills)) reapedFromLive++;
  }
  const out = {
    claims: 0,
    executions: 0,
    spentWithoutExecution: 0,
    runsAffected: 0,
    deliveriesBeyondExecutions: 0,
    spentBy: {} as Record<string, number>,
    examples: [] as string[],
  };
  const recovery: number[] = [];
  const startToKill: number[] = [];
  for (const run of runs) {
    const times = delivered.get(idempotencyKey(run)) ?? [];
    const own = claimsByRun.get(runKeyString(run)) ?? [];
    out.claims += run.attempt;
    out.executions += run.executions;
    out.deliveriesBeyondExecutions += Math.max(0, times.length - run.executions);
    claimsBy.noEvent += Math.max(0, run.attempt - own.length);
    const spent = run.executions - times.length;
    // Only as many as were spent: a late POST may have arrived after the next claim.
    const explained = spentClaims(own, times, kills, recovery).slice(0, Math.max(0, spent));
    if (spent <= 0) continue;
    out.spentWithoutExecution += spent;
    out.runsAffected++;
    if (out.examples.length < 10) {
      out.examples.push(
        `${runKeyString(run)} ${run.status}: ${run.executions} executions charged, ${times.length} deliveries, ${run.attempt} claims${explained.map((r) => `; ${r.example}`).join("")}`,
      );
    }
    for (const r of explained) {
      bump(out.spentBy, r.why);
      if (r.gapMs !== null) startToKill.push(r.gapMs);
    }
    const unexplained = spent - explained.length;
    const eventless = Math.max(0, run.attempt - own.length);
    const until = own[0]?.at ?? Infinity;
    const killed = kills.some((k) => CLAIMING_ROLES.has(k.role) && k.at >= run.scheduled_at - KILL_LOOKBACK_MS && k.at < until);
    const lost = killed ? Math.min(unexplained, eventless) : 0;
    if (lost > 0) bump(out.spentBy, EVENT_LOST_TO_A_KILL, lost);
    if (unexplained > lost) bump(out.spentBy, NO_START, unexplained - lost);
  }
  return { ...out, claimsBy, reapedFromLive, startToKill: stats(startToKill), recoveryAfterKill: stats(recovery) };
}
