import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/server.js";
import { apiOf, connect, ok, openInMemory, TZ } from "./support.js";

type Env = Awaited<ReturnType<typeof openInMemory>>;
let env: Env;
afterEach(() => env?.close());

const latest = (id: string) => `duely://tasks/${id}/runs/latest`;
const DAY = 86_400_000;

/**
 * Alice's client on a session-long server (as stdio keeps one), subscribed to the latest run of
 * a new daily task of hers, and the notifications it was sent since.
 */
async function watchedTask(policies: Record<string, unknown> = {}) {
  env = await openInMemory();
  const client = await connect(createMcpServer({ api: apiOf(env.harness.engine), owner: "alice", timezone: TZ, session: "legacy" }));
  const updates: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (n) => {
    updates.push(n.params.uri);
  });
  const created = await ok(client, "task_create_v1", {
    title: "Morning digest",
    action: { type: "notify", message: "Good morning" },
    when: "every day at 8am",
    policies,
  });
  const id = (created.task as { id: string }).id;
  await client.subscribeResource({ uri: latest(id) });
  return { client, updates, id };
}

/**
 * Every notification sent so far has arrived: the server sends each one before the answer to any
 * request that follows it, on the same ordered transport.
 */
const delivered = (client: Client) => client.ping();

describe("resource subscribers hear every change the owner makes through a tool", () => {
  it.each([
    ["task_update_v1", { title: "Evening digest" }],
    ["task_pause_v1", {}],
    ["task_cancel_v1", {}],
    ["task_skip_v1", {}],
    ["task_run_now_v1", {}],
  ])("%s updates the task's latest-run resource once", async (tool, args) => {
    const { client, updates, id } = await watchedTask();
    await ok(client, tool, { task_id: id, ...args });
    await delivered(client);
    expect(updates).toEqual([latest(id)]);
  });

  it("task_resume_v1 updates it once, after the pause's own update", async () => {
    const { client, updates, id } = await watchedTask();
    await ok(client, "task_pause_v1", { task_id: id });
    await ok(client, "task_resume_v1", { task_id: id });
    await delivered(client);
    expect(updates).toEqual([latest(id), latest(id)]);
  });

  it("reading tools, and another task's changes, update nothing", async () => {
    const { client, updates, id } = await watchedTask();
    await ok(client, "task_get_v1", { task_id: id });
    await ok(client, "task_list_v1", {});
    await ok(client, "schedule_preview_v1", { when: "every day at 9am" });
    const other = await ok(client, "task_create_v1", { title: "Other", action: { type: "notify", message: "hi" }, when: "every day at 9am" });
    await ok(client, "task_pause_v1", { task_id: (other.task as { id: string }).id });
    await delivered(client);
    expect(updates).toEqual([]);
  });
});

describe("resource subscribers hear what the background roles change", () => {
  it("the sweeper's record of runs missed during a long downtime updates the task once", async () => {
    const { client, updates, id } = await watchedTask({ catch_up: "skip" });
    env.harness.clock.advance(3 * DAY);
    await env.harness.engine.sweeper.sweep();
    await delivered(client);
    expect(updates).toEqual([latest(id)]);
    const runs = (await env.harness.store.listJobRuns(id, { limit: 10 })).items;
    expect(runs.filter((r) => r.skip_reason === "missed").length).toBeGreaterThan(0);
  });
});

describe("the engine's change stream", () => {
  it("announces each landed change once, typed, whichever use case or role wrote it", async () => {
    const { client, id } = await watchedTask({ catch_up: "skip" });
    const heard: string[] = [];
    env.harness.engine.changes.subscribe((changes) => {
      heard.push(
        changes
          .map((c) => (c.type === "job:written" ? `job ${c.job.status}` : c.type === "job:changed" ? `owner ${c.entry.change}` : `run ${c.from}→${c.to}`))
          .join(", "),
      );
    });
    await ok(client, "task_skip_v1", { task_id: id });
    await ok(client, "task_pause_v1", { task_id: id });
    await ok(client, "task_resume_v1", { task_id: id });
    await ok(client, "task_run_now_v1", { task_id: id });
    env.harness.clock.advance(3 * DAY);
    await env.harness.engine.sweeper.sweep();
    await ok(client, "task_cancel_v1", { task_id: id });
    expect(heard).toEqual([
      "job active, owner skipped, run pending→skipped, run null→pending",
      "job paused, owner paused",
      "job active, owner resumed",
      "owner run_now, run null→queued",
      // The sweeper: the run missed while down recorded, the chain planned on (the next run due within the watcher's window).
      "job active, run pending→skipped, run null→pending, run null→queued",
      "job cancelled, owner cancelled, run pending→cancelled, run queued→cancelled, run queued→cancelled",
    ]);
  });
});
