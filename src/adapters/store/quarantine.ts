import { DomainError, isDomainError } from "../../core/errors.js";
import type { RunKey } from "../../core/model.js";
import type { Logger } from "../../ports/logger.js";
import type { Quarantined } from "../../ports/store.js";

// Shared by every store adapter: how a listing leaves out the records that do not parse and how
// the store's quarantine learns of them (src/ports/store.ts says what the port promises).

/** An unreadable record as a read met it: the quarantine entry but for its time. */
export type Unreadable = Omit<Quarantined, "since">;

/**
 * A process meets the same unreadable record again on every tick; it writes it to the quarantine
 * again only this long after, so that an entry cleared by an operator (`quarantined`) comes back
 * if the record is still, or again, unreadable.
 */
const RENOTE_MS = 10 * 60_000;

/** The owner a raw record names, if it names one as a string. */
export const ownerIn = (raw: { owner?: unknown }): string | null => (typeof raw.owner === "string" ? raw.owner : null);

/** `runKeyString` read back: the job id, then `@`, then the scheduled time. */
export function runKeyOf(key: string): RunKey | null {
  const at = key.lastIndexOf("@");
  const scheduled = Number(key.slice(at + 1));
  return at > 0 && Number.isSafeInteger(scheduled) ? { job_id: key.slice(0, at), scheduled_at: scheduled } : null;
}

/**
 * Parses each record of a listing in order; one that fails validation (`corrupt_record`) is left
 * out and returned apart, described by `describe`. Any other error is a bug and is thrown.
 */
export function parseEach<R, T>(
  records: readonly R[],
  parse: (r: R) => T,
  describe: (r: R, reason: string) => Unreadable,
): { items: T[]; unreadable: Unreadable[] } {
  const items: T[] = [];
  const unreadable: Unreadable[] = [];
  for (const r of records) {
    try {
      items.push(parse(r));
    } catch (e) {
      if (!isDomainError(e) || e.code !== "corrupt_record") throw e;
      unreadable.push(describe(r, e.message));
    }
  }
  return { items, unreadable };
}

export interface QuarantineOptions {
  /** Adds the entry unless one for the same record is there; true when it was added. */
  write(entry: Quarantined): Promise<boolean> | boolean;
  now: () => number;
  log: Logger;
}

/** The store's side of the quarantine: records what its reads find unreadable, and logs each record once. */
export class Quarantine {
  private readonly noted = new Map<string, number>();
  private readonly o: QuarantineOptions;

  constructor(o: QuarantineOptions) {
    this.o = o;
  }

  /**
   * Records each (a record this process wrote less than RENOTE_MS ago is skipped). A record the
   * quarantine did not have yet is logged, once for the deployment. A failed write is logged and
   * swallowed: the read that met the record goes on, and the next one tries again.
   */
  async note(records: readonly Unreadable[]): Promise<void> {
    for (const r of records) {
      const id = `${r.kind}:${r.key}`;
      const now = this.o.now();
      const at = this.noted.get(id);
      if (at !== undefined && now - at < RENOTE_MS) continue;
      try {
        const added = await this.o.write({ ...r, since: now });
        this.noted.set(id, now);
        if (added)
          this.o.log.log(
            "error",
            `stored ${r.kind} cannot be read: quarantined; every listing leaves it out until it is fixed or deleted (see \`duely status\`)`,
            {
              ...r,
            },
          );
      } catch (e) {
        this.o.log.log("warn", `cannot record an unreadable ${r.kind} in the quarantine`, { key: r.key, reason: r.reason, error: String(e) });
      }
    }
  }

  /** A by-key read's parse: an unreadable record is noted, and the read rejects with `corrupt_record` as before. */
  async read<T>(parse: () => T, describe: (reason: string) => Unreadable): Promise<T> {
    try {
      return parse();
    } catch (e) {
      if (e instanceof DomainError && e.code === "corrupt_record") await this.note([describe(e.message)]);
      throw e;
    }
  }

  /**
   * The entries read again: `check` tells whether the record is still unreadable; one that is not
   * (it parses, or is gone) is removed with `drop` and left out of the answer.
   */
  async review(
    entries: readonly Quarantined[],
    check: (e: Quarantined) => Promise<boolean> | boolean,
    drop: (e: Quarantined) => Promise<void> | void,
  ): Promise<Quarantined[]> {
    const still: Quarantined[] = [];
    for (const e of entries) {
      if (await check(e)) still.push(e);
      else {
        await drop(e);
        this.noted.delete(`${e.kind}:${e.key}`);
      }
    }
    return still;
  }
}

/** Whether `parse` still fails validation on the record; false for a record that is gone (null). */
export function stillUnreadable<R>(record: R | null | undefined, parse: (r: R) => unknown): boolean {
  if (record === null || record === undefined) return false;
  try {
    parse(record);
    return false;
  } catch (e) {
    if (isDomainError(e) && e.code === "corrupt_record") return true;
    throw e;
  }
}
