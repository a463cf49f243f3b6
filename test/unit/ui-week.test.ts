import { describe, expect, it } from "vitest";
import { firesOn, previewArgs } from "../../src/ui/fires.js";
import type { TaskView } from "../../src/ui/source.js";
import { clockChangeOn, localDate, localTime, offsetOf, todayIn, weekFrom } from "../../src/ui/week.js";

describe("the view's week arithmetic", () => {
  it("reads today's date in the task's zone, not the viewer's", () => {
    const at = new Date("2026-03-07T23:30:00Z");
    expect(todayIn("America/New_York", at)).toBe("2026-03-07");
    expect(todayIn("Asia/Tokyo", at)).toBe("2026-03-08");
  });

  it("lists seven calendar days, across a month end and a DST change alike", () => {
    expect(weekFrom("2026-03-07")).toEqual(["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]);
    expect(weekFrom("2026-02-26").slice(2, 4)).toEqual(["2026-02-28", "2026-03-01"]);
  });

  it("reads a fire's local date, time and offset off duely's ISO text", () => {
    expect([localDate("2026-03-08T08:00:00-04:00"), localTime("2026-03-08T08:00:00-04:00"), offsetOf("2026-03-08T08:00:00-04:00")]).toEqual([
      "2026-03-08",
      "08:00",
      "UTC−04:00",
    ]);
    expect(offsetOf("2026-03-08T08:00:00+05:30")).toBe("UTC+05:30");
    expect(offsetOf("2026-03-08T08:00:00Z")).toBe("UTC");
  });

  it("names the day the clocks change, in the zone's own terms", () => {
    expect(clockChangeOn("America/New_York", "2026-03-08")).toEqual({ from: "EST", to: "EDT" });
    expect(clockChangeOn("America/New_York", "2026-03-09")).toBeNull();
    expect(clockChangeOn("Europe/Berlin", "2026-10-25")).toEqual({ from: "GMT+2", to: "GMT+1" });
    expect(clockChangeOn("Asia/Tokyo", "2026-03-08")).toBeNull();
  });
});

const fire = (utc: string, local: string) => ({ utc, local });
const task = (over: Partial<TaskView> = {}): TaskView => ({
  id: "t1",
  title: "T",
  status: "active",
  action: { type: "notify", message: "x" },
  schedule: { type: "cron", timezone: "America/New_York", cron: "0 8 * * *", dst: { gap: "skip" } },
  description: "At 08:00",
  timezone: "America/New_York",
  retry: { max_attempts: 3 },
  run_count: 0,
  created_at: "2026-03-01T00:00:00Z",
  updated_at: "2026-03-01T00:00:00Z",
  ...over,
});

describe("the fires a timeline row shows", () => {
  const week = weekFrom("2026-03-07");
  const previewed = ["07", "08", "09"].map((d) => fire(`2026-03-${d}T13:00:00Z`, `2026-03-${d}T08:00:00-05:00`));

  it("previews a repeating schedule in the terms the task reports it, and nothing for a one-off", () => {
    expect(previewArgs(task())).toEqual({ schedule: { type: "cron", cron: "0 8 * * *", timezone: "America/New_York", dst: { gap: "skip" } }, count: 10 });
    const every = task({ schedule: { type: "every", every: 2, unit: "week", start_at: "2026-03-02T09:00:00-05:00", timezone: "America/New_York" } });
    expect(previewArgs(every)).toEqual({
      schedule: { type: "every", every: 2, unit: "week", start_at: "2026-03-02T09:00:00-05:00", timezone: "America/New_York" },
      count: 10,
    });
    expect(previewArgs(task({ schedule: { type: "once", timezone: "UTC", at: "2026-03-09T10:00:00Z" } }))).toBeNull();
    // A cron that waits for its start previews from it, as the task will run.
    const later = task({ schedule: { type: "cron", cron: "0 8 * * 1-5", start_at: "2026-03-09T00:00:00-04:00", timezone: "America/New_York" } });
    expect(previewArgs(later)).toEqual({
      schedule: { type: "cron", cron: "0 8 * * 1-5", start_at: "2026-03-09T00:00:00-04:00", timezone: "America/New_York" },
      count: 10,
    });
  });

  it("keeps the fires before the task's end and within its remaining runs", () => {
    expect(firesOn(task(), previewed, week)).toHaveLength(3);
    expect(firesOn(task({ end_at: "2026-03-09T00:00:00-05:00" }), previewed, week)).toHaveLength(2);
    expect(firesOn(task({ max_runs: 5, run_count: 4 }), previewed, week)).toEqual([previewed[0]]);
    expect(firesOn(task({ status: "cancelled" }), previewed, week)).toEqual([]);
  });

  it("falls back to the next run when nothing was previewed, and drops fires outside the week", () => {
    const next = fire("2026-03-20T13:00:00Z", "2026-03-20T08:00:00-04:00");
    expect(firesOn(task({ next_run: previewed[1] }), null, week)).toEqual([previewed[1]]);
    expect(firesOn(task({ next_run: next }), null, week)).toEqual([]);
  });
});
