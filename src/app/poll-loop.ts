import type { Logger } from "../ports/logger.js";

/**
 * Runs `tick` at once and then `intervalMs` after each tick ends, until stopped: ticks never
 * overlap, and a failing one is logged (as `failure`) without ending the loop.
 */
export class PollLoop {
  private readonly tick: () => Promise<unknown>;
  private readonly intervalMs: number;
  private readonly log: Logger;
  private readonly failure: string;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private stopped = true;
  /** A tick was asked for while one ran: start the next at once. */
  private again = false;

  constructor(opts: { tick: () => Promise<unknown>; intervalMs: number; log: Logger; failure: string }) {
    this.tick = opts.tick;
    this.intervalMs = opts.intervalMs;
    this.log = opts.log;
    this.failure = opts.failure;
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
    try {
      await this.tick();
    } catch (e) {
      this.log.log("error", this.failure, { error: String(e) });
    }
    this.current = null;
    const delay = this.again ? 0 : this.intervalMs;
    this.again = false;
    if (!this.stopped) this.schedule(delay);
  }
}
