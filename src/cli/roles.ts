import { prometheusMetrics } from "../adapters/metrics/prometheus.js";
import { loadConfig } from "../config.js";
import { openEngine } from "../main.js";
import { opsRoutes, startOpsServer } from "./ops-http.js";
import { rolesOf, startFields } from "./process-roles.js";
import { untilSignal } from "./until-signal.js";

/** `duely watcher` and `duely worker`'s options; their meaning is written once, in the option definitions (src/cli/main.ts). */
export interface RoleOptions {
  config?: string;
  id?: string;
  metricsPort?: number;
  metricsHost: string;
}

/**
 * `duely watcher` and `duely worker`: one background role per process, so that several of each
 * can run at once against DynamoDB + SQS.
 * - A watcher scans the shards it holds a lease on (the others' are theirs) and enqueues due
 *   runs; the one holding shard 0 also runs the reconciliation sweeper.
 * - A worker receives due runs from the queue, claims, runs and finishes them.
 * With `--metrics-port`, /metrics, /healthz and /readyz are served there. Both stop gracefully
 * on SIGINT/SIGTERM: a worker lets running actions finish, a watcher hands its shards over.
 */
export async function runRole(role: "watcher" | "worker", opts: RoleOptions, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(env, opts.config);
  const metrics = opts.metricsPort === undefined ? undefined : prometheusMetrics();
  const engine = await openEngine(config, { env, roles: rolesOf(role, config), ...(opts.id !== undefined && { id: opts.id }), ...(metrics && { metrics }) });
  const id = role === "watcher" ? engine.watcher.id : engine.worker.id;
  engine.start();
  const started = startFields(role, config);
  const ops =
    metrics && opts.metricsPort !== undefined
      ? await startOpsServer(opsRoutes({ ready: () => engine.ready(), metrics, roles: started.runs_here }), opts.metricsHost, opts.metricsPort)
      : null;
  engine.log.log("info", `duely ${role} started`, { id, ...started, ...(ops && { metrics: `${ops.url}/metrics` }) });
  await untilSignal({
    name: `duely ${role}`,
    log: engine.log,
    data: { id },
    stop: async () => {
      await ops?.close();
      await engine.stop();
    },
  });
}
