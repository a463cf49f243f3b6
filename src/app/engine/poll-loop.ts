import type { Logger } from "../../ports/logger.js";
import type { PeriodicChecks } from "../../ports/periodic-checks.js";
import { Outage } from "./outage.js";

/** Node fires a timer of more than 2^31-1 ms after 1 ms, so no sleep is longer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs `tick` at once and then again after each tick ends, until stopped: ticks never overlap,
 * and a failing one is logged (as `failure`, the 1st, 2nd, 4th… of a run of failures) without
 * ending the loop. After a tick the loop sleeps `intervalMs`, or what `sleepAfter` says (a loop
 * that knows when it next has work; undefined: `intervalMs`; Infinity: until `runWithin`, or ~24
 * days, the longest timer). `runWithin` shortens a sleep when work turns up sooner. With
 * `backoff`, a run of failures also spaces the ticks out (see Outage), for a loop whose failing
 * tick would only fail again and load what is failing. With `periodic` (a loop without
 * `sleepAfter` or `backoff`: the sweeper, the pruner), the regular ticks come from the process's
 * one timer for periodic checks, so they share its wake-ups; the loop arms a timer of its own only
 * for a sooner tick (`runWithin`).
 */
export class PollLoop<T = unknown> {
  private readonly tick: () => Promise<T>;
  private readonly sleepAfter: ((result: T) => Promise<number | undefined>) | null;
  private readonly intervalMs: number;
  private readonly outage: Outage;
  private readonly backoff: boolean;
  private readonly periodic: PeriodicChecks | null;
  private unregister: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** When the armed timer fires, on the monotonic clock (timers run on it). */
  private timerDue = Infinity;
  private current: Promise<void> | null = null;
  private stopped = true;
  /** Asked, while a tick ran, to tick again within this many ms of its end (0: at once). */
  private again = Infinity;

  constructor(opts: {
    tick: () => Promise<T>;
    sleepAfter?: (result: T) => Promise<number | undefined>;
    intervalMs: number;
    log: Logger;
    failure: string;
    backoff?: { random: () => number };
    periodic?: PeriodicChecks;
  }) {
    this.tick = opts.tick;
    this.sleepAfter = opts.sleepAfter ?? null;
    this.intervalMs = opts.intervalMs;
    this.backoff = opts.backoff !== undefined;
    this.periodic = opts.periodic ?? null;
    this.outage = new Outage({ log: opts.log, random: opts.backoff?.random ?? (() => 0), failure: opts.failure });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
    // A role's own timer kept the process alive; so does its registration.
    this.unregister = this.periodic?.every(this.intervalMs, () => this.runNow(), { keepsAlive: true }) ?? null;
  }

  /** Ticks at once (right after the running tick, if any) instead of waiting out the sleep; no-op when stopped. */
  runNow(): void {
    this.runWithin(0);
  }

  /** Ticks within `ms` (after the running tick, if any), or sooner if it was going to anyway; no-op when stopped. */
  runWithin(ms: number): void {
    if (this.stopped) return;
    const delay = Math.max(0, ms);
    if (this.current !== null) {
      this.again = Math.min(this.again, delay);
      return;
    }
    if (performance.now() + delay >= this.timerDue) return;
    this.schedule(delay);
  }

  /** No tick starts after this; resolves once the one running (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clear();
    this.unregister?.();
    this.unregister = null;
    await this.current;
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerDue = Infinity;
  }

  private schedule(delayMs: number): void {
    this.clear();
    const delay = Math.min(delayMs, MAX_TIMER_MS);
    this.timerDue = performance.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerDue = Infinity;
      this.current = this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    let delay = this.intervalMs;
    let backoffMs = 0;
    try {
      const result = await this.tick();
      this.outage.succeeded();
      const next = await this.sleepAfter?.(result);
      if (next !== undefined && !Number.isNaN(next)) delay = next;
    } catch (e) {
      const waitMs = this.outage.failed(e);
      if (this.backoff) backoffMs = waitMs;
    }
    this.current = null;
    delay = Math.max(Math.min(delay, this.again), backoffMs);
    this.again = Infinity;
    if (this.stopped) return;
    // The periodic timer brings the next regular tick.
    if (this.periodic && delay >= this.intervalMs) return;
    this.schedule(delay);
  }
}
