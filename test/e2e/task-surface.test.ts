import type { Client } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { callTool, fails, ok, openInMemory } from "./support.js";

// The task surface beyond create/list/get/pause/resume/cancel, over a real MCP client:
// task_update_v1, task_run_now_v1, task_skip_v1, run policies and the pause note.
// START is Monday 2026-03-02 08:00 in Asia/Taipei (00:00 UTC).

let env: Awaited<ReturnType<typeof openInMemory>>;
let c: Client;
beforeEach(async () => {
  env = await openInMemory({ shard_count: 2 });
  c = await env.clientFor("alice");
});
afterEach(() => env.close());

const notify = { type: "notify", message: "Stretch" };
type Task = {
  id: string;
  version: number;
  next_run?: { local: string };
  policies: Record<string, unknown>;
  pause_note?: string;
  skipped?: { local: string }[];
};
type Reading = { description: string; next: { local: string }[]; notes?: string[]; policies: Record<string, unknown> };

async function create(args: Record<string, unknown> = {}): Promise<Task> {
  const env = await ok(c, "task_create_v1", { title: "Stretch", action: notify, when: "every day at 9am", ...args });
  return env.task as Task;
}
const locals = (fires: { local: string }[]) => fires.map((f) => f.local);

describe("task_update_v1", () => {
  test("moves a task to a new time, shows before and after, and records the change in its history", async () => {
    const task = await create();
    const res = await ok(c, "task_update_v1", { task_id: task.id, expected_version: task.version, when: "every day at 7:30pm", title: "Evening stretch" });
    expect(res).toMatchObject({ api: "task.update@v1", changed: ["title", "schedule"], dry_run: false });
    const before = res.before as Reading;
    const after = res.after as Reading;
    expect(locals(before.next)).toEqual(["2026-03-02T09:00:00+08:00", "2026-03-03T09:00:00+08:00", "2026-03-04T09:00:00+08:00"]);
    expect(locals(after.next)).toEqual(["2026-03-02T19:30:00+08:00", "2026-03-03T19:30:00+08:00", "2026-03-04T19:30:00+08:00"]);
    expect(after.notes).toContain("No zone was named, so the task's zone (Asia/Taipei) was kept.");
    expect(res.removed_runs).toEqual([{ local: "2026-03-02T09:00:00+08:00", utc: "2026-03-02T01:00:00Z" }]);
    expect(res.task).toMatchObject({ id: task.id, title: "Evening stretch", version: task.version + 1, next_run: { local: "2026-03-02T19:30:00+08:00" } });
    expect(res.summary).toBe(
      'Changed "Evening stretch": title, schedule. Next run: 2026-03-02T19:30:00+08:00. 1 upcoming run(s) of the old plan were removed.',
    );

    const got = await ok(c, "task_get_v1", { task_id: task.id });
    const [entry] = got.history as { change: string; version: number; before: Record<string, any>; after: Record<string, any> }[];
    expect(entry).toMatchObject({ change: "updated", version: task.version + 1, before: { title: "Stretch" }, after: { title: "Evening stretch" } });
    expect(entry!.before.schedule).toMatchObject({ type: "cron", cron: "0 9 * * *", timezone: "Asia/Taipei", description: expect.stringContaining("09:00") });
    expect(entry!.after.schedule).toMatchObject({ cron: "30 19 * * *" });
    expect((got.runs as { status: string; scheduled_for: { local: string } }[]).map((r) => [r.scheduled_for.local, r.status])).toEqual([
      ["2026-03-02T19:30:00+08:00", "pending"],
      ["2026-03-02T09:00:00+08:00", "cancelled"],
    ]);
  });

  test("refuses a stale expected_version with conflict, changing nothing", async () => {
    const task = await create();
    await ok(c, "task_update_v1", { task_id: task.id, title: "Renamed" });
    const error = await fails(c, "task_update_v1", { task_id: task.id, expected_version: task.version, title: "Again" }, "conflict");
    expect(error).toMatchObject({
      field: "expected_version",
      expected: `${task.version + 1}, the task's current version`,
      hint: expect.stringContaining("task_get_v1"),
    });
    expect((await ok(c, "task_get_v1", { task_id: task.id })).task).toMatchObject({ title: "Renamed", version: task.version + 1 });
  });

  test("refuses to edit a cancelled task with conflict", async () => {
    const task = await create();
    await ok(c, "task_cancel_v1", { task_id: task.id });
    const error = await fails(c, "task_update_v1", { task_id: task.id, when: "every day at 10am" }, "conflict");
    expect(error).toMatchObject({ field: "task_id", expected: "a task that is active or paused", hint: expect.stringContaining("task_create_v1") });
  });

  test("answers a schedule create would refuse with create's error, and changes nothing", async () => {
    const task = await create();
    const never = await fails(c, "task_update_v1", { task_id: task.id, schedule: { type: "cron", cron: "0 0 30 2 *" } }, "beyond_horizon");
    expect(never.field).toBe("schedule.cron");
    const create30Feb = await fails(c, "task_create_v1", { title: "x", action: notify, schedule: { type: "cron", cron: "0 0 30 2 *" } }, "beyond_horizon");
    expect(never).toEqual(create30Feb);
    expect((await fails(c, "task_update_v1", { task_id: task.id, when: "at some point" }, "ambiguous_schedule")).field).toBe("when");
    expect((await fails(c, "task_update_v1", { task_id: task.id, end_at: "2026-03-01T00:00" }, "in_the_past")).field).toBe("end_at");
    expect((await fails(c, "task_update_v1", { task_id: task.id }, "invalid_argument")).expected).toContain("at least one of title");
    const got = await ok(c, "task_get_v1", { task_id: task.id });
    expect(got.task).toMatchObject({ version: task.version, schedule: { cron: "0 9 * * *" } });
    expect(got.history).toEqual([]);
  });

  test("takes an end said in `when` as the task's end, as create does, and refuses it beside clear_end", async () => {
    const task = await create();
    const res = await ok(c, "task_update_v1", { task_id: task.id, when: "every day at 9pm until March 10" });
    expect(res.changed).toEqual(["schedule", "end_at"]);
    expect(res.task).toMatchObject({ end_at: "2026-03-11T00:00:00+08:00" });
    expect(res.after).toMatchObject({ end_at: "2026-03-11T00:00:00+08:00" });
    const error = await fails(c, "task_update_v1", { task_id: task.id, when: "every day at 9pm, 3 times", clear_end: true }, "invalid_argument");
    expect(error.field).toBe("clear_end");
    const twice = await fails(c, "task_update_v1", { task_id: task.id, when: "every day at 9pm, 3 times", max_runs: 5 }, "invalid_argument");
    expect(twice.field).toBe("max_runs");
  });

  test("previews a change with dry_run, and moves a task to another zone keeping its wall-clock time", async () => {
    const task = await create();
    const preview = await ok(c, "task_update_v1", { task_id: task.id, timezone: "Europe/London", dry_run: true });
    expect(preview).toMatchObject({ dry_run: true, changed: ["schedule"], summary: expect.stringMatching(/^Dry run, nothing changed/) });
    expect(locals((preview.after as Reading).next)[0]).toBe("2026-03-02T09:00:00+00:00");
    expect((await ok(c, "task_get_v1", { task_id: task.id })).task).toMatchObject({ version: task.version, timezone: "Asia/Taipei" });
    const moved = await ok(c, "task_update_v1", { task_id: task.id, timezone: "Europe/London" });
    expect(moved.task).toMatchObject({ timezone: "Europe/London", schedule: { cron: "0 9 * * *" }, next_run: { utc: "2026-03-02T09:00:00Z" } });
  });
});

