import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn } from "./adapter.js";
import { parseArguments, toOpenAITools } from "./tool-format.js";

export interface OpenAIAdapterOptions {
  apiKey: string;
  /** Any OpenAI-compatible server: Ollama (`http://localhost:11434/v1`), vLLM, llama.cpp, LM Studio. */
  baseURL?: string;
  /** @default 60_000 */
  timeoutMs?: number;
}

function toOpenAIMessages(system: string, messages: ChatMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: "system", content: system }];
  for (const m of messages) {
    if (m.role === "user") out.push({ role: "user", content: m.content });
    else if (m.role === "tool") out.push({ role: "tool", tool_call_id: m.tool_call_id, content: m.content });
    else
      out.push({
        role: "assistant",
        // An assistant turn that only calls tools has null content; one without calls keeps its text.
        content: m.content === "" && m.tool_calls?.length ? null : m.content,
        ...(m.tool_calls?.length && {
          tool_calls: m.tool_calls.map((c) => ({
            id: c.id,
            type: "function" as const,
            function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) },
          })),
        }),
      });
  }
  return out;
}

/** Chat Completions with tools, through the official SDK. */
export function openaiAdapter(model: string, opts: OpenAIAdapterOptions): ModelAdapter {
  const client = new OpenAI({
    apiKey: opts.apiKey,
    // Explicit, so OPENAI_BASE_URL / OPENAI_ORG_ID in the environment change nothing unnoticed.
    baseURL: opts.baseURL ?? "https://api.openai.com/v1",
    organization: null,
    project: null,
    maxRetries: 2,
    timeout: opts.timeoutMs ?? 60_000,
    logLevel: "off",
  });
  return {
    label: `openai:${model}`,
    model: `openai:${model}`,
    isLlm: true,
    async complete(req: ModelRequest): Promise<ModelTurn> {
      const started = performance.now();
      const res = await client.chat.completions.create({
        model,
        messages: toOpenAIMessages(req.system, req.messages),
        tools: toOpenAITools(req.tools),
      });
      const latency_ms = Math.round(performance.now() - started);
      const message = res.choices[0]?.message;
      const tool_calls = (message?.tool_calls ?? []).flatMap((c) =>
        c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: parseArguments(c.function.arguments) }] : [],
      );
      return {
        text: message?.content ?? "",
        tool_calls,
        latency_ms,
        ...(res.usage && { usage: { input_tokens: res.usage.prompt_tokens, output_tokens: res.usage.completion_tokens } }),
      };
    },
  };
}
