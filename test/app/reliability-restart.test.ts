import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import type { ActionContext } from "../../src/ports/action.js";
import { silentLogger } from "../../src/ports/logger.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const notify = { type: "notify" as const, message: "ping" };
const NOW = "2026-06-01T10:00:00Z";

/**
 * Lets the event loop turn (no time passes on the harness's clock) until `check` holds: the
 * store is synchronous, so a step that can happen has happened after a few turns.
 */
async function settled(check: () => Promise<boolean>, turns = 1_000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`condition not reached in ${turns} turns of the event loop`);
}

const hang = (ctx: ActionContext) =>
  new Promise<never>((_r, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));

describe("embedded restart: the new process owns every run in its file", () => {
  it("sends again at start the runs a crashed process left queued, so they run at their time, not a stale window late", async () => {
    h = await openHarness(NOW, { shard_count: 2, poll_interval_ms: 50 }, { exclusive: true });
    const at = Date.parse(NOW) + 30_000;
    const { job } = await h.engine.jobs.create("alice", { title: "soon", action: notify, schedule: { kind: "once", at, timezone: "UTC" } });
    expect((await h!.onlyRun(job.id)).status).toBe("queued"); // its message was in the crashed process's memory
    h.restart();
    // What an embedded engine's start() does first.
    await h.engine.recover();
    h.clock.set(at - 1);
    await h.engine.worker.runOnce();
    expect((await h!.onlyRun(job.id)).status).toBe("queued");
    h.clock.set(at);
    expect(await h.engine.worker.runOnce()).toBe(1);
    expect(await h!.onlyRun(job.id)).toMatchObject({ status: "succeeded", started_at: at });
  });

  it("reaps at start, whatever their leases say, the runs a crashed process left running", async () => {
    h = await openHarness(NOW, { shard_count: 2, poll_interval_ms: 50 }, { exclusive: true });
    h.actions.behaviour = (_a, ctx) => hang(ctx);
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    h.engine.worker.runOnce().catch(() => {});
    await settled(async () => (await h!.onlyRun(job.id)).status === "running");
    h.restart();
    await h.engine.recover();
    expect(await h!.onlyRun(job.id)).toMatchObject({ executions: 1, error: { kind: "interrupted" } });
    const events = await h.store.listEvents({ job_id: job.id, scheduled_at: Date.parse(NOW) });
    expect(events.filter((e) => e.from === "running").map((e) => [e.to, e.detail])).toEqual([
      ["retrying", expect.stringMatching(/^interrupted: worker .* is gone \(the process stopped mid-run\); whether the action took effect is unknown$/)],
    ]);
  });

  it("does not skip a recurring task's next occurrence as overlapping a run the crashed process held", async () => {
    h = await openHarness("2026-06-01T00:00:30Z", { shard_count: 2, lease_ms: 600_000 }, { exclusive: true });
    h.actions.behaviour = (_a, ctx) => hang(ctx);
    const every = { kind: "cron" as const, expr: "* * * * *", timezone: "UTC" };
    const { job } = await h.engine.jobs.create("alice", { title: "every minute", action: notify, schedule: every });
    const [first, second] = [Date.parse("2026-06-01T00:01:00Z"), Date.parse("2026-06-01T00:02:00Z")];
    h.clock.set(first);
    await h.engine.watcher.tick();
    h.engine.worker.runOnce().catch(() => {});
    await settled(async () => (await h!.store.getRun({ job_id: job.id, scheduled_at: first }))?.status === "running");
    // kill -9 while the first occurrence runs: its lease still has ten minutes to go.
    h.restart();
    h.actions.behaviour = () => ({ text: "ok" });
    await h.engine.recover();
    h.clock.set(second);
    await h.engine.step();
    expect(await h.store.getRun({ job_id: job.id, scheduled_at: second })).toMatchObject({ status: "succeeded", skip_reason: null });
  });
});

describe("embedded mode: one process per SQLite file", () => {
  it("refuses a second scheduler on the same file, and lets one start once the first has stopped", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-lock-"));
    try {
      const config = resolveConfig({ store: { kind: "sqlite", path: join(dir, "duely.db") } }, {});
      const runtime = { log: silentLogger, actions: { run: async () => ({ text: "ok" }) } };
      const first = await openEngine(config, runtime);
      await expect(openEngine(config, runtime)).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("another duely process") });
      await first.stop();
      const next = await openEngine(config, runtime);
      await next.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