describe("task_run_now_v1", () => {
  test("runs a paused task once now and says so; the result shows in task_get_v1 and the latest-run resource", async () => {
    const task = await create();
    await ok(c, "task_pause_v1", { task_id: task.id, note: "travelling" });
    const res = await ok(c, "task_run_now_v1", { task_id: task.id });
    expect(res).toMatchObject({
      paused: true,
      run: { status: "queued", manual: true, scheduled_for: { utc: "2026-03-02T00:00:00Z" } },
      result_at: `duely://tasks/${task.id}/runs/latest`,
      summary: '"Stretch" runs once now even though it is paused. The task stays paused. Call task_get_v1 shortly to see the result.',
    });
    await env.harness.engine.step();
    const got = await ok(c, "task_get_v1", { task_id: task.id });
    expect(got.task).toMatchObject({ status: "paused", pause_note: "travelling", last_run: { status: "succeeded", manual: true, result: "Stretch" } });
    expect((got.history as { change: string }[]).map((e) => e.change)).toEqual(["run_now", "paused"]);
    const uri = `duely://tasks/${task.id}/runs/latest`;
    expect((await c.readResource({ uri })).contents[0]).toMatchObject({ text: "Stretch" });
  });

  test("leaves the regular next run as it was", async () => {
    const task = await create();
    const res = await ok(c, "task_run_now_v1", { task_id: task.id });
    expect(res).toMatchObject({ paused: false, next: { local: "2026-03-02T09:00:00+08:00" } });
    await env.harness.engine.step();
    expect((await ok(c, "task_get_v1", { task_id: task.id })).task).toMatchObject({ next_run: { local: "2026-03-02T09:00:00+08:00" } });
  });
});

