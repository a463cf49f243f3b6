import type { Clock } from "../../src/ports/clock.js";

/**
 * A clock tests step by hand: nothing in the engine sleeps on it. `advance` and `set` move wall
 * and elapsed time together; `jump` moves the wall clock alone, as a clock set by hand or NTP does.
 */
export class FakeClock implements Clock {
  private t: number;
  private elapsed = 0;
  private readonly moved: (() => void)[] = [];
  constructor(start: number | string) {
    this.t = typeof start === "string" ? Date.parse(start) : start;
  }
  now(): number {
    return this.t;
  }
  monotonic(): number {
    return this.elapsed;
  }
  advance(ms: number): number {
    this.t += ms;
    this.elapsed += ms;
    this.tell();
    return this.t;
  }
  set(at: number | string): void {
    const next = typeof at === "string" ? Date.parse(at) : at;
    this.elapsed += Math.max(0, next - this.t);
    this.t = next;
    this.tell();
  }
  /** The wall clock jumps by `ms` (either way); no time passes. */
  jump(ms: number): void {
    this.t += ms;
    this.tell();
  }

  /**
   * Calls `listener` after every step. A stepped clock fires no timer, so an engine that sleeps
   * until its next work (real timers, set in real time) is told to look now, as its timers would
   * have made it.
   */
  onMove(listener: () => void): void {
    this.moved.push(listener);
  }

  private tell(): void {
    for (const l of this.moved) l();
  }
}
