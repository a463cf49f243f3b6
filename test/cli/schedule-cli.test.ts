import { describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS, duely } from "../support/cli.js";

describe("duely schedule next", { timeout: CLI_TIMEOUT_MS }, () => {
  it("prints the next fire times strictly after --after, with the documented DST gap shift", () => {
    const r = duely("schedule", "next", "30 2 * * *", "--tz", "America/New_York", "--after", "2026-03-07T00:00:00Z", "--count", "3", "--json");
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.schedule).toEqual({ kind: "cron", expr: "30 2 * * *", timezone: "America/New_York" });
    // 2026-03-08 02:30 does not exist in New York: a fixed-time job runs at the transition, 03:00 EDT.
    expect(out.next).toEqual(["2026-03-07T07:30:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z"]);
    expect(out.next_local).toEqual(["2026-03-07T02:30:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"]);
  });

  it("fires once, at the first pass, on the fall-back day", () => {
    const r = duely("schedule", "next", "30 1 * * *", "--tz", "America/New_York", "--after", "2026-10-31T12:00:00Z", "--count", "2", "--json");
    expect(r.json().next).toEqual(["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
  });

  it.each([
    [["61 * * * *", "--tz", "UTC"], "invalid_schedule", "schedule.expr"],
    [["0 8 * * *", "--tz", "Mars/Olympus"], "unknown_timezone", "schedule.timezone"],
    [["0 8 * * *"], "invalid_argument", "tz"],
    [["0 8 * * *", "--tz", "UTC", "--after", "yesterday"], "invalid_argument", "after"],
    [["0 8 * * *", "--tz", "UTC", "--count", "0"], "invalid_argument", "count"],
  ])("exits 2 with a structured error for %j", (args, code, field) => {
    const r = duely("schedule", "next", ...args, "--json");
    expect(r.code).toBe(2);
    expect(r.json()).toEqual({ ok: false, error: expect.objectContaining({ code, field, message: expect.any(String), expected: expect.any(String) }) });
  });

  it("answers a missing expression or an unknown option with the same structured error under --json", () => {
    const missing = duely("schedule", "next", "--tz", "UTC", "--json");
    expect(missing.code).toBe(2);
    expect(missing.json().error).toMatchObject({ code: "invalid_argument", field: "cron" });

    const unknown = duely("schedule", "next", "0 8 * * *", "--tzz", "UTC", "--json");
    expect(unknown.code).toBe(2);
    expect(unknown.json()).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("Did you mean --tz?") }),
    });
  });
});

describe("duely schedule parse", { timeout: CLI_TIMEOUT_MS }, () => {
  /** Thursday 5 March 2026, 10:00 in New York. */
  const parseNY = (phrase: string, ...more: string[]) =>
    duely("schedule", "parse", phrase, "--tz", "America/New_York", "--now", "2026-03-05T15:00:00Z", ...more, "--json");

  it("reads a phrase inside a sentence into the same output shape", () => {
    const r = duely(
      "schedule",
      "parse",
      "Every weekday at 8am, summarize the finance news",
      "--tz",
      "Asia/Taipei",
      "--now",
      "2026-03-02T00:00:00Z",
      "--count",
      "3",
      "--json",
    );
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.next).toEqual(["2026-03-03T00:00:00.000Z", "2026-03-04T00:00:00.000Z", "2026-03-05T00:00:00.000Z"]);
    expect(out.schedule.kind).toBe("cron");
  });

  it("shows a window with a step on weekdays and the end read from 'until'", () => {
    const r = parseNY("every 2 hours from 9 to 5 on weekdays until March 31", "--count", "3");
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.schedule).toEqual({ kind: "cron", expr: "0 9-17/2 * * 1-5", timezone: "America/New_York" });
    expect(out.next).toEqual(["2026-03-05T16:00:00.000Z", "2026-03-05T18:00:00.000Z", "2026-03-05T20:00:00.000Z"]);
    // 31 March included: no runs from 1 April, 00:00 EDT.
    expect(out.end_at).toBe("2026-04-01T04:00:00.000Z");
    expect(out.notes).toContain("read 'from 9 to 5' as 09:00 to 17:00, both included");
  });

  it("shows several times with different minutes as one schedule, and a count", () => {
    const r = parseNY("every day at 8:15 and 17:45, 3 times", "--count", "5");
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.schedule).toEqual({ kind: "cron", expr: "15 8 * * *", also: ["45 17 * * *"], timezone: "America/New_York" });
    expect(out.max_runs).toBe(3);
    expect(out.next).toEqual(["2026-03-05T22:45:00.000Z", "2026-03-06T13:15:00.000Z", "2026-03-06T22:45:00.000Z"]);
  });

  it("shows the last Friday of the month as cron 5L", () => {
    const r = parseNY("the last Friday of every month at 4pm", "--count", "2");
    expect(r.json().schedule.expr).toBe("0 16 * * 5L");
    expect(r.json().description).toBe("At 16:00, on the last Friday of the month (America/New_York)");
    expect(r.json().next).toEqual(["2026-03-27T20:00:00.000Z", "2026-04-24T20:00:00.000Z"]);
  });

  it("refuses a phrase whose schedule words it cannot all read, quoting them", () => {
    const r = parseNY("every weekday at 9am except holidays");
    expect(r.code).toBe(2);
    expect(r.json().error).toMatchObject({ code: "ambiguous_schedule", message: expect.stringContaining("'except'") });
  });

  it("refuses an ambiguous phrase with exit 2 and what is missing", () => {
    const r = duely("schedule", "parse", "remind me later", "--tz", "UTC", "--now", "2026-03-02T00:00:00Z", "--json");
    expect(r.code).toBe(2);
    expect(r.json().error).toMatchObject({ code: "ambiguous_schedule", field: "when", expected: expect.any(String) });
  });
});
