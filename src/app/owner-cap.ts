import { bucketOf, hoursBetween, runKeyString } from "../core/keys.js";
import type { Run, RunKey } from "../core/model.js";
import type { Store } from "../ports/store.js";
import type { EngineDeps } from "./deps.js";

/** Queued runs read per store round trip when a shard is taken. */
const PAGE = 250;
/**
 * The create path's part of an owner window, per process that serves creates: a fifth. Enough
 * that a person's tasks created a second or two before their time are sent at once (the watcher
 * would send them only at its next tick); the watchers share the rest, by the shards they hold.
 */
const CREATE_PART = 5;

/** The runs of an owner window that a process serving creates may send itself, unclaimed, at once. */
export const createShareOf = (window: number): number => Math.max(1, Math.floor(window / CREATE_PART));

/**
 * The queued runs of one shard with run times in [from, to], as the store has them: what a
 * watcher counts (and re-sends) of a shard it takes.
 */
export async function queuedInWindow(store: Store, shard: number, from: number, to: number): Promise<Run[]> {
  const out: Run[] = [];
  for (const hour of hoursBetween(from, to)) {
    const bucket = bucketOf(hour, shard);
    let after: Run | undefined;
    for (;;) {
      const page = await store.queryBucket({ bucket, status: "queued", from, to, limit: PAGE, ...(after && { after }) });
      out.push(...page);
      if (page.length < PAGE) break;
      after = page[page.length - 1];
    }
  }
  return out;
}

interface Sent {
  owner: string;
  key: RunKey;
  dueAt: number;
}

/**
 * The runs one process sent to the queue, per owner, not yet seen claimed: the count both caps
 * hold an owner to. A run is forgotten when its claim is seen (read back while its owner is at
 * the cap) or long after its due time (claimed, or its message lost and re-sent by the waking
 * scan, which does not ask the cap).
 */
class SentRuns {
  private readonly deps: EngineDeps;
  private readonly byOwner = new Map<string, Map<string, Sent>>();

  constructor(deps: EngineDeps) {
    this.deps = deps;
  }

  count(owner: string): number {
    return this.byOwner.get(owner)?.size ?? 0;
  }

  add(owner: string, key: RunKey, dueAt: number): void {
    let runs = this.byOwner.get(owner);
    if (!runs) {
      runs = new Map();
      this.byOwner.set(owner, runs);
    }
    runs.set(runKeyString(key), { owner, key: { job_id: key.job_id, scheduled_at: key.scheduled_at }, dueAt });
  }

  remove(owner: string, key: RunKey): void {
    const runs = this.byOwner.get(owner);
    runs?.delete(runKeyString(key));
    if (runs?.size === 0) this.byOwner.delete(owner);
  }

  /** Forgets runs due more than `stale_queued_ms` ago; then reads back the runs of each owner with at least `limit` and forgets those stored and no longer queued. */
  async refresh(limit: number, now: number, only?: string): Promise<void> {
    const full: Sent[] = [];
    for (const [owner, runs] of this.byOwner) {
      if (only !== undefined && owner !== only) continue;
      for (const [k, s] of runs) if (s.dueAt < now - this.deps.settings.stale_queued_ms) runs.delete(k);
      if (runs.size === 0) this.byOwner.delete(owner);
      else if (runs.size >= limit) full.push(...runs.values());
    }
    if (full.length === 0) return;
    const read = await this.deps.store.getRuns(full.map((s) => s.key));
    // A run not yet in the store is a create's whose commit is still on its way: it counts.
    read.forEach((run, i) => {
      if (run && run.status !== "queued") this.remove(full[i]!.owner, full[i]!.key);
    });
  }
}

/**
 * How many of one owner's runs a watcher keeps in the queue unclaimed, where the queue
 * interleaves owners only among the messages a consumer reads ahead (`DelayQueue.ownerWindow`,
 * SQS). SQS hands messages out roughly in the order they became visible, so without this one
 * owner's 250 runs due in one second sit ahead of every run another owner has due in the
 * seconds after, and each of those waits until the workers have been through the 250. With it,
 * an owner has at most `ownerWindow` runs waiting in the queue (the create path its share,
 * `CreateSendCap`, and each watcher its share of the rest, by the shards it holds): another
 * owner's run is within a worker's read-ahead as soon as it is visible, and the queue's
 * round-robin hands it out in the first turn. The rest stay pending in the store, due, and go as
 * the owner's earlier ones are claimed, so the watcher, not the queue, holds a flood back. Runs
 * held back by their owner's rate (queued, booked) still count: the store, not the queue, is
 * where a flood waits for its tokens.
 *
 * It counts what this watcher sent, and, for a shard it did not hold at its last tick (it just
 * started, or took the shard over from a watcher that died), the shard's queued runs in the
 * window as the store has them: a watcher restarted in a flood does not send a second share.
 * A run the cap holds is still pending in the store, the state every watcher acts on: a watcher
 * that dies loses nothing, its successor sends it.
 */
