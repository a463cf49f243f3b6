import { describe, expect, it } from "vitest";
import { catchUp, laterOccurrence } from "../../src/app/catch-up.js";
import { DEFAULT_RUN_POLICY, type Job, type RunPolicy } from "../../src/core/model.js";
import { startOffsetOf } from "../../src/core/start-window.js";
import { HOUR_MS, MINUTE_MS, makeJob } from "../support/builders.js";

// The catch-up rule itself (src/app/catch-up.ts), at its edges: when a never-started occurrence
// still runs on time, runs late, or is recorded missed, as docs/service.md describes it. The
// engine tests (catch-up.test.ts) show the same rule applied after a real sleep or restart.

const AT = Date.parse("2026-06-01T08:00:00Z");
const GRACE = 10 * MINUTE_MS; // the default misfire grace
const WINDOW = 12 * HOUR_MS; // the default catch-up window
const hourly = { kind: "cron" as const, expr: "0 * * * *", timezone: "UTC" };
const daily = { kind: "cron" as const, expr: "0 8 * * *", timezone: "UTC" };
const job = (policy: Partial<RunPolicy> = {}, overrides: Partial<Job> = {}) =>
  makeJob({ schedule: hourly, policy: { ...DEFAULT_RUN_POLICY, ...policy }, ...overrides });

describe("catchUp: on time, late or missed", () => {
  it("runs on time within the misfire grace, to the millisecond", () => {
    expect(catchUp(job(), AT, AT, AT + 5 * MINUTE_MS)).toEqual({ kind: "run", detail: null });
    expect(catchUp(job(), AT, AT, AT + GRACE)).toEqual({ kind: "run", detail: null });
  });

  it("past the grace: late under latest and all, saying how late; missed under skip", () => {
    expect(catchUp(job(), AT, AT, AT + GRACE + 1)).toEqual({ kind: "run", detail: "late by 10 min after downtime (catch_up latest)" });
    expect(catchUp(job({ catch_up: "all" }), AT, AT, AT + 20 * MINUTE_MS)).toEqual({
      kind: "run",
      detail: "late by 20 min after downtime (catch_up all)",
    });
    expect(catchUp(job({ catch_up: "skip" }), AT, AT, AT + 20 * MINUTE_MS)).toEqual({
      kind: "missed",
      detail: "found 20 min late, not run (catch_up skip)",
    });
  });

  it("runs late up to the catch-up window, and not a millisecond beyond it", () => {
    const daily1 = job({}, { schedule: daily });
    expect(catchUp(daily1, AT, AT, AT + WINDOW)).toMatchObject({ kind: "run", detail: "late by 12 h after downtime (catch_up latest)" });
    expect(catchUp(daily1, AT, AT, AT + WINDOW + 1)).toEqual({
      kind: "missed",
      detail: "found 12 h late, not run (past the 12 h catch-up window)",
    });
    // The window is the task's own.
    const short = job({ catch_up_window_ms: HOUR_MS }, { schedule: daily });
    expect(catchUp(short, AT, AT, AT + HOUR_MS + 1)).toEqual({ kind: "missed", detail: "found 1 h late, not run (past the 1 h catch-up window)" });
    expect(catchUp(job({ catch_up: "all", catch_up_window_ms: HOUR_MS }), AT, AT, AT + HOUR_MS + MINUTE_MS).kind).toBe("missed");
  });

  it("the grace is the task's own", () => {
    expect(catchUp(job({ misfire_grace_ms: MINUTE_MS }), AT, AT, AT + MINUTE_MS + 1).detail).toBe("late by 1 min after downtime (catch_up latest)");
    expect(catchUp(job({ misfire_grace_ms: 30 * MINUTE_MS }), AT, AT, AT + 20 * MINUTE_MS)).toEqual({ kind: "run", detail: null });
  });
});

