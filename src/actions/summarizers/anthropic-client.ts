import Anthropic from "@anthropic-ai/sdk";
import type { LlmConfig } from "../config.js";
import type { LlmClient } from "./llm.js";
import type { SdkFetch } from "./sdk-support.js";

type AnthropicConfig = Extract<LlmConfig, { provider: "anthropic" }>;

const ANTHROPIC_API = "https://api.anthropic.com";

export function createAnthropicClient(config: AnthropicConfig, apiKey: string, fetch: SdkFetch): LlmClient {
  const client = new Anthropic({
    apiKey,
    // Explicit, so ANTHROPIC_BASE_URL in the process environment changes nothing.
    baseURL: config.base_url ?? ANTHROPIC_API,
    fetch,
    // The scheduler owns retries (and counts attempts); `fetchVia` owns the timeout.
    maxRetries: 0,
    timeout: config.timeout_ms + 1_000,
    logLevel: "off",
  });
  return {
    async complete(prompt, signal, onUsage) {
      const res = await client.messages.create(
        {
          model: config.model,
          max_tokens: prompt.maxTokens,
          system: prompt.system,
          messages: [{ role: "user", content: prompt.user }],
        },
        { signal },
      );
      if (res.usage) onUsage?.({ input: res.usage.input_tokens, output: res.usage.output_tokens });
      return res.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    },
  };
}
