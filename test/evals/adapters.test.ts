import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { anthropicAdapter } from "../../evals/adapters/anthropic.js";
import { openaiAdapter } from "../../evals/adapters/openai.js";
import { recordingAdapter, replayAdapter } from "../../evals/adapters/replay.js";
import { Case } from "../../evals/harness/case.js";
import { runConversation } from "../../evals/harness/conversation.js";
import { instructionsFor } from "../../src/mcp/server.js";

/** A stand-in for an LLM API on loopback: answers each POST with the next scripted body. */
async function fakeApi(replies: ((body: any) => unknown)[]) {
  const requests: { path: string; headers: Record<string, unknown>; body: any }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw);
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      const reply = replies[requests.length - 1];
      res.writeHead(reply ? 200 : 500, { "content-type": "application/json" });
      res.end(JSON.stringify(reply ? reply(body) : { error: { message: "no more scripted replies" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const theCase = Case.parse({
  id: "adapter-round-trip",
  prompt: "Every weekday at 8am summarize finance news",
  user_tz: "America/New_York",
  now: "2026-03-05T15:07:30Z",
  tags: [],
});
const createArgs = { title: "Finance digest", action: { type: "summarize", topic: "finance news" }, when: "every weekday at 8am" };
const WEEKDAYS_8AM = ["2026-03-06T13:00:00Z", "2026-03-09T12:00:00Z", "2026-03-10T12:00:00Z", "2026-03-11T12:00:00Z", "2026-03-12T12:00:00Z"];

const openaiToolCall = () => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 0,
  model: "fake-gpt",
  choices: [
    {
      index: 0,
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "task_create_v1", arguments: JSON.stringify(createArgs) } }],
      },
    },
  ],
  usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 },
});
const openaiText = (text: string) => () => ({
  id: "chatcmpl-2",
  object: "chat.completion",
  created: 0,
  model: "fake-gpt",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: text } }],
  usage: { prompt_tokens: 1200, completion_tokens: 20, total_tokens: 1220 },
});

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe("the openai adapter", () => {
  test("round-trips a tool call through the real server and hands the result back", async () => {
    const api = await fakeApi([openaiToolCall, openaiText("Scheduled: weekdays at 08:00 New York time.")]);
    cleanup.push(api.close);
    const adapter = openaiAdapter("fake-gpt", { apiKey: "test-key", baseURL: `${api.url}/v1` });

    const t = await runConversation(theCase, adapter, { trial: 1 });

    expect(t).toMatchObject({
      adapter: "openai:fake-gpt",
      stop: "reply",
      turns: 2,
      final_text: "Scheduled: weekdays at 08:00 New York time.",
      usage: { input_tokens: 2100, output_tokens: 60 },
    });
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]).toMatchObject({ name: "task_create_v1", arguments: createArgs, result: { ok: true, api: "task.create@v1" } });
    expect(t.final_state.tasks.map((x) => x.next)).toEqual([WEEKDAYS_8AM]);

    const [first, second] = api.requests;
    expect(first!.path).toBe("/v1/chat/completions");
    expect(first!.headers.authorization).toBe("Bearer test-key");
    expect(first!.body.model).toBe("fake-gpt");
    expect(first!.body.messages[0].role).toBe("system");
    expect(first!.body.messages[0].content).toContain(instructionsFor("America/New_York"));
    expect(first!.body.messages[0].content).toContain("The user's time zone is America/New_York. It is now Thursday, 2026-03-05 10:07 there");
    expect(first!.body.messages[1]).toEqual({ role: "user", content: theCase.prompt });
    const create = first!.body.tools.find((x: any) => x.function.name === "task_create_v1");
    expect(create.type).toBe("function");
    expect(create.function.parameters.$schema).toBeUndefined();
    expect(create.function.parameters.properties.when).toBeDefined();
    expect(second!.body.messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "task_create_v1", arguments: JSON.stringify(createArgs) } }],
      },
      { role: "tool", tool_call_id: "call_1", content: expect.stringContaining('"ok":true') },
    ]);
  });

  test("keeps arguments that are not JSON as text, and never sends them to the server", async () => {
    const broken = () => {
      const r = openaiToolCall();
      r.choices[0]!.message.tool_calls[0]!.function.arguments = '{"title": "x",';
      return r;
    };
    const api = await fakeApi([broken, openaiText("Sorry.")]);
    cleanup.push(api.close);
    const t = await runConversation(theCase, openaiAdapter("fake-gpt", { apiKey: "k", baseURL: `${api.url}/v1` }), { trial: 1 });
    expect(t.calls[0]).toMatchObject({ arguments: '{"title": "x",', result: { ok: false, client_error: "arguments are not a JSON object" } });
    expect(t.final_state.tasks).toEqual([]);
    expect(api.requests[1]!.body.messages.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: "Error: the arguments of task_create_v1 are not a JSON object.",
    });
  });
});

