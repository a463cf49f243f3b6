import type { ActionRunner } from "../ports/action.js";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { Metrics } from "../ports/metrics.js";
import type { DelayQueue } from "../ports/queue.js";
import type { Store } from "../ports/store.js";
import type { ChangeFeed } from "./changes.js";
import type { Limits } from "./limits.js";
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
  /** What operators count (Prometheus); absent in tests that do not look. */
  metrics?: Metrics;
  settings: EngineSettings;
  /** Per-owner rate limits (creates, executions, LLM budget); absent, nothing is rate-limited. */
  limits?: Limits;
  /**
   * Where landed changes are announced. The engine sets it and wraps the store to announce every
   * commit it confirms; code that reads back a commit whose answer was lost announces what it
   * finds landed here. Absent (a part tested alone), nothing is announced.
   */
  changes?: ChangeFeed;
}
