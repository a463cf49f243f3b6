import { afterEach, describe, expect, it } from "vitest";
import { memoryLimitState } from "../../src/adapters/limits/memory-limit-state.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import { runKeyString } from "../../src/core/keys.js";
import type { Job, Run, RunKey } from "../../src/core/model.js";
import { nextOccurrence } from "../../src/core/schedule/index.js";
import type { Schedule } from "../../src/core/schedule/model.js";
import { ActionFailure } from "../../src/ports/action.js";
import type { Store } from "../../src/ports/store.js";
import { corruptSqliteRun } from "../support/corrupt-sqlite-run.js";
import { openHarness } from "../support/engine-harness.js";
import { FaultPlan, seeded } from "../support/faults.js";

// The engine's promise under faults, checked on the stepped clock: a real engine (SQLite file,
// local queue) whose store and queue calls fail at `rate` (errors, calls that never answer,
// writes whose answer is lost or that land only in part, lost and duplicated messages), and
// whose actions fail now and then on their own. On top, the pressures of docs/reliability.md:
// one owner far over its execution rate, a downtime after which some tasks catch up `all`, a
// window in which every write fails (a full disk), the wall clock set back and jumping ahead,
// and a run row that no longer parses. The short run is in CI; the long one and the knobs are
// in docs/reliability.md.

const LONG = process.env.DUELY_PROPERTY_LONG === "1";
const SEED = Number(process.env.DUELY_PROPERTY_SEED ?? 20_261_010);
// The CI variant is sized to finish in a few minutes on a shared two-core machine; it still
// starts before Europe's and the US's DST ends (Oct 25, Nov 1 2026), so the schedules cross both.
const P = LONG
  ? { start: "2026-10-10", days: 90, recurring: 500, oneShots: 10_000, rate: 0.05, actionFailure: 0.1 }
  : { start: "2026-10-20", days: 14, recurring: 60, oneShots: 600, rate: 0.05, actionFailure: 0.1 };
if (process.env.DUELY_PROPERTY_DAYS) P.days = Number(process.env.DUELY_PROPERTY_DAYS);
if (process.env.DUELY_PROPERTY_RECURRING) P.recurring = Number(process.env.DUELY_PROPERTY_RECURRING);
if (process.env.DUELY_PROPERTY_ONE_SHOTS) P.oneShots = Number(process.env.DUELY_PROPERTY_ONE_SHOTS);
const START = Date.parse(`${P.start}T00:00:00Z`);
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** While an occurrence that is due has not ended, the clock looks again a minute later. */
const STEP_MS = 60_000;
/** One-shot tasks fall on 5-minute marks. */
const SLOT_MS = 5 * 60_000;
/** The sweeper walks every task once a simulated day. */
const SWEEP_MS = DAY_MS;
const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Taipei"];

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness | undefined;
afterEach(async () => h?.close());

/** Fires at a quarter hour: tasks share instants (bursts, as at 08:00), and the stepped clock visits fewer of them. */
function recurringSchedule(random: () => number): Schedule {
  const zone = ZONES[Math.floor(random() * ZONES.length)]!;
  const minute = 15 * Math.floor(random() * 4);
  const r = random();
  if (r < 0.05) return { kind: "cron", expr: `${minute} * * * *`, timezone: zone };
  if (r < 0.3) return { kind: "cron", expr: `${minute} */6 * * *`, timezone: zone };
  return { kind: "cron", expr: `${minute} ${Math.floor(random() * 24)} * * *`, timezone: zone };
}

/** Every occurrence a schedule has in (after, until]. */
function occurrencesOf(schedule: Schedule, after: number, until: number): number[] {
  const out: number[] = [];
  for (let occ = nextOccurrence(schedule, after); occ && occ.at <= until; occ = nextOccurrence(schedule, occ.at)) out.push(occ.at);
  return out;
}

