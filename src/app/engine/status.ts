import { bucketOf, hoursBetween, runKeyString } from "../../core/keys.js";
import type { Run, RunStatus } from "../../core/model.js";
import type { Clock } from "../../ports/clock.js";
import { isLive, type Member, type Presence } from "../../ports/presence.js";
import type { DelayQueue } from "../../ports/queue.js";
import type { Quarantined, Store } from "../../ports/store.js";
import type { EngineSettings } from "../settings.js";

/** What `duely status` looks at; the composition root opens it for the configured backend. */
export interface StatusDeps {
  store: Store;
  /** null where the queue lives in the scheduler process's memory (embedded): it cannot be read from outside. */
  queue: DelayQueue | null;
  /** Where role processes announce themselves (DynamoDB); null when one process is the whole scheduler. */
  presence: Presence | null;
  /** Embedded: whether a live process holds the store file's scheduler lock; null elsewhere. */
  schedulerRunning: (() => boolean) | null;
  clock: Clock;
  settings: EngineSettings;
}

/** A run past its time by more than this needs attention: the watcher queues runs well before they are due. */
export const OVERDUE_MS = 60_000;
/** Failed runs are counted over this window. */
const FAILED_WINDOW_MS = 3_600_000;
/** Queued runs read per shard to find the oldest one waiting for a worker. */
const QUEUED_SAMPLE = 100;

export type Check<T> = ({ ok: true } & T) | { ok: false; error: string };

export interface StatusReport {
  checked_at: string;
  store: Check<object>;
  /** depth: messages in the queue (approximate); dead_lettered: in its DLQ. null: the queue is in the scheduler's memory. */
  queue: Check<{ depth: number; dead_lettered: number | null }> | null;
  /** Live ones only; null when there are no separate role processes. */
  watchers: { id: string; shards: number[]; lease_age_s: number }[] | null;
  workers: { id: string; heartbeat_age_s: number }[] | null;
  /**
   * Watchers and workers whose lease or heartbeat lapsed without a graceful stop (killed, crashed
   * or hung) within the last hour, newest first; null when there are no separate role processes.
   */
  stopped: { role: Member["role"]; id: string; last_seen_s: number }[] | null;
  /** Live roles whose settings digest differs from most others' (see Member.config); null when there are no separate role processes. */
  configured_differently: { role: Member["role"]; id: string; config: string; most_have: string }[] | null;
  /** Runs a worker whose heartbeat stopped still holds: they wait for the reaper (its lease, then the watcher). Null when not known. */
  held_by_stopped_workers: { run_key: string; owner: string; worker: string; lease_expires_in_s: number }[] | null;
  /** Embedded: whether a process runs the scheduler on the store file. */
  scheduler_running: boolean | null;
  runs: {
    /** The queued run waiting longest for a worker since its due time (one message each). */
    oldest_unclaimed: RunLate | null;
    /** The pending run longest past its time: the watcher should have queued it. */
    oldest_overdue_pending: RunLate | null;
    failed_last_hour: number;
    /** A few of them, newest first. */
    failed_recent: { run_key: string; owner: string; finished_at: string; error: string | null }[];
  } | null;
  /** Stored jobs and runs that do not parse (the store's quarantine), oldest first, each with what to do; null when it could not be read. */
  quarantined: QuarantinedRecord[] | null;
  /** What needs attention, one sentence each; empty when all is well. */
  attention: string[];
}

export interface QuarantinedRecord {
  kind: Quarantined["kind"];
  key: string;
  owner: string | null;
  reason: string;
  location: string;
  since: string;
  /** What the operator does about it. */
  fix: string;
}

/** Quarantine entries read (and so re-checked) per `duely status`. */
const QUARANTINE_SAMPLE = 100;

/** What to do about a record that does not parse: the same for every backend, at the place the store names. */
function fixOf(q: Quarantined): string {
  const then = "Then run `duely status` again: an entry whose record reads again, or is gone, leaves the quarantine.";
  return q.kind === "job"
    ? `Correct the field the reason names at ${q.location} (or restore the record from a backup), or delete it there: its runs are then cancelled, and its owner can create the task again. ${then}`
    : `Correct the field the reason names at ${q.location}, or delete it there: its task goes on without it (if it was the task's next run, the sweeper plans it again). ${then}`;
}

interface RunLate {
  run_key: string;
  owner: string;
  due_at: string;
  late_s: number;
}

const errorOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const late = (run: Run, now: number): RunLate => ({ run_key: runKeyString(run), owner: run.owner, due_at: iso(run.due_at), late_s: seconds(now - run.due_at) });

/** Two cheap reads, of a task and a run that do not exist: the tables (or the file) the roles need first. */
const probeStore = (store: Store) =>
  checked(() => Promise.all([store.getJob("duely-probe"), store.getRun({ job_id: "duely-probe", scheduled_at: 0 })]).then(() => ({})));

