import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { type BaseKey, FORMS, type ModifierKey } from "./coverage-forms.js";
import { shapeRuns, WINDOW_DAYS } from "./independent/coverage.js";
import type { Shape } from "./independent/coverage-cases.js";
import { attempt, describeReading, runsOf } from "./independent/judge.js";

/*
 * The coverage rule as a property: put a schedule-bearing modifier ("except Wednesday", "for
 * two weeks", "3 times", "until Friday", the first or last Monday, the last day) into a phrase
 * the parser reads right, in any language, on any day: the reading is the modified schedule or
 * a refusal, never the phrase without its modifier nor any other schedule. The expected runs
 * come from luxon, day by day (independent/coverage.ts), not from the parser or the engine.
 */

const BASE_SHAPES: Record<BaseKey, Shape> = {
  D: { hour: 8, minute: 0 },
  W: { hour: 9, minute: 0, days: [1, 2, 3, 4, 5] },
  M: { hour: 9, minute: 0, days: [1] },
};

function shapeOf(base: BaseKey, modifier: ModifierKey, now: DateTime): Shape {
  const b = BASE_SHAPES[base];
  switch (modifier) {
    case "except Wednesday":
      return { ...b, days: (b.days ?? [0, 1, 2, 3, 4, 5, 6]).filter((d) => d !== 3) };
    case "for two weeks":
      return { ...b, forDays: 14 };
    case "3 times":
      return { ...b, count: 3 };
    case "until Friday":
      // The coming Friday, today included.
      return { ...b, until: now.plus({ days: (5 - (now.weekday % 7) + 7) % 7 }).toISODate() ?? "" };
    case "first":
      return { ...b, days: undefined, nthWeekday: { n: 1, weekday: 1 } };
    case "last":
      return { ...b, days: undefined, nthWeekday: { n: -1, weekday: 1 } };
    case "last day":
      return { ...b, lastDayOfMonth: true };
  }
}

const render = (form: string, [d, t, join]: readonly [string, string, string]): string =>
  form.replace("{d} {t}", `${d}${join}${t}`).replace("{d}{t}", `${d}${t}`).replace("{d}", d).replace("{t}", t);

interface Case {
  lang: string;
  timezone: string;
  base: BaseKey;
  modifier: ModifierKey;
  text: string;
}

const CASES: Case[] = FORMS.flatMap((f) =>
  (Object.entries(f.modifiers) as Array<[ModifierKey, { on: readonly BaseKey[]; forms: readonly string[] }]>).flatMap(([modifier, { on, forms }]) =>
    on.flatMap((base) => forms.map((form) => ({ lang: f.lang, timezone: f.timezone, base, modifier, text: render(form, f.bases[base]) }))),
  ),
);

/** 10:00 local on some day of 2026–2027: the runs at 08:00 and 09:00 never sit in a DST gap. */
const nowIn = (timezone: string, dayOffset: number) =>
  DateTime.fromObject({ year: 2026, month: 1, day: 1, hour: 10 }, { zone: timezone }).plus({ days: dayOffset });

function outcome(text: string, timezone: string, now: DateTime, expected: number[]): string {
  const got = attempt(text, timezone, now.toMillis());
  if (got.kind === "crash") return `crash: ${got.message}`;
  if (got.kind === "refused") return "refused";
  const { runs } = runsOf(got.reading, now.toMillis(), now.toMillis() + WINDOW_DAYS * 86_400_000);
  const same = runs.length === expected.length && runs.every((t, i) => t === expected[i]);
  return same ? "right" : `wrong: ${describeReading(got.reading, now.toMillis())}`;
}

/** Hundreds of phrasings read on hundreds of days: tens of seconds on a busy machine. */
describe("the coverage rule, as a property over languages, modifiers and days", { timeout: 120_000 }, () => {
  it("reads every base right", () => {
    for (const f of FORMS) {
      for (const base of ["D", "W", "M"] as const) {
        const now = nowIn(f.timezone, 63);
        const text = render("{d} {t}", f.bases[base]);
        expect(outcome(text, f.timezone, now, shapeRuns(BASE_SHAPES[base], f.timezone, now.toMillis())), `${f.lang} ${text}`).toBe("right");
      }
    }
  });

  it("reads a phrase with a modifier put in as the modified schedule, or refuses it; never ignores the modifier", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASES), fc.integer({ min: 0, max: 729 }), (c, day) => {
        const now = nowIn(c.timezone, day);
        const expected = shapeRuns(shapeOf(c.base, c.modifier, now), c.timezone, now.toMillis());
        const got = outcome(c.text, c.timezone, now, expected);
        expect(["right", "refused"], `[${c.lang}] ${c.text} (${c.modifier}) on ${now.toISO()}: ${got}`).toContain(got);
      }),
      { numRuns: 300, seed: 20260305 },
    );
  });

  it("reads nine in ten of them rather than refusing (Thursday 5 March 2026)", () => {
    const results = CASES.map((c) => {
      const now = nowIn(c.timezone, 63);
      return outcome(c.text, c.timezone, now, shapeRuns(shapeOf(c.base, c.modifier, now), c.timezone, now.toMillis()));
    });
    expect(results.filter((r) => r !== "right" && r !== "refused")).toEqual([]);
    expect(results.filter((r) => r === "right").length / CASES.length).toBeGreaterThan(0.9);
  });
});
