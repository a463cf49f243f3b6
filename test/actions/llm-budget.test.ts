import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withinLlmBudget } from "../../src/actions/llm-budget.js";
import { createActionRunner } from "../../src/actions/runner.js";
import { memoryLimitState } from "../../src/adapters/limits/memory-limit-state.js";
import { DEFAULT_LIMITS } from "../../src/app/limit-settings.js";
import { Limits } from "../../src/app/limits.js";
import { ActionFailure } from "../../src/ports/action.js";
import { LlmBudgetSpent } from "../../src/ports/llm-budget.js";
import { NOW, testConfig, testContext } from "./support/context.js";
import { startFeedServer } from "./support/feed-server.js";
import type { TestServer } from "./support/http-server.js";
import { openaiCompletion, startOpenAIServer } from "./support/llm-servers.js";

let feeds: TestServer;
let llm: TestServer;
beforeAll(async () => {
  [feeds, llm] = await Promise.all([startFeedServer(), startOpenAIServer([openaiCompletion("Yields slipped [1](https://news.example/markets/wrap).")])]);
});
afterAll(() => Promise.all([feeds.close(), llm.close()]));

/** A budget whose usage the test can read back. */
function budget(calls: number) {
  const clock = { now: () => NOW };
  const state = memoryLimitState(clock.now);
  const limits = new Limits(state, { ...DEFAULT_LIMITS, llm_per_day: { calls, tokens: 1_000_000 } }, clock);
  const used = () => state.update("llm#owner_1", (prev) => ({ next: prev, expiresAt: NOW + 86_400_000, result: prev as { calls: number; tokens: number } }));
  return { limits, used };
}

describe("the daily LLM budget", () => {
  it("counts each model call with the tokens the server reported, then falls back to the offline digest", async () => {
    const { limits, used } = budget(1);
    const runner = createActionRunner(
      testConfig({ summarizer: { provider: "openai", model: "m", base_url: `${llm.origin}/v1`, api_key_env: "K" } }),
      { K: "key-0000" },
      { llmBudget: limits },
    );
    const action = { type: "summarize" as const, topic: "finance news", feeds: [`${feeds.origin}/feeds/finance.rss.xml`] };
    const first = await runner.run(action, testContext());
    expect(first.data).toMatchObject({ kind: "llm" });
    expect(await used()).toMatchObject({ calls: 1, tokens: 150 });
    const second = await runner.run(action, testContext());
    expect(second.data).toMatchObject({ kind: "extractive", fallback: expect.stringMatching(/limits\.llm_per_day\.calls/) });
    expect(llm.requests).toHaveLength(1);
  });

  it("counts an ask's model call too; with the budget spent, an ask fails retryable without calling the model", async () => {
    const { limits, used } = budget(1);
    const model = await startOpenAIServer([openaiCompletion("Keep going.")]);
    try {
      const runner = createActionRunner(
        testConfig({ summarizer: { provider: "openai", model: "m", base_url: `${model.origin}/v1`, api_key_env: "K" } }),
        { K: "key-0000" },
        { llmBudget: limits },
      );
      const action = { type: "ask" as const, prompt: "Write me a motivational quote" };
      expect((await runner.run(action, testContext())).text).toBe("Keep going.");
      expect(await used()).toMatchObject({ calls: 1, tokens: 150 });
      const refused = await runner.run(action, testContext()).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ActionFailure);
      expect(refused).toMatchObject({ permanent: false, message: expect.stringMatching(/limits\.llm_per_day\.calls/) });
      expect(model.requests).toHaveLength(1);
    } finally {
      await model.close();
    }
  });

  it("is one wrapper any model-calling action uses: refuses before the call, records after it, estimates when unreported", async () => {
    const { limits, used } = budget(2);
    await expect(
      withinLlmBudget(
        limits,
        "owner_1",
        async () => "x".repeat(400),
        (out) => (out?.length ?? 0) / 4,
      ),
    ).resolves.toHaveLength(400);
    await expect(
      withinLlmBudget(
        limits,
        "owner_1",
        () => Promise.reject(new Error("model down")),
        () => 7,
      ),
    ).rejects.toThrow("model down");
    expect(await used()).toMatchObject({ calls: 2, tokens: 107 });
    let called = false;
    const refused = await withinLlmBudget(
      limits,
      "owner_1",
      async () => {
        called = true;
      },
      () => 0,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LlmBudgetSpent);
    expect(called).toBe(false);
  });
});