export interface Readiness {
  ok: boolean;
  store: Check<object>;
  queue: Check<{ depth: number }>;
}

/** Whether the store and the queue answer now (a process's readiness: `/readyz`). */
export async function checkReady(deps: { store: Store; queue: DelayQueue }): Promise<Readiness> {
  const [store, queue] = await Promise.all([probeStore(deps.store), checked(async () => ({ depth: await deps.queue.size() }))]);
  return { ok: store.ok && queue.ok, store, queue };
}

/** Checks the store, the queue, the role processes and the runs; never throws (a failed check is reported). */
export async function checkStatus(deps: StatusDeps): Promise<StatusReport> {
  const now = deps.clock.now();
  const attention: string[] = [];
  const store = await probeStore(deps.store);
  if (!store.ok) attention.push(`The store cannot be reached: ${store.error}`);
  const queue = deps.queue && (await checkQueue(deps.queue));
  if (queue && !queue.ok) attention.push(`The queue cannot be reached: ${queue.error}`);
  if (queue?.ok && (queue.dead_lettered ?? 0) > 0) attention.push(`${queue.dead_lettered} message(s) in the dead-letter queue: no worker could handle them`);

  const members = deps.presence ? await readMembers(deps.presence, now, attention) : null;
  const live = (role: Member["role"]) => (members ?? []).filter((m) => m.role === role && isLive(m, now));
  const watchers = members && live("watcher").map((m) => ({ id: m.id, shards: m.shards, lease_age_s: seconds(now - m.seenAt) }));
  const workers = members && live("worker").map((m) => ({ id: m.id, heartbeat_age_s: seconds(now - m.seenAt) }));
  const stopped =
    members === null
      ? null
      : members
          .filter((m) => !isLive(m, now))
          .sort((a, b) => b.seenAt - a.seenAt)
          .map((m) => ({ role: m.role, id: m.id, last_seen_s: seconds(now - m.seenAt) }));
  for (const m of stopped ?? [])
    attention.push(
      `The ${m.role} ${m.id} stopped renewing its ${m.role === "watcher" ? "lease" : "heartbeat"} ${m.last_seen_s} s ago without a graceful stop: it was killed, crashed or hangs.`,
    );
  const odd = members && configuredDifferently([...live("watcher"), ...live("worker")]);
  for (const m of odd ?? [])
    attention.push(
      `The ${m.role} ${m.id} runs with other settings than most roles (digest ${m.config}, most have ${m.most_have}): start every watcher and worker with the same config file.`,
    );
  if (watchers?.length === 0) attention.push("No watcher is running: runs are not queued, so no task runs. Start `duely watcher`.");
  if (workers?.length === 0) attention.push("No worker is running: queued runs wait. Start `duely worker`.");
  const schedulerRunning = deps.schedulerRunning ? deps.schedulerRunning() : null;
  if (schedulerRunning === false) attention.push("No process runs the scheduler on this store file: no task runs. Start `duely serve`.");

  let runs: StatusReport["runs"] = null;
  let inFlight: Run[] = [];
  if (store.ok) {
    try {
      ({ inFlight, ...runs } = await checkRuns(deps, now));
    } catch (e) {
      attention.push(`The runs cannot be read: ${errorOf(e)}`);
    }
  }
  const held = runs && stopped ? heldByStopped(inFlight, stopped, now) : null;
  if (held && held.length > 0)
    attention.push(
      `${plural(held.length, "run")} wait on a worker whose heartbeat stopped (${held[0]!.run_key} on ${held[0]!.worker}): the watcher reaps them once their lease lapses.`,
    );
  const quarantined = store.ok ? await readQuarantine(deps.store, attention) : null;
  const overdue = runs?.oldest_overdue_pending;
  if (overdue && overdue.late_s * 1000 > OVERDUE_MS)
    attention.push(`A pending run is ${overdue.late_s} s past its time (${overdue.run_key}): the watcher is not queueing runs.`);
  const waiting = runs?.oldest_unclaimed;
  if (waiting && waiting.late_s * 1000 > OVERDUE_MS)
    attention.push(`A queued run has waited ${waiting.late_s} s for a worker (${waiting.run_key}): workers are not keeping up.`);
  return {
    checked_at: iso(now),
    store,
    queue,
    watchers,
    workers,
    stopped,
    configured_differently: odd,
    held_by_stopped_workers: held,
    scheduler_running: schedulerRunning,
    runs,
    quarantined,
    attention,
  };
}

