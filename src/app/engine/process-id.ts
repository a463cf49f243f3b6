import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

/**
 * The default name of a watcher or worker in shard leases, run leases, run events and logs:
 * `<role>-<host>-<pid>-<random hex>`. A pid alone repeats across machines and containers (each
 * container's first process is pid 1), and two watchers under one name would each take the
 * other's shard leases for its own; the random part tells apart processes on one host that
 * reuse a pid (a restart, containers sharing the host's name).
 */
export function defaultRoleId(role: "watcher" | "worker"): string {
  return `${role}-${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
}
