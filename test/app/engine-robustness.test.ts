import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };

/** Edits the SQLite file behind the engine's back, as a bad migration or a manual edit would. */
function corrupt(dir: string, sql: string, ...params: unknown[]) {
  const db = new Database(join(dir, "duely.db"));
  db.prepare(sql).run(...params);
  db.close();
}

describe("engine: one bad task never stops the others", () => {
  it("keeps dispatching when one task's stored schedule no longer computes, and fails that task's run saying why", async () => {
    h = await openHarness("2026-06-01T08:59:30Z", { shard_count: 1 });
    const good = await h.engine.jobs.create("alice", { title: "good", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    const bad = await h.engine.jobs.create("alice", { title: "bad", action: notify, schedule: { kind: "cron", expr: "0 9 * * *", timezone: "UTC" } });
    // Both heads are queued already (inside the window); make the bad one's next occurrence uncomputable.
    corrupt(h.dir, "UPDATE jobs SET schedule = ? WHERE id = ?", JSON.stringify({ kind: "cron", expr: "0 9 * * *", timezone: "Mars/Olympus" }), bad.job.id);
    h.clock.set("2026-06-01T09:00:00Z");
    await h.engine.step();
    h.clock.set("2026-06-02T08:59:30Z");
    await h.engine.step();
    const goodRuns = (await h.store.listJobRuns(good.job.id, { limit: 10 })).items;
    expect(goodRuns.map((r) => r.status)).toEqual(["pending", "queued", "succeeded"]);
    const badRuns = (await h.store.listJobRuns(bad.job.id, { limit: 10 })).items;
    expect(badRuns.map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect(badRuns[0]!.error).toMatchObject({ kind: "permanent", message: expect.stringContaining("Mars/Olympus") });
  });

  it("fails the runs of a task whose stored row is malformed, naming it, and runs the rest", async () => {
    h = await openHarness("2026-06-01T08:59:00Z", { shard_count: 1 });
    const good = await h.engine.jobs.create("alice", {
      title: "good",
      action: notify,
      schedule: { kind: "once", at: Date.parse("2026-06-01T09:00:00Z"), timezone: "UTC" },
    });
    const bad = await h.engine.jobs.create("alice", {
      title: "bad",
      action: notify,
      schedule: { kind: "once", at: Date.parse("2026-06-01T09:00:00Z"), timezone: "UTC" },
    });
    corrupt(h.dir, "UPDATE jobs SET action = '{not json' WHERE id = ?", bad.job.id);
    h.clock.set("2026-06-01T09:00:00Z");
    await h.engine.step();
    expect((await h.store.getRun({ job_id: good.job.id, scheduled_at: Date.parse("2026-06-01T09:00:00Z") }))?.status).toBe("succeeded");
    const badRun = await h.store.getRun({ job_id: bad.job.id, scheduled_at: Date.parse("2026-06-01T09:00:00Z") });
    expect(badRun).toMatchObject({ status: "failed", error: { kind: "permanent", message: expect.stringContaining(bad.job.id) } });
    expect(h.actions.calls.map((c) => c.ctx.jobId)).toEqual([good.job.id]);
  });
});

describe("engine: one unreadable partition never stops the others", () => {
  it("leaves a malformed run out of its bucket's scan, in the quarantine, and keeps dispatching the others", async () => {
    h = await openHarness("2026-06-01T08:59:00Z", { shard_count: 16 });
    const at = Date.parse("2026-06-01T09:10:00Z");
    const a = await h.engine.jobs.create("alice", { title: "a", action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    let b = await h.engine.jobs.create("alice", { title: "b", action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    for (
      let i = 0;
      (await h.store.getRun({ job_id: b.job.id, scheduled_at: at }))!.shard === (await h.store.getRun({ job_id: a.job.id, scheduled_at: at }))!.shard && i < 50;
      i++
    ) {
      b = await h.engine.jobs.create("alice", { title: `b${i}`, action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    }
    corrupt(h.dir, "UPDATE runs SET skip_reason = 'exploded' WHERE job_id = ?", a.job.id);
    h.clock.set("2026-06-01T09:10:00Z");
    const tick = await h.engine.watcher.tick();
    expect(tick.errors).toBe(0);
    expect(tick.enqueued).toBeGreaterThanOrEqual(1);
    expect(await h.engine.worker.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await h.store.getRun({ job_id: b.job.id, scheduled_at: at }))?.status).toBe("succeeded");
    expect((await h.store.quarantined({ limit: 10 })).map((q) => q.key)).toEqual([`${a.job.id}@${at}`]);
  });
});
