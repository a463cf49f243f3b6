import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dynamoPresence } from "../../src/adapters/lease/dynamodb-leases.js";
import { hostProcessPlace } from "../../src/adapters/process/host-process-place.js";
import { buryGoneAtThisPlace } from "../../src/app/engine/gone-at-this-place.js";
import type { Run } from "../../src/core/model.js";
import { silentLogger } from "../../src/ports/logger.js";
import { dynamoDbEndpoint } from "../support/aws/clients.js";
import { roleScene } from "../support/aws/role-scene.js";
import { logLines as lines, waitFor } from "../support/processes/children.js";

// A worker SIGKILLed and restarted on the same host (same boot, same PID namespace), on DynamoDB +
// SQS: the new worker, with a new id, sees its predecessor's pid gone and buries it, and the
// watcher reaps the dead worker's run at once instead of after the death verdict (a third of a
// lease: 200 s at the 10-minute lease used here).

const NODE_SCRIPT = join(import.meta.dirname, "../support/processes/crash-node-aws.ts");
const LEASE_MS = 600_000;
/**
 * Kill → the run started again: the new worker's start (a second or two under tsx) and first
 * beat, then the watcher's next read of the beats, which it reads at most once a beat interval
 * (40 s at this lease), and a poll and a receive. The ordinary verdict would take 200 s.
 */
const BOUND_MS = 60_000;

const scene = roleScene();

/** A pid that existed on this host and is gone now. */
async function goneProcessPid(): Promise<number> {
  const child = spawn("true");
  await new Promise((r) => child.once("exit", r));
  return child.pid!;
}

describe("a process restarted on the host where its predecessor ran", () => {
  it("buries the members on this host whose pid is gone, and neither one whose pid is alive nor one on another host", async () => {
    const tables = await scene.tables("place");
    const presence = dynamoPresence({ client: scene.ddb, table: tables.leases });
    const place = hostProcessPlace();
    expect(place.here).toMatch(/^[0-9a-f-]{36}\/pid:\[\d+\]$/);
    const sleeper = spawn("sleep", ["60"]);
    const gonePid = await goneProcessPid();
    try {
      const now = Date.now();
      await presence.beat("worker-alive-here", now, 30_000, { place: place.here!, pid: sleeper.pid! });
      await presence.beat("worker-gone-here", now, 30_000, { place: place.here!, pid: gonePid });
      await presence.beat("worker-gone-elsewhere", now, 30_000, { place: "another-boot/pid:[4026531836]", pid: gonePid });
      await presence.beat("worker-unplaced", now, 30_000);
      await presence.beat("worker-self", now, 30_000, { place: place.here!, pid: gonePid });

      const buried = await buryGoneAtThisPlace({ log: silentLogger, now: () => now }, presence, place, ["worker-self"]);
      expect(buried.map((m) => m.id)).toEqual(["worker-gone-here"]);
      const members = await presence.members(now);
      expect(members.filter((m) => m.buried).map((m) => m.id)).toEqual(["worker-gone-here"]);
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  it("has a SIGKILLed worker's run started again by the worker restarted in its place within 60 s, though its 10-minute lease would hold it 200 s", async () => {
    const { dir, log, env: sceneEnv, store: db } = await scene.setUp("restart", { visibilityMs: LEASE_MS, shards: 4 });
    const env = { ...sceneEnv, LEASE_MS: String(LEASE_MS) };
    const start = (more: Record<string, string>) => scene.children.start(NODE_SCRIPT, { ...env, ...more });
    const startsBy = (pid: number | undefined) => lines(log).filter((l) => l.startsWith("start") && l.endsWith(` ${pid}`));

    await start({ ROLES: "watcher", CREATE: "1" });
    const doomed = await start({ ROLES: "worker", HOLD: join(dir, "never") });
    await waitFor(() => startsBy(doomed.pid).length === 1, 60_000, "the first worker to start the run", 100);
    doomed.kill("SIGKILL");
    const killedAt = Date.now();
    await new Promise((r) => doomed.once("exit", r));
    const successor = await start({ ROLES: "worker", ACTION_MS: "100" });
    await waitFor(() => startsBy(successor.pid).length === 1, BOUND_MS + 30_000, "the restarted worker to start the run again", 100);
    const elapsed = Date.now() - killedAt;
    process.stdout.write(`kill → run started again by the restarted worker: ${(elapsed / 1000).toFixed(1)} s\n`);
    expect(elapsed).toBeLessThanOrEqual(BOUND_MS);

    const runs = async (): Promise<Run[]> => {
      const out: Run[] = [];
      for (const job of (await db.listJobs("crash", { limit: 10 })).items) out.push(...(await db.listJobRuns(job.id, { limit: 10 })).items);
      return out;
    };
    await waitFor(async () => (await runs()).some((r) => r.status === "succeeded"), 30_000, "the run to succeed", 200);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "succeeded", executions: 2 });
    const events = await db.listEvents(run!);
    const reaps = events.filter((e) => e.detail?.includes("is gone"));
    expect(reaps.map((e) => e.detail)).toEqual([expect.stringContaining(`worker pid-${doomed.pid} is gone (a process on its host found its pid gone)`)]);
  }, 240_000);

  it("has a watcher restarted in place of a SIGKILLed one take its shards at its first tick, though their leases run 100 s", async () => {
    const tables = await scene.tables("rewatch");
    const presence = dynamoPresence({ client: scene.ddb, table: tables.leases });
    const { queueUrl } = await scene.queues("rewatch", 30_000);
    const env = {
      DDB_ENDPOINT: dynamoDbEndpoint(),
      SQS_ENDPOINT: scene.fauxqs().endpoint,
      TABLE_PREFIX: tables.jobs.slice(0, -"jobs".length),
      QUEUE_URL: queueUrl,
      LOG: join(tmpdir(), "unused.log"),
      // A 10 s poll: the shard lease, 10 polls, lasts 100 s.
      POLL_MS: "10000",
    };
    const start = () => scene.children.start(NODE_SCRIPT, { ...env, ROLES: "watcher" });
    const shardsOf = async (id: string) => (await presence.members(Date.now())).find((m) => m.id === id)?.shards ?? [];

    const doomed = await start();
    await waitFor(async () => (await shardsOf(`pid-${doomed.pid}`)).length === 4, 30_000, "the first watcher to take every shard", 100);
    doomed.kill("SIGKILL");
    const killedAt = Date.now();
    await new Promise((r) => doomed.once("exit", r));
    const successor = await start();
    await waitFor(async () => (await shardsOf(`pid-${successor.pid}`)).length === 4, 60_000, "the restarted watcher to take every shard", 100);
    const elapsed = Date.now() - killedAt;
    process.stdout.write(`kill → every shard held by the restarted watcher: ${(elapsed / 1000).toFixed(1)} s\n`);
    expect(elapsed).toBeLessThanOrEqual(30_000);
    expect((await presence.members(Date.now())).find((m) => m.id === `pid-${doomed.pid}`)).toMatchObject({ buried: true, shards: [] });
  }, 120_000);
});