/** When the pressures fall: the flood, the downtime, the full disk and the clock jumps (days from START). */
const FLOOD_AT = START + 2 * DAY_MS + 9 * HOUR_MS;
const FLOOD = 400;
const DOWN_FROM = START + 4 * DAY_MS + 5 * HOUR_MS;
const DOWN_MS = 3 * HOUR_MS;
const DISK_FULL_FROM = START + 6 * DAY_MS;
// Shorter than the watcher's look-back here (10 min): a longer write outage leaves the runs due in
// it to the sweeper (every 5 min by default, daily in this test), as a downtime does.
const DISK_FULL_MS = 6 * 60_000;
const JUMP_BACK_AT = START + 8 * DAY_MS;
const JUMP_AHEAD_AT = START + 10 * DAY_MS;
const CORRUPT_AT = START + 3 * DAY_MS;

/** The store as a full disk leaves it: reads answer, every write fails while `full()`. */
function diskFull(store: Store, full: () => boolean): Store {
  const fail = () => Promise.reject(new Error("SQLITE_FULL: database or disk is full"));
  return { ...store, commit: (tx) => (full() ? fail() : store.commit(tx)), commitEach: (txs) => (full() ? fail() : store.commitEach(txs)) };
}

async function createTasks(harness: Harness, random: () => number): Promise<{ recurring: Job[]; oneShots: Job[] }> {
  const maxAttempts = () => 1 + Math.floor(random() * 3);
  const recurring = await harness.engine.jobs.createMany(
    "owner-r",
    Array.from({ length: P.recurring }, (_, i) => ({
      title: `r${i}`,
      action: { type: "notify" as const, message: `r${i}` },
      schedule: recurringSchedule(random),
      retry: { max_attempts: maxAttempts() },
      // A third catch up every missed occurrence after the downtime.
      policy: { catch_up: i % 3 === 0 ? ("all" as const) : ("latest" as const) },
    })),
  );
  const oneShots: Job[] = [];
  const slots = P.days * (DAY_MS / SLOT_MS) - 2;
  for (let i = 0; i < P.oneShots; i += 500) {
    const batch = Array.from({ length: Math.min(500, P.oneShots - i) }, (_, j) => ({
      title: `o${i + j}`,
      action: { type: "notify" as const, message: `o${i + j}` },
      schedule: { kind: "once" as const, at: START + SLOT_MS * (1 + Math.floor(random() * slots)), timezone: "UTC" },
      retry: { max_attempts: maxAttempts() },
    }));
    oneShots.push(...(await harness.engine.jobs.createMany(`owner-o${i % 7}`, batch)));
  }
  // One owner's flood: far more one-shots at one instant than its execution rate lets start.
  const flood = Array.from({ length: FLOOD }, (_, i) => ({
    title: `f${i}`,
    action: { type: "notify" as const, message: `f${i}` },
    schedule: { kind: "once" as const, at: FLOOD_AT, timezone: "UTC" },
    retry: { max_attempts: maxAttempts() },
  }));
  oneShots.push(...(await harness.engine.jobs.createMany("owner-flood", flood)));
  return { recurring, oneShots };
}

/**
 * Moves the clock to every instant a task is due (and every SWEEP_MS, for the sweeper), and to
 * every instant the store says the engine has something to do (a retry, a lease to reap, a lost
 * message to re-send); at each, the watcher ticks and the worker runs what is due.
 */
class SteppedRun {
  steps = 0;
  private readonly harness: Harness;
  private readonly due = new Map<number, string[]>();
  private readonly instants: number[];
  private next = 0;
  /** Occurrences already due and not yet ended. */
  private unsettled: RunKey[] = [];
  /** Every write fails while this is on (set by `step` in the disk-full window). */
  full = false;
  private jumpedBack = false;
  private sweepOwed = false;
  private jumpedAhead = false;

  constructor(harness: Harness, jobs: Job[], until: number) {
    this.harness = harness;
    for (const job of jobs) for (const at of occurrencesOf(job.schedule, job.created_at, until)) this.due.set(at, [...(this.due.get(at) ?? []), job.id]);
    for (let t = START + SWEEP_MS; t <= until; t += SWEEP_MS) this.due.set(t, this.due.get(t) ?? []);
    this.instants = [...this.due.keys()].sort((a, b) => a - b);
  }

