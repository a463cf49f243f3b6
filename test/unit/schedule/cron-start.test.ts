import { describe, expect, it } from "vitest";
import { rezone } from "../../../src/app/tasks/task-request.js";
import { describeSchedule, nextFireTimes, validateSchedule } from "../../../src/core/schedule/index.js";
import type { CronSchedule } from "../../../src/core/schedule/model.js";
import { scheduleView } from "../../../src/mcp/present.js";
import { scheduleRequestOf } from "../../../src/mcp/schedule-input.js";

// A cron schedule's start: no run before it ("from next Monday, every weekday at 8"). Instants
// written by hand: Monday 9 March 2026 00:00 in Taipei (UTC+8) is 2026-03-08T16:00Z.
const TAIPEI = "Asia/Taipei";
const MONDAY = Date.parse("2026-03-08T16:00:00Z");
const weekdays: CronSchedule = { kind: "cron", expr: "0 8 * * 1-5", timezone: TAIPEI, start: MONDAY };
const THURSDAY = Date.parse("2026-03-05T02:00:00Z");
const iso = (ts: number[]) => ts.map((t) => new Date(t).toISOString());

describe("a cron schedule with a start", () => {
  it("has no run before the start, however early it is counted from", () => {
    expect(iso(nextFireTimes(weekdays, THURSDAY, 3))).toEqual(["2026-03-09T00:00:00.000Z", "2026-03-10T00:00:00.000Z", "2026-03-11T00:00:00.000Z"]);
    expect(iso(nextFireTimes({ ...weekdays, start: undefined }, THURSDAY, 1))).toEqual(["2026-03-06T00:00:00.000Z"]);
  });

  it("runs at the start itself when a fire falls on it", () => {
    const startAtFire = Date.parse("2026-03-09T00:00:00Z");
    expect(iso(nextFireTimes({ ...weekdays, start: startAtFire }, THURSDAY, 1))).toEqual(["2026-03-09T00:00:00.000Z"]);
  });

  it("changes nothing once past the start", () => {
    const after = Date.parse("2026-03-10T00:00:00Z");
    expect(iso(nextFireTimes(weekdays, after, 1))).toEqual(["2026-03-11T00:00:00.000Z"]);
  });

  it("says the start in the description", () => {
    expect(describeSchedule(weekdays)).toBe("At 08:00, Monday through Friday (Asia/Taipei), starting 2026-03-09");
  });

  it("refuses a start that is not an instant", () => {
    const check = () => validateSchedule({ ...weekdays, start: Number.NaN }, THURSDAY, { horizonMs: 365 * 86_400_000 });
    expect(check).toThrow(expect.objectContaining({ code: "invalid_schedule", field: "schedule.start" }));
  });

  it("is start_at on the wire, both ways", () => {
    expect(scheduleView(weekdays, TAIPEI)).toMatchObject({ type: "cron", cron: "0 8 * * 1-5", start_at: "2026-03-09T00:00:00+08:00" });
    expect(scheduleRequestOf({ type: "cron", cron: "0 8 * * 1-5", start_at: "2026-03-09T00:00:00+08:00" })).toMatchObject({
      kind: "cron",
      start: "2026-03-09T00:00:00+08:00",
    });
  });

  it("keeps the start's wall time when moved to another zone", () => {
    const moved = rezone(weekdays, "Europe/Berlin").schedule;
    // Monday 9 March 00:00 in Berlin (UTC+1).
    expect(moved).toMatchObject({ kind: "cron", timezone: "Europe/Berlin", start: Date.parse("2026-03-08T23:00:00Z") });
  });
});
