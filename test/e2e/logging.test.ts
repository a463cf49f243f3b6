import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fails, ok, openInMemory } from "./support.js";

describe("logging: the client sets the level of the log messages it gets", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeEach(async () => {
    env = await openInMemory();
  });
  afterEach(() => env.close());

  /** A task whose stored schedule no longer parses: reading it is a server-side failure. */
  async function brokenTask(client: Awaited<ReturnType<typeof env.clientFor>>): Promise<string> {
    const id = ((await ok(client, "task_create_v1", { title: "t", action: { type: "notify", message: "x" }, when: "every day at 9am" })).task as { id: string })
      .id;
    const db = new Database(join(env.harness.dir, "duely.db"));
    db.prepare("UPDATE jobs SET schedule = '{broken' WHERE id = ?").run(id);
    db.close();
    return id;
  }

  it("declares the logging capability and answers logging/setLevel with an empty result", async () => {
    const client = await env.clientFor("ann");
    expect(client.getServerCapabilities()?.logging).toEqual({});
    expect(await client.setLoggingLevel("info")).toEqual({});
  });

  it("sends a server-side failure as an error message, and nothing once the level is above error", async () => {
    const client = await env.clientFor("ann");
    const messages: unknown[] = [];
    client.setNotificationHandler("notifications/message", (n) => {
      messages.push(n.params);
    });
    const id = await brokenTask(client);

    await client.setLoggingLevel("warning");
    await fails(client, "task_get_v1", { task_id: id }, "internal");
    expect(messages).toEqual([{ level: "error", logger: "duely", data: { tool: "task_get_v1", message: expect.any(String) } }]);

    await client.setLoggingLevel("critical");
    await fails(client, "task_get_v1", { task_id: id }, "internal");
    expect(messages).toHaveLength(1);
  });
});
