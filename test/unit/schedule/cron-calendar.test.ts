import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextOccurrence, validateSchedule } from "../../../src/core/schedule/index.js";
import { cron, upcoming } from "./support.js";

describe("cron calendar rules", () => {
  it("fires day 31 only in months that have one", () => {
    expect(upcoming(cron("0 9 31 * *", "America/New_York"), "2026-01-01T00:00:00Z", 7)).toEqual([
      "2026-01-31T14:00:00Z",
      "2026-03-31T13:00:00Z",
      "2026-05-31T13:00:00Z",
      "2026-07-31T13:00:00Z",
      "2026-08-31T13:00:00Z",
      "2026-10-31T13:00:00Z",
      "2026-12-31T14:00:00Z",
    ]);
  });

  it("refuses the Quartz forms it does not read, such as the nearest weekday 0 9 LW * *", () => {
    expect(() => validateSchedule(cron("0 9 LW * *", "UTC"), 0, { horizonMs: 1e12 })).toThrow(
      expect.objectContaining({ code: "invalid_schedule", field: "schedule.expr" }),
    );
  });

  it("finds 29 February in the next leap year, 2028", () => {
    expect(upcoming(cron("0 12 29 2 *", "America/New_York"), "2026-01-01T00:00:00Z", 2)).toEqual(["2028-02-29T17:00:00Z", "2032-02-29T17:00:00Z"]);
  });

  it("returns null for a date that never occurs (30 February) instead of searching forever", () => {
    expect(nextOccurrence(cron("0 0 30 2 *", "UTC"), Date.parse("2026-01-01T00:00:00Z"))).toBeNull();
  });

  it("ORs day-of-month and day-of-week when both are restricted: the 1st, and every Monday", () => {
    expect(upcoming(cron("0 9 1 * 1", "UTC"), "2026-01-01T00:00:00Z", 7)).toEqual([
      "2026-01-01T09:00:00Z",
      "2026-01-05T09:00:00Z",
      "2026-01-12T09:00:00Z",
      "2026-01-19T09:00:00Z",
      "2026-01-26T09:00:00Z",
      "2026-02-01T09:00:00Z",
      "2026-02-02T09:00:00Z",
    ]);
  });

  it("ANDs them when day-of-month starts with *: */2 on Mondays means odd days that are Mondays", () => {
    expect(upcoming(cron("0 9 */2 * 1", "UTC"), "2026-01-01T00:00:00Z", 5)).toEqual([
      "2026-01-05T09:00:00Z",
      "2026-01-19T09:00:00Z",
      "2026-02-09T09:00:00Z",
      "2026-02-23T09:00:00Z",
      "2026-03-09T09:00:00Z",
    ]);
  });

  it("ANDs them when day-of-week starts with *: days 1–7 that fall on Sunday, Tuesday, Thursday or Saturday", () => {
    expect(upcoming(cron("0 9 1-7 * */2", "UTC"), "2026-01-01T00:00:00Z", 5)).toEqual([
      "2026-01-01T09:00:00Z",
      "2026-01-03T09:00:00Z",
      "2026-01-04T09:00:00Z",
      "2026-01-06T09:00:00Z",
      "2026-02-01T09:00:00Z",
    ]);
  });

  it("reads 7, 0 and SUN as Sunday", () => {
    const sundays = ["2026-01-04T10:00:00Z", "2026-01-11T10:00:00Z"];
    for (const dow of ["7", "0", "SUN", "sun"]) expect(upcoming(cron(`0 10 * * ${dow}`, "UTC"), "2026-01-01T00:00:00Z", 2)).toEqual(sundays);
  });

  it("reads names in month and weekday fields", () => {
    expect(upcoming(cron("30 6 * MAR,JUN mon-wed", "UTC"), "2026-01-01T00:00:00Z", 4)).toEqual([
      "2026-03-02T06:30:00Z",
      "2026-03-03T06:30:00Z",
      "2026-03-04T06:30:00Z",
      "2026-03-09T06:30:00Z",
    ]);
  });

  it("is strictly after: asking at a fire instant gives the following one", () => {
    expect(upcoming(cron("0 8 * * *", "UTC"), "2026-01-01T08:00:00Z", 1)).toEqual(["2026-01-02T08:00:00Z"]);
    expect(upcoming(cron("0 8 * * *", "UTC"), "2026-01-01T07:59:59.999Z", 1)).toEqual(["2026-01-01T08:00:00Z"]);
  });

  it("crosses a year end", () => {
    expect(upcoming(cron("0 0 1 1 *", "Asia/Tokyo"), "2026-06-01T00:00:00Z", 2)).toEqual(["2026-12-31T15:00:00Z", "2027-12-31T15:00:00Z"]);
  });

  it("answers 1000 random nextOccurrence calls on 0 8 * * *", () => {
    const afters = fc.sample(fc.integer({ min: Date.parse("2000-01-01T00:00:00Z"), max: Date.parse("2060-01-01T00:00:00Z") }), {
      numRuns: 1000,
      seed: 42,
    });
    const s = cron("0 8 * * *", "America/New_York");
    for (const after of afters) {
      const next = nextOccurrence(s, after);
      expect(next).not.toBeNull();
      expect(next!.at).toBeGreaterThan(after);
      expect(next!.at - after).toBeLessThanOrEqual(25 * 3_600_000);
    }
  });
});
