import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PrometheusMetrics } from "../adapters/metrics/prometheus.js";
import type { Readiness } from "../app/engine/status.js";
import type { OpsAnswer, OpsRoutes } from "../mcp/http.js";

const json = (status: number, body: unknown): OpsAnswer => ({ status, contentType: "application/json", body: JSON.stringify(body) });

/**
 * - `/healthz`: liveness: 200 while the process answers at all (restart it when this fails);
 * - `/readyz`: 200 when the store and the queue answer now, else 503 saying which does not;
 * - `/metrics`: Prometheus text format (docs/operations.md lists the metrics).
 */
export function opsRoutes(o: { ready: () => Promise<Readiness>; metrics: PrometheusMetrics; roles: readonly string[] }): OpsRoutes {
  return {
    async answer(path) {
      if (path === "/healthz") return json(200, { ok: true, roles: o.roles });
      if (path === "/readyz") {
        const ready = await o.ready();
        return json(ready.ok ? 200 : 503, ready);
      }
      if (path === "/metrics") {
        const { contentType, body } = await o.metrics.render();
        return { status: 200, contentType, body };
      }
      return null;
    },
  };
}

/** The same routes on a port of their own, for `duely watcher` and `duely worker` (`--metrics-port`). */
export async function startOpsServer(routes: OpsRoutes, host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const answer = async (method: string | undefined, url: string | undefined): Promise<OpsAnswer> => {
    try {
      const found = method === "GET" ? await routes.answer(new URL(url ?? "/", "http://localhost").pathname) : null;
      return found ?? json(404, { error: "not_found", error_description: "This port serves /healthz, /readyz and /metrics." });
    } catch (e) {
      return json(500, { error: "server_error", error_description: String(e) });
    }
  };
  const server = createServer((req, res) => {
    answer(req.method, req.url)
      .then((a) => {
        res.writeHead(a.status, { "content-type": a.contentType, "cache-control": "no-store" });
        res.end(a.body);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound, family } = server.address() as AddressInfo;
  return {
    url: `http://${family === "IPv6" ? `[${address}]` : address}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
