import type { ActionContext } from "../ports/action.js";
import type { LlmBudget } from "../ports/llm-budget.js";
import type { Metrics } from "../ports/metrics.js";
import type { Completion, LlmClient } from "./summarizers/llm.js";

/** A rough size when the server reports no usage: about 4 characters a token. */
export const estimateTokens = (...texts: string[]) => Math.ceil(texts.reduce((n, t) => n + t.length, 0) / 4);

/**
 * The one way an action calls a model: admitted by the owner's daily budget first (throws
 * LlmBudgetSpent when it is spent), and the call's tokens recorded after, whatever its outcome.
 * `call` reports the tokens through `usage`; when it does not, `estimate` (of what was sent and
 * received) is recorded instead.
 */
export async function withinLlmBudget<T>(
  budget: LlmBudget,
  owner: string,
  call: (usage: (tokens: number) => void) => Promise<T>,
  estimate: (result: T | undefined) => number,
): Promise<T> {
  await budget.admit(owner);
  let reported: number | null = null;
  let result: T | undefined;
  try {
    result = await call((tokens) => {
      reported = (reported ?? 0) + tokens;
    });
    return result;
  } finally {
    await budget.record(owner, reported ?? estimate(result));
  }
}

/** Where a model's reported tokens are counted for the operator, by provider and model. */
export interface TokenMeter {
  metrics: Metrics | undefined;
  provider: string;
  model: string;
}

/**
 * One completion within the owner's budget: the tokens the API reported, else an estimate, are
 * recorded; the reported ones are also counted on the meter.
 */
export function generateWithinBudget(client: LlmClient, req: Completion, budget: LlmBudget, ctx: ActionContext, meter?: TokenMeter) {
  return withinLlmBudget(
    budget,
    ctx.owner,
    async (usage) => {
      const answer = await client.generate(req, ctx.signal);
      if (answer.usage) {
        usage(answer.usage.input_tokens + answer.usage.output_tokens);
        meter?.metrics?.llmTokens(meter.provider, meter.model, "input", answer.usage.input_tokens);
        meter?.metrics?.llmTokens(meter.provider, meter.model, "output", answer.usage.output_tokens);
      }
      return answer;
    },
    (answer) => estimateTokens(req.system, req.user, answer?.text ?? ""),
  );
}
