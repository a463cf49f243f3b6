import type { Prompt } from "./prompt.js";

/** One completion from a chat model. Implementations wrap one vendor SDK each. */
export interface LlmClient {
  /** Resolves with the completion text; rejects with the SDK's own error (see `failureFromSdkError`). */
  complete(prompt: Prompt, signal: AbortSignal): Promise<string>;
}
