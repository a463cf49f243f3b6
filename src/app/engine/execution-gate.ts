import type { Run } from "../../core/model.js";
import type { EngineDeps } from "../deps.js";
import { type ClaimDecision, type HoldBack, holdBack } from "./run-decisions.js";

/**
 * Charges a claim to its owner's execution bucket (limits.executions) before the claim is
 * written; over the rate, the token to come is booked for it and the claim becomes a hold-back
 * until then (see holdBack). A run with its token booked (`Run.booked`: held back before, by any
 * worker, even one that has died since) is not charged again: its claim uses the booking up. Other decisions (skips, cancels) cost nothing, and without
 * limits nothing is charged. null when the limit state cannot be read now: the caller defers the
 * message, as for a run it cannot read.
 */
export async function gateClaim(deps: EngineDeps, run: Run, d: ClaimDecision, now: number): Promise<ClaimDecision | HoldBack | null> {
  if (d.kind !== "claim" || !deps.limits || run.booked) return d;
  try {
    const waitMs = await deps.limits.reserveExecution(d.run.owner);
    return waitMs === 0 ? d : holdBack(run, waitMs, now, deps.settings.stale_queued_ms);
  } catch (e) {
    deps.log.log("warn", "cannot charge a run to its owner's execution rate now; deferring it", { job_id: run.job_id, error: String(e) });
    return null;
  }
}
