import type { LlmConfig } from "../config.js";
import type { LlmClient } from "./llm.js";
import type { SdkFetch } from "./sdk-support.js";

type OpenAIConfig = Extract<LlmConfig, { provider: "openai" }>;

const OPENAI_API = "https://api.openai.com/v1";

export function createOpenAIClient(config: OpenAIConfig, apiKey: string, fetch: SdkFetch): LlmClient {
  // The SDK loads with the first call (a summarize run with this provider), not with the process.
  const client = import("openai").then(
    ({ default: Sdk }) =>
      new Sdk({
        apiKey,
        // Explicit, so OPENAI_BASE_URL / OPENAI_ORG_ID in the process environment change nothing.
        baseURL: config.base_url ?? OPENAI_API,
        organization: null,
        project: null,
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
    const res = await (await client).chat.completions.create(
      {
        model: config.model,
        messages: [
          { role: "system", content: req.system },
          { role: "user", content: req.user },
        ],
        // OpenAI's newer models refuse `max_tokens`; most self-hosted servers only know it.
        ...(config.base_url === undefined ? { max_completion_tokens: req.maxTokens } : { max_tokens: req.maxTokens }),
        ...(req.json && {
          response_format: {
            type: "json_schema",
            json_schema: { name: req.json.name, description: req.json.description, schema: req.json.schema, strict: true },
          },
        }),
      },
      { signal },
    );
    const usage = res.usage ? { input_tokens: res.usage.prompt_tokens, output_tokens: res.usage.completion_tokens } : null;
    return { text: res.choices[0]?.message?.content ?? "", usage };
  };
  return {
    generate,
    async complete(prompt, signal) {
      return (await generate(prompt, signal)).text;
    },
  };
}
