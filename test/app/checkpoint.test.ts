import { afterEach, describe, expect, it } from "vitest";
import type { ActionContext } from "../../src/ports/action.js";
import { ActionFailure } from "../../src/ports/action.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const NOW = "2026-06-01T10:00:00Z";

describe("checkpoints: an action's progress kept on its run", () => {
  it("hands what one attempt saved to the next attempt of the same run", async () => {
    h = await openHarness(NOW, { shard_count: 2 });
    h.setRandom(0);
    const seen: unknown[] = [];
    h.actions.behaviour = async (_a, ctx) => {
      seen.push(ctx.checkpoint.get("sent"));
      if (ctx.attempt === 1) {
        await ctx.checkpoint.save("sent", ["ops"]);
        throw new ActionFailure("phone: 503", { permanent: false });
      }
      return { text: "done" };
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "retrying", checkpoint: { sent: ["ops"] } });
    await h.engine.step();
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", executions: 2, checkpoint: { sent: ["ops"] } });
    expect(seen).toEqual([undefined, ["ops"]]);
    const events = await h.store.listEvents(await h.onlyRun(job.id));
    expect(events.filter((e) => e.detail === "progress saved: sent")).toHaveLength(1);
  });

  it("refuses a save from an attempt that lost the run to a newer one, leaving the newer attempt's progress alone", async () => {
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 });
    h.setRandom(0);
    let zombie!: ActionContext;
    let wake!: () => void;
    h.actions.behaviour = async (_a, ctx) => {
      if (ctx.attempt === 1) {
        zombie = ctx;
        await new Promise<void>((r) => (wake = r)); // frozen
        return { text: "late" };
      }
      await ctx.checkpoint.save("step", 2);
      return { text: "second" };
    };
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    const first = h.engine.newWorker("worker-a").runOnce();
    for (let i = 0; i < 50 && !zombie; i++) await new Promise((r) => setImmediate(r));
    h.clock.advance(10_001);
    await h.engine.watcher.tick(); // reaped: retrying
    await h.engine.watcher.tick(); // queued
    expect(await h.engine.newWorker("worker-b").runOnce()).toBe(1);
    await expect(zombie.checkpoint.save("step", 1)).rejects.toThrow(/lost its lease/);
    wake();
    await first;
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", attempt: 2, result: { text: "second" }, checkpoint: { step: 2 } });
  });
});
