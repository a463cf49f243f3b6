import { describe, expect, it } from "vitest";
import { sharedTimer, type Timers } from "../../src/ports/periodic-checks.js";

const MIN = 60_000;

/** Timers on a hand-stepped clock: counts what is armed at once and each firing (a wake-up). */
class SteppedTimers implements Timers {
  t = 0;
  wakeups = 0;
  mostArmed = 0;
  private readonly pending = new Map<number, { at: number; run: () => void; keepsAlive: boolean }>();
  private next = 0;
  now(): number {
    return this.t;
  }
  arm(run: () => void, ms: number, keepsAlive: boolean): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.t + ms, run, keepsAlive });
    this.mostArmed = Math.max(this.mostArmed, this.pending.size);
    return id;
  }
  disarm(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get armed(): { at: number; keepsAlive: boolean }[] {
    return [...this.pending.values()].map(({ at, keepsAlive }) => ({ at, keepsAlive }));
  }
  /** Moves the clock to `until`, firing each timer at its time; timers due together fire in one wake-up. */
  advanceTo(until: number): void {
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= until).sort((a, b) => a[1].at - b[1].at);
      if (due.length === 0) break;
      const at = due[0]![1].at;
      this.t = at;
      this.wakeups++;
      for (const [id, p] of due.filter(([, p]) => p.at === at)) {
        this.pending.delete(id);
        p.run();
      }
    }
    this.t = until;
  }
}

describe("the process's one timer for its periodic checks", () => {
  it("arms one timer for every check registered, and wakes once a minute for a 60 s check and four slower ones armed apart", () => {
    const timers = new SteppedTimers();
    const periodic = sharedTimer(timers);
    const runs = new Map<string, number[]>();
    const register = (name: string, ms: number) => periodic.every(ms, () => runs.set(name, [...(runs.get(name) ?? []), timers.now()]));
    // As an idle service arms them: the file check as the store opens, then the engine's, then the HTTP server's, 0.3 s apart.
    register("file check", 5 * MIN);
    timers.advanceTo(200);
    register("wake watch", MIN);
    register("sweeper", 5 * MIN);
    register("pruner", 60 * MIN);
    timers.advanceTo(500);
    register("connection check", 5 * MIN);
    expect(timers.armed).toHaveLength(1);

    timers.advanceTo(3 * 60 * MIN);
    // Never more than one pending timer, and one wake-up a minute: the wake watch's, which the others ride on.
    expect(timers.mostArmed).toBe(1);
    expect(timers.wakeups).toBeLessThanOrEqual(180);
    // Each check ran no later than its interval after the previous run (or its registration), and at most a fifth of it sooner.
    const registered: Record<string, [number, number]> = {
      "file check": [0, 5 * MIN],
      "wake watch": [200, MIN],
      sweeper: [200, 5 * MIN],
      pruner: [200, 60 * MIN],
      "connection check": [500, 5 * MIN],
    };
    for (const [name, [from, ms]] of Object.entries(registered)) {
      const times = [from, ...(runs.get(name) ?? [])];
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      expect(gaps.length, name).toBeGreaterThanOrEqual(Math.floor((3 * 60 * MIN - from) / ms));
      expect(Math.max(...gaps), name).toBeLessThanOrEqual(ms);
      expect(Math.min(...gaps), name).toBeGreaterThanOrEqual(ms * 0.8);
      expect(3 * 60 * MIN - times.at(-1)!, name).toBeLessThanOrEqual(ms);
    }
  });

  it("runs two checks of the same period armed a moment apart on one wake-up", () => {
    const timers = new SteppedTimers();
    const periodic = sharedTimer(timers);
    const ran: string[] = [];
    periodic.every(5 * MIN, () => ran.push(`a@${timers.now()}`));
    timers.advanceTo(300);
    periodic.every(5 * MIN, () => ran.push(`b@${timers.now()}`));
    timers.advanceTo(60 * MIN);
    expect(timers.wakeups).toBe(12);
    expect(ran.slice(0, 4)).toEqual([`a@${5 * MIN}`, `b@${5 * MIN}`, `a@${10 * MIN}`, `b@${10 * MIN}`]);
  });

  it("disarms its timer when the last check leaves, and keeps the process alive only while a check asks it to", () => {
    const timers = new SteppedTimers();
    const periodic = sharedTimer(timers);
    const stopWatch = periodic.every(MIN, () => {});
    expect(timers.armed).toEqual([{ at: MIN, keepsAlive: false }]);
    const stopSweeper = periodic.every(5 * MIN, () => {}, { keepsAlive: true });
    expect(timers.armed).toEqual([{ at: MIN, keepsAlive: true }]);
    stopSweeper();
    expect(timers.armed).toEqual([{ at: MIN, keepsAlive: false }]);
    stopWatch();
    expect(timers.armed).toEqual([]);
    timers.advanceTo(60 * MIN);
    expect(timers.wakeups).toBe(0);
  });

  it("runs the other checks, and keeps its timer, when one check throws, and still surfaces the error", () => {
    const timers = new SteppedTimers();
    const periodic = sharedTimer(timers);
    let ran = 0;
    periodic.every(MIN, () => {
      throw new Error("check failed");
    });
    periodic.every(MIN, () => ran++);
    expect(() => timers.advanceTo(MIN)).toThrow("check failed");
    expect(ran).toBe(1);
    expect(timers.armed).toEqual([{ at: 2 * MIN, keepsAlive: false }]);
  });
});