describe("task_skip_v1", () => {
  test("skips tomorrow's run, then undoes it before it falls due", async () => {
    const task = await create();
    const skipped = await ok(c, "task_skip_v1", { task_id: task.id, at: "2026-03-03" });
    expect(skipped).toMatchObject({
      changed: true,
      occurrence: { local: "2026-03-03T09:00:00+08:00" },
      skipped: [{ local: "2026-03-03T09:00:00+08:00", utc: "2026-03-03T01:00:00Z" }],
      summary: '"Stretch": Skipped the run of 2026-03-03T09:00:00+08:00; the schedule goes on after it.',
    });
    expect(locals(skipped.next as { local: string }[])).toEqual(["2026-03-02T09:00:00+08:00", "2026-03-04T09:00:00+08:00", "2026-03-05T09:00:00+08:00"]);
    expect(((await ok(c, "task_get_v1", { task_id: task.id })).task as Task).skipped).toEqual([
      { local: "2026-03-03T09:00:00+08:00", utc: "2026-03-03T01:00:00Z" },
    ]);

    const undone = await ok(c, "task_skip_v1", { task_id: task.id, at: "2026-03-03T09:00", undo: true });
    expect(undone).toMatchObject({ changed: true, skipped: [] });
    await env.harness.runFor(26 * 3_600_000, 60_000);
    const runs = (await ok(c, "task_get_v1", { task_id: task.id })).runs as { status: string; scheduled_for: { local: string } }[];
    expect(runs.filter((r) => r.status === "succeeded").map((r) => r.scheduled_for.local)).toEqual(["2026-03-03T09:00:00+08:00", "2026-03-02T09:00:00+08:00"]);
  });

  test("records the skip when its time comes, and says why in the run", async () => {
    const task = await create();
    await ok(c, "task_skip_v1", { task_id: task.id });
    await env.harness.runFor(3_600_000, 60_000);
    const runs = (await ok(c, "task_get_v1", { task_id: task.id })).runs as { status: string; skip_reason?: string; why?: string }[];
    expect(runs.at(-1)).toMatchObject({ status: "skipped", skip_reason: "skipped_by_user", why: expect.stringContaining("task_skip_v1") });
    expect(env.harness.actions.calls).toHaveLength(0);
  });

  test("refuses a time that is none of the task's runs, naming `at`", async () => {
    const task = await create();
    const error = await fails(c, "task_skip_v1", { task_id: task.id, at: "2026-03-03T10:30" }, "invalid_argument");
    expect(error).toMatchObject({ field: "at", expected: expect.stringContaining("2026-03-02T01:00:00.000Z"), hint: expect.stringContaining("task_get_v1") });
  });
});