  async runUntil(until: number): Promise<void> {
    while (this.harness.clock.now() < until) await this.step(until);
  }

  async step(until: number): Promise<void> {
    const { clock, engine } = this.harness;
    while (this.next < this.instants.length && this.instants[this.next]! <= clock.now()) this.next++;
    let target = Math.min(until, this.instants[this.next] ?? until, await this.nextWake(clock.now()));
    // Asleep: nothing runs until the computer wakes (the clock simply goes on); then the wake
    // watch sweeps for missed runs, as it does after any jump ahead (Engine.afterWake).
    let woke = false;
    if (target > DOWN_FROM && target < DOWN_FROM + DOWN_MS) {
      target = DOWN_FROM + DOWN_MS;
      woke = true;
    }
    // A sweep the faults cut short is done again at the next step (the sweeper's interval, 5 min
    // by default, is what brings it back in the product).
    let sweep = this.sweepOwed || woke || Math.floor(target / SWEEP_MS) > Math.floor(clock.now() / SWEEP_MS);
    clock.set(target);
    this.full = target >= DISK_FULL_FROM && target < DISK_FULL_FROM + DISK_FULL_MS;
    // The wall clock is set back 20 minutes once (NTP, a user), and later jumps 40 minutes ahead.
    if (!this.jumpedBack && target >= JUMP_BACK_AT) {
      this.jumpedBack = true;
      clock.jump(-20 * 60_000);
    }
    if (!this.jumpedAhead && target >= JUMP_AHEAD_AT) {
      this.jumpedAhead = true;
      clock.jump(40 * 60_000);
      sweep = true;
    }
    this.steps++;
    for (const job_id of this.due.get(target) ?? []) this.unsettled.push({ job_id, scheduled_at: target });
    await engine.watcher.tick();
    await engine.worker.runOnce().catch(() => 0); // a failed receive: nothing claimed this step
    if (sweep) this.sweepOwed = ((await engine.sweeper.sweep().catch(() => null))?.errors ?? 1) > 0;
  }

  /** The next instant the engine has something to do, read from the store itself (never through the faults). */
  private async nextWake(now: number): Promise<number> {
    const { store, engine } = this.harness;
    let at = Infinity;
    const left: RunKey[] = [];
    for (const key of this.unsettled) {
      // The corrupted run reads as corrupt_record: it is out of the engine's hands (quarantined).
      const run = await store.getRun(key).catch(() => null);
      if (run && ["pending", "queued", "running", "retrying"].includes(run.status)) left.push(key);
    }
    this.unsettled = left;
    // A due occurrence that has not ended (its bucket scan failed, say): look again soon.
    if (left.length > 0) at = now + STEP_MS;
    for (let shard = 0; shard < engine.settings.shard_count; shard++) {
      for (const r of await store.listWaking({ shard, before: Number.MAX_SAFE_INTEGER, limit: 5 }))
        at = Math.min(at, r.status === "queued" && r.due_at > now ? r.due_at : r.wake_at!);
    }
    return Math.max(at, now + 1_000);
  }
}

