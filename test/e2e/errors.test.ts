import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { DomainError } from "../../src/core/errors.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { ERROR_HINTS, TOOL_ERROR_CODES } from "../../src/mcp/tool-errors.js";
import { apiOf, callTool, connect, fails, ok, openInMemory } from "./support.js";

const START = "2026-03-01T12:00:00Z";
const notify = { title: "Reminder", action: { type: "notify", message: "Stand up" } };

describe("every error code comes back structured, with field and expected", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeAll(async () => {
    env = await openInMemory({ max_active_jobs_per_owner: 3, min_interval_ms: 5 * 60_000 }, START);
  });
  afterAll(() => env.close());

  test("invalid_argument: a missing title", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", { action: notify.action, when: "tomorrow at 9" }, "invalid_argument");
    expect(e.field).toBe("title");
    expect(e.expected).toMatch(/^a string/);
    expect(e.hint).toBe(ERROR_HINTS.invalid_argument);
  });

  test("invalid_schedule: a cron minute out of range, named by its argument path", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", { ...notify, schedule: { type: "cron", cron: "61 8 * * *" } }, "invalid_schedule");
    expect(e.field).toBe("schedule.cron");
    expect(e.expected).toMatch(/m h dom mon dow/);
  });

  test("invalid_argument: a bad start_at is named by its argument, in the field and in the message", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(
      c,
      "task_create_v1",
      { ...notify, schedule: { type: "every", every: 1, unit: "day", start_at: "2026-13-45T09:00" } },
      "invalid_argument",
    );
    expect(e.field).toBe("schedule.start_at");
    expect(e.message).toBe('schedule.start_at "2026-13-45T09:00" is not an ISO 8601 date and time.');
  });

  test("unknown_timezone: in the schedule, and as the zone for a phrase", async () => {
    const c = await env.clientFor("alice");
    let e = await fails(c, "task_create_v1", { ...notify, schedule: { type: "cron", cron: "0 8 * * *", timezone: "Mars/Olympus" } }, "unknown_timezone");
    expect(e.field).toBe("schedule.timezone");
    expect(e.expected).toMatch(/IANA/);
    e = await fails(c, "schedule_preview_v1", { when: "every day at 8am", timezone: "EST" }, "unknown_timezone");
    expect(e.field).toBe("timezone");
    expect(e.expected).toMatch(/IANA/);
  });

  test("in_the_past: a once time before now, and a phrase for yesterday", async () => {
    const c = await env.clientFor("alice");
    let e = await fails(c, "task_create_v1", { ...notify, schedule: { type: "once", at: "2026-03-01T08:00:00+08:00" } }, "in_the_past");
    expect(e.field).toBe("schedule.at");
    expect(e.expected).toMatch(/after now/);
    e = await fails(c, "task_create_v1", { ...notify, when: "yesterday at 5pm" }, "in_the_past");
    expect(e.field).toBe("when");
    expect(e.expected).toBeTruthy();
  });

  test("beyond_horizon: a once time years ahead", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", { ...notify, schedule: { type: "once", at: "2029-01-01T09:00:00Z" } }, "beyond_horizon");
    expect(e.field).toBe("schedule.at");
    expect(e.expected).toMatch(/within 365 days/);
  });

  test("ambiguous_schedule: a phrase with no time", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", { ...notify, when: "remind me later" }, "ambiguous_schedule");
    expect(e.field).toBe("when");
    expect(e.expected).toBeTruthy();
    expect(e.hint).toMatch(/Ask the user/);
  });

  test("not_found: an id that does not exist", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_pause_v1", { task_id: "01JNOPE" }, "not_found");
    expect(e.field).toBe("task_id");
    expect(e.expected).toMatch(/your tasks/);
    expect(e.hint).toMatch(/task_list_v1/);
  });

  test("conflict: resuming a cancelled task", async () => {
    const c = await env.clientFor("carol");
    const id = ((await ok(c, "task_create_v1", { ...notify, when: "every day at 9am" })).task as any).id;
    await ok(c, "task_cancel_v1", { task_id: id });
    const e = await fails(c, "task_resume_v1", { task_id: id }, "conflict");
    expect(e.field).toBe("task_id");
    expect(e.expected).toMatch(/paused/);
  });

  test("limit_exceeded: an interval shorter than the configured minimum, and too many tasks", async () => {
    const c = await env.clientFor("dave");
    let e = await fails(c, "task_create_v1", { ...notify, schedule: { type: "every", every: 1, unit: "minute" } }, "limit_exceeded");
    expect(e.field).toBe("schedule");
    expect(e.expected).toMatch(/at least 5 minute/);
    e = await fails(c, "task_create_v1", { ...notify, when: "every minute" }, "limit_exceeded");
    expect(e.field).toBe("when");
    for (let i = 0; i < 3; i++) await ok(c, "task_create_v1", { ...notify, title: `r${i}`, when: "every day at 9am" });
    e = await fails(c, "task_create_v1", { ...notify, title: "one too many", when: "every day at 9am" }, "limit_exceeded");
    expect(e.field).toBeUndefined();
    expect(e.expected).toMatch(/at most 3/);
    expect(e.hint).toMatch(/max_active_jobs_per_owner/);
  });

  test("limit_exceeded: schedule_preview_v1 refuses the interval task_create_v1 refuses, with the same error", async () => {
    const c = await env.clientFor("frank");
    const schedule = { type: "every", every: 1, unit: "minute" };
    const refused = await fails(c, "task_create_v1", { ...notify, schedule }, "limit_exceeded");
    expect(await fails(c, "schedule_preview_v1", { schedule }, "limit_exceeded")).toEqual(refused);
    const e = await fails(c, "schedule_preview_v1", { when: "every minute" }, "limit_exceeded");
    expect(e.field).toBe("when");
  });

  test("unauthorized: a server built without an owner refuses every call", async () => {
    const c = await connect(createMcpServer({ api: apiOf(env.harness.engine), owner: "", timezone: "UTC" }));
    const e = await fails(c, "task_list_v1", {}, "unauthorized");
    expect(e.field).toBeUndefined();
    expect(e.expected).toBe("an authenticated connection");
    await c.close();
  });

  test("internal: an unexpected failure is logged once and answered without a stack", async () => {
    const log = vi.fn();
    const logged = await openInMemory({}, START, { log: { log } });
    const list = vi.spyOn(logged.harness.engine.jobs, "list").mockRejectedValueOnce(new TypeError("boom at secret/path.ts:12"));
    try {
      const c = await logged.clientFor("erin");
      const e = await fails(c, "task_list_v1", {}, "internal");
      expect(e.field).toBeUndefined();
      expect(e.expected).toBeUndefined();
      expect(e.message).not.toMatch(/boom|secret|\.ts/);
      expect(e.hint).toBe(ERROR_HINTS.internal);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![2]).toMatchObject({ tool: "task_list_v1", error: "boom at secret/path.ts:12" });

      // A record that does not parse is the server's problem too.
      list.mockRejectedValueOnce(new DomainError("corrupt_record", "job 01X does not parse", { field: "jobs.01X" }));
      const corrupt = await fails(c, "task_list_v1", {}, "internal");
      expect(corrupt.field).toBeUndefined();
      expect(corrupt.message).not.toMatch(/01X/);
    } finally {
      list.mockRestore();
      await logged.close();
    }
  });

  test("the codes tested above are the whole closed set", () => {
    expect([...TOOL_ERROR_CODES].sort()).toEqual(
      [
        "invalid_argument",
        "invalid_schedule",
        "unknown_timezone",
        "in_the_past",
        "beyond_horizon",
        "ambiguous_schedule",
        "not_found",
        "conflict",
        "limit_exceeded",
        "unauthorized",
        "internal",
      ].sort(),
    );
  });
});

