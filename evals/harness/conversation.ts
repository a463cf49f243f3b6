import type { Client } from "@modelcontextprotocol/client";
import { DateTime } from "luxon";
import type { ChatMessage, ModelAdapter, ToolCall, Usage, UserContext } from "../adapters/adapter.js";
import type { Case, HistoryMessage } from "./case.js";
import { openSandbox } from "./sandbox.js";
import type { Transcript, TranscriptCall } from "./transcript.js";

/** @default 8 model turns per case: enough for list → act → reply, with room for one repair. */
const DEFAULT_MAX_TURNS = 8;

/**
 * What a chat client tells its model besides the server's instructions: the user's zone and
 * the current time (clients put the date in their system prompt), then the instructions
 * verbatim. Kept minimal so the server's own words do the steering.
 */
export function systemPrompt(instructions: string, ctx: UserContext): string {
  const local = DateTime.fromMillis(ctx.now, { zone: ctx.timezone });
  return [
    'You are a helpful assistant in a chat app. The app has connected the MCP server "duely"; its tools are available to you.',
    `The user's time zone is ${ctx.timezone}. It is now ${local.toFormat("cccc, yyyy-MM-dd HH:mm")} there (UTC${local.toFormat("ZZ")}).`,
    "",
    'Instructions from the "duely" server:',
    instructions,
  ].join("\n");
}

/** History from a case, with `{{seed:<key>}}` replaced by the seeded task's id. */
function fromHistory(messages: HistoryMessage[] | undefined, seeded: Record<string, string>): ChatMessage[] {
  if (!messages) return [];
  const text = JSON.stringify(messages).replace(/\{\{seed:([a-z0-9-]+)\}\}/g, (m, key: string) => seeded[key] ?? m);
  return (JSON.parse(text) as HistoryMessage[]).map((m): ChatMessage => {
    if (m.role === "tool")
      return { role: "tool", tool_call_id: m.tool_call_id, name: m.name, content: JSON.stringify(m.result), is_error: m.result.ok === false };
    if (m.role === "assistant") return { role: "assistant", content: m.content, ...(m.tool_calls && { tool_calls: m.tool_calls }) };
    return m;
  });
}

interface Executed {
  call: TranscriptCall;
  message: ChatMessage;
}

/** Runs one tool call against the server the way a chat client does, and keeps both views of the result. */
async function execute(client: Client, call: ToolCall): Promise<Executed> {
  const reply = (result: Record<string, unknown>, content: string, isError: boolean): Executed => ({
    call: { name: call.name, arguments: call.arguments, result },
    message: { role: "tool", tool_call_id: call.id, name: call.name, content, is_error: isError },
  });
  if (typeof call.arguments === "string") {
    // Never reaches the server: a client cannot send arguments it cannot parse.
    return reply({ ok: false, client_error: "arguments are not a JSON object" }, `Error: the arguments of ${call.name} are not a JSON object.`, true);
  }
  try {
    const r = await client.callTool({ name: call.name, arguments: call.arguments });
    const text = r.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
    const structured = (r.structuredContent as Record<string, unknown> | undefined) ?? { ok: r.isError !== true, text };
    return reply(structured, text, r.isError === true);
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    const message = typeof err.message === "string" ? err.message : String(e);
    return reply({ ok: false, protocol_error: { code: typeof err.code === "number" ? err.code : null, message } }, `Error: ${message}`, true);
  }
}

const addUsage = (a: Usage | undefined, b: Usage | undefined): Usage | undefined =>
  b === undefined ? a : { input_tokens: (a?.input_tokens ?? 0) + b.input_tokens, output_tokens: (a?.output_tokens ?? 0) + b.output_tokens };

/**
 * One case, one trial: a fresh duely, the conversation so far, then the model's turns until it
 * answers without a tool call or hits the turn limit. Every tool call runs against the server.
 */
export async function runConversation(c: Case, adapter: ModelAdapter, opts: { trial: number; maxTurns?: number }): Promise<Transcript> {
  const sandbox = await openSandbox(c);
  const context: UserContext = { timezone: c.user_tz, now: Date.parse(c.now) };
  const system = systemPrompt(sandbox.instructions, context);
  const messages: ChatMessage[] = [...fromHistory(c.history, sandbox.seeded), { role: "user", content: c.prompt }, ...fromHistory(c.prefill, sandbox.seeded)];
  const calls: TranscriptCall[] = [];
  let finalText = "";
  let turns = 0;
  let stop: Transcript["stop"] = "turn_limit";
  let error: string | undefined;
  let usage: Usage | undefined;
  let latency: number | undefined;
  try {
    for (; turns < (opts.maxTurns ?? DEFAULT_MAX_TURNS); turns++) {
      const turn = await adapter.complete({
        system,
        instructions: sandbox.instructions,
        tools: sandbox.tools,
        messages: structuredClone(messages),
        context,
        session: { case_id: c.id, trial: opts.trial, turn: turns },
      });
      usage = addUsage(usage, turn.usage);
      if (turn.latency_ms !== undefined) latency = (latency ?? 0) + turn.latency_ms;
      messages.push({ role: "assistant", content: turn.text, ...(turn.tool_calls.length > 0 && { tool_calls: turn.tool_calls }) });
      finalText = turn.text;
      if (turn.tool_calls.length === 0) {
        stop = "reply";
        turns++;
        break;
      }
      for (const call of turn.tool_calls) {
        const done = await execute(sandbox.client, call);
        calls.push(done.call);
        messages.push(done.message);
      }
    }
  } catch (e) {
    stop = "error";
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  try {
    return {
      id: c.id,
      adapter: adapter.label,
      trial: opts.trial,
      calls,
      final_text: finalText,
      final_state: { tasks: await sandbox.finalState() },
      seeded: sandbox.seeded,
      turns,
      stop,
      ...(error !== undefined && { error }),
      ...(usage && { usage }),
      ...(latency !== undefined && { latency_ms: latency }),
    };
  } finally {
    await sandbox.close();
  }
}
