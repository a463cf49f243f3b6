import type { Store, Tx } from "../../src/ports/store.js";
import { type FaultPlan, InjectedFault, never } from "./faults.js";

const READS = [
  "getJob",
  "getJobs",
  "getJobVersions",
  "getRuns",
  "getRunsWithJobs",
  "listJobs",
  "scanJobs",
  "countJobs",
  "getRun",
  "queryBucket",
  "listWaking",
  "listJobRuns",
  "listInFlightRuns",
  "listEvents",
  "listJobEvents",
] as const;

/**
 * A store that fails some calls as a real one can, around a real store:
 * - `error`: the call fails and nothing is written (a throttled or refused request);
 * - `timeout`: the call never answers; a write may or may not have landed;
 * - `lost_reply` (writes): the write lands, then the call fails (the answer was lost);
 * - `partial` (commitEach): some txs land, then the call fails as a whole without saying which.
 */
export function faultyStore(store: Store, plan: FaultPlan): Store {
  const wrapped = { ...store } as Store;
  for (const name of READS) {
    const real = store[name].bind(store) as (...args: unknown[]) => Promise<unknown>;
    (wrapped as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const fault = plan.pick(name, ["error", "timeout"] as const);
      if (fault === "error") throw new InjectedFault(`${name} failed`);
      if (fault === "timeout") return never();
      return real(...args);
    };
  }
  wrapped.commit = async (tx: Tx) => {
    const fault = plan.pick("commit", ["error", "timeout", "lost_reply"] as const);
    if (fault === "error") throw new InjectedFault("commit failed");
    const ok = await store.commit(tx);
    if (fault === "lost_reply") throw new InjectedFault("commit landed, its answer was lost");
    if (fault === "timeout") return never();
    return ok;
  };
  wrapped.commitEach = async (txs: Tx[]) => {
    const fault = plan.pick("commitEach", ["error", "timeout", "lost_reply", "partial"] as const);
    if (fault === "error") throw new InjectedFault("commitEach failed");
    if (fault === "partial") {
      await store.commitEach(txs.slice(0, Math.floor(plan.random() * txs.length)));
      throw new InjectedFault("commitEach failed part way");
    }
    const results = await store.commitEach(txs);
    if (fault === "lost_reply") throw new InjectedFault("commitEach landed, its answer was lost");
    if (fault === "timeout") return never();
    return results;
  };
  return wrapped;
}
