import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DelayQueue, QueueItem } from "../../src/ports/queue.js";

export interface OpenedQueue {
  queue: DelayQueue;
  /** How long a delivery stays hidden before it is handed out again if not acknowledged. */
  visibilityMs: number;
  cleanup(): Promise<void>;
}

/**
 * The delay-queue port's contract, written once and run against every adapter. It runs on
 * real time (a remote queue has no fake clock), with delays of about a second.
 */
export function describeQueueContract(name: string, open: () => Promise<OpenedQueue>) {
  describe(`DelayQueue contract: ${name}`, () => {
    let queue: DelayQueue;
    let visibilityMs: number;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ queue, visibilityMs, cleanup } = await open());
    });
    afterEach(async () => {
      await cleanup();
    });

    const item = (job: string, owner: string, dueAt: number): QueueItem => ({ key: { job_id: job, scheduled_at: dueAt }, owner, dueAt });

    async function drain(max: number, untilCount: number, timeoutMs: number) {
      const got = [];
      const end = Date.now() + timeoutMs;
      while (got.length < untilCount && Date.now() < end) {
        const batch = await queue.receive(max, 500);
        got.push(...batch);
        await queue.ack(batch);
      }
      return got;
    }

    it("delivers a run that is already due", async () => {
      const now = Date.now();
      await queue.send([item("j1", "alice", now - 10)]);
      const got = await drain(10, 1, 5_000);
      expect(got.map((m) => m.key)).toEqual([{ job_id: "j1", scheduled_at: now - 10 }]);
      expect(got[0]!.owner).toBe("alice");
      expect(got[0]!.receipt).toEqual(expect.any(String));
    }, 10_000);

    it("holds a run until its due time, not before", async () => {
      const due = Date.now() + 1_500;
      await queue.send([item("later", "alice", due)]);
      const early = await queue.receive(10, 300);
      expect(early).toEqual([]);
      const got = await drain(10, 1, 6_000);
      expect(got).toHaveLength(1);
      expect(Date.now()).toBeGreaterThanOrEqual(due);
    }, 10_000);

    it("returns an empty batch when nothing is due within the wait", async () => {
      const started = Date.now();
      expect(await queue.receive(10, 200)).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    });

    // The pair: the first shows an unacknowledged delivery comes back within the wait the second
    // uses, so the second can only pass because ack worked.
    it("delivers a message again when it is not acknowledged within the visibility timeout", async () => {
      await queue.send([item("dropped", "alice", Date.now() - 1)]);
      const first = await queue.receive(10, 2_000);
      expect(first.map((m) => m.key.job_id)).toEqual(["dropped"]);
      const again = [];
      const end = Date.now() + visibilityMs + 2_000;
      while (again.length === 0 && Date.now() < end) again.push(...(await queue.receive(10, 500)));
      expect(again.map((m) => m.key.job_id)).toEqual(["dropped"]);
      await queue.ack(again);
    }, 15_000);

    it("does not deliver an acknowledged message again", async () => {
      await queue.send([item("once", "alice", Date.now())]);
      const got = await drain(10, 1, 5_000);
      expect(got).toHaveLength(1);
      expect(await queue.receive(10, visibilityMs + 2_000)).toEqual([]);
    }, 15_000);

    it("interleaves owners so one owner's burst does not hold back another's run", async () => {
      const now = Date.now() - 1;
      const burst = Array.from({ length: 30 }, (_, i) => item(`big-${String(i).padStart(2, "0")}`, "big", now));
      await queue.send([...burst, item("small-0", "small", now)]);
      const got = await drain(10, 31, 8_000);
      expect(got).toHaveLength(31);
      const position = got.findIndex((m) => m.owner === "small");
      // Within the first two batches of ten: a remote queue may not hand over all 31 at once.
      expect(position).toBeGreaterThanOrEqual(0);
      expect(position).toBeLessThan(20);
    }, 15_000);
  });
}