describe("the anthropic adapter", () => {
  test("round-trips a tool_use block through the real server as a tool_result", async () => {
    const api = await fakeApi([
      () => ({
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "fake-claude",
        content: [
          { type: "text", text: "Let me schedule that." },
          { type: "tool_use", id: "toolu_1", name: "task_create_v1", input: createArgs },
        ],
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 800, output_tokens: 50 },
      }),
      () => ({
        id: "msg_2",
        type: "message",
        role: "assistant",
        model: "fake-claude",
        content: [{ type: "text", text: "Done." }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 1000, output_tokens: 5 },
      }),
    ]);
    cleanup.push(api.close);
    const t = await runConversation(theCase, anthropicAdapter("fake-claude", { apiKey: "test-key", baseURL: api.url }), { trial: 1 });

    expect(t).toMatchObject({ adapter: "anthropic:fake-claude", stop: "reply", final_text: "Done.", usage: { input_tokens: 1800, output_tokens: 55 } });
    expect(t.final_state.tasks.map((x) => x.next)).toEqual([WEEKDAYS_8AM]);

    const [first, second] = api.requests;
    expect(first!.path).toBe("/v1/messages");
    // This SDK release sends the key as a bearer token; older ones used x-api-key.
    expect(first!.headers["x-api-key"] ?? first!.headers.authorization).toMatch(/^(Bearer )?test-key$/);
    expect(first!.body.system).toContain(instructionsFor("America/New_York"));
    const create = first!.body.tools.find((x: any) => x.name === "task_create_v1");
    expect(create.input_schema.type).toBe("object");
    expect(create.input_schema.$schema).toBeUndefined();
    expect(second!.body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: theCase.prompt }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me schedule that." },
          { type: "tool_use", id: "toolu_1", name: "task_create_v1", input: createArgs },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: expect.stringContaining('"ok":true') }] },
    ]);
  });
});

describe("record and replay", () => {
  test("a live run recorded against a fake API replays to the same calls and end state, offline", async () => {
    const dir = mkdtempSync(join(tmpdir(), "duely-rec-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const api = await fakeApi([openaiToolCall, openaiText("Done.")]);
    cleanup.push(api.close);

    const live = await runConversation(theCase, recordingAdapter(openaiAdapter("fake-gpt", { apiKey: "k", baseURL: `${api.url}/v1` }), dir), { trial: 1 });
    await api.close();
    cleanup.pop();
    const replayed = await runConversation(theCase, replayAdapter(dir), { trial: 1 });

    expect(replayed.adapter).toBe(`replay:${dir} (openai:fake-gpt)`);
    expect(replayed.stop).toBe("reply");
    expect(replayed.calls.map((c) => [c.name, c.arguments, c.result.ok])).toEqual(live.calls.map((c) => [c.name, c.arguments, c.result.ok]));
    expect(replayed.final_state.tasks.map((x) => x.next)).toEqual(live.final_state.tasks.map((x) => x.next));
  });
});
