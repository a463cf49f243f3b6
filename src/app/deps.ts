import type { ActionRunner } from "../ports/action.js";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { DelayQueue } from "../ports/queue.js";
import type { Store } from "../ports/store.js";
import type { EngineSettings } from "./settings.js";

/** Everything the use cases need, injected by the composition root (src/main.ts) or a test. */
export interface EngineDeps {
  store: Store;
  queue: DelayQueue;
  clock: Clock;
  /** Uniform in [0, 1): retry jitter. */
  random: () => number;
  actions: ActionRunner;
  log: Logger;
  settings: EngineSettings;
  /**
   * Charges one run-now against the owner's limits, rejecting with a DomainError
   * `limit_exceeded` when it is over; called once per task_run_now, before anything is written.
   * Absent: run-now is not limited.
   */
  chargeRunNow?: (owner: string, now: number) => Promise<void>;
}