async function allRuns(harness: Harness, job: Job): Promise<Run[]> {
  const out: Run[] = [];
  let cursor: string | null = null;
  do {
    const page = await harness.store.listJobRuns(job.id, { limit: 500, cursor });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/** Whether `at` fell while the process was down or the wall clock jumped over it: catch-up decides it. */
const inGap = (at: number) => (at >= DOWN_FROM && at < DOWN_FROM + DOWN_MS) || (at >= JUMP_AHEAD_AT && at < JUMP_AHEAD_AT + 40 * 60_000 + DAY_MS / 96);

/** What the store holds at `now`, held against the promise; `starts` counts each run's action starts. */
async function findProblems(harness: Harness, tasks: { recurring: Job[]; oneShots: Job[]; corrupted: string }, starts: Map<string, number>, now: number) {
  const problems: string[] = [];
  const counts: Record<string, number> = { succeeded: 0, failed: 0, skipped: 0, missedOnTime: 0 };
  const check = async (run: Run, job: Job) => {
    const key = runKeyString(run);
    const ran = starts.get(key) ?? 0;
    counts[run.status] = (counts[run.status] ?? 0) + 1;
    if (run.status === "skipped" && !inGap(run.scheduled_at)) counts.missedOnTime!++;
    // Exactly once per execution charged: an action never starts more often than the run paid for.
    if (ran > run.executions) problems.push(`${key} started ${ran} times for ${run.executions} executions charged`);
    if (run.status === "skipped" && job.policy.catch_up === "all" && run.scheduled_at >= DOWN_FROM && run.scheduled_at < DOWN_FROM + DOWN_MS)
      problems.push(
        `${key} missed its catch-up (catch_up all): ${JSON.stringify((await harness.store.listEvents(run)).map((e) => [e.at, e.detail]))} ${JSON.stringify(job.schedule)}`,
      );
    if (run.status === "succeeded" && ran === 0) problems.push(`${key} succeeded without its action running`);
    else if (run.status === "skipped" && run.skip_reason === null) problems.push(`${key} skipped without a reason`);
    else if (run.status === "failed" && ran < job.retry.max_attempts) problems.push(`${key} failed after ${ran} of ${job.retry.max_attempts} attempts`);
    else if (!["succeeded", "skipped", "failed"].includes(run.status)) problems.push(`${key} is ${run.status}`);
    if (run.executions > ran) problems.push(`${key} charged ${run.executions} executions for ${ran} starts`);
  };
  for (const job of tasks.recurring) {
    const runs = await allRuns(harness, job);
    const byTime = new Map(runs.map((r) => [r.scheduled_at, r]));
    // Never forgotten: every occurrence up to now has its row, and it ended one way or another.
    for (const at of occurrencesOf(job.schedule, job.created_at, now - HOUR_MS)) {
      const run = byTime.get(at);
      if (run) await check(run, job);
      else problems.push(`${job.id}@${at} (${new Date(at).toISOString()}) has no run`);
    }
    if (process.env.DUELY_PROPERTY_TRACE && problems.some((p) => p.startsWith(job.id))) {
      const stored = await harness.store.getJob(job.id);
      const first = Number(problems.find((p) => p.startsWith(job.id))!.split(/[@ ]/)[1]);
      const around = runs.filter((r) => r.scheduled_at >= first - 4 * HOUR_MS && r.scheduled_at < first + 3 * HOUR_MS);
      console.error(
        JSON.stringify({ job: stored, around: await Promise.all(around.map(async (r) => ({ r, ev: await harness.store.listEvents(r) }))) }, null, 1),
      );
    }
    // No chain lost: the task is active with exactly one future pending run, its head.
    const stored = (await harness.store.getJob(job.id))!;
    const future = runs.filter((r) => r.scheduled_at > now && r.status === "pending");
    if (stored.status !== "active" || future.length !== 1 || future[0]!.scheduled_at !== stored.next_run_at)
      problems.push(`${job.id} (${stored.status}) has ${future.length} future pending runs`);
  }
  for (const job of tasks.oneShots) {
    if (job.id === tasks.corrupted) continue;
    const runs = await allRuns(harness, job);
    if (runs.length !== 1) problems.push(`${job.id} has ${runs.length} runs`);
    for (const run of runs) await check(run, job);
    const stored = (await harness.store.getJob(job.id))!;
    if (stored.status !== "completed")
      problems.push(
        `one-shot ${job.id} is ${stored.status} after its run ${runs[0]?.status}: ${JSON.stringify((await harness.store.listEvents(runs[0]!)).map((e) => [e.at, e.detail]))}`,
      );
  }
  return { problems, counts };
}

describe(`engine under ${P.rate * 100}% store and queue faults (seed ${SEED})`, () => {
  it(`keeps every promise over ${P.days} days of ${P.recurring} recurring and ${P.oneShots} one-shot tasks`, {
    timeout: LONG ? 3_600_000 : 600_000,
  }, async () => {
    // A call that never answers costs real time (call_timeout_ms), so those are a smaller share of the faults.
    const faults = new FaultPlan({ rate: P.rate, seed: SEED + 1, weights: { timeout: 0.2 } });
    faults.enabled = false;
    const settings = { shard_count: 2, look_back_ms: 600_000, call_timeout_ms: 2, max_active_jobs_per_owner: 1_000_000, dedupe_window_ms: 0 };
    let stepped: SteppedRun | null = null;
    const harness = await openHarness(new Date(START).toISOString(), settings, {
      faults,
      wrapStore: (s) => diskFull(s, () => stepped?.full === true),
      limits: (clock) =>
        new Limits(
          memoryLimitState(() => clock.now()),
          { ...DEFAULT_LIMITS, creates: { burst: 1_000_000, per_minute: 1_000_000 } },
          clock,
        ),
    });
    h = harness;
    const created = await createTasks(harness, seeded(SEED));
    // One one-shot's run row stops parsing before it is due: only its own task may suffer.
    const victim = created.oneShots.find((j) => j.next_run_at! > CORRUPT_AT + DAY_MS)!;
    const tasks = { ...created, corrupted: victim.id };
    // Actions fail on their own now and then; every start is counted per run.
    const starts = new Map<string, number>();
    const actionRandom = seeded(SEED + 2);
    harness.actions.behaviour = (_a, ctx) => {
      const key = runKeyString({ job_id: ctx.jobId, scheduled_at: ctx.scheduledAt });
      starts.set(key, (starts.get(key) ?? 0) + 1);
      if (actionRandom() < P.actionFailure) throw new ActionFailure("upstream 503", { permanent: false });
      return { text: "ok" };
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);

    const end = START + P.days * DAY_MS;
    const settled = end + 2 * HOUR_MS;
    stepped = new SteppedRun(harness, [...tasks.recurring, ...tasks.oneShots], settled);
    faults.enabled = true;
    await stepped.runUntil(CORRUPT_AT);
    await corruptSqliteRun(harness.path)({ job_id: victim.id, scheduled_at: victim.next_run_at! });
    await stepped.runUntil(end);
    // Two hours without faults: retries, re-sends and reaps finish. Then one more sweep.
    faults.enabled = false;
    await stepped.runUntil(settled);
    await harness.engine.sweeper.sweep();
    await stepped.step(settled + STEP_MS);
    process.off("unhandledRejection", onUnhandled);

    const now = harness.clock.now();
    const { problems, counts } = await findProblems(harness, tasks, starts, now);
    // The store and the queue agree: the messages held are exactly the runs queued.
    const queued: string[] = [];
    const interrupted: string[] = [];
    for (const job of [...tasks.recurring, ...tasks.oneShots])
      for (const r of await allRuns(harness, job)) {
        if (r.status === "queued") queued.push(runKeyString(r));
        // The worker never died: no run may have been reaped from it (write outage, clock jumps).
        if ((await harness.store.listEvents(r)).some((e) => e.detail?.startsWith("interrupted"))) interrupted.push(runKeyString(r));
      }
    harness.clock.set(now + harness.engine.settings.look_ahead_ms + 1);
    const messages = (await harness.queue.receive(1_000_000, 0)).map((m) => runKeyString(m.key));

    console.info(
      `property (seed ${SEED}): ${stepped.steps} steps; runs ${JSON.stringify(counts)}; faults ${JSON.stringify(Object.fromEntries(faults.counts))}`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(interrupted).toEqual([]);
    expect((await harness.store.quarantined({ limit: 10 })).map((q) => q.key)).toEqual([`${victim.id}@${victim.next_run_at}`]);
    expect(messages.sort()).toEqual(queued.sort());
    expect(unhandled).toEqual([]);
    // Runs on time: outside the downtime and the jump, hardly any occurrence was missed.
    expect(counts.missedOnTime!).toBeLessThan(0.005 * (counts.succeeded! + counts.failed!));
    for (const kind of ["error", "timeout", "lost_reply", "partial", "lost", "duplicate"]) expect(faults.total(kind), kind).toBeGreaterThan(0);
  });
});
