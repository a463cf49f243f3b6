import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/app/engine/engine.js";
import { resolveConfig } from "../../src/config.js";
import { openEngine } from "../../src/main.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { silentLogger } from "../../src/ports/logger.js";
import { startServer, type TestServer } from "../actions/support/http-server.js";
import { FakeClock } from "../support/fake-clock.js";
import { apiOf, connect, fails, ok } from "./support.js";

const HOOK_SECRET = "hook-secret-value-5d2e91";
/** Path parts that make each channel URL recognisable in any output. */
const SECRET_PATHS = ["ops-topic-c3f1", "ann-topic-9b7e", "ann-hook-41d8", "bob-topic-a6c2"];

let receiver: TestServer;
let dir: string;
let engine: Engine;
let clock: FakeClock;
let ann: Awaited<ReturnType<typeof connect>>;
let bob: Awaited<ReturnType<typeof connect>>;
/** Every tool result either owner got, as JSON. */
const outputs: string[] = [];

const ntfyTo = (topic: string) => receiver.requests.filter((r) => r.url === `/ntfy/${topic}`);

async function call(client: typeof ann, tool: string, args: Record<string, unknown>) {
  const result = await ok(client, tool, args);
  outputs.push(JSON.stringify(result));
  return result;
}

beforeAll(async () => {
  receiver = await startServer((req, res) => {
    res.writeHead(req.url.startsWith("/ntfy/") ? 200 : 500).end(req.url.startsWith("/ntfy/") ? "{}" : `no such hook: ${req.url}`);
  });
  const url = (path: string) => `${receiver.origin}${path}`;
  dir = mkdtempSync(join(tmpdir(), "duely-owner-channels-"));
  const config = resolveConfig(
    {
      store: { kind: "sqlite", path: join(dir, "duely.db") },
      owner: "root",
      actions: {
        http: { allow_loopback: true },
        feeds: { topics: {}, fallback: [] },
        channels: { ops: { type: "ntfy", url: url(`/ntfy/${SECRET_PATHS[0]}`) } },
      },
      owners: {
        ann: {
          channels: {
            phone: { type: "ntfy", url: url(`/ntfy/${SECRET_PATHS[1]}`) },
            hook: { type: "webhook", url: url(`/hooks/${SECRET_PATHS[2]}`), secret_env: "ANN_HOOK_SECRET" },
          },
          alert_channels: ["phone"],
        },
        bob: { channels: { pager: { type: "ntfy", url: url(`/ntfy/${SECRET_PATHS[3]}`) } }, shared_channels: ["ops"] },
      },
    },
    {},
  );
  clock = new FakeClock("2026-03-02T08:00:30Z");
  engine = await openEngine(config, { roles: [], clock, log: silentLogger, env: { ANN_HOOK_SECRET: HOOK_SECRET } });
  ann = await connect(createMcpServer({ api: apiOf(engine), owner: "ann", timezone: "UTC" }));
  bob = await connect(createMcpServer({ api: apiOf(engine), owner: "bob", timezone: "UTC" }));
});

afterAll(async () => {
  await Promise.all([ann?.close(), bob?.close()]);
  await engine?.stop();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function stepFor(ms: number, stepMs = 15_000) {
  for (const end = clock.now() + ms; clock.now() < end; ) {
    clock.advance(stepMs);
    await engine.step();
  }
}

describe("channels belong to their owner (real runner, real SQLite, a real receiver on 127.0.0.1)", () => {
  it("refuses at create a channel of another owner, listing only the caller's channel names", async () => {
    const action = (channels: string[]) => ({ type: "notify", message: "hi", channels });
    const e = await fails(bob, "task_create_v1", { title: "Steal", action: action(["phone"]), schedule: { type: "immediate" } }, "invalid_argument");
    expect(e).toMatchObject({ field: "action.channels.0", expected: "one of inbox, ops, pager" });
    expect(JSON.stringify(e)).not.toMatch(/\bann\b|\bhook\b|127\.0\.0\.1/);
    const f = await fails(ann, "task_create_v1", { title: "Steal", action: action(["inbox", "ops"]), schedule: { type: "immediate" } }, "invalid_argument");
    expect(f).toMatchObject({ field: "action.channels.1", expected: "one of inbox, phone, hook" });
    expect((await engine.jobs.list("bob", { limit: 10 })).items).toEqual([]);
  });

  it("delivers each owner's task to that owner's channels only", async () => {
    await call(bob, "task_create_v1", {
      title: "Bob's page",
      action: { type: "notify", message: "Bob's page", channels: ["pager", "ops"] },
      schedule: { type: "immediate" },
    });
    await stepFor(15_000);
    expect(ntfyTo(SECRET_PATHS[3]!).map((r) => r.body)).toEqual(["Bob's page"]);
    expect(ntfyTo(SECRET_PATHS[0]!).map((r) => r.body)).toEqual(["Bob's page"]);
    expect(ntfyTo(SECRET_PATHS[1]!)).toEqual([]);
  });

  it("alerts once when a task keeps failing, and no tool output carries a channel URL or secret", async () => {
    const created = await call(ann, "task_create_v1", {
      title: "Minute hook",
      action: { type: "notify", message: "tick", channels: ["hook"] },
      schedule: { type: "cron", cron: "* * * * *", timezone: "UTC" },
      retry: { max_attempts: 1 },
    });
    const id = (created.task as { id: string }).id;
    await stepFor(4 * 60_000);
    const hookCalls = receiver.requests.filter((r) => r.url === `/hooks/${SECRET_PATHS[2]}`);
    expect(hookCalls.length).toBeGreaterThanOrEqual(4 + 1);
    const alerts = ntfyTo(SECRET_PATHS[1]!);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.headers.title).toBe('duely: "Minute hook" is failing');
    expect(alerts[0]!.body).toContain("gave up after 1 attempt");

    const got = await call(ann, "task_get_v1", { task_id: id, runs: 10 });
    const runs = got.runs as { status: string; error?: { message: string } }[];
    expect(runs.filter((r) => r.status === "failed").length).toBeGreaterThanOrEqual(4);
    expect(runs.find((r) => r.status === "failed")!.error!.message).toBe('delivery failed for "hook" (webhook): [redacted]: HTTP 500');
    const listed = await call(ann, "task_list_v1", {});
    expect((listed.tasks as { id: string; last_run_failed?: true }[]).find((t) => t.id === id)?.last_run_failed).toBe(true);
    await call(ann, "task_results_v1", { since: "2026-03-02T00:00:00Z" });
    await call(bob, "task_results_v1", { since: "2026-03-02T00:00:00Z" });
    await call(bob, "task_list_v1", { status: ["active", "completed"] });

    const everything = outputs.join("\n");
    expect(everything).toContain("Minute hook");
    for (const secret of [...SECRET_PATHS, HOOK_SECRET, receiver.origin]) expect(everything).not.toContain(secret);
  });
});