export class OwnerSendCap {
  private readonly deps: EngineDeps;
  /** The watchers' part of the window: what the create path may not fill. */
  private readonly window: number;
  private readonly sent: SentRuns;
  /** This tick's cap per owner: this watcher's share of the window. */
  private limit: number;
  /** The shards whose queued runs are counted: held since the last tick, and read once when taken. */
  private counted = new Set<number>();
  /** This tick's second copies of counted runs, per owner (see `resends`). */
  private copies = new Map<string, number>();

  constructor(deps: EngineDeps, window: number) {
    this.deps = deps;
    this.window = Math.max(1, window - createShareOf(window));
    this.limit = this.window;
    this.sent = new SentRuns(deps);
  }

  /**
   * Before a tick that scans `shards` (of `shard_count`) over run times [from, to]: sets this
   * watcher's share of the window, counts the queued runs of shards new to it, forgets runs sent
   * long ago, and, for each owner at its cap, reads its runs back and forgets those no longer queued.
   */
  async refresh(shards: readonly number[], from: number, to: number, now: number): Promise<void> {
    const { shard_count } = this.deps.settings;
    this.limit = Math.max(1, Math.floor((this.window * shards.length) / shard_count));
    this.counted = new Set(shards.filter((s) => this.counted.has(s)));
    this.copies.clear();
    for (const shard of shards) {
      if (this.counted.has(shard)) continue;
      for (const run of await queuedInWindow(this.deps.store, shard, from, to)) this.add(run, run.due_at);
      this.counted.add(shard);
    }
    await this.sent.refresh(this.limit, now);
  }

  /**
   * Whether a counted queued run may be sent again (a shard taken from a dead watcher, which may
   * have committed it without sending it). Its first message may be in the queue already, so the
   * copy counts as one more: an owner's counted runs and this tick's copies stay within this
   * watcher's share, and a copy the share has no room for waits for the stale re-send.
   */
  resends(run: Run): boolean {
    const copies = this.copies.get(run.owner) ?? 0;
    if (this.sent.count(run.owner) + copies >= this.limit) return false;
    this.copies.set(run.owner, copies + 1);
    return true;
  }

  /**
   * Whether the pending `run` must wait for its owner's earlier runs to be claimed. A run pending
   * half the look-back is sent whatever the cap: past the look-back it would leave the watcher's
   * window for the sweeper, so the cap delays a run but never hands it on.
   */
  holds(run: Run, now: number): boolean {
    if (now - run.scheduled_at > this.deps.settings.look_back_ms / 2) return false;
    return this.sent.count(run.owner) >= this.limit;
  }

  /** Counts a run the watcher is sending, due at `dueAt`. */
  add(run: Run, dueAt: number): void {
    this.sent.add(run.owner, run, dueAt);
  }
}

/**
 * The same cap on the create path: a task created with a run due within the look-ahead has it
 * sent at once (no wait for the watcher's tick) only while its owner has fewer than the create
 * share of runs this process sent that way unclaimed; past it the run is stored pending, and
 * the watchers send it under their own share as the owner's earlier runs are claimed. A process
 * that dies between a create's commit and its send loses nothing either way: a pending run is
 * the watchers', a queued one without its message is re-sent once stale.
 */
export class CreateSendCap {
  private readonly sent: SentRuns;
  private readonly limit: number;

  constructor(deps: EngineDeps, window: number) {
    this.sent = new SentRuns(deps);
    this.limit = createShareOf(window);
  }

  /** Before a create of `owner`'s tasks: forgets its runs sent long ago and, at the cap, those since claimed. */
  refresh(owner: string, now: number): Promise<void> {
    return this.sent.refresh(this.limit, now, owner);
  }

  /** Whether `owner` may have another run sent at create; if so, counts `runs` (the create's sends) at once, before any await, so creates made together share the one cap. */
  take(owner: string, runs: readonly { key: RunKey; dueAt: number }[]): boolean {
    if (this.sent.count(owner) >= this.limit) return false;
    for (const r of runs) this.sent.add(owner, r.key, r.dueAt);
    return true;
  }

  /** A create whose commit failed sent nothing: its runs no longer count. */
  giveBack(owner: string, runs: readonly { key: RunKey }[]): void {
    for (const r of runs) this.sent.remove(owner, r.key);
  }
}
