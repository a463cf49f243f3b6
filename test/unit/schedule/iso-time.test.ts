import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { formatClockInZone, formatIsoInZone, readIsoDay, readIsoTime } from "../../../src/core/schedule/index.js";

const NY = "America/New_York";
const ZONES = ["UTC", "GMT", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "America/Santiago", "Pacific/Chatham", "Asia/Tokyo"];
const instants = fc.integer({ min: Date.parse("2024-01-01T00:00:00Z"), max: Date.parse("2030-01-01T00:00:00Z") });

describe("readIsoTime", () => {
  it("reads a time with an offset as that instant, whatever the zone", () => {
    expect(readIsoTime("2026-03-08T09:00:00+08:00", NY, "at")).toEqual({ at: Date.parse("2026-03-08T01:00:00Z"), hasOffset: true });
    expect(readIsoTime("2026-03-08T09:00Z", NY, "at").at).toBe(Date.parse("2026-03-08T09:00:00Z"));
    expect(readIsoTime("2026-03-08T09:00:00.5-0330", NY, "at").at).toBe(Date.parse("2026-03-08T12:30:00.500Z"));
    expect(readIsoTime("2026-03-08T09:00+05", NY, "at").at).toBe(Date.parse("2026-03-08T04:00:00Z"));
  });

  it("reads a time without an offset as wall-clock time in the zone, seconds included", () => {
    expect(readIsoTime("2026-03-07T02:30", NY, "at")).toMatchObject({ at: Date.parse("2026-03-07T07:30:00Z"), hasOffset: false });
    expect(readIsoTime("2026-07-01T09:15:30.250", NY, "at").at).toBe(Date.parse("2026-07-01T13:15:30.250Z"));
    expect(readIsoTime("2026-07-01T24:00", NY, "at").at).toBe(Date.parse("2026-07-02T04:00:00Z"));
  });

  it("resolves a local time the clocks skip or repeat like the phrase reader, with its note", () => {
    expect(readIsoTime("2026-03-08T02:30", NY, "at")).toMatchObject({
      at: Date.parse("2026-03-08T07:00:00Z"),
      hasOffset: false,
      note: "2026-03-08 02:30 does not exist in America/New_York (clocks skip ahead): runs at the transition, 2026-03-08T07:00:00.000Z",
    });
    expect(readIsoTime("2026-11-01T01:30:10", NY, "at")).toMatchObject({
      at: Date.parse("2026-11-01T05:30:10Z"),
      hasOffset: false,
      note: "01:30 on 2026-11-01 happens twice in America/New_York (clocks fall back): using the first, 2026-11-01T05:30:00.000Z",
    });
  });

  it("agrees with luxon wherever the local time exists exactly once", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), (t, zone) => {
        const local = DateTime.fromMillis(t, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");
        const read = readIsoTime(local, zone, "at");
        if (read.note === undefined) expect(read.at).toBe(DateTime.fromISO(local, { zone }).toMillis());
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not an ISO 8601 date and time, naming the field", () => {
    for (const bad of [
      "2026-03-08",
      "2026-02-30T09:00",
      "2026-03-08T25:00",
      "2026-03-08T09:60",
      "2026-03-08 09:00",
      "tomorrow",
      "2026-03-08T09:00+25:00",
      "2026-03-08T24:30",
    ]) {
      expect(() => readIsoTime(bad, NY, "schedule.at"), bad).toThrow(expect.objectContaining({ code: "invalid_argument", field: "schedule.at" }));
    }
  });
});

describe("readIsoDay", () => {
  it("spans the whole local day, and the clocks' change on it", () => {
    expect(readIsoDay("2026-03-08", NY, "at")).toEqual({ from: Date.parse("2026-03-08T05:00:00Z"), to: Date.parse("2026-03-09T04:00:00Z") - 1 });
    // Santiago skips midnight on 2026-09-06: the day starts at 01:00 -03:00.
    expect(readIsoDay("2026-09-06", "America/Santiago", "at")?.from).toBe(Date.parse("2026-09-06T04:00:00Z"));
    expect(readIsoDay("2026-03-08T09:00", NY, "at")).toBeNull();
    expect(() => readIsoDay("2026-02-30", NY, "at")).toThrow(expect.objectContaining({ code: "invalid_argument", field: "at" }));
  });
});

describe("formatIsoInZone", () => {
  it("writes what luxon's toISO writes, offsets and milliseconds alike", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), fc.boolean(), (t, zone, whole) => {
        const at = whole ? t - (t % 1000) : t;
        expect(formatIsoInZone(at, zone)).toBe(DateTime.fromMillis(at, { zone }).toISO({ suppressMilliseconds: true }));
        expect(formatClockInZone(at, zone)).toBe(DateTime.fromMillis(at, { zone }).toFormat("HH:mm"));
        expect(formatClockInZone(at, zone, true)).toBe(DateTime.fromMillis(at, { zone }).toFormat("HH:mm:ss"));
      }),
      { numRuns: 2000 },
    );
  });
});