/** The live roles whose digest is not the most common one (ties: the first digest seen wins); roles that announce none are left out. */
function configuredDifferently(live: readonly Member[]): NonNullable<StatusReport["configured_differently"]> {
  const counts = new Map<string, number>();
  for (const m of live) if (m.config) counts.set(m.config, (counts.get(m.config) ?? 0) + 1);
  if (counts.size < 2) return [];
  const most = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return live.filter((m) => m.config && m.config !== most).map((m) => ({ role: m.role, id: m.id, config: m.config!, most_have: most }));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The running runs whose lease names a worker that stopped (in `stopped`), soonest to be reaped first. */
function heldByStopped(
  inFlight: readonly Run[],
  stopped: NonNullable<StatusReport["stopped"]>,
  now: number,
): NonNullable<StatusReport["held_by_stopped_workers"]> {
  const dead = new Set(stopped.filter((m) => m.role === "worker").map((m) => m.id));
  return inFlight
    .filter((r) => r.status === "running" && r.lease_owner !== null && dead.has(r.lease_owner))
    .sort((a, b) => (a.lease_until ?? 0) - (b.lease_until ?? 0))
    .map((r) => ({ run_key: runKeyString(r), owner: r.owner, worker: r.lease_owner!, lease_expires_in_s: seconds((r.lease_until ?? now) - now) }));
}

async function readQuarantine(store: Store, attention: string[]): Promise<QuarantinedRecord[] | null> {
  let entries: Quarantined[];
  try {
    entries = await store.quarantined({ limit: QUARANTINE_SAMPLE });
  } catch (e) {
    attention.push(`The quarantine cannot be read: ${errorOf(e)}`);
    return null;
  }
  if (entries.length > 0)
    attention.push(
      `${entries.length === QUARANTINE_SAMPLE ? `At least ${entries.length}` : entries.length} stored record(s) cannot be read and are quarantined: the scheduler leaves them out, so their tasks do not run as planned. Each is listed with its fix.`,
    );
  return entries.map((q) => ({ kind: q.kind, key: q.key, owner: q.owner, reason: q.reason, location: q.location, since: iso(q.since), fix: fixOf(q) }));
}

async function readMembers(presence: Presence, now: number, attention: string[]): Promise<Member[] | null> {
  try {
    return await presence.members(now);
  } catch (e) {
    attention.push(`The watcher and worker leases cannot be read: ${errorOf(e)}`);
    return null;
  }
}

async function checked<T extends object>(read: () => Promise<T>): Promise<Check<T>> {
  try {
    return { ok: true, ...(await read()) };
  } catch (e) {
    return { ok: false, error: errorOf(e) };
  }
}

function checkQueue(queue: DelayQueue) {
  return checked(async () => ({ depth: await queue.size(), dead_lettered: queue.deadLettered ? await queue.deadLettered() : null }));
}

/** Every bucket of the look-back window, newest hour last. */
function bucketsOf(s: EngineSettings, from: number, to: number): string[] {
  return hoursBetween(from, to).flatMap((hour) => Array.from({ length: s.shard_count }, (_, shard) => bucketOf(hour, shard)));
}

async function inBuckets(deps: StatusDeps, status: RunStatus, from: number, to: number, limit: number): Promise<Run[]> {
  const found = await Promise.all(bucketsOf(deps.settings, from, to).map((bucket) => deps.store.queryBucket({ bucket, status, from, to, limit })));
  return found.flat();
}

async function checkRuns(deps: StatusDeps, now: number) {
  const s = deps.settings;
  const from = now - s.look_back_ms;
  // Runs scheduled within the watcher's look-back: older ones are the sweeper's to find.
  const [pending, failed, waking] = await Promise.all([
    inBuckets(deps, "pending", from, now, 1),
    inBuckets(deps, "failed", from, now, 1_000),
    Promise.all(Array.from({ length: s.shard_count }, (_, shard) => deps.store.listWaking({ shard, before: now + s.stale_queued_ms, limit: QUEUED_SAMPLE }))),
  ]);
  const oldest = (runs: Run[]) => runs.reduce<Run | null>((a, b) => (a === null || b.due_at < a.due_at ? b : a), null);
  const overdue = oldest(pending.filter((r) => r.due_at < now));
  const unclaimed = oldest(waking.flat().filter((r) => r.status === "queued" && r.due_at <= now));
  const recent = failed.filter((r) => (r.finished_at ?? 0) >= now - FAILED_WINDOW_MS).sort((a, b) => (b.finished_at ?? 0) - (a.finished_at ?? 0));
  return {
    /** Queued and running runs waking soon (not part of the report: heldByStopped reads it). */
    inFlight: waking.flat(),
    oldest_unclaimed: unclaimed && late(unclaimed, now),
    oldest_overdue_pending: overdue && late(overdue, now),
    failed_last_hour: recent.length,
    failed_recent: recent
      .slice(0, 5)
      .map((r) => ({ run_key: runKeyString(r), owner: r.owner, finished_at: iso(r.finished_at ?? r.updated_at), error: r.error?.message ?? null })),
  };
}
