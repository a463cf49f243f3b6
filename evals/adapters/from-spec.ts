import { rulesAssistant } from "../rules/rules-assistant.js";
import type { ModelAdapter } from "./adapter.js";
import { anthropicAdapter } from "./anthropic.js";
import { openaiAdapter } from "./openai.js";
import { recordingAdapter, replayAdapter } from "./replay.js";

export const ADAPTER_SPECS = "rules | openai:<model> | anthropic:<model> | replay:<dir>";

/**
 * `--model` to an adapter. Keys come from `env` (OPENAI_API_KEY, ANTHROPIC_API_KEY); a local
 * OpenAI-compatible server reached with `--base-url` (Ollama, vLLM, llama.cpp, LM Studio)
 * needs none. `record` wraps a live adapter so its turns are saved for replay.
 */
export function adapterFromSpec(spec: string, opts: { env: NodeJS.ProcessEnv; baseURL?: string; record?: string }): ModelAdapter {
  const colon = spec.indexOf(":");
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const rest = colon < 0 ? "" : spec.slice(colon + 1);
  const live = (adapter: ModelAdapter) => (opts.record ? recordingAdapter(adapter, opts.record) : adapter);
  const needKey = (name: string) => {
    const key = opts.env[name];
    if (key) return key;
    if (opts.baseURL) return "unused";
    throw new Error(`--model ${spec} needs ${name} in the environment (or --base-url for a local server)`);
  };
  if (opts.record && (kind === "rules" || kind === "replay")) throw new Error(`--record needs a live model, not ${kind}`);
  switch (kind) {
    case "rules":
      return rulesAssistant;
    case "openai":
      if (!rest) break;
      return live(openaiAdapter(rest, { apiKey: needKey("OPENAI_API_KEY"), ...(opts.baseURL && { baseURL: opts.baseURL }) }));
    case "anthropic":
      if (!rest) break;
      return live(anthropicAdapter(rest, { apiKey: needKey("ANTHROPIC_API_KEY"), ...(opts.baseURL && { baseURL: opts.baseURL }) }));
    case "replay":
      if (!rest) break;
      return replayAdapter(rest);
  }
  throw new Error(`unknown --model ${JSON.stringify(spec)}; use ${ADAPTER_SPECS}`);
}
