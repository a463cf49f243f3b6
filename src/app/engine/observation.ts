import { isTerminal, type Run } from "../../core/model.js";
import type { ActionRunner } from "../../ports/action.js";
import { noMetrics } from "../../ports/metrics.js";
import type { ChangeFeed } from "../changes.js";
import type { EngineDeps } from "../deps.js";
import { runFields } from "./run-log.js";

/**
 * The operators' view of what lands, from the one change stream, so each fact is counted (and a
 * dead-letter logged) once, whichever role or use case decided it: every move to a final status
 * counts as a finished run, and one to `failed` is logged as dead-lettered.
 */
export function observeChanges(feed: ChangeFeed, deps: Pick<EngineDeps, "log" | "metrics">): () => void {
  const metrics = deps.metrics ?? noMetrics;
  return feed.subscribe((changes) => {
    for (const c of changes) {
      if (c.type !== "run:moved" || !isTerminal(c.to)) continue;
      metrics.runFinished(c.to, c.run.skip_reason);
      if (c.to === "failed") deadLettered(deps, c.run, c.detail);
    }
  });
}

function deadLettered(deps: Pick<EngineDeps, "log">, run: Run, detail: string | null): void {
  deps.log.log("warn", "run dead-lettered: it failed for good", {
    ...runFields(run),
    executions: run.executions,
    error: run.error?.message ?? detail,
    error_kind: run.error?.kind ?? null,
  });
}

/** The actions, each timed, counted while in flight, and its run's first start measured for lateness. */
export function measuredActions(deps: EngineDeps): ActionRunner {
  const metrics = deps.metrics ?? noMetrics;
  // The other methods pass through as they are: they run no action.
  const check = deps.actions.check?.bind(deps.actions);
  const refuse = deps.actions.refuse?.bind(deps.actions);
  const alert = deps.actions.alert?.bind(deps.actions);
  return {
    ...(check && { check }),
    ...(refuse && { refuse }),
    ...(alert && { alert }),
    async run(action, ctx) {
      // Retries start after a backoff by design: lateness is a run's first execution against its schedule.
      if (ctx.attempt === 1) metrics.runStarted(deps.clock.now() - ctx.scheduledAt);
      const ended = metrics.actionStarted(action.type);
      try {
        const result = await deps.actions.run(action, ctx);
        ended("ok");
        return result;
      } catch (e) {
        ended("error");
        throw e;
      }
    },
  };
}
