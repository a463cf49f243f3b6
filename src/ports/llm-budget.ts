import { ActionFailure } from "./action.js";

/**
 * An owner's daily budget of model calls. Every action that calls a model asks `admit` first and
 * reports with `record` after (see src/actions/llm-budget.ts, `withinLlmBudget`).
 */
export interface LlmBudget {
  /** Resolves when `owner` may make one more call today; rejects with LlmBudgetSpent when not. */
  admit(owner: string): Promise<void>;
  /** Counts one call that used `tokens` (prompt and completion; 0 when it failed before any). */
  record(owner: string, tokens: number): Promise<void>;
}

/** Today's budget is spent: retryable once it resets (next UTC midnight). */
export class LlmBudgetSpent extends ActionFailure {
  constructor(what: "calls" | "tokens", retryAfterMs: number) {
    super(`the daily LLM ${what} budget of this owner is spent (limits.llm_per_day.${what}); it resets at midnight UTC`, {
      permanent: false,
      retryAfterMs,
    });
    this.name = "LlmBudgetSpent";
  }
}

export const unlimitedLlmBudget: LlmBudget = { admit: async () => {}, record: async () => {} };
