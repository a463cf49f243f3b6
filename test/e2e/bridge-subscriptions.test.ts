import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isAlive } from "../../src/service/paths.js";
import { waitFor } from "../support/processes/children.js";
import { type BridgeClient, BUILD_TIMEOUT_MS, connectBridge, ensureBuilt, newDataDir, servicePid, stopService } from "../support/service.js";
import { ok } from "./support.js";

const dirs: string[] = [];
const bridges: BridgeClient[] = [];

beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all(bridges.map((b) => b.client.close().catch(() => undefined)));
  await Promise.all(dirs.map((d) => stopService(d)));
}, 60_000);

const uri = (id: string) => `duely://tasks/${id}/runs/latest`;

async function bridgeFor(env: Record<string, string>, era?: "legacy" | "modern") {
  const b = await connectBridge(env, era ? { era } : {});
  bridges.push(b);
  // The first request starts the service: let it be up before a task is timed from now.
  await ok(b.client, "task_list_v1", {});
  const updates: string[] = [];
  b.client.setNotificationHandler("notifications/resources/updated", (n) => {
    updates.push(n.params.uri);
  });
  const create = async (title: string, inMs: number) =>
    (
      (
        await ok(b.client, "task_create_v1", {
          title,
          action: { type: "notify", message: title },
          schedule: { type: "once", at: new Date(Date.now() + inMs).toISOString() },
        })
      ).task as { id: string }
    ).id;
  const statusOf = async (id: string) => ((await ok(b.client, "task_get_v1", { task_id: id })).runs as { status: string }[])[0]?.status;
  return { ...b, updates, create, statusOf };
}

describe("resource subscriptions through `duely serve` (the bridge) to the local service", () => {
  test("a 2025-era client (Claude Desktop) subscribed on stdio gets the update when the run finishes in the service; an unsubscribed task sends none", async () => {
    const { dir, env } = newDataDir();
    dirs.push(dir);
    const b = await bridgeFor(env);
    const watched = await b.create("Watched", 4_000);
    const dropped = await b.create("Dropped", 4_000);
    await b.client.subscribeResource({ uri: uri(watched) });
    await b.client.subscribeResource({ uri: uri(dropped) });
    await b.client.unsubscribeResource({ uri: uri(dropped) });
    await expect.poll(() => b.updates, { timeout: 20_000, interval: 100 }).toContain(uri(watched));
    await expect.poll(() => b.statusOf(dropped), { timeout: 15_000, interval: 200 }).toBe("succeeded");
    expect(b.updates).toEqual([uri(watched)]);
    expect(servicePid(dir)).not.toBeNull();
  }, 90_000);

  test("after the service was killed and started again by the next request, a 2025-era client's subscription still gets its update: the bridge subscribed again", async () => {
    const { dir, env } = newDataDir();
    dirs.push(dir);
    const b = await bridgeFor(env);
    const watched = await b.create("Watched", 20_000);
    await b.client.subscribeResource({ uri: uri(watched) });
    const first = servicePid(dir)!;
    process.kill(first, "SIGKILL");
    await waitFor(() => !isAlive(first), 10_000, "the service to die");
    await ok(b.client, "task_list_v1", {}); // starts the service again
    expect(servicePid(dir)).not.toBe(first);
    await expect.poll(() => b.updates, { timeout: 60_000, interval: 100 }).toContain(uri(watched));
    expect(b.updates).toEqual([uri(watched)]);
  }, 120_000);

  test("a 2026-era client listens through the bridge, and only to its own tasks' URIs", async () => {
    const { dir, env } = newDataDir();
    dirs.push(dir);
    const b = await bridgeFor(env, "modern");
    const watched = await b.create("Watched", 4_000);
    const listening = await b.client.listen({ resourceSubscriptions: [uri(watched), uri("01KNOSUCHTASK0000000000000")] });
    expect(listening.honoredFilter).toEqual({ resourceSubscriptions: [uri(watched)] });
    await expect.poll(() => b.updates, { timeout: 20_000, interval: 100 }).toEqual([uri(watched)]);
    await listening.close();
  }, 90_000);
});
