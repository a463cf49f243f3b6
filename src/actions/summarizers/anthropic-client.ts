import type Anthropic from "@anthropic-ai/sdk";
import type { LlmConfig } from "../config.js";
import type { LlmClient } from "./llm.js";
import type { SdkFetch } from "./sdk-support.js";

type AnthropicConfig = Extract<LlmConfig, { provider: "anthropic" }>;

const ANTHROPIC_API = "https://api.anthropic.com";

export function createAnthropicClient(config: AnthropicConfig, apiKey: string, fetch: SdkFetch): LlmClient {
  // The SDK loads with the first call (a summarize run with this provider), not with the process.
  const client = import("@anthropic-ai/sdk").then(
    ({ default: Sdk }) =>
      new Sdk({
        apiKey,
        // Explicit, so ANTHROPIC_BASE_URL in the process environment changes nothing.
        baseURL: config.base_url ?? ANTHROPIC_API,
        fetch,
        // The scheduler owns retries (and counts attempts); `fetchVia` owns the timeout.
        maxRetries: 0,
        timeout: config.timeout_ms + 1_000,
        logLevel: "off",
      }),
  );
  // A load that fails fails the call that awaits it, not the process.
  client.catch(() => undefined);
  const generate: LlmClient["generate"] = async (req, signal) => {
    // A JSON answer is a tool the model must call: its input is the answer, checked against the schema.
    const tool = req.json && { name: req.json.name, description: req.json.description, input_schema: req.json.schema as Anthropic.Tool.InputSchema };
    const res = await (await client).messages.create(
      {
        model: config.model,
        max_tokens: req.maxTokens,
        system: req.system,
        messages: [{ role: "user", content: req.user }],
        ...(tool && { tools: [tool], tool_choice: { type: "tool" as const, name: tool.name } }),
      },
      { signal },
    );
    const text = tool
      ? JSON.stringify(res.content.find((block) => block.type === "tool_use")?.input ?? null)
      : res.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    return { text, usage: { input_tokens: res.usage.input_tokens, output_tokens: res.usage.output_tokens } };
  };
  return {
    generate,
    async complete(prompt, signal) {
      return (await generate(prompt, signal)).text;
    },
  };
}
