import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../src/core/action-model.js";
import type { ActionFailure } from "../../src/ports/action.js";
import { memoryCheckpoint, rejection, testConfig, testContext, testRunner } from "./support/context.js";
import { startFeedServer } from "./support/feed-server.js";
import { startServer, type TestServer } from "./support/http-server.js";
import { openaiCompletion, startOpenAIServer } from "./support/llm-servers.js";

const SECRET = "whsec-test-checkpoint-3e1f";
const env = { HOOK_SECRET: SECRET, TEST_OPENAI_KEY: "sk-test-checkpoint" };

let receiver: TestServer;
let feeds: TestServer;
/** Whether the flaky endpoint fails (503) for now. */
let flakyDown = true;

beforeAll(async () => {
  [receiver, feeds] = await Promise.all([
    startServer((req, res) => {
      const status = req.url === "/ok" ? 200 : req.url === "/flaky" ? (flakyDown ? 503 : 200) : 404;
      res.writeHead(status).end();
    }),
    startFeedServer(),
  ]);
});
afterAll(() => Promise.all([receiver.close(), feeds.close()]));

const channels = () => ({
  ok: { type: "webhook" as const, url: `${receiver.origin}/ok`, secret_env: "HOOK_SECRET" },
  flaky: { type: "webhook" as const, url: `${receiver.origin}/flaky`, secret_env: "HOOK_SECRET" },
});
const sentTo = (path: string, key: string) => receiver.requests.filter((r) => r.url === path && r.headers["idempotency-key"] === key);

describe("a retry does not redo what an earlier attempt of the run did", () => {
  it("sends only to the channels that did not receive the result", async () => {
    flakyDown = true;
    const runner = testRunner(testConfig({ channels: channels() }), env);
    const checkpoint = memoryCheckpoint();
    const ctx = testContext({ idempotencyKey: "job_retry:2026-03-17T08:00:00.000Z", checkpoint });
    const action = { type: "notify" as const, message: "Standup", channels: ["ok", "flaky"] };
    const err = (await rejection(runner.run(action, ctx))) as ActionFailure;
    expect(err.message).toMatch(/^delivered to ok; delivery failed for "flaky"/);
    expect(checkpoint.saved).toEqual({ delivered: ["ok"] });
    flakyDown = false;
    const result = await runner.run(action, { ...ctx, attempt: 2 });
    expect(result.data).toEqual({ delivered: ["inbox", "ok", "flaky"] });
    expect(sentTo("/ok", ctx.idempotencyKey)).toHaveLength(1);
    expect(sentTo("/flaky", ctx.idempotencyKey)).toHaveLength(2);
  });

  /**
   * Runs `action` (delivered to the flaky channel) twice on a real OpenAI-shaped server answering
   * `answers` in turn: the first attempt's delivery fails, the second's lands.
   */
  async function retriedAfterDelivery(action: Action, key: string, answers: string[]) {
    flakyDown = true;
    const llm = await startOpenAIServer(answers.map((a) => openaiCompletion(a)));
    try {
      const summarizer = { provider: "openai" as const, model: "test-model", base_url: `${llm.origin}/v1`, api_key_env: "TEST_OPENAI_KEY" };
      const runner = testRunner(testConfig({ channels: channels(), summarizer }), env);
      const checkpoint = memoryCheckpoint();
      const ctx = testContext({ idempotencyKey: key, checkpoint });
      await rejection(runner.run(action, ctx));
      const fetched = feeds.requests.length;
      flakyDown = false;
      const result = await runner.run(action, { ...ctx, attempt: 2 });
      const bodies = sentTo("/flaky", key).map((r) => (JSON.parse(r.body) as { text: string }).text);
      return { result, bodies, modelCalls: llm.requests.length, fetchedAgain: feeds.requests.length - fetched, saves: checkpoint.saves };
    } finally {
      await llm.close();
    }
  }

  it("delivers a summarize retry's same digest, without fetching or calling the model again", async () => {
    const action = { type: "summarize" as const, topic: "finance news", feeds: [`${feeds.origin}/feeds/finance.rss.xml`], channels: ["flaky"] };
    const answers = ["First digest [1](https://news.example/markets/wrap).", "A different digest."];
    const retried = await retriedAfterDelivery(action, "job_digest_retry:2026-03-17T08:00:00.000Z", answers);
    expect(retried).toMatchObject({ modelCalls: 1, fetchedAgain: 0, saves: 1 });
    expect(retried.bodies).toEqual([retried.result.text, retried.result.text]);
    expect(retried.result.text).toMatch(/^First digest/);
  });

  it("delivers an ask retry's same answer without calling the model again, and reports no tokens for it", async () => {
    const action = { type: "ask" as const, prompt: "Give me a short motivational quote", channels: ["flaky"] };
    const retried = await retriedAfterDelivery(action, "job_ask_retry:2026-03-17T08:00:00.000Z", ["Keep going, one step at a time.", "A different answer."]);
    expect(retried).toMatchObject({ modelCalls: 1, saves: 1 });
    expect(retried.result.text).toBe("Keep going, one step at a time.");
    expect(retried.result.usage).toBeUndefined();
    expect(retried.bodies).toEqual([retried.result.text, retried.result.text]);
  });

  it("saves nothing when every channel received the result (the run's outcome records it)", async () => {
    flakyDown = false;
    const checkpoint = memoryCheckpoint();
    const runner = testRunner(testConfig({ channels: channels() }), env);
    await runner.run({ type: "notify", message: "all good", channels: ["ok", "flaky"] }, testContext({ checkpoint }));
    expect(checkpoint.saves).toBe(0);
  });
});
