import { describe, expect, test } from "vitest";
import { onDate, wallFires } from "../../evals/expected-fires.js";
import { type Expectation, loadCases } from "../../evals/harness/case.js";

const cases = loadCases("evals/cases");

describe("the eval cases", () => {
  test("number at least 120, with unique ids", () => {
    expect(cases.length).toBeGreaterThanOrEqual(120);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  test.each([
    ["daily", 10],
    ["weekly", 8],
    ["monthly", 3],
    ["interval", 8],
    ["relative", 8],
    ["dst", 12],
    ["dst-gap", 5],
    ["dst-overlap", 5],
    ["12h", 10],
    ["24h", 5],
    ["zh-Hant", 5],
    ["zh-Hans", 5],
    ["ja", 5],
    ["es", 5],
    ["de", 5],
    ["chat", 10],
    ["clarify", 10],
    ["past", 3],
    ["horizon", 3],
    ["by-description", 15],
    ["list-first", 10],
    ["repair", 10],
  ])("cover %s (at least %i)", (tag, min) => {
    expect(cases.filter((c) => c.tags.includes(tag)).length).toBeGreaterThanOrEqual(min);
  });

  test("expect fire times after the case's now, in order", () => {
    for (const c of cases) {
      const now = Date.parse(c.now);
      const all: Expectation[] = c.expect ? [c.expect, ...(c.expect.also_accept ?? [])] : [];
      for (const e of all) {
        const s = e.schedule;
        const lists = !s ? [] : "next" in s ? [s.next, ...(s.alternatives ?? [])] : "at" in s ? (Array.isArray(s.at) ? s.at : [s.at]).map((x) => [x]) : [];
        for (const list of lists) {
          const ts = list.map(Date.parse);
          expect(ts[0]! > now, `${c.id}: ${list[0]} is not after ${c.now}`).toBe(true);
          expect(
            ts.every((t, i) => i === 0 || t > ts[i - 1]!),
            `${c.id}: not increasing`,
          ).toBe(true);
        }
      }
    }
  });
});

describe("the independent expected-fires helper", () => {
  // The examples of docs/dst.md, worked by hand there.
  test("runs a fixed time in a gap at the transition, and a repeated time once, in the first pass", () => {
    expect(onDate("America/New_York", "2026-03-08", "02:30")).toBe("2026-03-08T07:00:00Z");
    expect(onDate("America/New_York", "2026-11-01", "01:30")).toBe("2026-11-01T05:30:00Z");
    expect(onDate("Australia/Lord_Howe", "2026-10-04", "02:15")).toBe("2026-10-03T15:30:00Z");
    expect(onDate("America/Santiago", "2026-09-06", "00:00")).toBe("2026-09-06T04:00:00Z");
  });

  test("keeps the wall-clock time across a change", () => {
    expect(wallFires({ tz: "America/New_York", now: "2026-03-05T15:07:30Z", times: ["08:00"], days: "weekdays", count: 3 })).toEqual([
      "2026-03-06T13:00:00Z",
      "2026-03-09T12:00:00Z",
      "2026-03-10T12:00:00Z",
    ]);
  });
});
