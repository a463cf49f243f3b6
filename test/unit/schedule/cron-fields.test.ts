import { CronExpressionParser } from "cron-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { type CronFields, parseCron } from "../../../src/core/schedule/cron-fields.js";
import { CRON_EXPECTED, isFixedTime } from "../../../src/core/schedule/index.js";
import { cronExpression } from "./arbitraries.js";

const values = (flags: readonly boolean[]): number[] => flags.flatMap((on, v) => (on ? [v] : []));

function rejection(expr: string): { code: string; field?: string; expected?: string; message: string } {
  try {
    parseCron(expr);
  } catch (e) {
    if (isDomainError(e)) return e.toJSON();
    throw e;
  }
  throw new Error(`accepted ${expr}`);
}

describe("parseCron reads five-field Vixie cron", () => {
  it("reads numbers, ranges, lists and steps", () => {
    const f = parseCron("5,10-12 */6 1-9/4 * *");
    expect(values(f.minutes)).toEqual([5, 10, 11, 12]);
    expect(values(f.hours)).toEqual([0, 6, 12, 18]);
    expect(values(f.daysOfMonth)).toEqual([1, 5, 9]);
    expect(values(f.months)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("reads a single value with a step as running to the end of the range, like cronie", () => {
    expect(values(parseCron("5/15 * * * *").minutes)).toEqual([5, 20, 35, 50]);
  });

  it("accepts month and weekday names in any case, also in ranges", () => {
    const f = parseCron("0 9 * jan,Mar-may MON-fri");
    expect(values(f.months)).toEqual([1, 3, 4, 5]);
    expect(values(f.daysOfWeek)).toEqual([1, 2, 3, 4, 5]);
  });

  it("treats 7 as Sunday, alone and at the end of a range", () => {
    expect(values(parseCron("0 10 * * 7").daysOfWeek)).toEqual([0]);
    expect(values(parseCron("0 10 * * 5-7").daysOfWeek)).toEqual([0, 5, 6]);
    expect(values(parseCron("0 10 * * FRI-SUN").daysOfWeek)).toEqual([0, 5, 6]);
  });

  it("marks a day field as unrestricted when its text starts with *, even with a step", () => {
    const stepped = parseCron("0 9 */2 * 1");
    expect([stepped.dayOfMonthStar, stepped.dayOfWeekStar]).toEqual([true, false]);
    const both = parseCron("0 9 1 * 1");
    expect([both.dayOfMonthStar, both.dayOfWeekStar]).toEqual([false, false]);
  });

  it.each([
    ["0 9 L-2 * *", /Quartz extension/],
    ["0 9 15W * *", /Quartz extension/],
    ["0 9 ? * 1", /Quartz extension/],
    ["H 9 * * *", /Quartz extension/],
    ["0 0 9 * * *", /got 6; a seconds field is not supported/],
    ["0 9 * *", /expected 5 fields, got 4/],
    ["", /expected 5 fields, got 0/],
    ["@daily", /macros are not supported/],
    ["60 9 * * *", /minute 60 is out of range 0-59/],
    ["0 24 * * *", /hour 24 is out of range 0-23/],
    ["0 9 0 * *", /day-of-month 0 is out of range 1-31/],
    ["0 9 * 13 *", /month 13 is out of range 1-12/],
    ["0 9 * * 8", /day-of-week 8 is out of range 0-7/],
    ["0 9 5-1 * *", /runs backwards/],
    ["*/90 * * * *", /step 90 must be between 1 and 59/],
    ["*/0 * * * *", /step 0 must be between 1 and 59/],
    ["0 9 * * monday", /is not a number \(names: SUN, MON/],
    ["1,,2 9 * * *", /item "" is not/],
  ])("refuses %j", (expr, reason) => {
    const e = rejection(expr);
    expect(e).toMatchObject({ code: "invalid_schedule", field: "schedule.expr", expected: CRON_EXPECTED });
    expect(e.message).toMatch(reason);
  });

  it("suggests the five-field form of a macro", () => {
    expect(rejection("@hourly")).toMatchObject({ hint: 'Write "0 * * * *" instead.' });
  });

  it("agrees with cron-parser on the value sets of every expression both accept", () => {
    const sameAs = (ours: CronFields, expr: string): void => {
      const theirs = CronExpressionParser.parse(expr).fields;
      const sorted = (xs: readonly (number | string)[]): number[] => [...new Set(xs.map(Number))].sort((a, b) => a - b);
      const sundays = (xs: readonly (number | string)[]): number[] => sorted(xs.map((x) => (x === 7 ? 0 : x)));
      expect(values(ours.minutes)).toEqual(sorted(theirs.minute.values));
      expect(values(ours.hours)).toEqual(sorted(theirs.hour.values));
      // cron-parser drops days the chosen months never have (30 and 31 for FEB); so do we, in effect.
      const longest = Math.max(...values(ours.months).map((m) => (m === 2 ? 29 : [4, 6, 9, 11].includes(m) ? 30 : 31)));
      expect(values(ours.daysOfMonth).filter((d) => d <= longest)).toEqual(sorted(theirs.dayOfMonth.values).filter((d) => d <= longest));
      expect(values(ours.months)).toEqual(sorted(theirs.month.values));
      expect(values(ours.daysOfWeek)).toEqual(sundays(theirs.dayOfWeek.values));
    };
    fc.assert(
      fc.property(cronExpression, (expr) => {
        const ours = parseCron(expr);
        try {
          CronExpressionParser.parse(expr);
        } catch {
          return; // e.g. "0 0 30 2 *": cron-parser refuses dates that never occur; we report beyond_horizon
        }
        sameAs(ours, expr);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe("isFixedTime (Vixie: neither minute nor hour starts with *)", () => {
  it.each([
    ["0 8 * * *", true],
    ["30 2 * * *", true],
    ["0,30 2 * * 1-5", true],
    ["0-59/15 8 * * *", true],
    ["*/15 * * * *", false],
    ["0 * * * *", false],
    ["0 */2 * * *", false],
    ["*/10 2 * * *", false],
    ["  15   3 * * *  ", true],
  ])("%j → %s", (expr, fixed) => {
    expect(isFixedTime(expr)).toBe(fixed);
  });
});
