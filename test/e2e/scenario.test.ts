import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fails, ok, openInMemory, TZ } from "./support.js";

/** Sunday 2026-03-01 20:00 in Taipei (UTC+8, no DST). */
const START = "2026-03-01T12:00:00Z";
const digest = { title: "Finance digest", action: { type: "summarize", topic: "finance news" } };

describe("a daily digest through the tools, in memory", () => {
  let env: Awaited<ReturnType<typeof openInMemory>>;
  beforeEach(async () => {
    env = await openInMemory({}, START);
  });
  afterEach(() => env.close());

  test("create every day at 08:00 Asia/Taipei → list → get → pause → resume → cancel", async () => {
    const c = await env.clientFor("alice");
    const { clock, engine } = env.harness;

    const created = await ok(c, "task_create_v1", { ...digest, when: "every day at 08:00 Asia/Taipei" });
    expect(created.api).toBe("task.create@v1");
    expect(created.deduplicated).toBe(false);
    const reading = created.reading as Record<string, any>;
    expect(reading.schedule).toMatchObject({ type: "cron", timezone: TZ });
    expect(reading.timezone).toBe(TZ);
    expect(reading.description).toContain("08:00");
    expect(reading.next).toEqual([
      { local: "2026-03-02T08:00:00+08:00", utc: "2026-03-02T00:00:00Z" },
      { local: "2026-03-03T08:00:00+08:00", utc: "2026-03-03T00:00:00Z" },
      { local: "2026-03-04T08:00:00+08:00", utc: "2026-03-04T00:00:00Z" },
    ]);
    const task = created.task as Record<string, any>;
    expect(task).toMatchObject({ title: "Finance digest", status: "active", timezone: TZ, next_run: reading.next[0] });

    const listed = await ok(c, "task_list_v1", {});
    expect((listed.tasks as any[]).map((t) => t.id)).toEqual([task.id]);
    expect(listed.next_cursor).toBeUndefined();

    // The first run happens at 08:00 Taipei.
    clock.set("2026-03-02T00:00:30Z");
    await engine.step();
    await engine.step();
    let got = await ok(c, "task_get_v1", { task_id: task.id });
    const succeeded = (got.runs as any[]).find((r) => r.status === "succeeded");
    expect(succeeded).toMatchObject({ scheduled_for: { local: "2026-03-02T08:00:00+08:00" }, result: "digest: finance news", attempt: 1 });
    expect((got.task as any).last_run.status).toBe("succeeded");
    expect((got.task as any).next_run.local).toBe("2026-03-03T08:00:00+08:00");

    const paused = await ok(c, "task_pause_v1", { task_id: task.id });
    expect(paused).toMatchObject({ api: "task.pause@v1", changed: true, task: { status: "paused" } });
    expect((await ok(c, "task_pause_v1", { task_id: task.id })).changed).toBe(false);

    // The 03-03 occurrence falls inside the pause: it is recorded, and says why.
    clock.set("2026-03-03T00:00:30Z");
    await engine.step();
    const resumed = await ok(c, "task_resume_v1", { task_id: task.id });
    expect(resumed).toMatchObject({ api: "task.resume@v1", changed: true, task: { status: "active", next_run: { local: "2026-03-04T08:00:00+08:00" } } });
    got = await ok(c, "task_get_v1", { task_id: task.id });
    const skipped = (got.runs as any[]).find((r) => r.status === "skipped");
    expect(skipped).toMatchObject({ skip_reason: "paused", scheduled_for: { local: "2026-03-03T08:00:00+08:00" } });
    expect(skipped.why).toMatch(/paused/);

    const cancelled = await ok(c, "task_cancel_v1", { task_id: task.id });
    expect(cancelled).toMatchObject({ api: "task.cancel@v1", changed: true, task: { status: "cancelled" } });
    expect(cancelled.removed_runs).toEqual([{ local: "2026-03-04T08:00:00+08:00", utc: "2026-03-04T00:00:00Z" }]);
    expect(cancelled.summary).toMatch(/removed 1 upcoming run/);

    expect((await ok(c, "task_list_v1", {})).tasks).toEqual([]);
    expect(((await ok(c, "task_list_v1", { status: ["cancelled"] })).tasks as any[]).map((t) => t.id)).toEqual([task.id]);
    // One state alone is the same as a list of one.
    expect(((await ok(c, "task_list_v1", { status: "cancelled" })).tasks as any[]).map((t) => t.id)).toEqual([task.id]);
    // Its history stays readable.
    expect(((await ok(c, "task_get_v1", { task_id: task.id })).runs as any[]).length).toBeGreaterThanOrEqual(2);
  });

  test("a create repeated with identical arguments returns the first task, marked deduplicated", async () => {
    const c = await env.clientFor("alice");
    const args = { ...digest, when: "every weekday at 7:30" };
    const first = await ok(c, "task_create_v1", args);
    env.harness.clock.advance(60_000);
    const again = await ok(c, "task_create_v1", args);
    expect(again.deduplicated).toBe(true);
    expect((again.task as any).id).toBe((first.task as any).id);
    expect((await ok(c, "task_list_v1", {})).tasks).toHaveLength(1);
  });

  test("a structured schedule uses the server's zone when none is named, and says so", async () => {
    const c = await env.clientFor("alice");
    const created = await ok(c, "task_create_v1", { ...digest, schedule: { type: "cron", cron: "30 7 * * 1-5" }, retry: { max_attempts: 1 }, max_runs: 10 });
    expect(created.reading).toMatchObject({ timezone: TZ, timezone_source: "server_default", schedule: { type: "cron", cron: "30 7 * * 1-5", timezone: TZ } });
    expect(created.task).toMatchObject({ retry: { max_attempts: 1 }, max_runs: 10 });
    const other = await ok(c, "task_create_v1", { ...digest, schedule: { type: "once", at: "2026-03-05T09:00", timezone: "Europe/Berlin" } });
    expect(other.reading).toMatchObject({
      timezone: "Europe/Berlin",
      timezone_source: "argument",
      next: [{ local: "2026-03-05T09:00:00+01:00", utc: "2026-03-05T08:00:00Z" }],
    });
    const every = await ok(c, "task_create_v1", { ...digest, schedule: { type: "every", every: 2, unit: "week", start_at: "2026-03-03T09:00:00+08:00" } });
    expect((every.reading as any).next.map((f: any) => f.local)).toEqual([
      "2026-03-03T09:00:00+08:00",
      "2026-03-17T09:00:00+08:00",
      "2026-03-31T09:00:00+08:00",
    ]);
  });

  test("a weekday repetition that waits for its start: the task's first run is on the start, and the start is on the wire", async () => {
    const c = await env.clientFor("alice");
    const created = await ok(c, "task_create_v1", { ...digest, when: "starting March 9, every weekday at 8am", timezone: TZ });
    const reading = created.reading as Record<string, any>;
    expect(reading.schedule).toMatchObject({ type: "cron", cron: "0 8 * * 1-5", start_at: "2026-03-09T00:00:00+08:00" });
    expect(reading.next[0]).toEqual({ local: "2026-03-09T08:00:00+08:00", utc: "2026-03-09T00:00:00Z" });
    expect((created.task as Record<string, any>).next_run).toEqual(reading.next[0]);
    // The same schedule given back in structured form reads the same.
    const again = await ok(c, "schedule_preview_v1", { schedule: reading.schedule, count: 1 });
    expect((again.reading as Record<string, any>).next).toEqual([reading.next[0]]);
  });

  test("schedule_preview_v1 reads a phrase or a schedule and creates nothing", async () => {
    const c = await env.clientFor("alice");
    const phrase = await ok(c, "schedule_preview_v1", { when: "every weekday at 8am", timezone: "America/New_York", count: 5 });
    expect(phrase.api).toBe("schedule.preview@v1");
    const reading = phrase.reading as Record<string, any>;
    expect(reading).toMatchObject({ timezone: "America/New_York", timezone_source: "argument", matched: "every weekday at 8am" });
    expect(reading.next).toHaveLength(5);
    // DST starts 2026-03-08 in New York: 08:00 stays 08:00, the offset changes.
    expect(reading.next.map((f: any) => f.local)).toEqual([
      "2026-03-02T08:00:00-05:00",
      "2026-03-03T08:00:00-05:00",
      "2026-03-04T08:00:00-05:00",
      "2026-03-05T08:00:00-05:00",
      "2026-03-06T08:00:00-05:00",
    ]);
    const structured = await ok(c, "schedule_preview_v1", { schedule: { type: "cron", cron: "30 2 * * *", timezone: "America/New_York" }, count: 10 });
    expect((structured.reading as any).dst_notes.join(" ")).toMatch(/2026-03-08/);
    expect((await ok(c, "task_list_v1", {})).tasks).toEqual([]);
  });

  test("task_list_v1 pages with a cursor, newest first", async () => {
    const c = await env.clientFor("alice");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await ok(c, "task_create_v1", { ...digest, title: `t${i}`, when: "every day at 9am" })).task as any).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(c, "task_list_v1", { limit: 2, ...(cursor && { cursor }) });
      seen.push(...(page.tasks as any[]).map((t) => t.id));
      cursor = page.next_cursor as string | undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  test("the latest run's result is a resource of the owner's task", async () => {
    const c = await env.clientFor("alice");
    const created = await ok(c, "task_create_v1", {
      title: "Stretch",
      action: { type: "notify", message: "Time to stretch" },
      schedule: { type: "immediate" },
    });
    const id = (created.task as any).id as string;
    const uri = `duely://tasks/${id}/runs/latest`;
    expect((await c.readResource({ uri })).contents[0]).toMatchObject({ uri, text: expect.stringMatching(/No run has finished yet/) });
    await env.harness.engine.step();
    const { resources } = await c.listResources();
    expect(resources.map((r) => r.uri)).toContain(uri);
    expect((await c.readResource({ uri })).contents[0]).toMatchObject({ uri, mimeType: "text/plain", text: "Time to stretch" });
    const { resourceTemplates } = await c.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["duely://tasks/{id}/runs/latest"]);

    const bob = await env.clientFor("bob");
    await expect(bob.readResource({ uri })).rejects.toThrow();
    expect((await bob.listResources()).resources).toEqual([]);
    await fails(bob, "task_get_v1", { task_id: id }, "not_found");
  });
});
