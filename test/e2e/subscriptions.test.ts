import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer } from "../../src/mcp/http.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { apiOf, connect, ok, openInMemory, TZ } from "./support.js";

type Env = Awaited<ReturnType<typeof openInMemory>>;

const latest = (id: string) => `duely://tasks/${id}/runs/latest`;

/** A client of `owner` on a session-long server instance (as stdio keeps one), recording the updates it is sent. */
async function sessionClient(env: Env, owner: string) {
  const client = await connect(createMcpServer({ api: apiOf(env.harness.engine), owner, timezone: TZ, session: "legacy" }));
  const updates: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (n) => {
    updates.push(n.params.uri);
  });
  return { client, updates };
}

/** A task of `owner` whose one run is due `inMs` from the harness's now. */
async function onceTask(env: Env, owner: string, inMs: number): Promise<string> {
  const { job } = await env.harness.engine.jobs.create(owner, {
    title: "Kettle",
    action: { type: "notify", message: "The kettle is on" },
    schedule: { kind: "once", at: env.harness.clock.now() + inMs, timezone: TZ },
  });
  return job.id;
}

describe("resources/subscribe on a session (stdio keeps one server instance per client)", () => {
  let env: Env;
  beforeAll(async () => {
    env = await openInMemory();
  });
  afterAll(() => env.close());

  it("declares the subscribe capability", async () => {
    const { client } = await sessionClient(env, "alice");
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
    await client.close();
  });

  it("sends notifications/resources/updated when a subscribed task's run finishes, and nothing after unsubscribe", async () => {
    const { client, updates } = await sessionClient(env, "alice");
    const first = await onceTask(env, "alice", 60_000);
    const second = await onceTask(env, "alice", 120_000);
    const unwatched = await onceTask(env, "alice", 60_000);
    await client.subscribeResource({ uri: latest(first) });
    await client.subscribeResource({ uri: latest(second) });
    await env.harness.runFor(61_000);
    expect(updates).toEqual([latest(first)]);
    const read = await client.readResource({ uri: latest(first) });
    expect(read.contents[0]).toMatchObject({ text: "The kettle is on" });

    await client.unsubscribeResource({ uri: latest(second) });
    await env.harness.runFor(61_000);
    expect((await env.harness.onlyRun(second)).status).toBe("succeeded");
    expect((await env.harness.onlyRun(unwatched)).status).toBe("succeeded");
    expect(updates).toEqual([latest(first)]);
    await client.close();
  });

  it("accepts a subscription to another owner's task (or any URI) and never sends its updates", async () => {
    const { client, updates } = await sessionClient(env, "bob");
    const alices = await onceTask(env, "alice", 60_000);
    expect(await client.subscribeResource({ uri: latest(alices) })).toEqual({});
    expect(await client.subscribeResource({ uri: "test://watched-resource" })).toEqual({});
    await env.harness.runFor(61_000);
    expect((await env.harness.onlyRun(alices)).status).toBe("succeeded");
    expect(updates).toEqual([]);
    await client.close();
  });

  it("stops listening to the engine when the session closes", async () => {
    const before = env.harness.engine.changes.listeners;
    const { client } = await sessionClient(env, "carol");
    await client.subscribeResource({ uri: latest(await onceTask(env, "carol", 60_000)) });
    expect(env.harness.engine.changes.listeners).toBe(before + 1);
    await client.close();
    await expect.poll(() => env.harness.engine.changes.listeners).toBe(before);
  });
});

describe("subscriptions/listen over Streamable HTTP (a 2026-era client: the stateful part of HTTP)", () => {
  let env: Env;
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  beforeAll(async () => {
    env = await openInMemory();
    server = await startHttpServer({ api: apiOf(env.harness.engine), timezone: TZ, auth: { kind: "none", owner: "alice" }, port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await env.close();
  });

  async function modernClient() {
    const client = new Client({ name: "duely-e2e-listen", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (n) => {
      updates.push(n.params.uri);
    });
    return { client, updates };
  }

  it("keeps only the caller's own tasks in a listen, and sends their updates on the stream", async () => {
    const { client, updates } = await modernClient();
    const mine = await onceTask(env, "alice", 60_000);
    const bobs = await onceTask(env, "bob", 60_000);
    const listening = await client.listen({ resourceSubscriptions: [latest(mine), latest(bobs)] });
    expect(listening.honoredFilter).toEqual({ resourceSubscriptions: [latest(mine)] });
    await env.harness.runFor(61_000);
    await expect.poll(() => updates, { timeout: 5_000 }).toEqual([latest(mine)]);
    await listening.close();
    await client.close();
  });

  it("answers resources/subscribe on a stateless 2025-era request, which can never be notified", async () => {
    const client = new Client({ name: "duely-e2e-legacy-http", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const id = await onceTask(env, "alice", 60_000);
    expect(await client.subscribeResource({ uri: latest(id) })).toEqual({});
    expect(await client.unsubscribeResource({ uri: latest(id) })).toEqual({});
    expect((await ok(client, "task_get_v1", { task_id: id })).ok).toBe(true);
    await client.close();
  });
});
