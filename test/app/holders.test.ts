import { describe, expect, it } from "vitest";
import { Holders } from "../../src/app/engine/holders.js";
import { DEFAULT_SETTINGS } from "../../src/app/settings.js";
import type { Run } from "../../src/core/model.js";
import { silentLogger } from "../../src/ports/logger.js";
import { Beats } from "../support/beats.js";
import { makeJob, makeRun, T0 } from "../support/builders.js";
import { FakeClock } from "../support/fake-clock.js";

const LEASE = 30_000;
const DEAD_AFTER = 10_000; // workerDeadAfterMs at this lease: 5 beats of 2 s

const runHeldBy = (worker: string): Run => makeRun(makeJob(), T0, { status: "running", attempt: 1, lease_owner: worker, lease_until: T0 + LEASE });

function setup() {
  const clock = new FakeClock(T0);
  const beats = new Beats();
  const mine = { id: "worker-here", held: new Set<string>(), holds: (run: Run) => run.lease_owner === "worker-here" };
  const holders = new Holders({ clock, log: silentLogger, settings: { ...DEFAULT_SETTINGS, lease_ms: LEASE } }, { local: () => [mine], presence: beats });
  return { clock, beats, holders };
}

describe("whether a run's worker is alive, as the reaper asks", () => {
  it("answers alive for this process's own worker's runs, whatever the presence table says", async () => {
    const { holders } = setup();
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-here"))).toBe("alive");
  });

  it("keeps a beating worker alive across a wall-clock jump an hour ahead", async () => {
    const { clock, beats, holders } = setup();
    await beats.beat("worker-a", clock.now(), LEASE);
    await holders.refresh();
    clock.jump(3_600_000);
    for (let i = 0; i < 10; i++) {
      clock.advance(10_000);
      await beats.beat("worker-a", clock.now(), LEASE);
      await holders.refresh();
      expect(holders.state(runHeldBy("worker-a"))).toBe("alive");
    }
  });

  it("takes a worker whose beat stood still for a third of a lease for dead, even after the wall clock was set back an hour", async () => {
    const { clock, beats, holders } = setup();
    await beats.beat("worker-b", clock.now(), LEASE);
    await holders.refresh();
    clock.jump(-3_600_000);
    clock.advance(DEAD_AFTER - 1);
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-b"))).toBe("alive");
    expect(holders.recentlyDead()).toBe(false);
    clock.advance(1);
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-b"))).toBe("dead");
    // Its runs may be held under leases that run on for up to a lease: the watcher looks ahead for them until then.
    expect(holders.recentlyDead()).toBe(true);
    clock.advance(LEASE);
    expect(holders.recentlyDead()).toBe(false);
  });

  it("keeps a worker alive whose beats land late and irregularly, up to 4 of its beat intervals apart", async () => {
    const { clock, beats, holders } = setup();
    // A live worker beats every 2 s; slow writes and a busy machine spread them out, never 10 s.
    for (const gap of [2_000, 7_000, 9_999, 500, 8_000, 9_000, 2_000]) {
      await beats.beat("worker-slow", clock.now(), LEASE);
      for (let t = 0; t < gap; t += 1_000) {
        clock.advance(Math.min(1_000, gap - t));
        await holders.refresh();
        expect(holders.state(runHeldBy("worker-slow"))).toBe("alive");
      }
    }
    expect(holders.recentlyDead()).toBe(false);
  });

  it("leaves a worker it never saw, or one that left, to its lease, and reaps nothing on a lease alone while the table cannot be read", async () => {
    const { clock, beats, holders } = setup();
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-unknown"))).toBe("unknown");
    await beats.beat("worker-c", clock.now(), LEASE);
    await holders.refresh();
    await beats.leave("worker-c");
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-c"))).toBe("unknown");
    beats.fail = true;
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-unknown"))).toBe("alive");
  });

  it("takes a buried worker for dead at the first read that shows the burial, however fresh its last beat, and says why", async () => {
    const { clock, beats, holders } = setup();
    await beats.beat("worker-d", clock.now(), LEASE);
    await holders.refresh();
    clock.advance(1_000);
    await beats.bury("worker", "worker-d");
    expect(holders.state(runHeldBy("worker-d"))).toBe("alive");
    await holders.refresh();
    expect(holders.state(runHeldBy("worker-d"))).toBe("dead");
    expect(holders.whyDead(runHeldBy("worker-d"))).toMatch(/found its pid gone/);
    // Its runs' leases run on for up to a lease: the watcher looks ahead for them until then
    // (and for a lease after its beat is seen standing still, which comes later).
    expect(holders.recentlyDead()).toBe(true);
    clock.advance(2 * LEASE);
    await holders.refresh();
    expect(holders.recentlyDead()).toBe(false);
    expect(holders.state(runHeldBy("worker-d"))).toBe("dead");
  });
});
