import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn } from "./adapter.js";
import { toAnthropicTools } from "./tool-format.js";

export interface AnthropicAdapterOptions {
  apiKey: string;
  baseURL?: string;
  /** @default 2048 */
  maxTokens?: number;
  /** @default 60_000 */
  timeoutMs?: number;
}

/**
 * Messages alternate user/assistant; tool results travel as `tool_result` blocks in the user
 * turn after the assistant's `tool_use`, so consecutive user-side messages merge into one.
 */
function toAnthropicMessages(messages: ChatMessage[]): MessageParam[] {
  const out: { role: "user" | "assistant"; content: ContentBlockParam[] }[] = [];
  const push = (role: "user" | "assistant", blocks: ContentBlockParam[]) => {
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === "user") push("user", [{ type: "text", text: m.content }]);
    else if (m.role === "tool") push("user", [{ type: "tool_result", tool_use_id: m.tool_call_id, content: m.content, ...(m.is_error && { is_error: true }) }]);
    else {
      const blocks: ContentBlockParam[] = m.content === "" ? [] : [{ type: "text", text: m.content }];
      for (const c of m.tool_calls ?? []) blocks.push({ type: "tool_use", id: c.id, name: c.name, input: typeof c.arguments === "string" ? {} : c.arguments });
      // The API refuses an empty turn; dropping it merges the user turns around it.
      if (blocks.length) push("assistant", blocks);
    }
  }
  return out;
}

/** Messages with tools, through the official SDK. */
export function anthropicAdapter(model: string, opts: AnthropicAdapterOptions): ModelAdapter {
  const client = new Anthropic({
    apiKey: opts.apiKey,
    // Explicit, so ANTHROPIC_BASE_URL in the environment changes nothing unnoticed.
    baseURL: opts.baseURL ?? "https://api.anthropic.com",
    maxRetries: 2,
    timeout: opts.timeoutMs ?? 60_000,
    logLevel: "off",
  });
  return {
    label: `anthropic:${model}`,
    model: `anthropic:${model}`,
    isLlm: true,
    async complete(req: ModelRequest): Promise<ModelTurn> {
      const started = performance.now();
      const res = await client.messages.create({
        model,
        max_tokens: opts.maxTokens ?? 2048,
        system: req.system,
        tools: toAnthropicTools(req.tools),
        messages: toAnthropicMessages(req.messages),
      });
      const latency_ms = Math.round(performance.now() - started);
      const text = res.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
      const tool_calls = res.content.flatMap((b) =>
        b.type === "tool_use"
          ? [
              {
                id: b.id,
                name: b.name,
                arguments: b.input !== null && typeof b.input === "object" ? (b.input as Record<string, unknown>) : JSON.stringify(b.input),
              },
            ]
          : [],
      );
      return { text, tool_calls, latency_ms, usage: { input_tokens: res.usage.input_tokens, output_tokens: res.usage.output_tokens } };
    },
  };
}
