import { describe, expect, it } from "vitest";
import { nextFireTimes } from "../../../src/core/schedule/index.js";
import { cron, upcoming } from "./support.js";

// America/New_York 2026: clocks jump 02:00 EST → 03:00 EDT on 03-08 (07:00Z) and fall back
// 02:00 EDT → 01:00 EST on 11-01 (06:00Z). Expected instants are written out by hand.
const NY = "America/New_York";

describe("New York spring forward, 2026-03-08 (02:00–02:59 does not exist)", () => {
  it("runs a fixed-time job whose time is missing once, at the transition (03:00 EDT)", () => {
    expect(upcoming(cron("30 2 * * *", NY), "2026-03-07T12:00:00Z", 3)).toEqual([
      "2026-03-08T07:00:00Z gap_shifted",
      "2026-03-09T06:30:00Z",
      "2026-03-10T06:30:00Z",
    ]);
  });

  it("records a skip marker instead when the gap policy is skip", () => {
    const s = cron("30 2 * * *", NY, { gap: "skip" });
    expect(upcoming(s, "2026-03-07T12:00:00Z", 2)).toEqual(["2026-03-08T07:00:00Z skip", "2026-03-09T06:30:00Z"]);
    expect(nextFireTimes(s, Date.parse("2026-03-07T12:00:00Z"), 1)).toEqual([Date.parse("2026-03-09T06:30:00Z")]);
  });

  it("leaves a fixed-time job outside the gap alone (01:30 EST)", () => {
    expect(upcoming(cron("30 1 * * *", NY), "2026-03-07T12:00:00Z", 2)).toEqual(["2026-03-08T06:30:00Z", "2026-03-09T05:30:00Z"]);
  });

  it("collapses several fixed times inside one gap into a single fire", () => {
    expect(upcoming(cron("0,30 2 * * *", NY), "2026-03-08T00:00:00Z", 2)).toEqual(["2026-03-08T07:00:00Z gap_shifted", "2026-03-09T06:00:00Z"]);
  });

  it("follows real time for */15: nothing for 02:xx, then 03:00 EDT as an ordinary fire", () => {
    expect(upcoming(cron("*/15 * * * *", NY), "2026-03-08T06:30:00Z", 3)).toEqual(["2026-03-08T06:45:00Z", "2026-03-08T07:00:00Z", "2026-03-08T07:15:00Z"]);
  });

  it("gives */15 the same instants under run_at_transition: the collapsed gap is the 03:00 fire", () => {
    expect(upcoming(cron("*/15 * * * *", NY, { gap: "run_at_transition" }), "2026-03-08T06:30:00Z", 3)).toEqual([
      "2026-03-08T06:45:00Z",
      "2026-03-08T07:00:00Z",
      "2026-03-08T07:15:00Z",
    ]);
  });

  it("fires 0 * * * * every real hour, skipping the 02:00 that never happens", () => {
    expect(upcoming(cron("0 * * * *", NY), "2026-03-08T05:30:00Z", 3)).toEqual(["2026-03-08T06:00:00Z", "2026-03-08T07:00:00Z", "2026-03-08T08:00:00Z"]);
  });

  it("marks the lost 02:00 of 0 */2 * * * as skipped, at the transition instant", () => {
    expect(upcoming(cron("0 */2 * * *", NY), "2026-03-08T03:30:00Z", 4)).toEqual([
      "2026-03-08T05:00:00Z",
      "2026-03-08T07:00:00Z skip",
      "2026-03-08T08:00:00Z",
      "2026-03-08T10:00:00Z",
    ]);
  });

  it("runs the lost 02:00 of 0 */2 * * * at 03:00 EDT when the gap policy says so", () => {
    expect(upcoming(cron("0 */2 * * *", NY, { gap: "run_at_transition" }), "2026-03-08T03:30:00Z", 3)).toEqual([
      "2026-03-08T05:00:00Z",
      "2026-03-08T07:00:00Z gap_shifted",
      "2026-03-08T08:00:00Z",
    ]);
  });

  it("resumes correctly from an instant inside the day after the gap", () => {
    expect(upcoming(cron("30 2 * * *", NY), "2026-03-08T07:00:00Z", 1)).toEqual(["2026-03-09T06:30:00Z"]);
  });
});

