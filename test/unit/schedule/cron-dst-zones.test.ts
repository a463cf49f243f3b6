import { describe, expect, it } from "vitest";
import { nextFireTimes } from "../../../src/core/schedule/index.js";
import { cron, upcoming } from "./support.js";

const iso = (t: number): string => new Date(t).toISOString().replace(".000Z", "Z");
const firesBetween = (expr: string, tz: string, from: string, to: string): string[] =>
  nextFireTimes(cron(expr, tz), Date.parse(from), 50)
    .filter((t) => t <= Date.parse(to))
    .map(iso);

describe("Europe/London 2026 (01:00 GMT → 02:00 BST on 03-29, 02:00 BST → 01:00 GMT on 10-25)", () => {
  it("runs 01:30 on the spring-forward day at the transition, 02:00 BST", () => {
    expect(upcoming(cron("30 1 * * *", "Europe/London"), "2026-03-28T12:00:00Z", 2)).toEqual(["2026-03-29T01:00:00Z gap_shifted", "2026-03-30T00:30:00Z"]);
  });

  it("runs 01:30 on the fall-back day once, at 01:30 BST", () => {
    expect(upcoming(cron("30 1 * * *", "Europe/London"), "2026-10-24T12:00:00Z", 2)).toEqual(["2026-10-25T00:30:00Z overlap_first", "2026-10-26T01:30:00Z"]);
  });

  it("keeps 09:00 local on both sides of the change", () => {
    expect(upcoming(cron("0 9 * * *", "Europe/London"), "2026-03-28T00:00:00Z", 3)).toEqual([
      "2026-03-28T09:00:00Z",
      "2026-03-29T08:00:00Z",
      "2026-03-30T08:00:00Z",
    ]);
  });
});

describe("Australia/Sydney 2026 (03:00 AEDT → 02:00 AEST on 04-05, 02:00 AEST → 03:00 AEDT on 10-04)", () => {
  it("runs 02:30 once on the fall-back day, at the first pass (+11:00)", () => {
    expect(upcoming(cron("30 2 * * *", "Australia/Sydney"), "2026-04-04T00:00:00Z", 2)).toEqual(["2026-04-04T15:30:00Z overlap_first", "2026-04-05T16:30:00Z"]);
  });

  it("runs 02:30 at the second pass (+10:00) under overlap second", () => {
    expect(upcoming(cron("30 2 * * *", "Australia/Sydney", { overlap: "second" }), "2026-04-04T00:00:00Z", 1)).toEqual(["2026-04-04T16:30:00Z overlap_second"]);
  });

  it("runs the missing 02:30 at 03:00 AEDT on the spring-forward day", () => {
    expect(upcoming(cron("30 2 * * *", "Australia/Sydney"), "2026-10-03T00:00:00Z", 2)).toEqual(["2026-10-03T16:00:00Z gap_shifted", "2026-10-04T15:30:00Z"]);
  });
});

describe("Australia/Lord_Howe 2026 (half-hour DST: 02:00 → 01:30 on 04-05, 02:00 → 02:30 on 10-04)", () => {
  it("fires 15 2 * * * once on the spring-forward day, at 02:30 (+11:00), instead of skipping the day", () => {
    expect(upcoming(cron("15 2 * * *", "Australia/Lord_Howe"), "2026-10-01T00:00:00Z", 4)).toEqual([
      "2026-10-01T15:45:00Z",
      "2026-10-02T15:45:00Z",
      "2026-10-03T15:30:00Z gap_shifted",
      "2026-10-04T15:15:00Z",
    ]);
    expect(firesBetween("15 2 * * *", "Australia/Lord_Howe", "2026-10-03T00:00:00Z", "2026-10-04T00:00:00Z")).toEqual(["2026-10-03T15:30:00Z"]);
  });

  it("skips 02:00–02:20 of */10 2 * * * and fires again from 02:30", () => {
    expect(upcoming(cron("*/10 2 * * *", "Australia/Lord_Howe"), "2026-10-03T00:00:00Z", 4)).toEqual([
      "2026-10-03T15:30:00Z",
      "2026-10-03T15:40:00Z",
      "2026-10-03T15:50:00Z",
      "2026-10-04T15:00:00Z",
    ]);
  });

  it("runs 01:45 once on the fall-back day, or in both half-hour passes when asked", () => {
    expect(upcoming(cron("45 1 * * *", "Australia/Lord_Howe"), "2026-04-04T00:00:00Z", 2)).toEqual([
      "2026-04-04T14:45:00Z overlap_first",
      "2026-04-05T15:15:00Z",
    ]);
    expect(upcoming(cron("45 1 * * *", "Australia/Lord_Howe", { overlap: "both" }), "2026-04-04T00:00:00Z", 3)).toEqual([
      "2026-04-04T14:45:00Z overlap_first",
      "2026-04-04T15:15:00Z overlap_second",
      "2026-04-05T15:15:00Z",
    ]);
  });
});

describe("America/Santiago 2026 (midnight changes: 00:00 → 23:00 on 04-05, 00:00 → 01:00 on 09-06)", () => {
  it("runs the midnight that does not exist at 01:00 (-03:00)", () => {
    expect(upcoming(cron("0 0 * * *", "America/Santiago"), "2026-09-05T12:00:00Z", 2)).toEqual(["2026-09-06T04:00:00Z gap_shifted", "2026-09-07T03:00:00Z"]);
  });

  it("matches the weekday of the missing wall time: Sunday 2026-09-06 00:00", () => {
    expect(upcoming(cron("0 0 * * 0", "America/Santiago"), "2026-09-01T00:00:00Z", 1)).toEqual(["2026-09-06T04:00:00Z gap_shifted"]);
  });

  it("skips the missing midnight under gap skip", () => {
    expect(upcoming(cron("0 0 * * *", "America/Santiago", { gap: "skip" }), "2026-09-05T12:00:00Z", 2)).toEqual([
      "2026-09-06T04:00:00Z skip",
      "2026-09-07T03:00:00Z",
    ]);
  });

  it("runs 23:30 of the repeated late-evening hour at the first pass, or both", () => {
    expect(upcoming(cron("30 23 * * *", "America/Santiago"), "2026-04-04T12:00:00Z", 2)).toEqual([
      "2026-04-05T02:30:00Z overlap_first",
      "2026-04-06T03:30:00Z",
    ]);
    expect(upcoming(cron("30 23 * * *", "America/Santiago", { overlap: "both" }), "2026-04-04T12:00:00Z", 2)).toEqual([
      "2026-04-05T02:30:00Z overlap_first",
      "2026-04-05T03:30:00Z overlap_second",
    ]);
  });
});
