import type { Prompt } from "./prompt.js";

/** What one completion is asked: a system prompt, the user turn, and a cap on the tokens written. */
export interface Completion {
  system: string;
  user: string;
  maxTokens: number;
  /**
   * Constrains the answer to this JSON Schema where the API allows (OpenAI structured outputs,
   * an Anthropic tool the model must call); the text returned is then that JSON.
   */
  json?: { name: string; description: string; schema: Record<string, unknown> };
}

/** Tokens one completion used, as the API reported them. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
}

/** One completion from a chat model. Implementations wrap one vendor SDK each. */
export interface LlmClient {
  /** Resolves with the completion text; rejects with the SDK's own error (see `failureFromSdkError`). */
  complete(prompt: Prompt, signal: AbortSignal): Promise<string>;
  /** As `complete`, with the tokens used (null when the API reports none). */
  generate(req: Completion, signal: AbortSignal): Promise<{ text: string; usage: Usage | null }>;
}
