import type { Action } from "../core/action-model.js";
import type { TokenUsage } from "../core/model.js";
import { type ActionContext, ActionFailure } from "../ports/action.js";
import { type LlmBudget, LlmBudgetSpent } from "../ports/llm-budget.js";
import type { Metrics } from "../ports/metrics.js";
import type { ActionsConfig, LlmConfig } from "./config.js";
import type { FeedItem } from "./feed-parser.js";
import { type FeedFailure, feedsForTopic, fetchItems } from "./feeds.js";
import type { Outbound } from "./http.js";
import { generateWithinBudget } from "./llm-budget.js";
import { pickItems } from "./relevance.js";
import { type Env, readSecret } from "./secrets.js";
import { createAnthropicClient } from "./summarizers/anthropic-client.js";
import type { DigestLength, DigestRequest } from "./summarizers/digest.js";
import { extractiveDigest } from "./summarizers/extractive.js";
import type { LlmClient } from "./summarizers/llm.js";
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
  /** Why an LLM digest was written offline instead: the owner's daily model budget was spent. */
  fallback?: string;
}

export interface SummarizeDeps {
  config: ActionsConfig;
  env: Env;
  /** For the owner's feeds: the policy as configured. */
  outbound: Outbound;
  /** For the model: its configured endpoint allowed too (see operator-hosts.ts). */
  modelOutbound: Outbound;
  /** The owner's daily model budget (limits.llm_per_day). */
  llmBudget: LlmBudget;
  /** Counts the tokens each model call used, by provider and model. */
  metrics?: Metrics | undefined;
}

/** Items considered when `max_items` is not given. */
const DEFAULT_MAX_ITEMS: Record<DigestLength, number> = { short: 5, medium: 8, long: 12 };

export function llmClient(config: LlmConfig, deps: SummarizeDeps, ctx: ActionContext): LlmClient {
  const apiKey = readSecret(deps.env, config.api_key_env, `${config.provider} summarizer`);
  const fetch = fetchVia(deps.modelOutbound, ctx.now, config.timeout_ms);
  return config.provider === "openai" ? createOpenAIClient(config, apiKey, fetch) : createAnthropicClient(config, apiKey, fetch);
}

/** The operator's token counter for this model. */
export const meterOf = (config: LlmConfig, deps: SummarizeDeps) => ({ metrics: deps.metrics, provider: config.provider, model: config.model });

/** The tokens a completion used, as a run records them. */
export const usageOf = (config: LlmConfig, usage: { input_tokens: number; output_tokens: number } | null): TokenUsage | undefined =>
  usage === null ? undefined : { ...usage, provider: config.provider, model: config.model };

/** The model's digest, and the items that fitted in its prompt (the ones it could cite). */
async function llmDigest(
  config: LlmConfig,
  req: DigestRequest,
  deps: SummarizeDeps,
  ctx: ActionContext,
): Promise<{ text: string; items: FeedItem[]; usage?: TokenUsage }> {
  const client = llmClient(config, deps, ctx);
  const prompt = buildPrompt(req, config.max_input_chars);
  const label = `${config.provider} summarizer (${config.model})`;
  let answer: Awaited<ReturnType<LlmClient["generate"]>>;
  try {
    answer = await generateWithinBudget(client, prompt, deps.llmBudget, ctx, meterOf(config, deps));
  } catch (err) {
    if (err instanceof LlmBudgetSpent) throw err;
    throw failureFromSdkError(err, label, ctx.now());
  }
  ctx.heartbeat();
  if (answer.text.trim() === "") throw new ActionFailure(`${label}: empty completion`, { permanent: false });
  const usage = usageOf(config, answer.usage);
  return { text: citeSources(answer.text, prompt.items), items: prompt.items, ...(usage && { usage }) };
}

function noNewsText(topic: string, since: number | null): string {
  return since === null ? `No items found about "${topic}".` : `No new items about "${topic}" since ${new Date(since).toISOString()}.`;
}

/** Fetches the feeds, keeps what is new and relevant, and condenses it. No item, no model call. */
export async function summarize(action: Summarize, ctx: ActionContext, deps: SummarizeDeps): Promise<{ text: string; data: DigestData; usage?: TokenUsage }> {
  const { feeds: feedsConfig } = deps.config;
  const feeds = action.feeds ?? feedsForTopic(action.topic, feedsConfig);
  if (feeds.length === 0) {
    throw new ActionFailure(`no feeds for "${action.topic}": pass feeds, or configure feeds.topics / feeds.fallback`, { permanent: true });
  }
  const length = action.length ?? "short";
  const fetched = await fetchItems(feeds, deps.outbound, ctx);
  const picked = pickItems(action.topic, fetched.items, action.max_items ?? DEFAULT_MAX_ITEMS[length]);
  const req: DigestRequest = { topic: action.topic, ...picked, available: fetched.items.length, language: action.language, length };

  const failures = fetched.failures.length > 0 ? { feed_failures: fetched.failures } : {};
  const { about, digest } = await writeDigest(req, picked.items, deps, ctx);
  return {
    text: digest.text,
    data: { ...about, items: digest.items.map(({ title, link }) => ({ title, link })), ...failures },
    ...(digest.usage && { usage: digest.usage }),
  };
}

type About = Pick<DigestData, "kind" | "provider" | "model" | "fallback">;

/** No item, no model call; with the daily model budget spent, the offline digest instead of none. */
async function writeDigest(
  req: DigestRequest,
  items: FeedItem[],
  deps: SummarizeDeps,
  ctx: ActionContext,
): Promise<{ about: About; digest: { text: string; items: FeedItem[]; usage?: TokenUsage } }> {
  const { summarizer } = deps.config;
  const offline = { kind: "extractive" as const };
  if (items.length === 0) {
    const about = summarizer.provider === "none" ? offline : { kind: "llm" as const, provider: summarizer.provider, model: summarizer.model };
    return { about, digest: { text: noNewsText(req.topic, ctx.previousSuccessAt), items: [] } };
  }
  if (summarizer.provider === "none") return { about: offline, digest: { text: extractiveDigest(req), items } };
  try {
    return { about: { kind: "llm", provider: summarizer.provider, model: summarizer.model }, digest: await llmDigest(summarizer, req, deps, ctx) };
  } catch (err) {
    if (!(err instanceof LlmBudgetSpent)) throw err;
    return { about: { ...offline, fallback: err.message }, digest: { text: extractiveDigest(req), items } };
  }
}
