import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plainTextProblem } from "../../src/core/plain-text.js";
import { fails, ok, openInMemory } from "./support.js";

const START = "2026-03-01T12:00:00Z";
const remind = (title: string, message = "Stand up") => ({ title, action: { type: "notify", message }, when: "tomorrow at 9" });

describe("titles and messages are plain text: control characters, unpaired surrogates and bidi overrides are refused", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeAll(async () => {
    env = await openInMemory({}, START);
  });
  afterAll(() => env.close());

  test.each([
    ["a NUL", "a\u0000b", "contains a control character, U+0000 at character 2; remove it"],
    ["an escape", "\u001b[31mred", "contains a control character, U+001B at character 1; remove it"],
    ["a C1 control", "x\u0085y", "contains a control character, U+0085 at character 2; remove it"],
    ["an unpaired surrogate", "ab\ud800", "contains an unpaired surrogate (not a Unicode character), U+D800 at character 3; remove it"],
    [
      "a right-to-left override",
      "invoice \u202Efdp.exe",
      "contains a bidirectional override, which reorders the text around it, U+202E at character 9; remove it",
    ],
    ["a line break", "two\nlines", "contains a line break or tab, U+000A at character 4; remove it"],
  ])("a title with %s is refused, naming the character and where, and nothing is stored", async (_, title, why) => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", remind(title), "invalid_argument");
    expect(e.field).toBe("title");
    expect(e.message).toBe(`Invalid arguments for task_create_v1: title: ${why}.`);
    expect(e.expected).toMatch(/^plain text on one line/);
    expect((await ok(c, "task_list_v1", {})).tasks).toEqual([]);
  });

  test("a message may have lines and tabs, but no bidi override or NUL; task_update_v1 refuses the same", async () => {
    const c = await env.clientFor("bob");
    const created = await ok(c, "task_create_v1", remind("Stretch", "Stand up\n\tand stretch"));
    const id = (created.task as { id: string }).id;
    let e = await fails(c, "task_update_v1", { task_id: id, action: { type: "notify", message: "pay \u202Eyadot" } }, "invalid_argument");
    expect(e.field).toBe("action.message");
    expect(e.expected).toMatch(/^plain text: no control characters other than line breaks and tabs/);
    e = await fails(c, "task_update_v1", { task_id: id, title: "x\u2066y" }, "invalid_argument");
    expect(e.field).toBe("title");
    e = await fails(c, "task_create_v1", remind("NUL in message", "a\u0000b"), "invalid_argument");
    expect(e.field).toBe("action.message");
    const kept = (await ok(c, "task_get_v1", { task_id: id })).task as { title: string; version: number; action: { message: string } };
    expect(kept).toMatchObject({ title: "Stretch", version: 1, action: { message: "Stand up\n\tand stretch" } });
  });

  test("emoji (surrogate pairs), accents and the LRM/RLM marks pass", () => {
    expect(plainTextProblem("Café ☕ 🍵 \u200Fשלום\u200E", { lines: false })).toBeNull();
  });
});

describe('"every second" is refused for the real reason', () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeAll(async () => {
    env = await openInMemory({}, START);
  });
  afterAll(() => env.close());

  test.each(["every second", "every 30 seconds", "remind me once a second"])("%s: the shortest interval is one minute", async (when) => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", { title: "Tick", action: { type: "notify", message: "tick" }, when }, "limit_exceeded");
    expect(e).toMatchObject({
      field: "when",
      message: "The phrase repeats more often than once a minute; the shortest interval between two runs is one minute.",
    });
  });

  test('"every second Monday" keeps its own question', async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "schedule_preview_v1", { when: "every second Monday at 9" }, "ambiguous_schedule");
    expect(e.message).toMatch(/every other Monday for some/);
  });
});