describe("arguments that break the schema get the structured error, never text only", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeAll(async () => {
    env = await openInMemory({}, START);
  });
  afterAll(() => env.close());

  const cases: [string, string, Record<string, unknown>, string, RegExp][] = [
    ["a wrong type", "task_create_v1", { ...notify, title: 42, when: "every day at 9am" }, "title", /^a string/],
    [
      "an extra property",
      "task_create_v1",
      { ...notify, when: "every day at 9am", owner: "mallory" },
      "owner",
      /only these properties: title, action, schedule, when, timezone, retry, end_at, max_runs/,
    ],
    [
      "a nested extra property",
      "task_create_v1",
      { ...notify, schedule: { type: "cron", cron: "0 9 * * *", tz: "UTC" } },
      "schedule.tz",
      /only these properties: type, cron, also_cron, start_at, timezone, dst/,
    ],
    ["a missing title", "task_create_v1", { action: notify.action, when: "every day at 9am" }, "title", /^a string/],
    ["both schedule and when", "task_create_v1", { ...notify, when: "every day at 9am", schedule: { type: "immediate" } }, "schedule", /exactly one of `when`/],
    ["neither schedule nor when", "task_create_v1", { ...notify }, "when", /exactly one of `when`/],
    ["an unknown action type", "task_create_v1", { ...notify, action: { type: "email" }, when: "every day at 9am" }, "action.type", /"summarize", "notify"/],
    ["an unknown schedule type", "schedule_preview_v1", { schedule: { type: "hourly" } }, "schedule.type", /"immediate", "once", "cron", "every"/],
    [
      "a bad enum",
      "task_create_v1",
      { ...notify, schedule: { type: "every", every: 2, unit: "fortnight" } },
      "schedule.unit",
      /"minute", "hour", "day", "week", "month"/,
    ],
    ["a number out of range", "task_get_v1", { task_id: "x", runs: 500 }, "runs", /at most 50/],
    ["a non-integer", "task_list_v1", { limit: 2.5 }, "limit", /^an integer/],
    ["a bad status filter", "task_list_v1", { status: ["done"] }, "status.0", /"active", "paused", "cancelled", "completed"/],
    ["a bad single status", "task_list_v1", { status: "done" }, "status", /"active", "paused", "cancelled", "completed"/],
    ["a status of the wrong type", "task_list_v1", { status: 3 }, "status", /"active", "paused", "cancelled", "completed"/],
    ["a missing task id", "task_cancel_v1", {}, "task_id", /^a string/],
    ["an empty when", "task_create_v1", { ...notify, when: "" }, "when", /at least 1 character/],
    ["a bad ISO time", "task_create_v1", { ...notify, schedule: { type: "once", at: "next tuesday noon" } }, "schedule.at", /ISO 8601/],
    ["a bad end_at", "task_create_v1", { ...notify, when: "every day at 9am", end_at: "soon-ish please" }, "end_at", /ISO 8601/],
    [
      "an invalid feed URL",
      "task_create_v1",
      { title: "d", action: { type: "summarize", topic: "x", feeds: ["not a url"] }, when: "every day at 9am" },
      "action.feeds.0",
      /URL/,
    ],
  ];

  test.each(cases)("%s", async (_label, tool, args, field, expected) => {
    const c = await env.clientFor("alice");
    const e = await fails(c, tool, args, "invalid_argument");
    expect(e.field).toBe(field);
    expect(e.expected).toMatch(expected);
  });

  test("a bad single status is answered for the form it was sent in: a state, not also a list", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_list_v1", { status: "actve" }, "invalid_argument");
    expect(e.message).toMatch(/^Invalid arguments for task_list_v1: status: Invalid option: expected one of "active"\|"paused"\|"cancelled"\|"completed"\.$/);
  });

  test("every problem is listed at once, so one retry can fix them all", async () => {
    const c = await env.clientFor("alice");
    const e = await fails(c, "task_create_v1", { title: 3, action: { type: "notify" }, extra: true }, "invalid_argument");
    expect(e.field).toBe("title");
    for (const part of ["title:", "action.message:", "extra:", "when:"]) expect(e.message).toContain(part);
  });

  test("an unknown tool is a protocol error", async () => {
    const c = await env.clientFor("alice");
    await expect(c.callTool({ name: "task_delete_v1", arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  test("an error's text content mirrors its structured content", async () => {
    const c = await env.clientFor("alice");
    const r = await c.callTool({ name: "task_get_v1", arguments: { task_id: 7 } });
    expect(r.isError).toBe(true);
    expect(JSON.parse((r.content as { text: string }[])[0]!.text)).toEqual(r.structuredContent);
    expect(await callTool(c, "task_get_v1", { task_id: 7 })).toMatchObject({ ok: false, api: "task.get@v1" });
  });
});
