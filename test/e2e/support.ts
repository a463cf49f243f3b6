import { request } from "node:http";
import { type CallToolResult, Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import type { Engine } from "../../src/app/engine/engine.js";
// The service loads the phrase reader lazily (app/task-request.ts); loaded here with this file,
// its import (slow under vitest's transform on a busy machine) stays out of every test's timeout.
import "../../src/core/phrase/index.js";
import type { EngineSettings } from "../../src/app/settings.js";
import { createMcpServer, type TaskApi } from "../../src/mcp/server.js";
import type { ActionRunner } from "../../src/ports/action.js";
import type { Logger } from "../../src/ports/logger.js";
import { openHarness } from "../support/engine-harness.js";

export const TZ = "Asia/Taipei";

/** Every tool the server lists, in its order. */
export const TOOL_NAMES = [
  "task_create_v1",
  "task_list_v1",
  "task_get_v1",
  "task_results_v1",
  "task_update_v1",
  "task_run_now_v1",
  "task_skip_v1",
  "task_pause_v1",
  "task_resume_v1",
  "task_cancel_v1",
  "schedule_preview_v1",
];
/** 2026-03-02 is a Monday. */
export const START = "2026-03-02T00:00:00Z";

export interface Envelope {
  ok: boolean;
  api: string;
  error?: { code: string; message: string; field?: string; expected?: string; hint: string; retry_after_s?: number };
  [key: string]: unknown;
}

/** The structured envelope of a tool result, checked to mirror the text content. */
export function envelopeOf(result: CallToolResult): Envelope {
  const sc = result.structuredContent as Envelope | undefined;
  expect(sc, "every tool result carries structuredContent").toBeDefined();
  expect(result.content).toEqual([{ type: "text", text: JSON.stringify(sc) }]);
  expect(result.isError === true).toBe(sc!.ok === false);
  return sc!;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Envelope> {
  return envelopeOf(await client.callTool({ name, arguments: args }));
}

/** Calls a tool and expects success. */
export async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<Envelope> {
  const env = await callTool(client, name, args);
  expect(env.error, JSON.stringify(env.error)).toBeUndefined();
  expect(env.ok).toBe(true);
  return env;
}

/** Calls a tool and expects a structured error with this code. */
export async function fails(client: Client, name: string, args: Record<string, unknown>, code: string): Promise<NonNullable<Envelope["error"]>> {
  const env = await callTool(client, name, args);
  expect(env.ok, JSON.stringify(env)).toBe(false);
  expect(env.error?.code, JSON.stringify(env.error)).toBe(code);
  return env.error!;
}

/** The engine's parts the MCP layer is given, as the composition root passes them. */
export const apiOf = (engine: Engine): TaskApi => ({ jobs: engine.jobs, clock: engine.clock, log: engine.log, changes: engine.changes });

export async function connect(server: ReturnType<typeof createMcpServer>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "duely-e2e", version: "0" });
  await client.connect(clientSide);
  return client;
}

/** A real engine (SQLite file, local queue, scripted actions) on a fake clock, and a client per owner. */
export async function openInMemory(settings: Partial<EngineSettings> = {}, start = START, opts: { log?: Logger; actions?: ActionRunner } = {}) {
  const harness = await openHarness(start, settings, opts);
  const clients: Client[] = [];
  const clientFor = async (owner: string) => {
    const client = await connect(createMcpServer({ api: apiOf(harness.engine), owner, timezone: TZ }));
    clients.push(client);
    return client;
  };
  return {
    harness,
    clientFor,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await harness.close();
    },
  };
}

/** A raw POST, to control the Host and Authorization headers exactly. */
export function rawPost(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const u = new URL(url);
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
