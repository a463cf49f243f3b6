import type { Prompt } from "./prompt.js";

/** One completion from a chat model. Implementations wrap one vendor SDK each. */
export interface LlmClient {
  /**
   * Resolves with the completion text; rejects with the SDK's own error (see `failureFromSdkError`).
   * `onUsage` is called with the tokens the call used (prompt and completion) when the server says.
   */
  complete(prompt: Prompt, signal: AbortSignal, onUsage?: (tokens: number) => void): Promise<string>;
}
