import type { Role } from "../app/engine.js";
import { loadConfig } from "../config.js";
import { openEngine } from "../main.js";
import { untilSignal } from "./until-signal.js";

/** What each command runs: the watcher holding shard 0 also sweeps, so the sweep runs once. */
const ROLES: Record<"watcher" | "worker", readonly Role[]> = { watcher: ["watcher", "sweeper"], worker: ["worker"] };

/**
 * `duely watcher` and `duely worker`: one background role per process, so that several of each
 * can run at once against DynamoDB + SQS.
 * - A watcher scans the shards it holds a lease on (the others' are theirs) and enqueues due
 *   runs; the one holding shard 0 also runs the reconciliation sweeper.
 * - A worker receives due runs from the queue, claims, runs and finishes them.
 * Both stop gracefully on SIGINT/SIGTERM: a worker lets running actions finish, a watcher
 * hands its shards over.
 */
export async function runRole(role: "watcher" | "worker", opts: { config?: string; id?: string }, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(env, opts.config);
  const engine = await openEngine(config, { env, roles: ROLES[role], ...(opts.id !== undefined && { id: opts.id }) });
  const id = role === "watcher" ? engine.watcher.id : engine.worker.id;
  engine.start();
  engine.log.log("info", `duely ${role} started`, { id, store: config.store.kind, queue: config.queue.kind });
  await untilSignal({ name: `duely ${role}`, log: engine.log, data: { id }, stop: () => engine.stop() });
}
