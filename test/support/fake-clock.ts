import type { Clock } from "../../src/ports/clock.js";

/** A clock tests step by hand: nothing in the engine sleeps on it. */
export class FakeClock implements Clock {
  private t: number;
  constructor(start: number | string) {
    this.t = typeof start === "string" ? Date.parse(start) : start;
  }
  now(): number {
    return this.t;
  }
  advance(ms: number): number {
    this.t += ms;
    return this.t;
  }
  set(at: number | string): void {
    this.t = typeof at === "string" ? Date.parse(at) : at;
  }
}
