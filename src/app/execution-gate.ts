import type { Run } from "../core/model.js";
import type { QueueItem, QueueMessage } from "../ports/queue.js";
import type { Limits } from "./limits.js";
import type { ClaimDecision } from "./run-decisions.js";
import { queued, type Step, updateStep } from "./runs.js";

/** A claim the owner's run rate holds back: the run stays queued, due later, its attempt unused. */
export interface Deferral {
  kind: "defer";
  step: Step;
  resend: QueueItem;
}

/**
 * Charges each claim to its owner's execution bucket (limits.executions). A claim over the
 * limit becomes a deferral: the run is re-queued for when a token will be there, so it is
 * delayed, never dropped, and the misfire rule (judged from `due_at`) does not skip it. Other
 * decisions (skips, cancels) cost nothing. `found[i]` is the delivered run `decisions[i]` was
 * decided on.
 */
export async function gateClaims(
  found: readonly { run: Run; message: QueueMessage }[],
  decisions: ClaimDecision[],
  limits: Limits,
  ctx: { now: number; staleQueuedMs: number },
): Promise<(ClaimDecision | Deferral)[]> {
  return Promise.all(
    decisions.map(async (d, i): Promise<ClaimDecision | Deferral> => {
      if (d.kind !== "claim") return d;
      const waitMs = await limits.tryExecution(d.run.owner);
      if (waitMs === 0) return d;
      const { run, message } = found[i]!;
      const { receipt: _receipt, ...item } = message;
      const due = ctx.now + waitMs;
      const later = queued(run, due, ctx.now, ctx.staleQueuedMs);
      return {
        kind: "defer",
        step: updateStep(run, later, ctx.now, `held back ${waitMs} ms by the owner's run rate (limits.executions)`),
        resend: { ...item, dueAt: due },
      };
    }),
  );
}
