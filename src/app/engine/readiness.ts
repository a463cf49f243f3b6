import { sleep } from "../../ports/clock.js";
import type { DelayQueue } from "../../ports/queue.js";
import type { Store } from "../../ports/store.js";
import type { EngineDeps } from "../deps.js";
import { Outage } from "./outage.js";
import { checkReady, type Readiness } from "./status.js";

/** What does not answer, each with the service's own words (on AWS: the service, call, table or queue, endpoint). */
export function failingParts(r: Readiness): string {
  return [!r.store.ok && `store: ${r.store.error}`, !r.queue.ok && `queue: ${r.queue.error}`].filter(Boolean).join("; ");
}

/**
 * Waits until the store and the queue both answer, checking again with backoff (Outage) while
 * they do not: a role process started against a wrong endpoint, a missing table or queue takes
 * no shard and no message meanwhile, and logs a few lines, not one per poll. Resolves false
 * when `signal` ends the wait.
 */
export async function untilReady(
  deps: Pick<EngineDeps, "log" | "random"> & { store: Store; queue: DelayQueue },
  role: string,
  signal: AbortSignal,
): Promise<boolean> {
  const outage = new Outage({ log: deps.log, random: deps.random, failure: `${role} waits: the store or the queue does not answer` });
  while (!signal.aborted) {
    const ready = await checkReady(deps);
    if (ready.ok) {
      outage.succeeded();
      return true;
    }
    await sleep(outage.failed(failingParts(ready)), signal);
  }
  return false;
}
