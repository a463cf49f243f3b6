import { LIVE_JOB_STATUSES } from "../../../core/model.js";
import type { Tx, Write } from "../../../ports/store.js";

/** A put_job that inserts a job counting against its owner's cap. */
export function addsLiveJob(w: Write): boolean {
  return w.op === "put_job" && w.expectVersion === null && LIVE_JOB_STATUSES.includes(w.job.status);
}

/**
 * Live jobs per owner as one connection counted them, kept up to date by that connection's own
 * commits. Counting an owner's live jobs reads every one of them, and every create is checked
 * against the cap: counted afresh once per batch of 1,000, a burst of n creates read about
 * n²/1,000 index entries. A count stays valid while no other connection has committed to the
 * file (`dataVersion`: SQLite's PRAGMA data_version, which moves when another connection or
 * process commits, and not for this connection's own commits); read inside a write transaction,
 * which no one else can commit during, it is exact.
 */
export class LiveCounts {
  private readonly counts = new Map<string, number>();
  private version: number | null = null;
  private readonly dataVersion: () => number;
  private readonly count: (owner: string) => number;
  private readonly maxOwners: number;

  /** `count`: the owner's live jobs, read from the file. At most `maxOwners` counts are kept. */
  constructor(dataVersion: () => number, count: (owner: string) => number, maxOwners = 10_000) {
    this.dataVersion = dataVersion;
    this.count = count;
    this.maxOwners = maxOwners;
  }

  /** The owner's live jobs, counted only when no count of it is known since the file last changed elsewhere. */
  of(owner: string): number {
    const version = this.dataVersion();
    if (version !== this.version) {
      this.counts.clear();
      this.version = version;
    }
    let n = this.counts.get(owner);
    if (n === undefined) {
      n = this.count(owner);
      if (this.counts.size >= this.maxOwners) this.counts.clear();
      this.counts.set(owner, n);
    }
    return n;
  }

  /**
   * A tx of this connection applied inside the open transaction: its inserts of live jobs add to
   * their owner's count; any other job write (a status change) makes that owner counted again.
   * If the transaction then does not commit, `forget` must follow.
   */
  applied(tx: Tx): void {
    for (const w of tx.writes) {
      if (w.op !== "put_job") continue;
      const n = this.counts.get(w.job.owner);
      if (n === undefined) continue;
      if (addsLiveJob(w)) this.counts.set(w.job.owner, n + 1);
      else this.counts.delete(w.job.owner);
    }
  }

  /** A transaction rolled back (or its outcome is unknown): nothing counted is trusted any more. */
  forget(): void {
    this.counts.clear();
    this.version = null;
  }
}
