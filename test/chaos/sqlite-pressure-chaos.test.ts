import { expect, test } from "vitest";
import { describeChaos } from "../support/chaos/suite.js";

// Pressure under kills, short enough for every test run: `duely serve --http` on one SQLite file,
// SIGKILLed exactly 3 times (2–5 s after each restart was ready) while one owner's 240 one-shots,
// all due in one second, go over that owner's execution rate (duely's default: 200 at once, then
// 2 a second) next to another owner's steady recurring and one-shot runs. The full pressure run:
// `npm run chaos -- --flood 300 --min-kills 10` (docs/reliability.md).
const FLOOD = 240;

describeChaos(
  "embedded SQLite server under one owner's flood",
  () => ({
    backend: "sqlite",
    chaosMs: 30_000,
    recurring: 10,
    once: 40,
    live: 5,
    flood: FLOOD,
    maxKills: { serve: 3 },
    killEveryMs: [2_000, 5_000],
    settleMaxMs: 90_000,
    seed: 2,
    engine: {},
  }),
  { serve: 3 },
  (report, summary) => {
    test("delivers every one of the steady owner's runs next to the flood", () => {
      const steady = report().measures.pressure!.steady;
      expect(steady.occurrences.expected, summary()).toBeGreaterThan(0);
      expect(steady.occurrences.lost.total, summary()).toBe(0);
      expect(steady.executions.perOccurrence["0"] ?? 0, summary()).toBe(0);
    });

    test("holds the flood back by its owner's rate, and delivers all of it, each execution charged", () => {
      const flood = report().measures.pressure!.flood;
      expect(flood.occurrences.expected, summary()).toBe(FLOOD);
      expect(flood.occurrences.lost.total, summary()).toBe(0);
      expect(flood.executions.perOccurrence["0"] ?? 0, summary()).toBe(0);
      expect(flood.attempts.deliveriesBeyondExecutions, summary()).toBe(0);
      // 40 over a burst of 200 at 2 a second: the last of them ran about 20 s after their time.
      expect(flood.lateness.all.max!, summary()).toBeGreaterThan(10_000);
    });
  },
);
