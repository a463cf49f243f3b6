import type { Prompt } from "./prompt.js";

/** A completion and the tokens it used (null when the server did not say). */
export interface Completion {
  text: string;
  usage: { input: number; output: number } | null;
}

/** One completion from a chat model. Implementations wrap one vendor SDK each. */
export interface LlmClient {
  /** Resolves with the completion; rejects with the SDK's own error (see `failureFromSdkError`). */
  complete(prompt: Prompt, signal: AbortSignal): Promise<Completion>;
}
