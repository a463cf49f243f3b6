import { type Backoff, backoffDelay } from "../../core/backoff.js";
import { isDomainError } from "../../core/errors.js";
import type { Run } from "../../core/model.js";
import { sleep } from "../../ports/clock.js";
import { PartialCommit, type Tx } from "../../ports/store.js";
import type { EngineDeps } from "../deps.js";

/** Reads of a run whose write's answer was lost: tries, and the pause between them (doubled each time, jittered). */
const READ_TRIES = 8;
const READ_BACKOFF: Backoff = { baseMs: 5, jitter: "full" };

/**
 * Commits each tx (one commitEach) and says of each whether its run write is stored: true,
 * false, or null when that cannot be known. A tx the store answered is as answered. When the
 * answer was lost (the call failed or timed out, or the store reported only part of the batch),
 * the tx may still have landed: its run (`runs[i]`, the row it writes) is read back. A caller
 * must never take a lost answer for "not written": a claim that landed but was taken for
 * refused would spend an execution that never ran.
 */
export async function commitChecked(deps: EngineDeps, txs: Tx[], runs: readonly (Run | null)[]): Promise<(boolean | null)[]> {
  if (txs.length === 0) return [];
  try {
    return await deps.store.commitEach(txs);
  } catch (e) {
    const results = e instanceof PartialCommit ? [...e.results] : txs.map((): boolean | null => null);
    deps.log.log("warn", "a commit's answer was lost; reading back what landed", { error: String(e), unknown: results.filter((r) => r === null).length });
    await Promise.all(
      results.map(async (r, i) => {
        const run = runs[i];
        if (r !== null || !run) return;
        results[i] = await isStored(deps, run);
        // The store confirmed none of these, so none was announced: one found landed is announced now.
        if (results[i] === true) deps.changes?.landed(txs[i]!);
      }),
    );
    return results;
  }
}

/** Whether the store holds exactly `run`, read back a few times with backoff; null when it cannot be read. */
export async function isStored(deps: EngineDeps, run: Run): Promise<boolean | null> {
  for (let i = 0; i < READ_TRIES; i++) {
    try {
      const stored = await deps.store.getRun(run);
      return stored !== null && sameValue(stored, run);
    } catch (e) {
      if (isDomainError(e) && e.code === "corrupt_record") return null;
      await sleep(backoffDelay(READ_BACKOFF, i, deps.random()));
    }
  }
  deps.log.log("error", "cannot tell whether a write landed", { job_id: run.job_id, scheduled_at: run.scheduled_at });
  return null;
}

/** Deep equality of JSON-like values; object key order does not matter (a store may reorder a map's keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
