import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS } from "../support/cli.js";
import { waitFor } from "../support/processes/children.js";
import { type ServedHttp, serveHttp } from "../support/processes/serve-http.js";
import { callTool } from "./support.js";

// `duely serve --http` on SQLite killed (SIGKILL) while a run's action is in flight, and started
// again on the same file: a real process, a real webhook on loopback, the file read directly.
// What a restarted server owes the run its predecessor was running is a start as soon as it has
// recovered, not once it has also loaded the MCP server, nor after a retry backoff: the process
// died, the action did not fail.

const SECRET_ENV = "RESTART_TEST_WEBHOOK_SECRET";

let dir: string;
const servers: ServedHttp[] = [];
/** Every POST's arrival; the first one is never answered, so its run is still running at the kill. */
const posts: number[] = [];
const held: ServerResponse[] = [];
const hook = createServer((req, res) => {
  posts.push(Date.now());
  req.resume();
  req.on("end", () => {
    if (posts.length === 1) held.push(res);
    else res.writeHead(200).end();
  });
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "duely-restart-"));
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
  process.env[SECRET_ENV] = "restart-test-secret";
});

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
  for (const res of held) res.destroy();
  await new Promise((r) => hook.close(r));
  delete process.env[SECRET_ENV];
  rmSync(dir, { recursive: true, force: true });
});

describe("an embedded server restarted after a kill", () => {
  it(
    "starts the run its killed predecessor was running again before it serves MCP, without a retry backoff",
    async () => {
      const port = (hook.address() as AddressInfo).port;
      const db = join(dir, "duely.db");
      const config = {
        store: { kind: "sqlite", path: db },
        owner: "ann",
        timezone: "UTC",
        actions: {
          channels: { hook: { type: "webhook", url: `http://127.0.0.1:${port}/hook`, secret_env: SECRET_ENV } },
          http: { allow_hosts: [`127.0.0.1:${port}`] },
        },
      };
      const first = await serveHttp(dir, config, 2 * CLI_TIMEOUT_MS);
      servers.push(first);
      const client = new Client({ name: "duely-test", version: "0" });
      await client.connect(new StreamableHTTPClientTransport(first.url));
      const at = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000).toISOString().replace(/\.\d+Z$/, "Z");
      const made = await callTool(client, "task_create_v1", {
        title: "in flight at the kill",
        action: { type: "notify", message: "hello", channels: ["hook"] },
        schedule: { type: "once", at },
      });
      expect(made.ok).toBe(true);
      await waitFor(() => posts.length === 1, 20_000, "the first server's POST", 20);
      await client.close().catch(() => {});
      first.child.kill("SIGKILL");
      await new Promise((r) => first.child.once("exit", r));

      const second = await serveHttp(dir, config, 2 * CLI_TIMEOUT_MS);
      servers.push(second);
      await waitFor(() => posts.length === 2, 20_000, "the restarted server's POST", 20);
      const ready = Date.parse(String(second.logLines().find((l) => String(l.message).startsWith("duely serving MCP"))!.t));
      const file = new Database(db, { readonly: true });
      const claims = file.prepare("SELECT attempt, at, detail FROM run_events WHERE to_status = 'running' ORDER BY id").all() as {
        attempt: number;
        at: number;
        detail: string;
      }[];
      const reaped = file.prepare("SELECT at, detail FROM run_events WHERE from_status = 'running' AND to_status = 'retrying'").all() as {
        at: number;
        detail: string;
      }[];
      file.close();
      // Reaped by the recovery as interrupted (the holder is gone), then claimed again and started.
      expect(reaped).toHaveLength(1);
      expect(reaped[0]!.detail).toMatch(/^interrupted: worker .* is gone/);
      const again = claims.find((c) => c.attempt === 2)!;
      expect(again, JSON.stringify(claims)).toBeDefined();
      // Both times from the restarted server's clock: it started the run before it said it serves.
      expect(again.at, `claimed again ${again.at - reaped[0]!.at} ms after the reap, ${again.at - ready} ms after ready`).toBeLessThan(ready);
    },
    6 * CLI_TIMEOUT_MS,
  );
});
