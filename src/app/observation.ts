import { isTerminal, type Run } from "../core/model.js";
import type { ActionRunner } from "../ports/action.js";
import { noMetrics } from "../ports/metrics.js";
import { PartialCommit, type Store, type Tx } from "../ports/store.js";
import type { EngineDeps } from "./deps.js";
import { runFields } from "./run-log.js";

/**
 * The same deps, observed where runs land and where actions run, so that each fact is counted
 * (and a dead-letter logged) once, whichever role or use case decided it:
 * - every committed transition to a final status (the run events are the record of them)
 *   counts as a finished run, and one to `failed` is logged as dead-lettered;
 * - every action is timed, counted while in flight, and its run's first start measured for lateness.
 */
export function withObservation(deps: EngineDeps): EngineDeps {
  return { ...deps, store: observedStore(deps), actions: measuredActions(deps) };
}

function observedStore(deps: EngineDeps): Store {
  const metrics = deps.metrics ?? noMetrics;
  const landed = (tx: Tx): void => {
    for (const e of tx.events ?? []) {
      if (e.from === e.to || !isTerminal(e.to)) continue;
      const run = tx.writes.flatMap((w) => (w.op !== "put_job" && w.run.job_id === e.job_id && w.run.scheduled_at === e.scheduled_at ? [w.run] : []))[0];
      metrics.runFinished(e.to, run?.skip_reason ?? null);
      if (e.to === "failed" && run) deadLettered(deps, run, e.detail);
    }
  };
  return new Proxy(deps.store, {
    get(target, prop, receiver) {
      if (prop === "commit") {
        return async (tx: Tx) => {
          const ok = await target.commit(tx);
          if (ok) landed(tx);
          return ok;
        };
      }
      if (prop === "commitEach") {
        return async (txs: Tx[]) => {
          try {
            const results = await target.commitEach(txs);
            for (const [i, tx] of txs.entries()) if (results[i] === true) landed(tx);
            return results;
          } catch (e) {
            if (e instanceof PartialCommit) for (const [i, tx] of txs.entries()) if (e.results[i] === true) landed(tx);
            throw e;
          }
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

function deadLettered(deps: EngineDeps, run: Run, detail: string | null): void {
  deps.log.log("warn", "run dead-lettered: it failed for good", {
    ...runFields(run),
    executions: run.executions,
    error: run.error?.message ?? detail,
    error_kind: run.error?.kind ?? null,
  });
}

function measuredActions(deps: EngineDeps): ActionRunner {
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
