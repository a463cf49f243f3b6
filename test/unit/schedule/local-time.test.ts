import { describe, expect, it } from "vitest";
import { localTimeAt, resolveLocalTime } from "../../../src/core/schedule/index.js";

const NY = "America/New_York";

describe("resolveLocalTime", () => {
  it("resolves an ordinary wall time with the zone's offset on that date", () => {
    expect(resolveLocalTime({ year: 2026, month: 3, day: 7, hour: 2, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-03-07T07:30:00Z") });
    expect(resolveLocalTime({ year: 2026, month: 3, day: 9, hour: 2, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-03-09T06:30:00Z") });
  });

  it("puts a wall time the clocks skip at the transition instant, not an hour later", () => {
    expect(resolveLocalTime({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY)).toEqual({ at: Date.parse("2026-03-08T07:00:00Z"), dst: "gap_shifted" });
  });

  it("takes the first of a wall time that happens twice, whatever the current date", () => {
    expect(resolveLocalTime({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY)).toEqual({
      at: Date.parse("2026-11-01T05:30:00Z"),
      dst: "overlap_first",
    });
    expect(resolveLocalTime({ year: 2026, month: 4, day: 5, hour: 2, minute: 30 }, "Australia/Sydney")).toEqual({
      at: Date.parse("2026-04-04T15:30:00Z"),
      dst: "overlap_first",
    });
  });

  it("handles zones with half-hour offsets and half-hour shifts", () => {
    expect(resolveLocalTime({ year: 2026, month: 3, day: 5, hour: 9, minute: 0 }, "Asia/Kolkata")).toEqual({ at: Date.parse("2026-03-05T03:30:00Z") });
    // Lord Howe moves its clocks by 30 minutes: 02:00 -> 02:30 on 4 October 2026.
    expect(resolveLocalTime({ year: 2026, month: 10, day: 4, hour: 2, minute: 15 }, "Australia/Lord_Howe")).toEqual({
      at: Date.parse("2026-10-03T15:30:00Z"),
      dst: "gap_shifted",
    });
  });

  it("reads a wall time to the minute, like cron, even with the seconds of a reading of now spread in", () => {
    const now = localTimeAt(Date.parse("2026-03-05T15:07:30.250Z"), NY);
    expect(now.second).toBe(30.25);
    expect(resolveLocalTime({ ...now, day: 6 }, NY)).toEqual({ at: Date.parse("2026-03-06T15:07:00Z") });
  });

  it("refuses a zone abbreviation as it refuses it in a stored schedule", () => {
    expect(() => resolveLocalTime({ year: 2026, month: 3, day: 5, hour: 9, minute: 0 }, "EST")).toThrow(expect.objectContaining({ code: "unknown_timezone" }));
    expect(() => localTimeAt(0, "EST")).toThrow(expect.objectContaining({ code: "unknown_timezone" }));
  });
});

describe("localTimeAt", () => {
  it("reads an instant on the zone's wall clock, with a cron-style weekday", () => {
    expect(localTimeAt(Date.parse("2026-03-05T03:00:00Z"), NY)).toMatchObject({ year: 2026, month: 3, day: 4, hour: 22, minute: 0, weekday: 3 });
  });

  it("is the inverse of resolveLocalTime on whole minutes outside gaps and overlaps", () => {
    const at = Date.parse("2026-07-14T21:45:00Z");
    expect(localTimeAt(at, "Asia/Taipei")).toEqual({ year: 2026, month: 7, day: 15, hour: 5, minute: 45, second: 0, weekday: 3 });
    expect(resolveLocalTime(localTimeAt(at, "Asia/Taipei"), "Asia/Taipei")).toEqual({ at });
  });
});
