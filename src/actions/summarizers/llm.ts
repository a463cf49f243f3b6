import type { Prompt } from "./prompt.js";

/** The tokens one call used, as the server reports them. */
export interface TokenUsage {
  input: number;
  output: number;
}

/** One completion from a chat model. Implementations wrap one vendor SDK each. */
export interface LlmClient {
  /**
   * Resolves with the completion text; rejects with the SDK's own error (see `failureFromSdkError`).
   * `onUsage` is called with the tokens the call used (prompt and completion) when the server says.
   */
  complete(prompt: Prompt, signal: AbortSignal, onUsage?: (usage: TokenUsage) => void): Promise<string>;
}
