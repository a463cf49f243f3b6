import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { parseCron } from "../../../src/core/schedule/cron-fields.js";
import { describeSchedule, dstNotes, nextFireTimes, validateSchedule } from "../../../src/core/schedule/index.js";
import type { CronSchedule } from "../../../src/core/schedule/model.js";
import { ZONES } from "./arbitraries.js";
import { cron, upcoming } from "./support.js";

// Expected instants written by hand from a calendar (and Python's zoneinfo for the offsets),
// not from cron-parser: its grammar reads L and # too, but the point is to pin ours.
const NY = "America/New_York";

describe("L in day-of-month: the month's last day", () => {
  it("runs on the 31st, 28th, 31st, 30th as the months go, across the DST change", () => {
    expect(upcoming(cron("0 17 L * *", NY), "2026-01-15T00:00:00Z", 4)).toEqual([
      "2026-01-31T22:00:00Z",
      "2026-02-28T22:00:00Z",
      "2026-03-31T21:00:00Z",
      "2026-04-30T21:00:00Z",
    ]);
  });

  it("finds 29 February in a leap year", () => {
    expect(upcoming(cron("0 9 L 2 *", "UTC"), "2026-01-01T00:00:00Z", 3)).toEqual(["2026-02-28T09:00:00Z", "2027-02-28T09:00:00Z", "2028-02-29T09:00:00Z"]);
  });

  it("stands in a list with ordinary days: the 1st and the last", () => {
    expect(upcoming(cron("0 9 1,L * *", "UTC"), "2026-04-02T00:00:00Z", 3)).toEqual(["2026-04-30T09:00:00Z", "2026-05-01T09:00:00Z", "2026-05-31T09:00:00Z"]);
  });
});

describe("5L and 1#2 in day-of-week: a weekday within the month", () => {
  it("5L is the last Friday of each month", () => {
    expect(upcoming(cron("0 16 * * 5L", "UTC"), "2026-03-01T00:00:00Z", 5)).toEqual([
      "2026-03-27T16:00:00Z",
      "2026-04-24T16:00:00Z",
      "2026-05-29T16:00:00Z",
      "2026-06-26T16:00:00Z",
      "2026-07-31T16:00:00Z",
    ]);
  });

  it("1#1 is the first Monday, named or numbered alike", () => {
    const firstMondays = ["2026-03-02T09:00:00Z", "2026-04-06T09:00:00Z", "2026-05-04T09:00:00Z", "2026-06-01T09:00:00Z"];
    expect(upcoming(cron("0 9 * * 1#1", "UTC"), "2026-03-01T00:00:00Z", 4)).toEqual(firstMondays);
    expect(upcoming(cron("0 9 * * MON#1", "UTC"), "2026-03-01T00:00:00Z", 4)).toEqual(firstMondays);
  });

  it("1#5 runs only in months with five Mondays", () => {
    expect(upcoming(cron("0 9 * * 1#5", "UTC"), "2026-01-01T00:00:00Z", 4)).toEqual([
      "2026-03-30T09:00:00Z",
      "2026-06-29T09:00:00Z",
      "2026-08-31T09:00:00Z",
      "2026-11-30T09:00:00Z",
    ]);
  });

  it("7L and 0L are both the last Sunday", () => {
    expect(upcoming(cron("0 12 * * 7L", "UTC"), "2026-03-01T00:00:00Z", 2)).toEqual(upcoming(cron("0 12 * * 0L", "UTC"), "2026-03-01T00:00:00Z", 2));
  });

  it("follows Vixie's OR when day-of-month is restricted too: the 1st, or the last Friday", () => {
    expect(upcoming(cron("0 9 1 * 5L", "UTC"), "2026-03-02T00:00:00Z", 4)).toEqual([
      "2026-03-27T09:00:00Z",
      "2026-04-01T09:00:00Z",
      "2026-04-24T09:00:00Z",
      "2026-05-01T09:00:00Z",
    ]);
  });
});

