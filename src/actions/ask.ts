import type { AskAction } from "../core/action-model.js";
import type { TokenUsage } from "../core/model.js";
import { type ActionContext, ActionFailure } from "../ports/action.js";
import { LlmBudgetSpent } from "../ports/llm-budget.js";
import { askPrompt, Decision } from "./ask-prompt.js";
import { generateWithinBudget } from "./llm-budget.js";
import { fetchSources } from "./sources.js";
import { llmClient, meterOf, type SummarizeDeps, usageOf } from "./summarize.js";
import { failureFromSdkError } from "./summarizers/sdk-support.js";

/** What an ask run stores in `RunResult.data` (before delivery adds `delivered`). */
export interface AskData {
  kind: "ask";
  provider: string;
  model: string;
  /** Each source, and why it could not be read when it could not. */
  sources: { url: string; failure?: string }[];
  /** With `deliver_if`: whether the model found the condition met, and why. */
  condition?: { met: boolean; reason: string };
}

export interface AskOutcome {
  text: string;
  data: AskData;
  /** false when the condition did not hold: the text stays in the run's history and goes to no channel. */
  deliver: boolean;
  usage?: TokenUsage;
}

/** The decision JSON; a model may wrap it in a Markdown fence even when asked not to. */
function parseDecision(text: string, label: string): Decision {
  const bare = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "");
  let json: unknown;
  try {
    json = JSON.parse(bare);
  } catch {
    json = null;
  }
  const parsed = Decision.safeParse(json);
  if (!parsed.success) throw new ActionFailure(`${label}: the answer was not the decision asked for (deliver, reason, answer)`, { permanent: false });
  return parsed.data;
}

/**
 * Runs the prompt on the configured model, with the sources' text as delimited data. The
 * model's output is capped (`max_output_tokens`), its input by `max_input_chars`; the tokens it
 * used are recorded on the run. With `deliver_if`, the model answers with a structured decision
 * and the answer is delivered only when the condition holds; the run says why when not.
 */
export async function ask(action: AskAction, ctx: ActionContext, deps: SummarizeDeps): Promise<AskOutcome> {
  const config = deps.config.summarizer;
  if (config.provider === "none") {
    throw new ActionFailure("ask needs a language model, and none is configured (actions.summarizer)", { permanent: true });
  }
  const sources = action.sources?.length ? await fetchSources(action.sources, deps.outbound, ctx, config.max_input_chars) : [];
  const label = `${config.provider} model (${config.model})`;
  let answer: { text: string; usage: { input_tokens: number; output_tokens: number } | null };
  try {
    const prompt = askPrompt(action, sources, ctx.scheduledAt, config.max_output_tokens);
    answer = await generateWithinBudget(llmClient(config, deps, ctx), prompt, deps.llmBudget, ctx, meterOf(config, deps));
  } catch (err) {
    if (err instanceof LlmBudgetSpent) throw err;
    throw failureFromSdkError(err, label, ctx.now());
  }
  ctx.heartbeat();
  const usage = usageOf(config, answer.usage);
  const data: AskData = {
    kind: "ask",
    provider: config.provider,
    model: config.model,
    sources: sources.map(({ url, failure }) => ({ url, ...(failure !== undefined && { failure }) })),
  };
  const withUsage = <T extends object>(o: T) => ({ ...o, ...(usage && { usage }) });
  if (action.deliver_if === undefined) {
    if (answer.text.trim() === "") throw new ActionFailure(`${label}: empty completion`, { permanent: false });
    return withUsage({ text: answer.text.trim(), data, deliver: true });
  }
  const decision = parseDecision(answer.text, label);
  const condition = { met: decision.deliver, reason: decision.reason.trim() };
  if (decision.deliver) return withUsage({ text: decision.answer.trim() || condition.reason, data: { ...data, condition }, deliver: true });
  const text = `Not delivered: the condition "${action.deliver_if}" did not hold. ${condition.reason}`.trim();
  return withUsage({ text, data: { ...data, condition }, deliver: false });
}
