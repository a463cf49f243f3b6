import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { ModelAdapter, ModelRequest, ModelTurn } from "../../evals/adapters/adapter.js";
import { ReplayError, recordingAdapter, recordingKey, replayAdapter } from "../../evals/adapters/replay.js";
import { toolListing } from "../../src/mcp/server.js";

const ID_A = "01KJZ8M8TGBA8T9RP98T4BKB31";
const ID_B = "01KJZ9QQ7XW2C0D5A4YV0H6N3E";

function request(tools: Tool[], id = ID_A, turn = 1): ModelRequest {
  return {
    system: "instructions",
    instructions: "instructions",
    tools,
    context: { timezone: "UTC", now: 0 },
    session: { case_id: "case-1", trial: 1, turn },
    messages: [
      { role: "user", content: "pause my digest" },
      { role: "assistant", content: "", tool_calls: [{ id: "c1", name: "task_list_v1", arguments: {} }] },
      { role: "tool", tool_call_id: "c1", name: "task_list_v1", content: JSON.stringify({ ok: true, tasks: [{ id, title: "Digest" }] }), is_error: false },
    ],
  };
}

/** A scripted "model" that pauses whatever id the list showed. */
const scripted: ModelAdapter = {
  label: "scripted:test",
  model: "scripted:test",
  isLlm: true,
  async complete(req): Promise<ModelTurn> {
    const listed = JSON.parse((req.messages.at(-1) as { content: string }).content) as { tasks: { id: string }[] };
    return {
      text: "",
      tool_calls: [{ id: "c2", name: "task_pause_v1", arguments: { task_id: listed.tasks[0]!.id } }],
      usage: { input_tokens: 7, output_tokens: 3 },
    };
  },
};

describe("recordings", () => {
  const tools = toolListing() as Tool[];
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "duely-rec-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("change their key when a tool description changes", () => {
    const edited = tools.map((t) => (t.name === "task_pause_v1" ? { ...t, description: `${t.description} Reversible.` } : t));
    expect(recordingKey("m", request(edited)).key).not.toBe(recordingKey("m", request(tools)).key);
  });

  test("change their key with the instructions, the model or the messages, but not with the run's task ids", () => {
    const base = recordingKey("m", request(tools)).key;
    expect(recordingKey("m", { ...request(tools), system: "other instructions" }).key).not.toBe(base);
    expect(recordingKey("m2", request(tools)).key).not.toBe(base);
    const r = request(tools);
    expect(recordingKey("m", { ...r, messages: [...r.messages, { role: "user", content: "and the other one" }] }).key).not.toBe(base);
    expect(recordingKey("m", request(tools, ID_B)).key).toBe(base);
  });

  test("replay a recorded turn with this run's ids in place of the recorded ones", async () => {
    await recordingAdapter(scripted, dir).complete(request(tools, ID_A));
    const stored = readFileSync(join(dir, "case-1.json"), "utf8");
    expect(stored).not.toContain(ID_A);
    const replayed = await replayAdapter(dir).complete(request(tools, ID_B));
    expect(replayed.tool_calls).toEqual([{ id: "c2", name: "task_pause_v1", arguments: { task_id: ID_B } }]);
    expect(replayed.usage).toEqual({ input_tokens: 7, output_tokens: 3 });
    expect(replayAdapter(dir).label).toBe(`replay:${dir} (scripted:test)`);
  });

  test("fail loudly when the recording is stale or missing", async () => {
    await recordingAdapter(scripted, dir).complete(request(tools));
    const edited = tools.map((t) => (t.name === "task_list_v1" ? { ...t, description: "Lists things." } : t));
    const replay = replayAdapter(dir);
    await expect(replay.complete(request(edited))).rejects.toThrow(ReplayError);
    await expect(replay.complete(request(edited))).rejects.toThrow(
      /stale recording for case case-1 \(trial 1, turn 2\).*re-record with: npm run evals -- --model scripted:test --record/,
    );
    await expect(replay.complete({ ...request(tools), session: { case_id: "case-2", trial: 1, turn: 0 } })).rejects.toThrow(/no recording for case case-2/);
    expect(() => replayAdapter(join(dir, "nothing-here"))).toThrow(/no recordings in/);
  });

  test("refuse to mix two models in one directory", async () => {
    await recordingAdapter(scripted, dir).complete(request(tools));
    writeFileSync(join(dir, "case-9.json"), JSON.stringify({ adapter: "other:model", case: "case-9", trials: {} }));
    expect(() => replayAdapter(dir)).toThrow(/mixes recordings of/);
  });
});
