import type { Clock } from "../ports/clock.js";

/** A jump shorter than this is load or a slow tick, not sleep. */
const MIN_GAP_MS = 30_000;

/**
 * Notices that the wall clock ran ahead of this process's timers: the computer slept, the VM
 * was paused, the process was stopped. Timers do not fire while the machine sleeps, so a check
 * every `periodMs` that finds far more wall time passed than the period (by more than
 * max(30 s, 10 periods)) means the process was not running; `onWake` is told how long passed.
 * A clock set back is not a wake.
 */
export class WakeWatch {
  private readonly clock: Clock;
  private readonly periodMs: number;
  private readonly onWake: (elapsedMs: number) => void;
  private last: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: { clock: Clock; periodMs: number; onWake: (elapsedMs: number) => void }) {
    this.clock = opts.clock;
    this.periodMs = opts.periodMs;
    this.onWake = opts.onWake;
  }

  start(): void {
    if (this.timer) return;
    this.last = this.clock.now();
    this.timer = setInterval(() => this.check(), this.periodMs);
    // It only watches: the roles and the server keep the process alive.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.last = null;
  }

  /** One check, as the timer runs it: compares the wall time passed since the previous check with the period. */
  check(): void {
    const now = this.clock.now();
    const elapsed = this.last === null ? 0 : now - this.last;
    this.last = now;
    if (elapsed - this.periodMs > Math.max(MIN_GAP_MS, 10 * this.periodMs)) this.onWake(elapsed);
  }
}
