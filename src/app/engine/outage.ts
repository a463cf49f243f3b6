import type { RetryPolicy } from "../../core/model.js";
import { decideRetry } from "../../core/retry.js";
import type { Logger } from "../../ports/logger.js";

/**
 * How long to wait after each consecutive failure of a dependency (the store, the queue): the
 * same exponential backoff with full jitter as an action's retries (decideRetry), never giving up.
 */
export const OUTAGE_BACKOFF: RetryPolicy = { max_attempts: Number.MAX_SAFE_INTEGER, base_delay_ms: 500, factor: 2, max_delay_ms: 30_000 };

/**
 * One dependency's run of consecutive failures, as a loop that keeps calling it sees them: each
 * failure says how long to wait before the next call, and the log hears of the run without a
 * line per call (the 1st, 2nd, 4th, 8th… failure, and the recovery).
 */
export class Outage {
  private readonly log: Logger;
  private readonly random: () => number;
  private readonly failure: string;
  private failures = 0;

  /** `failure` is the log line that says what failed ("cannot receive from the queue"). */
  constructor(opts: { log: Logger; random: () => number; failure: string }) {
    this.log = opts.log;
    this.random = opts.random;
    this.failure = opts.failure;
  }

  /** Consecutive failures so far. */
  get count(): number {
    return this.failures;
  }

  /** Records a failure; returns how long to wait (ms) before trying again. */
  failed(error: unknown, data: Record<string, unknown> = {}): number {
    this.failures++;
    const decision = decideRetry(OUTAGE_BACKOFF, this.failures, { permanent: false }, this.random());
    const waitMs = decision.kind === "retry" ? decision.delayMs : OUTAGE_BACKOFF.max_delay_ms;
    if ((this.failures & (this.failures - 1)) === 0) {
      this.log.log("error", this.failure, { ...data, failures: this.failures, retry_in_ms: waitMs, error: String(error) });
    }
    return waitMs;
  }

  /** Records a success: ends the run of failures, saying so if there was one. */
  succeeded(data: Record<string, unknown> = {}): void {
    if (this.failures > 0) this.log.log("info", `works again: ${this.failure}`, { ...data, after_failures: this.failures });
    this.failures = 0;
  }
}
