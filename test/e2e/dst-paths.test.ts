import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { scheduleNext } from "../../src/cli/schedule-command.js";
import { callTool, ok, openInMemory } from "./support.js";

/**
 * Every path from a local wall time to an instant, run on each DST example of docs/dst.md: the
 * user's words, a structured once / every / cron, a skip's `at`, a zone change on update and the
 * CLI's --after. All of them go through core's one resolver, so each lands on the instant the
 * phrase does, with the phrase's note.
 */

interface Vector {
  name: string;
  zone: string;
  /** The wall time, as a structured schedule gives it. */
  local: string;
  /** The same wall time in words. */
  phrase: string;
  /** The same wall time every two days, in words. */
  everyPhrase: string;
  cron: string;
  /** docs/dst.md's result. */
  instant: string;
  /** The clocks skip it (else they repeat it). */
  gap: boolean;
}

const VECTORS: Vector[] = [
  {
    name: "New York spring forward",
    zone: "America/New_York",
    local: "2026-03-08T02:30",
    phrase: "on March 8 at 2:30am",
    everyPhrase: "every 2 days at 2:30am",
    cron: "30 2 * * *",
    instant: "2026-03-08T07:00:00Z",
    gap: true,
  },
  {
    name: "New York fall back",
    zone: "America/New_York",
    local: "2026-11-01T01:30",
    phrase: "on November 1 at 1:30am",
    everyPhrase: "every 2 days at 1:30am",
    cron: "30 1 * * *",
    instant: "2026-11-01T05:30:00Z",
    gap: false,
  },
  {
    name: "Lord Howe's 30-minute gap",
    zone: "Australia/Lord_Howe",
    local: "2026-10-04T02:15",
    phrase: "on October 4 at 2:15am",
    everyPhrase: "every 2 days at 2:15am",
    cron: "15 2 * * *",
    instant: "2026-10-03T15:30:00Z",
    gap: true,
  },
  {
    name: "Santiago's midnight gap",
    zone: "America/Santiago",
    local: "2026-09-06T00:00",
    phrase: "on September 6 at 12am",
    everyPhrase: "every 2 days at 12am",
    cron: "0 0 * * *",
    instant: "2026-09-06T04:00:00Z",
    gap: true,
  },
];

type Fire = { local: string; utc: string };
type Reading = { next: Fire[]; notes?: string[] };
const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();
const dstNote = (notes: string[] | undefined) => notes?.find((n) => /does not exist in|happens twice in/.test(n));

describe.each(VECTORS)("$name ($zone, $local)", (v) => {
  // The day before, at noon UTC: the wall time is ahead, and the every-2-days phrase's first day is past.
  const now = Date.parse(`${v.local.slice(0, 10)}T12:00:00Z`) - DAY_MS;
  let env: Awaited<ReturnType<typeof openInMemory>>;
  let c: Client;
  let note: string;
  beforeAll(async () => {
    env = await openInMemory({ shard_count: 1 }, new Date(now).toISOString());
    c = await env.clientFor("alice");
    const phrase = (await ok(c, "schedule_preview_v1", { when: v.phrase, timezone: v.zone })).reading as Reading;
    expect(phrase.next[0]?.utc).toBe(v.instant);
    note = dstNote(phrase.notes) ?? "";
    expect(note).toContain(v.gap ? "does not exist in" : "happens twice in");
  });
  afterAll(() => env.close());

  const preview = async (schedule: Record<string, unknown>) => (await ok(c, "schedule_preview_v1", { schedule, timezone: v.zone })).reading as Reading;

  test("a structured once.at lands where the phrase does, with its note", async () => {
    const reading = await preview({ type: "once", at: v.local });
    expect(reading.next[0]?.utc).toBe(v.instant);
    expect(dstNote(reading.notes)).toBe(note);
  });

  test("a structured every.start_at by the hour lands there too, with the note", async () => {
    const reading = await preview({ type: "every", every: 1, unit: "hour", start_at: v.local });
    expect(reading.next[0]?.utc).toBe(v.instant);
    expect(dstNote(reading.notes)).toBe(note);
  });

  test("a structured every.start_at by days is read as the phrase's every-N-days is: the same first run and note, or the same refusal", async () => {
    const words = await callTool(c, "schedule_preview_v1", { when: v.everyPhrase, timezone: v.zone });
    const structured = await callTool(c, "schedule_preview_v1", { schedule: { type: "every", every: 2, unit: "day", start_at: v.local }, timezone: v.zone });
    if (v.gap) {
      expect(words.error).toMatchObject({ code: "invalid_schedule" });
      expect(structured.error).toMatchObject({ code: "invalid_schedule", message: words.error?.message, field: "schedule.start_at" });
    } else {
      const [a, b] = [words.reading as Reading, structured.reading as Reading];
      expect(b.next[0]?.utc).toBe(v.instant);
      expect(b.next[0]).toEqual(a.next[0]);
      expect(dstNote(b.notes)).toBe(dstNote(a.notes));
    }
  });

  test("a structured cron at that wall time fires at the same instant", async () => {
    const reading = await preview({ type: "cron", cron: v.cron });
    expect(reading.next.map((f) => f.utc)).toContain(v.instant);
  });

  test("a skip's `at` names the run at that instant", async () => {
    const task = (
      await ok(c, "task_create_v1", { title: "t", action: { type: "notify", message: "m" }, schedule: { type: "cron", cron: v.cron }, timezone: v.zone })
    ).task as { id: string };
    const skipped = await ok(c, "task_skip_v1", { task_id: task.id, at: v.local });
    expect((skipped.occurrence as Fire).utc).toBe(v.instant);
  });

  test("a zone change on update keeps the wall time and lands there, with the note", async () => {
    const task = (
      await ok(c, "task_create_v1", { title: "t", action: { type: "notify", message: "m" }, schedule: { type: "once", at: v.local, timezone: "UTC" } })
    ).task as { id: string };
    const updated = await ok(c, "task_update_v1", { task_id: task.id, timezone: v.zone });
    const after = updated.after as Reading;
    expect(after.next[0]?.utc).toBe(v.instant);
    expect(dstNote(after.notes)).toBe(note);
  });

  test("the CLI's --after, a local time in --tz, is that instant, with the note", () => {
    const out = scheduleNext("* * * * *", { tz: v.zone, after: v.local, count: "1" }, now);
    expect(out.next).toEqual([iso(Date.parse(v.instant) + 60_000)]);
    expect(dstNote(out.notes)).toBe(note);
  });
});
