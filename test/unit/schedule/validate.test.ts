import { describe, expect, it } from "vitest";
import { CRON_EXPECTED, isValidTimeZone, TIMEZONE_EXPECTED, validateSchedule } from "../../../src/core/schedule/index.js";
import type { Schedule } from "../../../src/core/schedule/model.js";
import { cron } from "./support.js";

const DAY = 86_400_000;
const NOW = Date.parse("2026-03-01T00:00:00Z");
const HORIZON = { horizonMs: 365 * DAY };
const NY = "America/New_York";

function errorOf(s: Schedule): Record<string, unknown> {
  try {
    validateSchedule(s, NOW, HORIZON);
  } catch (e) {
    return (e as { toJSON(): Record<string, unknown> }).toJSON();
  }
  throw new Error("accepted");
}

describe("validateSchedule accepts", () => {
  it.each<[string, Schedule]>([
    ["immediate", { kind: "immediate" }],
    ["a once one millisecond ahead", { kind: "once", at: NOW + 1, timezone: NY }],
    ["a once exactly at the horizon", { kind: "once", at: NOW + 365 * DAY, timezone: NY }],
    ["a weekday cron", cron("0 8 * * 1-5", NY)],
    ["a cron in UTC", cron("*/5 * * * *", "UTC")],
    ["an every with an anchor in the past", { kind: "every", every: 2, unit: "week", anchor: NOW - 30 * DAY, timezone: NY }],
    ["an every with a DST override", { kind: "every", every: 1, unit: "day", anchor: NOW + DAY, timezone: NY, dst: { gap: "skip", overlap: "both" } }],
  ])("%s", (_, s) => {
    expect(() => validateSchedule(s, NOW, HORIZON)).not.toThrow();
  });
});

describe("validateSchedule refuses", () => {
  it.each(["0 9 LW * *", "0 0 9 * * *", "0 9 * *", "@daily", "0 25 * * *", "*/90 * * * *"])("the cron %j as invalid_schedule", (expr) => {
    expect(errorOf(cron(expr, NY))).toMatchObject({ code: "invalid_schedule", field: "schedule.expr", expected: CRON_EXPECTED });
  });

  it.each([0, 1001, 1.5])("every %s as invalid_schedule", (n) => {
    expect(errorOf({ kind: "every", every: n, unit: "day", anchor: NOW, timezone: NY })).toMatchObject({
      code: "invalid_schedule",
      field: "schedule.every",
      expected: "an integer from 1 to 1000",
    });
  });

  it("an unknown unit as invalid_schedule", () => {
    const s = { kind: "every", every: 1, unit: "year", anchor: NOW, timezone: NY } as unknown as Schedule;
    expect(errorOf(s)).toMatchObject({ code: "invalid_schedule", field: "schedule.unit" });
  });

  it("an unknown DST policy as invalid_schedule", () => {
    const s = cron("0 8 * * *", NY, { gap: "later" } as never);
    expect(errorOf(s)).toMatchObject({ code: "invalid_schedule", field: "schedule.dst.gap" });
  });

  it.each(["Mars/Olympus", "EST", "PST", "", "America/New York"])("the zone %j as unknown_timezone", (tz) => {
    expect(errorOf(cron("0 8 * * *", tz))).toMatchObject({ code: "unknown_timezone", field: "schedule.timezone", expected: TIMEZONE_EXPECTED });
  });

  it("a once at or before now as in_the_past", () => {
    for (const at of [NOW, NOW - 1]) {
      const e = errorOf({ kind: "once", at, timezone: NY });
      expect(e).toMatchObject({ code: "in_the_past", field: "schedule.at", expected: "an instant after now" });
      expect(e.message).toMatch(/\(2026-02-28 1[89]:[0-9:]+ -05:00 in America\/New_York\) is not in the future/);
    }
  });

  it("a once beyond the horizon as beyond_horizon", () => {
    expect(errorOf({ kind: "once", at: NOW + 365 * DAY + 1, timezone: NY })).toMatchObject({
      code: "beyond_horizon",
      field: "schedule.at",
      expected: "a schedule whose first fire is within 365 days of now",
    });
  });

  it("an every anchored beyond the horizon as beyond_horizon", () => {
    expect(errorOf({ kind: "every", every: 1, unit: "day", anchor: NOW + 400 * DAY, timezone: NY })).toMatchObject({
      code: "beyond_horizon",
      field: "schedule.anchor",
    });
  });

  it("an every whose next step is beyond the horizon as beyond_horizon", () => {
    expect(errorOf({ kind: "every", every: 24, unit: "month", anchor: NOW - DAY, timezone: NY })).toMatchObject({
      code: "beyond_horizon",
      field: "schedule.every",
    });
  });

  it("a cron that never fires (30 February) as beyond_horizon", () => {
    const e = errorOf(cron("0 0 30 2 *", NY));
    expect(e).toMatchObject({ code: "beyond_horizon", field: "schedule.expr" });
    expect(e.message).toMatch(/never fires/);
  });

  it("a cron whose first fire is past the horizon (29 February from 2026) as beyond_horizon", () => {
    const e = errorOf(cron("0 12 29 2 *", NY));
    expect(e).toMatchObject({ code: "beyond_horizon", field: "schedule.expr" });
    expect(e.message).toContain("2028-02-29T17:00:00.000Z");
  });
});

describe("isValidTimeZone", () => {
  it.each([
    ["America/New_York", true],
    ["Australia/Lord_Howe", true],
    ["Etc/GMT+5", true],
    ["UTC", true],
    ["EST", false],
    ["Nowhere/City", false],
    ["", false],
  ])("%j → %s", (tz, ok) => {
    expect(isValidTimeZone(tz)).toBe(ok);
  });
});
