import type { Logger } from "../ports/logger.js";
import { Outage } from "./outage.js";

/**
 * Runs `tick` at once and then `intervalMs` after each tick ends, until stopped: ticks never
 * overlap, and a failing one is logged (as `failure`, the 1st, 2nd, 4th… of a run of failures)
 * without ending the loop. With `backoff`, a run of failures also spaces the ticks out (see
 * Outage), for a loop whose failing tick would only fail again and load what is failing.
 */
export class PollLoop {
  private readonly tick: () => Promise<unknown>;
  private readonly intervalMs: number;
  private readonly outage: Outage;
  private readonly backoff: boolean;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private stopped = true;
  /** A tick was asked for while one ran: start the next at once. */
  private again = false;

  constructor(opts: { tick: () => Promise<unknown>; intervalMs: number; log: Logger; failure: string; backoff?: { random: () => number } }) {
    this.tick = opts.tick;
    this.intervalMs = opts.intervalMs;
    this.backoff = opts.backoff !== undefined;
    this.outage = new Outage({ log: opts.log, random: opts.backoff?.random ?? (() => 0), failure: opts.failure });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Ticks at once (right after the running tick, if any) instead of waiting out the interval; no-op when stopped. */
  runNow(): void {
    if (this.stopped) return;
    if (this.current !== null) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** No tick starts after this; resolves once the one running (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.run();
    }, delayMs);
  }

  private async run(): Promise<void> {
    let backoffMs = 0;
    try {
      await this.tick();
      this.outage.succeeded();
    } catch (e) {
      const waitMs = this.outage.failed(e);
      if (this.backoff) backoffMs = waitMs;
    }
    this.current = null;
    const delay = Math.max(this.again ? 0 : this.intervalMs, backoffMs);
    this.again = false;
    if (!this.stopped) this.schedule(delay);
  }
}