describe("catchUp: only the newest due occurrence runs under latest and skip", () => {
  it("an occurrence is missed once the next one is due too, even within the grace", () => {
    const grace2h = job({ misfire_grace_ms: 2 * HOUR_MS });
    expect(catchUp(grace2h, AT, AT, AT + HOUR_MS - 1)).toEqual({ kind: "run", detail: null });
    expect(catchUp(grace2h, AT, AT, AT + HOUR_MS)).toEqual({
      kind: "missed",
      detail: "superseded by the occurrence at 2026-06-01T09:00:00.000Z, due too (catch_up latest: only the newest runs)",
    });
    expect(catchUp(job({ catch_up: "skip" }), AT, AT, AT + HOUR_MS).detail).toMatch(/^superseded by the occurrence at 2026-06-01T09:00:00.000Z/);
  });

  it("under all, every occurrence runs however many came after it", () => {
    expect(catchUp(job({ catch_up: "all" }), AT, AT, AT + 3 * HOUR_MS)).toEqual({ kind: "run", detail: "late by 3 h after downtime (catch_up all)" });
  });

  it("a run whose due time was moved on (a retry, a held-back run) is only waiting: never superseded", () => {
    const due = AT + 2 * HOUR_MS; // the 09:00 and 10:00 occurrences are due too
    expect(catchUp(job(), AT, due, due + MINUTE_MS)).toEqual({ kind: "run", detail: null });
  });

  it("the caller's next occurrence is used when it knows it: none (a manual run) supersedes nothing", () => {
    expect(catchUp(job(), AT, AT, AT + 3 * HOUR_MS, null)).toEqual({ kind: "run", detail: "late by 3 h after downtime (catch_up latest)" });
    expect(catchUp(job(), AT, AT, AT + 5 * MINUTE_MS, AT + 5 * MINUTE_MS).kind).toBe("missed");
    expect(catchUp(job(), AT, AT, AT + 5 * MINUTE_MS, AT + 5 * MINUTE_MS + 1)).toEqual({ kind: "run", detail: null });
  });

  it("occurrences at least a second apart: one looked at a second after its time may be superseded, not sooner", () => {
    expect(catchUp(job(), AT, AT, AT + 1_000, AT + 1_000).kind).toBe("missed");
  });

  it("an occurrence at or after the task's end supersedes nothing", () => {
    const ended = job({}, { end_at: AT + HOUR_MS });
    expect(catchUp(ended, AT, AT, AT + 2 * HOUR_MS)).toEqual({ kind: "run", detail: "late by 2 h after downtime (catch_up latest)" });
    const endsLater = job({}, { end_at: AT + HOUR_MS + 1 });
    expect(catchUp(endsLater, AT, AT, AT + 2 * HOUR_MS).kind).toBe("missed");
  });
});

describe("laterOccurrence: the task's next run time after one", () => {
  it("the next occurrence, moved by the task's start window", () => {
    expect(laterOccurrence(job(), AT)).toBe(AT + HOUR_MS);
    let windowed: Job;
    do windowed = job({ window_ms: 30 * MINUTE_MS });
    while (startOffsetOf(windowed) === 0);
    const offset = startOffsetOf(windowed);
    expect(laterOccurrence(windowed, AT + offset)).toBe(AT + HOUR_MS + offset);
  });

  it("an every schedule has one too", () => {
    const every = job({}, { schedule: { kind: "every", every: 15, unit: "minute", anchor: AT, timezone: "UTC" } });
    expect(laterOccurrence(every, AT)).toBe(AT + 15 * MINUTE_MS);
  });

  it("none for a one-off, an immediate task, past the task's end, or a stored schedule that no longer computes", () => {
    expect(laterOccurrence(job({}, { schedule: { kind: "once", at: AT, timezone: "UTC" } as Job["schedule"] }), AT - HOUR_MS)).toBeNull();
    expect(laterOccurrence(job({}, { schedule: { kind: "immediate" } }), AT)).toBeNull();
    expect(laterOccurrence(job({}, { end_at: AT + HOUR_MS }), AT)).toBeNull();
    expect(laterOccurrence(job({}, { end_at: AT + HOUR_MS + 1 }), AT)).toBe(AT + HOUR_MS);
    const broken = { ...job(), schedule: { kind: "cron", expr: "not a cron", timezone: "UTC" } } as Job;
    expect(laterOccurrence(broken, AT)).toBeNull();
  });
});