describe("run policies and the pause note", () => {
  test("echoes the default policies in the reading and the task", async () => {
    const res = await ok(c, "task_create_v1", { title: "Stretch", action: notify, when: "every day at 9am" });
    const expected = { overlap: "skip", catch_up: "latest", catch_up_window_minutes: 720, window_minutes: 0 };
    expect((res.reading as Reading).policies).toEqual(expected);
    expect((res.task as Task).policies).toEqual(expected);
  });

  test("reads a start window back as the span each run starts in", async () => {
    const res = await ok(c, "task_create_v1", {
      title: "Digest",
      action: { type: "summarize", topic: "tech" },
      when: "every day at 8am",
      policies: { window_minutes: 10, overlap: "buffer_one", catch_up: "latest" },
    });
    const policies = (res.reading as Reading).policies;
    expect(policies).toMatchObject({ overlap: "buffer_one", catch_up: "latest", window_minutes: 10 });
    expect(policies.start_window).toMatch(/^between 08:00 and 08:10 \(Asia\/Taipei\); this task starts at 08:0\d:\d\d$/);
    // It is 08:00 now: today's window has just opened, and this task's point in it is ahead (today, unless that point is 08:00:00 itself).
    const first = (res.reading as Reading).next[0]!.local;
    expect(first).toMatch(/^2026-03-0[23]T08:0\d:\d\d\+08:00$/);
    expect(String(policies.start_window).endsWith(first.slice(11, 19))).toBe(true);
  });

  test("changes the catch-up policy and how far back it reaches, and records both in the history", async () => {
    const task = await create();
    const res = await ok(c, "task_update_v1", { task_id: task.id, policies: { catch_up: "all", catch_up_window_minutes: 180 } });
    expect(res.changed).toEqual(["policies"]);
    expect((res.before as Reading).policies).toMatchObject({ catch_up: "latest", catch_up_window_minutes: 720 });
    expect((res.after as Reading).policies).toMatchObject({ catch_up: "all", catch_up_window_minutes: 180 });
    const got = await ok(c, "task_get_v1", { task_id: task.id });
    expect((got.history as { change: string; after: Record<string, unknown> }[])[0]).toMatchObject({
      change: "updated",
      after: { policies: { catch_up: "all", catch_up_window_minutes: 180 } },
    });
    const error = await fails(c, "task_update_v1", { task_id: task.id, policies: { catch_up_window_minutes: 7 * 1440 + 1 } }, "invalid_argument");
    expect(error.field).toBe("policies.catch_up_window_minutes");
  });

  test("refuses a start window as long as the time between runs, naming the argument", async () => {
    const error = await fails(
      c,
      "task_create_v1",
      { title: "x", action: notify, when: "every 5 minutes", policies: { window_minutes: 5 } },
      "invalid_argument",
    );
    expect(error).toMatchObject({ field: "policies.window_minutes", expected: "fewer minutes than between two runs (5)" });
  });

  test("shows the pause note in list and get, and clears it on resume", async () => {
    const task = await create();
    await ok(c, "task_pause_v1", { task_id: task.id, note: "on vacation until the 20th" });
    const listed = (await ok(c, "task_list_v1", {})).tasks as Task[];
    expect(listed[0]).toMatchObject({ status: "paused", pause_note: "on vacation until the 20th" });
    await ok(c, "task_resume_v1", { task_id: task.id });
    const got = await callTool(c, "task_get_v1", { task_id: task.id });
    expect((got.task as Task).pause_note).toBeUndefined();
  });
});
