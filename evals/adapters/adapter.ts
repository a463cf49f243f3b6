import type { Tool } from "@modelcontextprotocol/client";

/**
 * The conversation as every adapter sees it, in one neutral shape; each adapter converts it to
 * its API's format. Tool results carry the text content a chat client hands its model.
 */
export interface ToolCall {
  id: string;
  name: string;
  /** The parsed arguments, or the raw text when the model's JSON did not parse. */
  arguments: Record<string, unknown> | string;
}

export type ChatMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; name: string; content: string; is_error: boolean };

/** What the chat client knows about its user, and shows the model in its system prompt. */
export interface UserContext {
  /** IANA zone. */
  timezone: string;
  /** Epoch ms: the frozen "now" of the case. */
  now: number;
}

export interface ModelRequest {
  /** The full system prompt: the client's preamble plus the server's `instructions`. */
  system: string;
  /** The server's `instructions`, verbatim, as the client received them at initialize. */
  instructions: string;
  /** `tools/list`, verbatim. */
  tools: Tool[];
  messages: ChatMessage[];
  context: UserContext;
  /** Which conversation and turn this is; recordings are filed by it. */
  session: { case_id: string; trial: number; turn: number };
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
}

/** One assistant turn: text, tool calls, or both. */
export interface ModelTurn {
  text: string;
  tool_calls: ToolCall[];
  /** When the adapter's API reports it. */
  usage?: Usage;
  /** Wall time of the API call, when the adapter made one. */
  latency_ms?: number;
}

export interface ModelAdapter {
  /** Printed on every report: `openai:gpt-4.1`, `rules`, `replay:evals/recordings/x (openai:gpt-4.1)`. */
  readonly label: string;
  /** The model id that recordings are keyed by. */
  readonly model: string;
  /** False for the deterministic `rules` assistant: a report must never present it as an LLM. */
  readonly isLlm: boolean;
  complete(request: ModelRequest): Promise<ModelTurn>;
}
