import { type Clock, monotonicOf } from "../../ports/clock.js";
import type { Metrics } from "../../ports/metrics.js";
import { type PeriodicChecks, sharedTimer } from "../../ports/periodic-checks.js";

/** A jump shorter than this is load or a slow tick, not sleep. */
const MIN_GAP_MS = 30_000;

/**
 * Notices that the wall clock ran ahead of this process's timers: the computer slept, the VM
 * was paused, the process was stopped, the clock was set forward. A sleeping engine's timers are
 * set for when it next has work, and they do not fire while the machine sleeps, so after a wake
 * they would fire late; `onWake` (told how long passed) catches up at once instead.
 *
 * Two rules, so that a jump is noticed at the first thing the process does after it:
 * - any check (`observe`: every store call, so every request and every timer of the engine)
 *   compares the wall time passed since the previous check with the monotonic time passed
 *   (which stops while the machine sleeps, on Linux and macOS): more than 30 s apart is a wake;
 * - the watch's own timer, every `periodMs`, also counts wall time far beyond its period (by more
 *   than max(30 s, 10 periods)) as a wake, for a platform whose monotonic clock runs on in sleep
 *   (its timers then fire on time after a wake anyway).
 * The timer is what bounds how late an idle process notices: at most `periodMs`. A clock set
 * back is not a wake.
 */
export class WakeWatch {
  private readonly clock: Clock;
  private readonly periodMs: number;
  private readonly onWake: (elapsedMs: number) => void;
  private readonly metrics: Metrics | null;
  private readonly periodic: PeriodicChecks;
  private last: { wall: number; mono: number } | null = null;
  private unregister: (() => void) | null = null;

  /** `periodic`: the process's one timer for its periodic checks. @default a timer of its own */
  constructor(opts: { clock: Clock; periodMs: number; onWake: (elapsedMs: number) => void; metrics?: Metrics; periodic?: PeriodicChecks }) {
    this.clock = opts.clock;
    this.periodMs = opts.periodMs;
    this.onWake = opts.onWake;
    this.metrics = opts.metrics ?? null;
    this.periodic = opts.periodic ?? sharedTimer();
  }

  start(): void {
    if (this.unregister) return;
    this.last = this.read();
    // It only watches: the roles and the server keep the process alive.
    this.unregister = this.periodic.every(this.periodMs, () => this.metrics?.wakeup("wake_watch", !this.check()));
  }

  stop(): void {
    this.unregister?.();
    this.unregister = null;
    this.last = null;
  }

  /** One check, as the timer runs it (both rules); true when it found a wake. */
  check(): boolean {
    return this.compare(true);
  }

  /** A check from anything else the process does (the monotonic rule only); no-op unless started. */
  observe(): void {
    if (this.last !== null) this.compare(false);
  }

  private read(): { wall: number; mono: number } {
    return { wall: this.clock.now(), mono: monotonicOf(this.clock) };
  }

  private compare(fromTimer: boolean): boolean {
    const now = this.read();
    const wall = this.last === null ? 0 : now.wall - this.last.wall;
    const mono = this.last === null ? 0 : now.mono - this.last.mono;
    this.last = now;
    const aheadOfMonotonic = wall - mono > MIN_GAP_MS;
    const aheadOfTimer = fromTimer && wall - this.periodMs > Math.max(MIN_GAP_MS, 10 * this.periodMs);
    if (!aheadOfMonotonic && !aheadOfTimer) return false;
    this.onWake(wall);
    return true;
  }
}
