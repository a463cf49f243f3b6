import { afterEach, describe, expect, test } from "vitest";
import { createActionRunner } from "../../src/actions/runner.js";
import { testConfig } from "../actions/support/context.js";
import { startFeedServer } from "../actions/support/feed-server.js";
import type { TestServer } from "../actions/support/http-server.js";
import { openaiCompletion, startOpenAIServer } from "../actions/support/llm-servers.js";
import { fails, ok, openInMemory } from "./support.js";

// The `ask` action end to end: created over MCP, run by the engine on the stepped clock with the
// real action runner, against a loopback OpenAI-compatible server and a loopback feed.

const env = { TEST_OPENAI_KEY: "sk-test-e2e-ask" };
let servers: TestServer[] = [];
let sandbox: Awaited<ReturnType<typeof openInMemory>> | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function withModel(replies: Parameters<typeof startOpenAIServer>[0]) {
  const llm = await startOpenAIServer(replies);
  const feeds = await startFeedServer();
  servers.push(llm, feeds);
  const summarizer = { provider: "openai" as const, model: "test-model", base_url: `${llm.origin}/v1`, api_key_env: "TEST_OPENAI_KEY" };
  sandbox = await openInMemory({ shard_count: 2 }, undefined, { actions: createActionRunner(testConfig({ summarizer }), env) });
  return { client: await sandbox.clientFor("alice"), llm, feeds };
}

type Run = { status: string; result?: string; condition?: { met: boolean; reason: string }; tokens?: { input: number; output: number } };

const decision = (deliver: boolean, reason: string, answer: string) => openaiCompletion(JSON.stringify({ deliver, reason, answer }));

describe("the ask action over MCP", () => {
  test("runs the prompt with its feed as data, and delivers only when the model finds the condition met", async () => {
    const { client, llm, feeds } = await withModel([
      decision(false, "No item mentions an earthquake.", ""),
      decision(true, "One item reports a 6.1 earthquake.", "Earthquake near Lima: magnitude 6.1."),
    ]);
    const created = await ok(client, "task_create_v1", {
      title: "Quake watch",
      action: {
        type: "ask",
        prompt: "Any earthquake news?",
        sources: [`${feeds.origin}/feeds/finance.rss.xml`],
        deliver_if: "there is news about an earthquake",
      },
      when: "every day at 9am",
    });
    const id = (created.task as { id: string }).id;
    expect(created.task).toMatchObject({ action: { type: "ask", deliver_if: "there is news about an earthquake" } });

    await sandbox!.harness.runFor(2 * 86_400_000, 300_000);
    const runs = (await ok(client, "task_get_v1", { task_id: id })).runs as Run[];
    const done = runs.filter((r) => r.status === "succeeded").reverse();
    expect(done).toEqual([
      expect.objectContaining({
        result: 'Not delivered: the condition "there is news about an earthquake" did not hold. No item mentions an earthquake.',
        condition: { met: false, reason: "No item mentions an earthquake." },
        tokens: { input: 100, output: 50 },
      }),
      expect.objectContaining({ result: "Earthquake near Lima: magnitude 6.1.", condition: { met: true, reason: "One item reports a 6.1 earthquake." } }),
    ]);
    const body = JSON.parse(llm.requests[0]!.body) as { response_format: { type: string }; messages: { content: string }[] };
    expect(body.response_format.type).toBe("json_schema");
    expect(body.messages[1]!.content).toContain("<sources>");
    const uri = `duely://tasks/${id}/runs/latest`;
    expect((await client.readResource({ uri })).contents[0]).toMatchObject({ text: "Earthquake near Lima: magnitude 6.1." });
  });

  test("runs a prompt without a condition, now, and records the tokens it used", async () => {
    const { client } = await withModel([openaiCompletion("Small steps add up.")]);
    const created = await ok(client, "task_create_v1", { title: "Quote", action: { type: "ask", prompt: "A motivational quote" }, when: "every day at 9am" });
    const id = (created.task as { id: string }).id;
    await ok(client, "task_run_now_v1", { task_id: id });
    await sandbox!.harness.engine.step();
    const got = await ok(client, "task_get_v1", { task_id: id });
    expect(got.task).toMatchObject({ last_run: { status: "succeeded", manual: true, result: "Small steps add up.", tokens: { input: 100, output: 50 } } });
  });
});

describe("a server without a language model", () => {
  test("refuses an ask at create and at update, naming the action's type; summarize and notify still work", async () => {
    sandbox = await openInMemory({ shard_count: 2 }, undefined, { actions: createActionRunner(testConfig(), {}) });
    const client = await sandbox.clientFor("alice");
    const ask = { type: "ask", prompt: "Any earthquake news?", deliver_if: "an earthquake" };
    const error = await fails(client, "task_create_v1", { title: "Quake watch", action: ask, when: "every day at 9am" }, "invalid_argument");
    expect(error).toEqual({
      code: "invalid_argument",
      message: "This server has no language model configured, so it cannot run an `ask` action.",
      field: "action.type",
      expected: '"summarize" or "notify" (both work without a model)',
      hint: expect.stringContaining("actions.summarizer"),
    });
    const digest = await ok(client, "task_create_v1", { title: "Digest", action: { type: "summarize", topic: "finance" }, when: "every day at 9am" });
    await ok(client, "task_create_v1", { title: "Reminder", action: { type: "notify", message: "Stretch" }, when: "every day at 9am" });
    const id = (digest.task as { id: string }).id;
    expect((await fails(client, "task_update_v1", { task_id: id, action: ask }, "invalid_argument")).field).toBe("action.type");
  });
});
