import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fails, ok, openInMemory } from "./support.js";

/** Sunday 2026-03-01 20:00 in Taipei (UTC+8), 07:00 in New York (UTC-5 until 8 March). */
const START = "2026-03-01T12:00:00Z";
const reminder = { title: "Stretch", action: { type: "notify", message: "Stand up and stretch" } };

describe("the phrase forms a schedule can now say, through the tools", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeEach(async () => {
    env = await openInMemory({}, START);
  });
  afterEach(() => env.close());

  test("schedule_preview_v1 shows a window with a step, the end read from 'until', and runs within it", async () => {
    const c = await env.clientFor("alice");
    const preview = await ok(c, "schedule_preview_v1", {
      when: "every 2 hours from 9 to 5 on weekdays until March 31",
      timezone: "America/New_York",
      count: 3,
    });
    const reading = preview.reading as Record<string, any>;
    expect(reading.schedule).toEqual({ type: "cron", timezone: "America/New_York", cron: "0 9-17/2 * * 1-5" });
    expect(reading.end_at).toBe("2026-04-01T00:00:00-04:00");
    expect(reading.next.map((f: any) => f.local)).toEqual(["2026-03-02T09:00:00-05:00", "2026-03-02T11:00:00-05:00", "2026-03-02T13:00:00-05:00"]);
    expect(reading.notes).toContain("read 'from 9 to 5' as 09:00 to 17:00, both included");
  });

  test("schedule_preview_v1 takes several cron expressions as one structured schedule", async () => {
    const c = await env.clientFor("alice");
    const preview = await ok(c, "schedule_preview_v1", { schedule: { type: "cron", cron: "15 8 * * *", also_cron: ["45 17 * * *"] }, count: 3 });
    const reading = preview.reading as Record<string, any>;
    expect(reading.schedule).toEqual({ type: "cron", timezone: "Asia/Taipei", cron: "15 8 * * *", also_cron: ["45 17 * * *"] });
    expect(reading.description).toBe("At 08:15, and at 17:45 (Asia/Taipei)");
    expect(reading.next.map((f: any) => f.local)).toEqual(["2026-03-02T08:15:00+08:00", "2026-03-02T17:45:00+08:00", "2026-03-03T08:15:00+08:00"]);
  });

  test("task_create_v1 applies a count read from `when` to the task, and refuses a max_runs that disagrees", async () => {
    const c = await env.clientFor("alice");
    const created = await ok(c, "task_create_v1", { ...reminder, when: "every day at 9am, 3 times" });
    expect((created.task as any).max_runs).toBe(3);
    expect((created.reading as any).max_runs).toBe(3);
    expect((created.reading as any).next).toHaveLength(3);

    await ok(c, "task_create_v1", { ...reminder, title: "Same count twice", when: "every day at 10am, 3 times", max_runs: 3 });
    const e = await fails(c, "task_create_v1", { ...reminder, when: "every day at 11am, 3 times", max_runs: 5 }, "invalid_argument");
    expect(e.field).toBe("max_runs");
  });

  test("task_create_v1 applies an end read from `when`, and refuses an end_at that disagrees", async () => {
    const c = await env.clientFor("alice");
    const created = await ok(c, "task_create_v1", { ...reminder, when: "every day at 9am until March 10" });
    // 10 March included: no runs from 11 March, 00:00 in Taipei.
    expect((created.task as any).end_at).toBe("2026-03-11T00:00:00+08:00");
    expect((created.reading as any).end_at).toBe("2026-03-11T00:00:00+08:00");

    await ok(c, "task_create_v1", { ...reminder, title: "Same end twice", when: "every day at 10am until March 10", end_at: "2026-03-11T00:00:00+08:00" });
    const e = await fails(c, "task_create_v1", { ...reminder, when: "every day at 11am until March 10", end_at: "2026-03-20T00:00" }, "invalid_argument");
    expect(e.field).toBe("end_at");
  });

  test("task_create_v1 reads the last day and the n-th weekday of the month", async () => {
    const c = await env.clientFor("alice");
    const last = await ok(c, "task_create_v1", { ...reminder, when: "on the last day of the month at 5pm" });
    expect((last.reading as any).schedule.cron).toBe("0 17 L * *");
    expect((last.reading as any).next.map((f: any) => f.local)[0]).toBe("2026-03-31T17:00:00+08:00");
    const first = await ok(c, "task_create_v1", { ...reminder, when: "每個月第一個星期一早上9點" });
    expect((first.reading as any).schedule.cron).toBe("0 9 * * 1#1");
    expect((first.reading as any).next.map((f: any) => f.local)[0]).toBe("2026-03-02T09:00:00+08:00");
  });
});
