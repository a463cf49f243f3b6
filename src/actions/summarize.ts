import type { Action } from "../core/action-model.js";
import { type ActionContext, ActionFailure } from "../ports/action.js";
import type { Metrics } from "../ports/metrics.js";
import type { ActionsConfig, LlmConfig } from "./config.js";
import type { FeedItem } from "./feed-parser.js";
import { type FeedFailure, feedsForTopic, fetchItems } from "./feeds.js";
import type { Outbound } from "./http.js";
import { pickItems } from "./relevance.js";
import { type Env, readSecret } from "./secrets.js";
import { createAnthropicClient } from "./summarizers/anthropic-client.js";
import type { DigestLength, DigestRequest } from "./summarizers/digest.js";
import { extractiveDigest } from "./summarizers/extractive.js";
import type { Completion, LlmClient } from "./summarizers/llm.js";
import { createOpenAIClient } from "./summarizers/openai-client.js";
import { buildPrompt, citeSources } from "./summarizers/prompt.js";
import { failureFromSdkError, fetchVia } from "./summarizers/sdk-support.js";

type Summarize = Extract<Action, { type: "summarize" }>;

/** What a summarize run stores in `RunResult.data` (before delivery adds `delivered`). */
export interface DigestData {
  /** `extractive`: quoted by the offline summarizer; `llm`: written by the configured model. */
  kind: "llm" | "extractive";
  items: { title: string; link: string }[];
  provider?: string;
  model?: string;
  /** Feeds that could not be read; the digest is made of the others. */
  feed_failures?: FeedFailure[];
}

export interface SummarizeDeps {
  config: ActionsConfig;
  env: Env;
  outbound: Outbound;
  /** Counts the tokens each model call used. */
  metrics?: Metrics | undefined;
}

/** Items considered when `max_items` is not given. */
const DEFAULT_MAX_ITEMS: Record<DigestLength, number> = { short: 5, medium: 8, long: 12 };

function llmClient(config: LlmConfig, deps: SummarizeDeps, ctx: ActionContext): LlmClient {
  const apiKey = readSecret(deps.env, config.api_key_env, `${config.provider} summarizer`);
  const fetch = fetchVia(deps.outbound, ctx.now, config.timeout_ms);
  return config.provider === "openai" ? createOpenAIClient(config, apiKey, fetch) : createAnthropicClient(config, apiKey, fetch);
}

/** The model's digest, and the items that fitted in its prompt (the ones it could cite). */
async function llmDigest(config: LlmConfig, req: DigestRequest, deps: SummarizeDeps, ctx: ActionContext): Promise<{ text: string; items: FeedItem[] }> {
  const client = llmClient(config, deps, ctx);
  const prompt = buildPrompt(req, config.max_input_chars);
  const label = `${config.provider} summarizer (${config.model})`;
  let completion: Completion;
  try {
    completion = await client.complete(prompt, ctx.signal);
  } catch (err) {
    throw failureFromSdkError(err, label, ctx.now());
  }
  const { text, usage } = completion;
  if (usage) {
    deps.metrics?.llmTokens(config.provider, config.model, "input", usage.input);
    deps.metrics?.llmTokens(config.provider, config.model, "output", usage.output);
  }
  ctx.heartbeat();
  if (text.trim() === "") throw new ActionFailure(`${label}: empty completion`, { permanent: false });
  return { text: citeSources(text, prompt.items), items: prompt.items };
}

function noNewsText(topic: string, since: number | null): string {
  return since === null ? `No items found about "${topic}".` : `No new items about "${topic}" since ${new Date(since).toISOString()}.`;
}

/** Fetches the feeds, keeps what is new and relevant, and condenses it. No item, no model call. */
export async function summarize(action: Summarize, ctx: ActionContext, deps: SummarizeDeps): Promise<{ text: string; data: DigestData }> {
  const { summarizer, feeds: feedsConfig } = deps.config;
  const feeds = action.feeds ?? feedsForTopic(action.topic, feedsConfig);
  if (feeds.length === 0) {
    throw new ActionFailure(`no feeds for "${action.topic}": pass feeds, or configure feeds.topics / feeds.fallback`, { permanent: true });
  }
  const length = action.length ?? "short";
  const fetched = await fetchItems(feeds, deps.outbound, ctx);
  const picked = pickItems(action.topic, fetched.items, action.max_items ?? DEFAULT_MAX_ITEMS[length]);
  const req: DigestRequest = { topic: action.topic, ...picked, available: fetched.items.length, language: action.language, length };

  const about =
    summarizer.provider === "none" ? { kind: "extractive" as const } : { kind: "llm" as const, provider: summarizer.provider, model: summarizer.model };
  const failures = fetched.failures.length > 0 ? { feed_failures: fetched.failures } : {};
  const digest =
    picked.items.length === 0
      ? { text: noNewsText(action.topic, ctx.previousSuccessAt), items: [] }
      : summarizer.provider === "none"
        ? { text: extractiveDigest(req), items: picked.items }
        : await llmDigest(summarizer, req, deps, ctx);
  return { text: digest.text, data: { ...about, items: digest.items.map(({ title, link }) => ({ title, link })), ...failures } };
}