describe("L and # under the DST policy", () => {
  it("the last Sunday of March at 02:30 in Berlin falls in the gap: runs at the transition", () => {
    const s = cron("30 2 * 3 0L", "Europe/Berlin");
    expect(upcoming(s, "2026-03-01T00:00:00Z", 2)).toEqual(["2026-03-29T01:00:00Z gap_shifted", "2027-03-28T01:00:00Z gap_shifted"]);
    expect(dstNotes(s, Date.parse("2026-03-01T00:00:00Z"), 1)).toEqual([
      "2026-03-29: 02:30 does not exist in Europe/Berlin; runs at 03:00 (gap policy run_at_transition)",
    ]);
  });

  it("the second Sunday of March at 02:30 in New York likewise, and skips under the skip policy", () => {
    expect(upcoming(cron("30 2 * 3 0#2", NY), "2026-03-01T00:00:00Z", 2)).toEqual(["2026-03-08T07:00:00Z gap_shifted", "2027-03-14T07:00:00Z gap_shifted"]);
    expect(upcoming(cron("30 2 * 3 0#2", NY, { gap: "skip" }), "2026-03-01T00:00:00Z", 1)).toEqual(["2026-03-08T07:00:00Z skip"]);
  });

  it("the first Sunday of November at 01:30 in New York runs once, in the first pass", () => {
    expect(upcoming(cron("30 1 * 11 0#1", NY), "2026-10-01T00:00:00Z", 2)).toEqual([
      "2026-11-01T05:30:00Z overlap_first",
      "2027-11-07T05:30:00Z overlap_first",
    ]);
  });

  it("the last Sunday of October at 01:00 in London runs in both passes when asked to", () => {
    expect(upcoming(cron("0 1 * 10 0L", "Europe/London", { overlap: "both" }), "2026-10-01T00:00:00Z", 2)).toEqual([
      "2026-10-25T00:00:00Z overlap_first",
      "2026-10-25T01:00:00Z overlap_second",
    ]);
  });
});

describe("the grammar of L and #", () => {
  it.each([
    ["0 9 L-3 * *", /Quartz extension/],
    ["0 9 LW * *", /Quartz extension/],
    ["0 9 * * L", /only allowed in day-of-month/],
    ["0 9 5L * *", /only allowed in day-of-week/],
    ["0 9 * L *", /only allowed in day-of-month/],
    ["0 9 * * 1#0", /week of the month must be 1-5/],
    ["0 9 * * 1#6", /week of the month must be 1-5/],
    ["0 9 * * 8L", /day-of-week 8 is out of range/],
    ["0 9 * * 1#1-3", /is not a number, name, range or step/],
    ["0 9 L/2 * *", /is not a number/],
  ])("refuses %j", (expr, reason) => {
    expect(() => parseCron(expr)).toThrow(reason);
  });

  it("keeps the day fields' star rule: 1#1 with * in day-of-month must match both", () => {
    const f = parseCron("0 9 * * 1#1");
    expect([f.dayOfMonthStar, f.dayOfWeekStar, f.lastDayOfMonth, f.weekdaysInMonth]).toEqual([true, false, false, [{ weekday: 1, nth: 1 }]]);
  });
});

describe("several expressions in one cron schedule", () => {
  const twice: CronSchedule = { kind: "cron", expr: "15 8 * * *", also: ["45 17 * * *"], timezone: NY };

  it("fires at the times of every expression, in order", () => {
    expect(upcoming(twice, "2026-03-05T15:00:00Z", 4)).toEqual([
      "2026-03-05T22:45:00Z",
      "2026-03-06T13:15:00Z",
      "2026-03-06T22:45:00Z",
      "2026-03-07T13:15:00Z",
    ]);
  });

  it("merges two expressions that land on one instant (both shifted into one DST gap)", () => {
    const s: CronSchedule = { kind: "cron", expr: "30 2 * * *", also: ["45 2 * * *", "0 3 * * *"], timezone: NY };
    expect(upcoming(s, "2026-03-08T06:00:00Z", 2)).toEqual(["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"]);
  });

  it("is described once, the shared days at the end", () => {
    expect(describeSchedule(twice)).toBe("At 08:15, and at 17:45 (America/New_York)");
    expect(describeSchedule({ ...twice, expr: "15 8 * * 1-5", also: ["45 17 * * 1-5"] })).toBe(
      "At 08:15, and at 17:45, Monday through Friday (America/New_York)",
    );
    expect(describeSchedule({ ...twice, also: ["45 17 * * 6"] })).toBe("At 08:15; and at 17:45, only on Saturday (America/New_York)");
  });

  it("refuses a mix of fixed times and wildcard minutes, which would follow two DST rules", () => {
    const s: CronSchedule = { kind: "cron", expr: "0,30 8-11 * * *", also: ["*/30 12 * * *"], timezone: NY };
    expect(() => validateSchedule(s, 0, { horizonMs: 1e12 })).toThrow(expect.objectContaining({ code: "invalid_schedule", field: "schedule.also" }));
  });
});

