import { describe, expect, it } from "vitest";
import { resolveWallTime, wallTimeAt } from "../../../src/core/phrase/wall-clock.js";

const NY = "America/New_York";

describe("resolveWallTime", () => {
  it("resolves an ordinary wall time with the zone's offset on that date", () => {
    expect(resolveWallTime({ year: 2026, month: 3, day: 7, hour: 2, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-03-07T07:30:00Z") });
    expect(resolveWallTime({ year: 2026, month: 3, day: 9, hour: 2, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-03-09T06:30:00Z") });
  });

  it("puts a wall time the clocks skip at the transition instant, not an hour later", () => {
    expect(resolveWallTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-03-08T07:00:00Z"), dst: "gap" });
  });

  it("takes the first of a wall time that happens twice, whatever the current date", () => {
    expect(resolveWallTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-11-01T05:30:00Z"), dst: "overlap" });
    expect(resolveWallTime({ year: 2026, month: 4, day: 5, hour: 2, minute: 30 }, "Australia/Sydney")).toEqual({
      at: Date.parse("2026-04-04T15:30:00Z"),
      dst: "overlap",
    });
  });

  it("handles zones with half-hour offsets and half-hour shifts", () => {
    expect(resolveWallTime({ year: 2026, month: 3, day: 5, hour: 9, minute: 0 }, "Asia/Kolkata")).toEqual({ at: Date.parse("2026-03-05T03:30:00Z") });
    // Lord Howe moves its clocks by 30 minutes: 02:00 -> 02:30 on 4 October 2026.
    expect(resolveWallTime({ year: 2026, month: 10, day: 4, hour: 2, minute: 15 }, "Australia/Lord_Howe")).toEqual({
      at: Date.parse("2026-10-03T15:30:00Z"),
      dst: "gap",
    });
  });
});

describe("wallTimeAt", () => {
  it("reads an instant on the zone's wall clock, with a cron-style weekday", () => {
    expect(wallTimeAt(Date.parse("2026-03-05T03:00:00Z"), NY)).toMatchObject({ year: 2026, month: 3, day: 4, hour: 22, minute: 0, weekday: 3 });
  });
});
