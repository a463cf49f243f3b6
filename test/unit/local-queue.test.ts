import { describe, expect, it } from "vitest";
import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { FakeClock } from "../support/fake-clock.js";

const item = (job: string, owner: string, dueAt: number) => ({ key: { job_id: job, scheduled_at: dueAt }, owner, dueAt });

describe("LocalDelayQueue on a stepped clock", () => {
  it("releases runs in due order once the clock reaches them", async () => {
    const clock = new FakeClock(1_000);
    const q = new LocalDelayQueue(clock);
    await q.send([item("c", "o", 3_000), item("a", "o", 1_500), item("b", "o", 2_000)]);
    expect(await q.receive(10, 0)).toEqual([]);
    clock.set(2_000);
    expect((await q.receive(10, 0)).map((m) => m.key.job_id)).toEqual(["a", "b"]);
    clock.set(5_000);
    expect((await q.receive(10, 0)).map((m) => m.key.job_id)).toEqual(["c"]);
  });

  it("hands a run out as it was sent, with a receipt of its own for each delivery", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock, { visibilityMs: 1_000 });
    await q.send([item("a", "o", 10)]);
    clock.set(10);
    const [first] = await q.receive(10, 0);
    expect(first).toEqual({ ...item("a", "o", 10), receipt: expect.any(String) });
    clock.set(1_010);
    const [again] = await q.receive(10, 0);
    expect(again).toEqual({ ...item("a", "o", 10), receipt: expect.any(String) });
    expect(again!.receipt).not.toBe(first!.receipt);
  });

  it("drops a re-send of a run it still holds, but accepts it again after delivery", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock);
    await q.send([item("a", "o", 10), item("a", "o", 10)]);
    expect(await q.size()).toBe(1);
    clock.set(10);
    expect(await q.receive(10, 0)).toHaveLength(1);
    await q.send([item("a", "o", 10)]);
    expect(await q.receive(10, 0)).toHaveLength(1);
  });

  it("takes owners round-robin: a single run of a quiet owner comes out in the first turn", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock);
    const burst = Array.from({ length: 1000 }, (_, i) => item(`big${i}`, "big", 0));
    await q.send([...burst, item("one", "quiet", 0)]);
    const first = await q.receive(2, 0);
    expect(first.map((m) => m.owner).sort()).toEqual(["big", "quiet"]);
    expect((await q.receive(5000, 0)).every((m) => m.owner === "big")).toBe(true);
  });

  it("keeps equal due times in the order they were sent", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock);
    await q.send(["x", "y", "z"].map((j) => item(j, "o", 5)));
    clock.set(5);
    expect((await q.receive(3, 0)).map((m) => m.key.job_id)).toEqual(["x", "y", "z"]);
  });

  it("counts a delivered message until it is acknowledged", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock);
    await q.send([item("a", "o", 0), item("b", "o", 10)]);
    expect(await q.size()).toBe(2);
    const got = await q.receive(10, 0);
    expect(got.map((m) => m.key.job_id)).toEqual(["a"]);
    expect(await q.size()).toBe(2);
    await q.ack(got);
    expect(await q.size()).toBe(1);
  });

  it("delivers an unacknowledged message again once its visibility timeout has passed, and an acknowledged one never", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock, { visibilityMs: 1_000 });
    await q.send([item("kept", "o", 0), item("done", "o", 0)]);
    const first = await q.receive(10, 0);
    expect(first.map((m) => m.key.job_id)).toEqual(["kept", "done"]);
    await q.ack(first.filter((m) => m.key.job_id === "done"));
    clock.set(999);
    expect(await q.receive(10, 0)).toEqual([]);
    clock.set(1_000);
    const again = await q.receive(10, 0);
    expect(again.map((m) => m.key.job_id)).toEqual(["kept"]);
    expect(again[0]!.receipt).not.toBe(first[0]!.receipt);
    await q.ack(again);
    clock.set(60_000);
    expect(await q.receive(10, 0)).toEqual([]);
    expect(await q.size()).toBe(0);
  });

  it("keeps an extended message hidden until its new timeout, counted from the extension", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock, { visibilityMs: 1_000 });
    await q.send([item("long", "o", 0)]);
    const [m] = await q.receive(1, 0);
    clock.set(800);
    await q.extend(m!, 1_000);
    clock.set(1_500);
    expect(await q.receive(10, 0)).toEqual([]);
    clock.set(1_800);
    expect((await q.receive(10, 0)).map((x) => x.key.job_id)).toEqual(["long"]);
    await q.extend(m!, 5_000);
    expect(await q.size()).toBe(1);
  });

  it("holds several runs of one task apart: a re-send of either is dropped, and each is accepted again once delivered", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock);
    const run = (at: number) => ({ key: { job_id: "a", scheduled_at: at }, owner: "o", dueAt: at });
    await q.send([run(10), run(20), run(30), run(10), run(20)]);
    expect(await q.size()).toBe(3);
    clock.set(20);
    expect((await q.receive(10, 0)).map((m) => m.key.scheduled_at)).toEqual([10, 20]);
    await q.send([run(10), run(30)]);
    expect(await q.size()).toBe(4);
    clock.set(30);
    expect((await q.receive(10, 0)).map((m) => m.key.scheduled_at)).toEqual([10, 30]);
  });

  it("loses no unacknowledged delivery when thousands of acknowledged ones are dropped from its timeouts", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock, { visibilityMs: 1_000 });
    const n = 5_000;
    await q.send(Array.from({ length: n }, (_, i) => item(`r${i}`, "o", 0)));
    const got = await q.receive(n, 0);
    // Every tenth stays unacknowledged, one of them extended (later), one sooner: all come back, each at its time.
    const kept = got.filter((_, i) => i % 10 === 0);
    await q.ack(got.filter((_, i) => i % 10 !== 0));
    await q.extend(kept[1]!, 3_000);
    await q.extend(kept[2]!, 500);
    clock.set(500);
    const soon = await q.receive(n, 0);
    expect(soon.map((m) => m.key.job_id)).toEqual([kept[2]!.key.job_id]);
    await q.ack(soon);
    clock.set(1_000);
    const again = await q.receive(n, 0);
    expect(again.map((m) => m.key.job_id).sort()).toEqual(
      kept
        .filter((_, i) => i !== 1 && i !== 2)
        .map((m) => m.key.job_id)
        .sort(),
    );
    await q.ack(again);
    clock.set(2_999);
    expect(await q.receive(n, 0)).toEqual([]);
    clock.set(3_000);
    expect((await q.receive(n, 0)).map((m) => m.key.job_id)).toEqual([kept[1]!.key.job_id]);
  });

  it("keeps a delivery extended many times hidden until its last extension, and delivers it once", async () => {
    const clock = new FakeClock(0);
    const q = new LocalDelayQueue(clock, { visibilityMs: 1_000 });
    await q.send([item("long", "o", 0)]);
    const [m] = await q.receive(1, 0);
    for (let t = 100; t <= 10_000; t += 100) {
      clock.set(t);
      await q.extend(m!, 1_000);
      expect(await q.receive(10, 0)).toEqual([]);
    }
    clock.set(11_000);
    expect((await q.receive(10, 0)).map((x) => x.key.job_id)).toEqual(["long"]);
    clock.set(100_000);
    expect((await q.receive(10, 0)).map((x) => x.key.job_id)).toEqual(["long"]);
  });
});
