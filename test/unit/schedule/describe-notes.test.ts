import { describe, expect, it } from "vitest";
import { describeSchedule, dstNotes, effectiveDst } from "../../../src/core/schedule/index.js";
import { cron, every } from "./support.js";

const NY = "America/New_York";

describe("effectiveDst", () => {
  it.each([
    ["a fixed-time cron", cron("30 2 * * *", NY), { gap: "run_at_transition", overlap: "first" }],
    ["a wildcard cron", cron("*/15 * * * *", NY), { gap: "skip", overlap: "both" }],
    ["an hourly cron", cron("0 * * * *", NY), { gap: "skip", overlap: "both" }],
    ["a fixed-time cron with an override", cron("30 2 * * *", NY, { gap: "skip" }), { gap: "skip", overlap: "first" }],
    ["a wildcard cron with an override", cron("0 */2 * * *", NY, { overlap: "second" }), { gap: "skip", overlap: "second" }],
    ["a daily every", every(1, "day", "2026-01-01T13:00:00Z", NY), { gap: "run_at_transition", overlap: "first" }],
    ["a minutely every", every(15, "minute", "2026-01-01T13:00:00Z", NY), { gap: "skip", overlap: "both" }],
  ])("%s", (_, s, expected) => {
    expect(effectiveDst(s)).toEqual(expected);
  });
});

describe("describeSchedule", () => {
  it.each([
    [cron("0 8 * * 1-5", NY), "At 08:00, Monday through Friday (America/New_York)"],
    [cron("*/15 * * * *", "UTC"), "Every 15 minutes (UTC)"],
    [cron("0 9 1 * 1", NY), "At 09:00, on day 1 of the month, or on Monday (America/New_York)"],
    [cron("0 9 */2 * 1", NY), "At 09:00, every 2 days in a month, but only on Monday (America/New_York)"],
    [every(3, "day", "2026-03-01T13:00:00Z", NY), "Every 3 days at 08:00 (America/New_York), starting 2026-03-01"],
    [every(2, "week", "2026-03-03T14:00:00Z", NY), "Every 2 weeks on Tuesday at 09:00 (America/New_York), starting 2026-03-03"],
    [every(1, "month", "2026-01-31T14:00:00Z", NY), "Every month on day 31 at 09:00 (America/New_York), starting 2026-01-31; the last day in shorter months"],
    [every(15, "minute", "2026-01-31T14:00:00Z", NY), "Every 15 minutes from 2026-01-31 09:00 -05:00 (America/New_York)"],
    [{ kind: "once", at: Date.parse("2026-03-08T14:00:00Z"), timezone: NY } as const, "Once at 2026-03-08 10:00 -04:00 (America/New_York)"],
    [{ kind: "immediate" } as const, "Once, right away"],
  ])("%j", (s, text) => {
    expect(describeSchedule(s)).toBe(text);
  });
});

describe("dstNotes", () => {
  const spring = Date.parse("2026-03-08T06:00:00Z");
  const fall = Date.parse("2026-11-01T04:30:00Z");

  it("says when a fixed time does not exist and where it runs instead", () => {
    expect(dstNotes(cron("30 2 * * *", NY), spring, 5)).toEqual([
      "2026-03-08: 02:30 does not exist in America/New_York; runs at 03:00 (gap policy run_at_transition)",
    ]);
  });

  it("says when it is skipped", () => {
    expect(dstNotes(cron("30 2 * * *", NY, { gap: "skip" }), spring, 5)).toEqual([
      "2026-03-08: 02:30 does not exist in America/New_York; skipped (gap policy skip)",
    ]);
  });

  it("groups the quarter hours of a wildcard job lost in one gap", () => {
    expect(dstNotes(cron("*/15 * * * *", NY), spring, 8)).toEqual(["2026-03-08: 02:00–02:45 do not exist in America/New_York; skipped (gap policy skip)"]);
  });

  it("says when a time occurs twice and which pass runs", () => {
    expect(dstNotes(cron("30 1 * * *", NY), fall, 3)).toEqual([
      "2026-11-01: 01:30 occurs twice in America/New_York (-04:00, then -05:00); runs at the first only (overlap policy first)",
    ]);
    expect(dstNotes(cron("*/30 * * * *", NY), fall, 8)).toEqual([
      "2026-11-01: 01:00–01:30 occur twice in America/New_York (-04:00, then -05:00); runs at both (overlap policy both)",
    ]);
  });

  it("is empty when the next fires meet no DST change, and for one-off schedules", () => {
    expect(dstNotes(cron("0 8 * * *", NY), Date.parse("2026-06-01T00:00:00Z"), 10)).toEqual([]);
    expect(dstNotes({ kind: "once", at: spring + 1, timezone: NY }, spring, 10)).toEqual([]);
  });
});
