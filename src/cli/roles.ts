import { Watcher } from "../app/watcher.js";
import { Worker } from "../app/worker.js";
import { loadConfig } from "../config.js";
import { openEngine, openShardLeases } from "../main.js";
import type { ShardLeases } from "../ports/shard-lease.js";

/**
 * `duely watcher` and `duely worker`: one background role per process, so that several of each
 * can run at once against DynamoDB + SQS.
 * - A watcher scans the shards it holds a lease on (the others' are theirs) and enqueues due
 *   runs; the one holding shard 0 also runs the reconciliation sweeper, so it runs once.
 * - A worker receives due runs from the queue, claims, runs and finishes them.
 * Both stop gracefully on SIGINT/SIGTERM: a worker lets running actions finish, a watcher
 * hands its shards over.
 */
export async function runRole(role: "watcher" | "worker", values: { config?: string; id?: string }, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(env, values.config);
  const engine = await openEngine(config, { env });
  const log = engine.deps.log;
  const id = values.id ?? `${role}-${process.pid}`;

  let stopRole: () => Promise<void>;
  if (role === "worker") {
    const worker = new Worker(engine.deps, { id });
    worker.start();
    stopRole = () => worker.stop();
  } else {
    const { leases, close } = await openShardLeases(config, env);
    let holdsFirst = false;
    const tracked: ShardLeases = {
      acquire: async (...args) => {
        const held = await leases.acquire(...args);
        holdsFirst = held.includes(0);
        return held;
      },
      release: (owner) => leases.release(owner),
    };
    const watcher = new Watcher(engine.deps, { leases: tracked, id });
    watcher.start();
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweeps = setInterval(() => {
      if (!holdsFirst) return;
      sweeping = sweeping.then(() => engine.sweeper.sweep()).catch((e: unknown) => log.log("error", "sweep failed", { error: String(e) }));
    }, config.engine.sweep_interval_ms);
    stopRole = async () => {
      clearInterval(sweeps);
      await Promise.all([watcher.stop(), sweeping]);
      close();
    };
  }
  log.log("info", `duely ${role} started`, { id, store: config.store.kind, queue: config.queue.kind });

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (reason: string) => {
      if (stopping) return;
      stopping = true;
      log.log("info", `duely ${role} stopping`, { id, reason });
      void stopRole()
        .then(() => engine.stop())
        .catch((e: unknown) => log.log("error", `stopping the ${role} failed`, { error: String(e) }))
        .finally(resolve);
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
}
