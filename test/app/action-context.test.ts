import { afterEach, describe, expect, it } from "vitest";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const iso = (ms: number) => new Date(ms).toISOString();

describe("the context a started run's action is handed", () => {
  it("can be taken apart: its clock, heartbeat, checkpoint and signal work away from it", async () => {
    h = await openHarness("2026-06-01T10:00:00Z", { shard_count: 2 });
    let seen: Record<string, unknown> = {};
    h.actions.behaviour = async (_a, ctx) => {
      const { now, heartbeat, checkpoint, signal, idempotencyKey, jobId, owner, taskTitle, attempt, scheduledAt, previousSuccessAt } = ctx;
      heartbeat();
      await checkpoint.save("step", 1);
      seen = {
        now: now(),
        step: checkpoint.get("step"),
        aborted: signal.aborted,
        idempotencyKey,
        jobId,
        owner,
        taskTitle,
        attempt,
        scheduledAt,
        previousSuccessAt,
      };
      return { text: "done" };
    };
    const { job } = await h.engine.jobs.create("alice", { title: "call", action: { type: "notify", message: "call mom" }, schedule: { kind: "immediate" } });
    await h.engine.worker.runOnce();
    const at = Date.parse("2026-06-01T10:00:00Z");
    expect(seen).toEqual({
      now: at,
      step: 1,
      aborted: false,
      idempotencyKey: `${job.id}:2026-06-01T10:00:00.000Z`,
      jobId: job.id,
      owner: "alice",
      taskTitle: "call",
      attempt: 1,
      scheduledAt: at,
      previousSuccessAt: null,
    });
    expect(await h.onlyRun(job.id)).toMatchObject({ status: "succeeded", checkpoint: { step: 1 } });
  });

  it("tells a recurring digest when its task last succeeded, before its first success nothing", async () => {
    h = await openHarness("2026-06-01T07:59:30Z", { shard_count: 2 });
    const told: (number | null)[] = [];
    h.actions.behaviour = async (_a, ctx) => {
      told.push(ctx.previousSuccessAt);
      return { text: "digest" };
    };
    await h.engine.jobs.create("alice", {
      title: "digest",
      action: { type: "summarize", topic: "finance news" },
      schedule: { kind: "cron", expr: "0 8 * * *", timezone: "UTC" },
    });
    await h.runFor(2 * 86_400_000 + 60_000, 60_000);
    expect(told.map((t) => (t === null ? null : iso(t)))).toEqual([null, "2026-06-01T08:00:00.000Z", "2026-06-02T08:00:00.000Z"]);
  }, 20_000);
});
