import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActionsConfig } from "../../src/actions/config.js";
import { createActionRunner } from "../../src/actions/runner.js";
import { ActionFailure } from "../../src/ports/action.js";
import { rejection, testContext } from "./support/context.js";
import { startFeedServer } from "./support/feed-server.js";
import type { TestServer } from "./support/http-server.js";
import { openaiCompletion, startOpenAIServer } from "./support/llm-servers.js";

let feeds: TestServer;
let llm: TestServer;
beforeAll(async () => {
  [feeds, llm] = await Promise.all([startFeedServer(), startOpenAIServer([openaiCompletion("Markets were calm [1](https://news.example/markets/wrap).")])]);
});
afterAll(() => Promise.all([feeds.close(), llm.close()]));

/** Loopback NOT allowed: the feed server is listed for owners, the model server only configured as the model. */
const config = () =>
  ActionsConfig.parse({
    summarizer: { provider: "openai", model: "local", base_url: `${llm.origin}/v1`, api_key_env: "KEY" },
    feeds: { topics: {}, fallback: [] },
    http: { allow_hosts: [`127.0.0.1:${feeds.port}`] },
  });

describe("the operator's model endpoint is not an owner's feed", () => {
  it("reaches a local model server without an allow_hosts entry", async () => {
    const runner = createActionRunner(config(), { KEY: "k-local-0000" });
    const result = await runner.run({ type: "summarize", topic: "finance news", feeds: [`${feeds.origin}/feeds/finance.rss.xml`] }, testContext());
    expect(result.text).toMatch(/Markets were calm/);
    expect(llm.requests.length).toBe(1);
  });

  it("refuses that same host:port as a feed, at create and at run time", async () => {
    const runner = createActionRunner(config(), { KEY: "k-local-0000" });
    const asFeed = { type: "summarize" as const, topic: "models", feeds: [`${llm.origin}/v1/models`] };
    expect(() => runner.check!(asFeed, "owner_1")).toThrow(/loopback/);
    const before = llm.requests.length;
    const err = await rejection(runner.run(asFeed, testContext()));
    expect(err).toBeInstanceOf(ActionFailure);
    expect((err as ActionFailure).message).toMatch(/loopback address/);
    expect(llm.requests.length).toBe(before);
  });
});
