import { afterEach, describe, expect, it } from "vitest";
import { prometheusMetrics } from "../../src/adapters/metrics/prometheus.js";
import type { Change } from "../../src/app/changes.js";
import { openHarness } from "../support/engine-harness.js";
import { FaultPlan } from "../support/faults.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
let h: Harness;
afterEach(async () => h?.close());

const notify = { type: "notify" as const, message: "ping" };
const NOW = "2026-06-01T10:00:00Z";

const moves = (heard: Change[]) => heard.flatMap((c) => (c.type === "run:moved" ? [`${c.from}→${c.to}`] : []));

async function sample(metrics: ReturnType<typeof prometheusMetrics>, series: string): Promise<number> {
  const { body } = await metrics.render();
  const line = body.split("\n").find((l) => l.startsWith(series));
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("a write whose answer was lost is announced once, by the code that reads it back", () => {
  it("an outcome that landed while its answer was lost: one run:moved, counted once as finished", async () => {
    const faults = new FaultPlan();
    const metrics = prometheusMetrics();
    h = await openHarness(NOW, { shard_count: 2 }, { faults, metrics });
    const heard: Change[] = [];
    h.engine.changes.subscribe((changes) => heard.push(...changes));
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    faults.script("commitEach", "none", "lost_reply"); // the claim's answer arrives; the outcome's is lost
    await h.engine.worker.runOnce();
    expect((await h.onlyRun(job.id)).status).toBe("succeeded");
    expect(moves(heard)).toEqual(["null→queued", "queued→running", "running→succeeded"]);
    expect(await sample(metrics, 'duely_runs_finished_total{status="succeeded",skip_reason=""}')).toBe(1);
  });

  it("a claim that landed while its answer was lost: one run:moved", async () => {
    const faults = new FaultPlan();
    h = await openHarness(NOW, { shard_count: 2 }, { faults });
    const heard: Change[] = [];
    h.engine.changes.subscribe((changes) => heard.push(...changes));
    const { job } = await h.engine.jobs.create("alice", { title: "now", action: notify, schedule: { kind: "immediate" } });
    faults.script("commitEach", "lost_reply");
    await h.engine.worker.runOnce();
    expect((await h.onlyRun(job.id)).status).toBe("succeeded");
    expect(moves(heard)).toEqual(["null→queued", "queued→running", "running→succeeded"]);
  });
});