describe("describeSchedule of the day items", () => {
  it.each([
    ["0 17 L * *", "At 17:00, on the last day of the month (America/New_York)"],
    ["0 16 * * 5L", "At 16:00, on the last Friday of the month (America/New_York)"],
    ["0 9 * * 1#1", "At 09:00, on the first Monday of the month (America/New_York)"],
    ["0 9 31 * *", "At 09:00, on day 31 of the month (America/New_York); day 31 is skipped in months without it"],
  ])("%s", (expr, text) => {
    expect(describeSchedule(cron(expr, NY))).toBe(text);
  });
});

describe("L and # over random zones and days (oracle: luxon's calendar, Vixie's rule restated)", () => {
  const domItem = fc.constantFrom("*", "L", "1,L", "15,L");
  const dowItem = fc.oneof(
    fc.constant("*"),
    fc.integer({ min: 0, max: 7 }).map((d) => `${d}L`),
    fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 5 })).map(([d, n]) => `${d}#${n}`),
  );
  const days = fc.tuple(domItem, dowItem).filter(([dom, dow]) => dom !== "*" || dow !== "*");

  function dayRule(dom: string, dow: string): (d: DateTime) => boolean {
    const inDom = (d: DateTime) => (dom === "*" ? true : dom.split(",").some((i) => (i === "L" ? d.day === d.daysInMonth : Number(i) === d.day)));
    const inDow = (d: DateTime) => {
      if (dow === "*") return true;
      const weekday = Number(dow[0]) % 7;
      if (d.weekday % 7 !== weekday) return false;
      return dow.endsWith("L") ? d.plus({ days: 7 }).month !== d.month : Math.ceil(d.day / 7) === Number(dow.slice(2));
    };
    return dom === "*" || dow === "*" ? (d) => inDom(d) && inDow(d) : (d) => inDom(d) || inDow(d);
  }

  it("fires on exactly the days the rule names, at the wall time or its gap shift", () => {
    fc.assert(
      fc.property(
        days,
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 30, 45),
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2030-01-01T00:00:00Z") }),
        ([dom, dow], hour, minute, zone, from) => {
          const rule = dayRule(dom, dow);
          const fires = nextFireTimes(cron(`${minute} ${hour} ${dom} * ${dow}`, zone), from, 8);
          expect(fires).toHaveLength(8);
          const fireDays = fires.map((t) => DateTime.fromMillis(t, { zone }).toISODate());
          for (const t of fires) {
            const local = DateTime.fromMillis(t, { zone });
            expect(rule(local), `${dom} ${dow} ${zone} ${local.toISO()}`).toBe(true);
            if (local.hour !== hour || local.minute !== minute) expect(local.offset).toBeGreaterThan(DateTime.fromMillis(t - 1000, { zone }).offset);
          }
          const start = DateTime.fromMillis(from, { zone }).startOf("day").plus({ days: 1 });
          const last = DateTime.fromMillis(fires.at(-1) ?? from, { zone }).startOf("day");
          for (let d = start; d <= last; d = d.plus({ days: 1 })) {
            if (rule(d)) expect(fireDays, `${dom} ${dow} ${zone}: ${d.toISODate()}`).toContain(d.toISODate());
          }
        },
      ),
      { numRuns: 150, seed: 31 },
    );
  });
});
