import { bucketOf, hoursBetween, runKeyString } from "../../core/keys.js";
import type { Run, RunKey } from "../../core/model.js";
import type { EngineDeps } from "../deps.js";

/** Queued runs read per store round trip when a shard is taken. */
const PAGE = 250;

interface Sent {
  owner: string;
  key: RunKey;
  dueAt: number;
}

/**
 * How many of one owner's runs a watcher keeps in the queue unclaimed, where the queue
 * interleaves owners only among the messages a consumer reads ahead (`DelayQueue.ownerWindow`,
 * SQS). SQS hands messages out roughly in the order they became visible, so without this one
 * owner's 250 runs due in one second sit ahead of every run another owner has due in the
 * seconds after, and each of those waits until the workers have been through the 250. With it,
 * an owner has at most `ownerWindow` runs waiting in the queue (each watcher its share, by the
 * shards it holds): another owner's run is within a worker's read-ahead as soon as it is
 * visible, and the queue's round-robin hands it out in the first turn. The rest stay pending in
 * the store, due, and go as the owner's earlier ones are claimed, so the watcher, not the
 * queue, holds a flood back. Runs held back by their owner's rate (queued, booked) still count:
 * the store, not the queue, is where a flood waits for its tokens.
 *
 * It counts what this watcher sent, and, for a shard it did not hold at its last tick (it just
 * started, or took the shard over from a watcher that died), the shard's queued runs in the
 * window as the store has them: a watcher restarted in a flood does not send a second share.
 * A run the cap holds is still pending in the store, the state every watcher acts on: a watcher
 * that dies loses nothing, its successor sends it.
 */
export class OwnerSendCap {
  private readonly deps: EngineDeps;
  private readonly window: number;
  /** Per owner, the runs this watcher sent (by run key) not yet seen claimed. */
  private readonly sent = new Map<string, Map<string, Sent>>();
  /** This tick's cap per owner: this watcher's share of the window. */
  private limit: number;
  /** The shards whose queued runs are counted: held since the last tick, and read once when taken. */
  private counted = new Set<number>();

  constructor(deps: EngineDeps, window: number) {
    this.deps = deps;
    this.window = window;
    this.limit = window;
  }

  /**
   * Before a tick that scans `shards` (of `shard_count`) over run times [from, to]: sets this
   * watcher's share of the window, counts the queued runs of shards new to it, forgets runs sent
   * long ago (claimed, or their message lost and re-sent by the waking scan), and, for each
   * owner at its cap, reads its runs back and forgets those no longer queued.
   */
  async refresh(shards: readonly number[], from: number, to: number, now: number): Promise<void> {
    const { shard_count, stale_queued_ms } = this.deps.settings;
    this.limit = Math.max(1, Math.floor((this.window * shards.length) / shard_count));
    this.counted = new Set(shards.filter((s) => this.counted.has(s)));
    for (const shard of shards) {
      if (this.counted.has(shard)) continue;
      for (const hour of hoursBetween(from, to)) await this.countQueued(bucketOf(hour, shard), from, to);
      this.counted.add(shard);
    }
    const full: Sent[] = [];
    for (const [owner, runs] of this.sent) {
      for (const [k, s] of runs) if (s.dueAt < now - stale_queued_ms) runs.delete(k);
      if (runs.size === 0) this.sent.delete(owner);
      else if (runs.size >= this.limit) full.push(...runs.values());
    }
    if (full.length === 0) return;
    const read = await this.deps.store.getRuns(full.map((s) => s.key));
    read.forEach((run, i) => {
      if (run?.status === "queued") return;
      const { owner, key } = full[i]!;
      const runs = this.sent.get(owner);
      runs?.delete(runKeyString(key));
      if (runs?.size === 0) this.sent.delete(owner);
    });
  }

  /**
   * Whether the pending `run` must wait for its owner's earlier runs to be claimed. A run pending
   * half the look-back is sent whatever the cap: past the look-back it would leave the watcher's
   * window for the sweeper, so the cap delays a run but never hands it on.
   */
  holds(run: Run, now: number): boolean {
    if (now - run.scheduled_at > this.deps.settings.look_back_ms / 2) return false;
    return (this.sent.get(run.owner)?.size ?? 0) >= this.limit;
  }

  private async countQueued(bucket: string, from: number, to: number): Promise<void> {
    let after: Run | undefined;
    for (;;) {
      const page = await this.deps.store.queryBucket({ bucket, status: "queued", from, to, limit: PAGE, ...(after && { after }) });
      for (const run of page) this.add(run, run.due_at);
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }

  /** Counts a run the watcher is sending, due at `dueAt`. */
  add(run: Run, dueAt: number): void {
    let runs = this.sent.get(run.owner);
    if (!runs) {
      runs = new Map();
      this.sent.set(run.owner, runs);
    }
    runs.set(runKeyString(run), { owner: run.owner, key: { job_id: run.job_id, scheduled_at: run.scheduled_at }, dueAt });
  }
}
