import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS, duely } from "../support/cli.js";
import { waitFor } from "../support/processes/children.js";
import { type ServedHttp, serveHttp } from "../support/processes/serve-http.js";

// The embedded server's operations surface, with real processes: its start log, /healthz,
// /readyz and /metrics beside /mcp, and `duely status` on its SQLite file.

let dir: string;
let config: string;
let served: ServedHttp;
let url: URL;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "duely-ops-"));
  config = join(dir, "duely.json");
  served = await serveHttp(dir, { store: { kind: "sqlite", path: join(dir, "duely.db") }, owner: "ann", timezone: "UTC" }, CLI_TIMEOUT_MS);
  url = served.url;
}, CLI_TIMEOUT_MS);

afterAll(() => {
  if (served?.child.exitCode === null) served.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A GET with the Host header a probe on another machine sends (the server's internal address). */
function get(path: string, host = url.host): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers["content-type"]) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the embedded server's operations surface", { timeout: CLI_TIMEOUT_MS }, () => {
  it("says at start that it runs every role itself, and expects none elsewhere", () => {
    const started = served.logLines().find((l) => String(l.message).startsWith("duely serving MCP"))!;
    expect(started).toMatchObject({ store: "sqlite", queue: "local", runs_here: ["api", "watcher", "worker", "sweeper"], expected_elsewhere: [] });
    expect(started.message).not.toMatch(/API only/);
  });

  it("answers /healthz, /readyz and /metrics to a probe whatever its Host header, while /mcp still checks it", async () => {
    const foreign = "10.1.2.3:8787";
    expect(await get("/healthz", foreign)).toMatchObject({ status: 200, body: JSON.stringify({ ok: true, roles: ["api", "watcher", "worker", "sweeper"] }) });
    const ready = await get("/readyz", foreign);
    expect([ready.status, JSON.parse(ready.body)]).toEqual([200, { ok: true, store: { ok: true }, queue: { ok: true, depth: 0 } }]);
    const metrics = await get("/metrics", foreign);
    expect(metrics.type).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(/^duely_executions_in_flight 0$/m);
    expect(metrics.body).toMatch(/^duely_queue_depth 0$/m);
    expect(metrics.body).toMatch(/^# TYPE duely_run_start_lateness_seconds histogram$/m);
    expect((await get("/mcp", foreign)).status).toBe(403);
  });

  it("duely status finds the scheduler running on the file (exit 0), and not running once the server stops (exit 1)", async () => {
    const up = duely("status", "--config", config);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/scheduler\s+running/);
    expect(up.stdout).toMatch(/queue\s+in the scheduler process's memory/);
    expect(up.stdout).toMatch(/attention\s+none/);
    const json = duely("status", "--config", config, "--json").json() as Record<string, unknown>;
    expect(json).toMatchObject({ ok: true, backend: "sqlite + local", scheduler_running: true, queue: null, watchers: null, workers: null, attention: [] });

    served.child.kill("SIGTERM");
    await waitFor(() => served.child.exitCode !== null, CLI_TIMEOUT_MS, "the server to stop", 100);
    const down = duely("status", "--config", config);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/scheduler\s+NOT RUNNING/);
    expect(down.stdout).toMatch(/ATTENTION\s+No process runs the scheduler on this store file/);
  });
});