describe("New York fall back, 2026-11-01 (01:00–01:59 happens twice)", () => {
  it("runs a fixed-time job once, at the first pass (01:30 EDT)", () => {
    expect(upcoming(cron("30 1 * * *", NY), "2026-10-31T12:00:00Z", 2)).toEqual(["2026-11-01T05:30:00Z overlap_first", "2026-11-02T06:30:00Z"]);
  });

  it("runs it at the second pass (01:30 EST) under overlap second", () => {
    expect(upcoming(cron("30 1 * * *", NY, { overlap: "second" }), "2026-10-31T12:00:00Z", 2)).toEqual([
      "2026-11-01T06:30:00Z overlap_second",
      "2026-11-02T06:30:00Z",
    ]);
  });

  it("runs it in both passes under overlap both", () => {
    expect(upcoming(cron("30 1 * * *", NY, { overlap: "both" }), "2026-10-31T12:00:00Z", 3)).toEqual([
      "2026-11-01T05:30:00Z overlap_first",
      "2026-11-01T06:30:00Z overlap_second",
      "2026-11-02T06:30:00Z",
    ]);
  });

  it("finds the second pass when asked from between the passes", () => {
    expect(upcoming(cron("30 1 * * *", NY, { overlap: "both" }), "2026-11-01T05:30:00Z", 1)).toEqual(["2026-11-01T06:30:00Z overlap_second"]);
    expect(upcoming(cron("30 1 * * *", NY), "2026-11-01T05:30:00Z", 1)).toEqual(["2026-11-02T06:30:00Z"]);
  });

  it("leaves 02:30, after the repeated hour, alone", () => {
    expect(upcoming(cron("30 2 * * *", NY), "2026-10-31T12:00:00Z", 1)).toEqual(["2026-11-01T07:30:00Z"]);
  });

  it("follows real time for */15: the repeated quarter hours fire in both passes", () => {
    expect(upcoming(cron("*/15 * * * *", NY), "2026-11-01T05:30:00Z", 6)).toEqual([
      "2026-11-01T05:45:00Z overlap_first",
      "2026-11-01T06:00:00Z overlap_second",
      "2026-11-01T06:15:00Z overlap_second",
      "2026-11-01T06:30:00Z overlap_second",
      "2026-11-01T06:45:00Z overlap_second",
      "2026-11-01T07:00:00Z",
    ]);
  });

  it("runs */15 only in the first pass under overlap first: a real-time hour without fires", () => {
    expect(upcoming(cron("*/15 * * * *", NY, { overlap: "first" }), "2026-11-01T05:30:00Z", 2)).toEqual([
      "2026-11-01T05:45:00Z overlap_first",
      "2026-11-01T07:00:00Z",
    ]);
  });

  it("runs */15 only in the second pass under overlap second", () => {
    expect(upcoming(cron("*/15 * * * *", NY, { overlap: "second" }), "2026-11-01T04:50:00Z", 5)).toEqual([
      "2026-11-01T06:00:00Z overlap_second",
      "2026-11-01T06:15:00Z overlap_second",
      "2026-11-01T06:30:00Z overlap_second",
      "2026-11-01T06:45:00Z overlap_second",
      "2026-11-01T07:00:00Z",
    ]);
  });

  it("fires 0 * * * * at both 01:00s", () => {
    expect(upcoming(cron("0 * * * *", NY), "2026-11-01T03:30:00Z", 4)).toEqual([
      "2026-11-01T04:00:00Z",
      "2026-11-01T05:00:00Z overlap_first",
      "2026-11-01T06:00:00Z overlap_second",
      "2026-11-01T07:00:00Z",
    ]);
  });

  it("fires 0 */2 * * * at 00:00 EDT, 02:00 EST, 04:00 EST, with no stray 01:00", () => {
    expect(upcoming(cron("0 */2 * * *", NY), "2026-11-01T03:30:00Z", 3)).toEqual(["2026-11-01T04:00:00Z", "2026-11-01T07:00:00Z", "2026-11-01T09:00:00Z"]);
  });
});
