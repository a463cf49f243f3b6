import { sendJson, startServer, type TestServer } from "./http-server.js";

export interface CannedReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Replies in order; the last one repeats. */
function startCannedServer(path: string, replies: CannedReply[]): Promise<TestServer> {
  const queue = [...replies];
  return startServer((req, res) => {
    if (req.method !== "POST" || req.url !== path) return sendJson(res, 404, { error: { message: `no route ${req.url}` } });
    const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
    sendJson(res, reply.status, reply.body, reply.headers);
  });
}

/** An OpenAI-compatible server: `POST /v1/chat/completions`. */
export const startOpenAIServer = (replies: CannedReply[]) => startCannedServer("/v1/chat/completions", replies);

/** An Anthropic-compatible server: `POST /v1/messages`. */
export const startAnthropicServer = (replies: CannedReply[]) => startCannedServer("/v1/messages", replies);

export const openaiCompletion = (text: string): CannedReply => ({
  status: 200,
  body: {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_773_734_400,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  },
});

export const anthropicMessage = (text: string): CannedReply => ({
  status: 200,
  body: {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "test-model",
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 50 },
  },
});

export const openaiError = (status: number, message: string, headers: Record<string, string> = {}): CannedReply => ({
  status,
  body: { error: { message, type: "error", param: null, code: null } },
  headers,
});

export const anthropicError = (status: number, message: string, headers: Record<string, string> = {}): CannedReply => ({
  status,
  body: { type: "error", error: { type: status === 429 ? "rate_limit_error" : "api_error", message } },
  headers,
});
