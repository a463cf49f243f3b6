import { describe, expect, it } from "vitest";
import { nextOccurrence, nextOccurrences } from "../../../src/core/schedule/index.js";
import { every, upcoming } from "./support.js";

const NY = "America/New_York";

describe("every: wall-clock steps for days, weeks and months", () => {
  it("fires the anchor itself first", () => {
    expect(upcoming(every(3, "day", "2026-03-05T13:00:00Z", NY), "2026-03-01T00:00:00Z", 1)).toEqual(["2026-03-05T13:00:00Z"]);
  });

  it("keeps 08:00 local every 3 days across spring forward", () => {
    expect(upcoming(every(3, "day", "2026-03-05T13:00:00Z", NY), "2026-03-01T00:00:00Z", 3)).toEqual([
      "2026-03-05T13:00:00Z",
      "2026-03-08T12:00:00Z",
      "2026-03-11T12:00:00Z",
    ]);
  });

  it("keeps 08:00 local every 3 days across fall back", () => {
    expect(upcoming(every(3, "day", "2026-10-30T12:00:00Z", NY), "2026-10-30T12:00:00Z", 2)).toEqual(["2026-11-02T13:00:00Z", "2026-11-05T13:00:00Z"]);
  });

  it("keeps Tuesday 09:00 local every 2 weeks across spring forward", () => {
    expect(upcoming(every(2, "week", "2026-03-03T14:00:00Z", NY), "2026-03-01T00:00:00Z", 3)).toEqual([
      "2026-03-03T14:00:00Z",
      "2026-03-17T13:00:00Z",
      "2026-03-31T13:00:00Z",
    ]);
  });

  it("steps months from Jan 31: Feb 28, Mar 31, Apr 30, keeping the 31st where it exists", () => {
    expect(upcoming(every(1, "month", "2026-01-31T14:00:00Z", NY), "2026-01-01T00:00:00Z", 5)).toEqual([
      "2026-01-31T14:00:00Z",
      "2026-02-28T14:00:00Z",
      "2026-03-31T13:00:00Z",
      "2026-04-30T13:00:00Z",
      "2026-05-31T13:00:00Z",
    ]);
  });

  it("lands on Feb 29 in a leap year", () => {
    expect(upcoming(every(1, "month", "2028-01-31T14:00:00Z", NY), "2028-02-01T00:00:00Z", 1)).toEqual(["2028-02-29T14:00:00Z"]);
  });

  it("finds the right step from long after the anchor", () => {
    expect(upcoming(every(1, "month", "2016-01-31T14:00:00Z", NY), "2026-02-01T00:00:00Z", 2)).toEqual(["2026-02-28T14:00:00Z", "2026-03-31T13:00:00Z"]);
  });

  it("treats a daily 02:30 like a fixed-time cron job in the spring gap", () => {
    expect(upcoming(every(1, "day", "2026-03-06T07:30:00Z", NY), "2026-03-06T12:00:00Z", 3)).toEqual([
      "2026-03-07T07:30:00Z",
      "2026-03-08T07:00:00Z gap_shifted",
      "2026-03-09T06:30:00Z",
    ]);
    expect(upcoming(every(1, "day", "2026-03-06T07:30:00Z", NY, { gap: "skip" }), "2026-03-07T12:00:00Z", 1)).toEqual(["2026-03-08T07:00:00Z skip"]);
  });

  it("treats a daily 01:30 like a fixed-time cron job in the fall overlap", () => {
    expect(upcoming(every(1, "day", "2026-10-31T05:30:00Z", NY), "2026-10-31T05:30:00Z", 2)).toEqual([
      "2026-11-01T05:30:00Z overlap_first",
      "2026-11-02T06:30:00Z",
    ]);
    expect(upcoming(every(1, "day", "2026-10-31T05:30:00Z", NY, { overlap: "both" }), "2026-10-31T05:30:00Z", 2)).toEqual([
      "2026-11-01T05:30:00Z overlap_first",
      "2026-11-01T06:30:00Z overlap_second",
    ]);
  });
});

describe("every: elapsed time for minutes and hours", () => {
  it("fires every 15 minutes of real time across spring forward, with no DST marks", () => {
    expect(upcoming(every(15, "minute", "2026-03-08T06:30:00Z", NY), "2026-03-08T06:30:00Z", 4)).toEqual([
      "2026-03-08T06:45:00Z",
      "2026-03-08T07:00:00Z",
      "2026-03-08T07:15:00Z",
      "2026-03-08T07:30:00Z",
    ]);
  });

  it("fires every 15 minutes of real time across fall back, once per instant", () => {
    expect(upcoming(every(15, "minute", "2026-11-01T05:30:00Z", NY), "2026-11-01T05:40:00Z", 4)).toEqual([
      "2026-11-01T05:45:00Z",
      "2026-11-01T06:00:00Z",
      "2026-11-01T06:15:00Z",
      "2026-11-01T06:30:00Z",
    ]);
  });

  it("fires every hour on the hour of real time, whatever the local clock says", () => {
    expect(upcoming(every(1, "hour", "2026-03-08T05:00:00Z", NY), "2026-03-08T00:00:00Z", 4)).toEqual([
      "2026-03-08T05:00:00Z",
      "2026-03-08T06:00:00Z",
      "2026-03-08T07:00:00Z",
      "2026-03-08T08:00:00Z",
    ]);
  });
});

describe("once and immediate", () => {
  const at = Date.parse("2026-05-01T12:00:00Z");
  it("gives a once schedule's instant while it is ahead, then nothing", () => {
    const s = { kind: "once", at, timezone: NY } as const;
    expect(nextOccurrence(s, at - 1)).toEqual({ at });
    expect(nextOccurrence(s, at)).toBeNull();
    expect(nextOccurrences(s, 0, 5)).toEqual([{ at }]);
  });

  it("gives nothing for immediate: the engine runs it at creation", () => {
    expect(nextOccurrence({ kind: "immediate" }, 0)).toBeNull();
  });
});
