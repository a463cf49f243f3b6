import { afterEach, describe, expect, it } from "vitest";
import { prometheusMetrics } from "../../src/adapters/metrics/prometheus.js";
import type { Logger, LogLevel } from "../../src/ports/logger.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const NOW = "2026-06-01T10:00:00Z";
const notify = { type: "notify" as const, message: "ping" };

class RecordingLog implements Logger {
  lines: { level: LogLevel; message: string; data: Record<string, unknown> }[] = [];
  log(level: LogLevel, message: string, data: Record<string, unknown> = {}) {
    this.lines.push({ level, message, data });
  }
  about(pattern: RegExp) {
    return this.lines.filter((l) => pattern.test(l.message));
  }
}

/** One sample of the Prometheus text, e.g. `duely_runs_finished_total{status="failed",skip_reason=""}`; 0 when absent. */
async function sample(metrics: ReturnType<typeof prometheusMetrics>, series: string): Promise<number> {
  const { body } = await metrics.render();
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("what operators see of the engine: logs and metrics", () => {
  it("counts each run's final status once, skip reasons included, and logs a dead-letter once with its run key and owner", async () => {
    const log = new RecordingLog();
    const metrics = prometheusMetrics();
    h = await openHarness(NOW, { shard_count: 2 }, { log, metrics });
    h.actions.behaviour = (action) => {
      if (action.type === "notify" && action.message === "fails") throw new Error("upstream down");
      return { text: "ok" };
    };
    await h.engine.jobs.create("alice", { title: "ok", action: notify, schedule: { kind: "immediate" } });
    const bad = await h.engine.jobs.create("bob", {
      title: "bad",
      action: { type: "notify", message: "fails" },
      schedule: { kind: "immediate" },
      retry: { max_attempts: 2 },
    });
    const paused = await h.engine.jobs.create("carol", {
      title: "p",
      action: notify,
      schedule: { kind: "once", at: Date.parse(NOW) + 30_000, timezone: "UTC" },
    });
    await h.engine.jobs.pause("carol", paused.job.id);
    await h.runFor(5 * 60_000, 5_000);

    expect(await sample(metrics, 'duely_runs_finished_total{status="succeeded",skip_reason=""}')).toBe(1);
    expect(await sample(metrics, 'duely_runs_finished_total{status="failed",skip_reason=""}')).toBe(1);
    expect(await sample(metrics, 'duely_runs_finished_total{status="skipped",skip_reason="paused"}')).toBe(1);
    const deadLetters = log.about(/dead-lettered/);
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({
      level: "warn",
      data: { run_key: `${bad.job.id}@${Date.parse(NOW)}`, owner: "bob", attempt: 2, executions: 2, error: "upstream down" },
    });
    // Two notify executions failed, then one more succeeded: each timed once, none left in flight.
    expect(await sample(metrics, 'duely_action_duration_seconds_count{type="notify",outcome="error"}')).toBe(2);
    expect(await sample(metrics, 'duely_action_duration_seconds_count{type="notify",outcome="ok"}')).toBe(1);
    expect(await sample(metrics, "duely_executions_in_flight")).toBe(0);
    // Lateness is each run's first execution against its schedule: the two immediate ones only.
    expect(await sample(metrics, "duely_run_start_lateness_seconds_count")).toBe(2);
  });

  it("logs and counts a reap with the worker that held the run, and the zombie's fenced write with its owner", async () => {
    const log = new RecordingLog();
    const metrics = prometheusMetrics();
    h = await openHarness(NOW, { shard_count: 2, lease_ms: 10_000 }, { log, metrics });
    h.setRandom(0);
    let releaseZombie!: () => void;
    h.actions.behaviour = (_a, ctx) => (ctx.attempt === 1 ? new Promise((r) => (releaseZombie = () => r({ text: "late" }))) : { text: "second" });
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    const frozen = h.engine.newWorker("worker-a");
    const zombie = frozen.runOnce();
    await new Promise((r) => setImmediate(r));
    h.clock.advance(10_001);
    await h.engine.watcher.tick();
    await h.engine.watcher.tick();
    await h.engine.newWorker("worker-b").runOnce();
    releaseZombie();
    await zombie;

    const key = `${job.id}@${Date.parse(NOW)}`;
    const reaps = log.about(/reaped/);
    expect(reaps).toEqual([
      expect.objectContaining({
        level: "warn",
        data: expect.objectContaining({ run_key: key, owner: "alice", worker: frozen.id, status: "retrying" }),
      }),
    ]);
    const fenced = log.about(/fenced/);
    expect(fenced).toEqual([expect.objectContaining({ data: expect.objectContaining({ run_key: key, owner: "alice", attempt: 1, worker: frozen.id }) })]);
    expect(await sample(metrics, "duely_runs_reaped_total")).toBe(1);
    expect(await sample(metrics, "duely_fenced_writes_total")).toBe(1);
    expect(await sample(metrics, 'duely_runs_finished_total{status="succeeded",skip_reason=""}')).toBe(1);
  });

  it("logs and counts a re-sent message once, naming the run", async () => {
    const log = new RecordingLog();
    const metrics = prometheusMetrics();
    h = await openHarness(NOW, { shard_count: 2, stale_queued_ms: 5_000 }, { log, metrics });
    const { job } = await h.engine.jobs.create("alice", { title: "t", action: notify, schedule: { kind: "immediate" } });
    await h.queue.receive(100, 0); // the message is taken and lost, as in a crash
    h.clock.advance(5_000);
    await h.engine.step();
    expect(log.about(/re-sent/)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ run_key: `${job.id}@${Date.parse(NOW)}`, owner: "alice" }) }),
    ]);
    expect(await sample(metrics, "duely_runs_resent_total")).toBe(1);
  });
});
