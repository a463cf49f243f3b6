import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Run } from "../../src/core/model.js";
import { roleScene } from "../support/aws/role-scene.js";
import { logLines as lines, waitFor } from "../support/processes/children.js";

// A SIGKILLed worker's runs on DynamoDB + SQS, with separate watcher and worker processes and the
// default 30 s lease: the watcher takes the worker for dead once its presence beat stood still for
// a third of a lease (10 s) and reaps its runs then, without waiting for their leases; a live
// worker holding runs longer than that keeps them. Each process runs as if on a host of its own
// (ELSEWHERE): on one host, a restarted or sibling worker would see the killed one's pid gone and
// bury it at once (restart-in-place.test.ts), which is not what this test measures.

const NODE_SCRIPT = join(import.meta.dirname, "../support/processes/crash-node-aws.ts");
const LEASE_MS = 30_000;
/**
 * Kill → the run's next start: 10 s for the beat to be seen standing still, up to a beat (2 s) and
 * a poll (1 s) to see it, up to 5 s of retry backoff (the first retry's ceiling), and a receive;
 * before, the lease (30 s) and then a lease more of the beat standing still.
 */
const BOUND_MS = 22_000;
const RUNS = 3;

const scene = roleScene();

describe("a SIGKILLed worker on DynamoDB + SQS", () => {
  it("has its runs re-executed within 22 s of the kill (not after its 30 s lease), while a live worker holding runs longer than the death threshold keeps them", async () => {
    const { dir, log, env: sceneEnv, store: db } = await scene.setUp("death", { visibilityMs: LEASE_MS, shards: 4 });
    const env = { ...sceneEnv, LEASE_MS: String(LEASE_MS), ELSEWHERE: "1" };
    const start = (more: Record<string, string>) => scene.children.start(NODE_SCRIPT, { ...env, ...more });
    const startsBy = (pid: number | undefined) => lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${pid}`));

    await start({ ROLES: "watcher", CREATE: String(RUNS) });
    const doomed = await start({ ROLES: "worker", HOLD: join(dir, "never") });
    await waitFor(() => startsBy(doomed.pid).length === RUNS, 60_000, "the first worker to start every run", 100);
    // A live worker, idle until then, whose actions take 15 s: longer than the 10 s a dead
    // worker's beat stands still.
    const release = join(dir, "release");
    const live = await start({ ROLES: "worker", HOLD: release });
    // Both beats have been seen beating: the watcher reads the beats every tick.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(startsBy(live.pid)).toHaveLength(0);
    doomed.kill("SIGKILL");
    const killedAt = Date.now();
    await new Promise((r) => doomed.once("exit", r));
    await waitFor(() => startsBy(live.pid).length === RUNS, BOUND_MS + 30_000, "the live worker to start the dead one's runs", 100);
    const elapsed = Date.now() - killedAt;
    process.stdout.write(`kill → every run started again: ${(elapsed / 1000).toFixed(1)} s\n`);
    expect(elapsed).toBeLessThanOrEqual(BOUND_MS);

    await new Promise((r) => setTimeout(r, 15_000));
    writeFileSync(release, "");
    const all = async (): Promise<Run[]> => {
      const out: Run[] = [];
      for (const job of (await db.listJobs("crash", { limit: 100 })).items) out.push(...(await db.listJobRuns(job.id, { limit: 10 })).items);
      return out;
    };
    await waitFor(async () => (await all()).filter((r) => r.status === "succeeded").length === RUNS, 30_000, "every run to succeed", 200);

    // Each run started twice: once on the killed worker, once on the live one, never a third
    // time (the live worker's runs were not reaped while it held them for 15 s).
    expect(lines(log).filter((l) => l.startsWith("start"))).toHaveLength(2 * RUNS);
    for (const r of await all()) {
      expect(r).toMatchObject({ status: "succeeded", executions: 2 });
      expect((r.result?.data as { pid: number } | undefined)?.pid).toBe(live.pid);
      const events = await db.listEvents(r);
      expect(events.filter((e) => e.detail?.includes("is gone"))).toHaveLength(1);
      expect(events.some((e) => e.detail?.startsWith("fenced"))).toBe(false);
    }
  }, 300_000);
});
