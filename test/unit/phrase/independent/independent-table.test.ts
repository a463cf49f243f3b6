import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isValidTimeZone } from "../../../../src/core/schedule/index.js";
import { shapeRuns } from "./coverage.js";
import { SHAPES } from "./coverage-cases.js";
import { HELD_OUT5_FILE, loadAllRows, loadSet, loadSplit5Record, loadSplitRecord, MEASURED_LANGS } from "./rows.js";

// The shape of the data is tested here; the parser is gated on it row by row in
// phrase-gate.test.ts and measured by `npm run phrases:measure` (docs/phrases.md).
const tuning = loadSet("tuning");
const tuning2 = loadSet("tuning2");
const tuning3 = loadSet("tuning3");
const tuning4 = loadSet("tuning4");
const heldOut = loadSet("held-out");
const tuning5 = loadSet("tuning5");
const heldOut5 = loadSet("held-out5");
const fifth = [...tuning5, ...heldOut5];
const tuning7 = loadSet("tuning7");
const tuning8 = loadSet("tuning8");
const tuning9 = loadSet("tuning9");
const tuning10 = loadSet("tuning10");
const tuning11 = loadSet("tuning11");
const tuning12 = loadSet("tuning12");
const tuning13 = loadSet("tuning13");
const tuning14 = loadSet("tuning14");
const tuning15 = loadSet("tuning15");
const tuning16 = loadSet("tuning16");
const tuning18 = loadSet("tuning18");
const tuning19 = loadSet("tuning19");
const tuning20 = loadSet("tuning20");
const tuning21 = loadSet("tuning21");
/** The rows the held-out draw was made from; the later tuning sets were written after it. */
const drawn = [...tuning, ...heldOut];
/**
 * Every set of rows.ts's SETS but the sixth, which repeats twelve phrases of the earlier sets and
 * was never in this list (its rows are still parsed by the schema, measured and gated).
 */
const rows = loadAllRows().filter((r) => r.set !== "tuning6");

describe("the independent phrase table", () => {
  it("has at least 330 drawn rows, with every language present", () => {
    expect(drawn.length).toBeGreaterThanOrEqual(330);
    for (const lang of MEASURED_LANGS) expect(rows.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(15);
  });

  it("holds out a third of each language, as the recorded draw says", () => {
    const split = loadSplitRecord();
    expect([split.tuning, split.heldOut]).toEqual([tuning.length, heldOut.length]);
    expect(tuning.every((r) => r.set === "tuning")).toBe(true);
    expect(heldOut.every((r) => r.set === "held-out")).toBe(true);
    for (const lang of MEASURED_LANGS) {
      const all = drawn.filter((r) => r.lang === lang).length;
      expect(heldOut.filter((r) => r.lang === lang).length, lang).toBe(Math.round(all / 3));
    }
  });

  it("has a second tuning set of at least 120 rows, half of them English, every language present", () => {
    expect(tuning2.length).toBeGreaterThanOrEqual(120);
    expect(tuning2.every((r) => r.set === "tuning2")).toBe(true);
    expect(tuning2.filter((r) => r.lang === "en").length * 2).toBeGreaterThanOrEqual(tuning2.length);
    for (const lang of MEASURED_LANGS)
      expect(
        tuning2.some((r) => r.lang === lang),
        lang,
      ).toBe(true);
  });

  it("has a third tuning set of at least 150 rows, about half English, refusals in every language", () => {
    expect(tuning3.length).toBeGreaterThanOrEqual(150);
    expect(tuning3.every((r) => r.set === "tuning3")).toBe(true);
    expect(tuning3.filter((r) => r.lang === "en").length * 2).toBeGreaterThanOrEqual(tuning3.length);
    for (const lang of MEASURED_LANGS)
      expect(
        tuning3.some((r) => r.lang === lang && "refused" in r.expect),
        lang,
      ).toBe(true);
  });

  it("has a fourth tuning set of at least 80 English rows, refusals among them", () => {
    expect(tuning4.length).toBeGreaterThanOrEqual(80);
    expect(tuning4.every((r) => r.set === "tuning4" && r.lang === "en")).toBe(true);
    expect(tuning4.some((r) => "refused" in r.expect)).toBe(true);
  });

  it("has a fifth set of at least 400 rows over all twelve languages, a third of each held out as recorded", () => {
    expect(fifth.length).toBeGreaterThanOrEqual(400);
    const split = loadSplit5Record();
    expect([split.tuning, split.heldOut]).toEqual([tuning5.length, heldOut5.length]);
    expect(tuning5.every((r) => r.set === "tuning5")).toBe(true);
    expect(heldOut5.every((r) => r.set === "held-out5")).toBe(true);
    for (const lang of MEASURED_LANGS) {
      const all = fifth.filter((r) => r.lang === lang);
      expect(all.length, lang).toBeGreaterThanOrEqual(30);
      expect(heldOut5.filter((r) => r.lang === lang).length, lang).toBe(Math.round(all.length / 3));
      expect(
        all.some((r) => "refused" in r.expect),
        lang,
      ).toBe(true);
    }
  });

  it("has a seventh tuning set of at least 120 rows, weighted to en, es and zh-Hant, every language present", () => {
    expect(tuning7.length).toBeGreaterThanOrEqual(120);
    expect(tuning7.every((r) => r.set === "tuning7")).toBe(true);
    const weighted = tuning7.filter((r) => ["en", "es", "zh-Hant"].includes(r.lang)).length;
    expect(weighted * 2).toBeGreaterThanOrEqual(tuning7.length);
    for (const lang of MEASURED_LANGS) expect(tuning7.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(5);
  });

  it("has an eighth tuning set of at least 60 rows, mostly Traditional Chinese", () => {
    expect(tuning8.length).toBeGreaterThanOrEqual(60);
    expect(tuning8.every((r) => r.set === "tuning8")).toBe(true);
    expect(tuning8.filter((r) => r.lang === "zh-Hant").length * 2).toBeGreaterThan(tuning8.length);
  });

  it("has a ninth tuning set of at least 100 rows, weighted to zh-Hant, en and es", () => {
    expect(tuning9.length).toBeGreaterThanOrEqual(100);
    expect(tuning9.every((r) => r.set === "tuning9")).toBe(true);
    const least = { "zh-Hant": 35, en: 25, es: 20, de: 5, "zh-Hans": 5, pt: 5, "hi-Latn": 5 } as const;
    for (const [lang, n] of Object.entries(least)) expect(tuning9.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(n);
  });

  it("has a tenth tuning set of at least 120 rows, in all twelve languages", () => {
    expect(tuning10.length).toBeGreaterThanOrEqual(120);
    expect(tuning10.every((r) => r.set === "tuning10")).toBe(true);
    const least = { en: 25, "zh-Hant": 20, es: 15, de: 10, pt: 10, "zh-Hans": 10, "hi-Latn": 10, fr: 5, it: 5, ja: 5, ko: 5, "hi-Deva": 5 } as const;
    for (const [lang, n] of Object.entries(least)) expect(tuning10.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(n);
  });

  it("has an eleventh tuning set of at least 120 rows, weighted to zh-Hant and es, every language present", () => {
    expect(tuning11.length).toBeGreaterThanOrEqual(120);
    expect(tuning11.every((r) => r.set === "tuning11")).toBe(true);
    const least = { "zh-Hant": 35, es: 30, en: 15, ja: 10, ko: 10, "zh-Hans": 4, de: 4, fr: 4, pt: 4, it: 4, "hi-Latn": 4, "hi-Deva": 4 } as const;
    for (const [lang, n] of Object.entries(least)) expect(tuning11.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(n);
  });

  it("has a twelfth tuning set of at least 100 rows, weighted to zh-Hant and es, every language present", () => {
    expect(tuning12.length).toBeGreaterThanOrEqual(100);
    expect(tuning12.every((r) => r.set === "tuning12")).toBe(true);
    const least = { "zh-Hant": 35, es: 30, en: 15, ja: 10, ko: 10, "zh-Hans": 4, de: 4, fr: 4, pt: 4, it: 4, "hi-Latn": 4, "hi-Deva": 4 } as const;
    for (const [lang, n] of Object.entries(least)) expect(tuning12.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(n);
  });

  it("has a thirteenth tuning set of at least 150 rows, weighted to zh-Hant and es, every language present", () => {
    expect(tuning13.length).toBeGreaterThanOrEqual(150);
    expect(tuning13.every((r) => r.set === "tuning13")).toBe(true);
    const least = { "zh-Hant": 45, es: 40, en: 15, ja: 4, ko: 4, "zh-Hans": 4, de: 4, fr: 4, pt: 4, it: 4, "hi-Latn": 4, "hi-Deva": 4 } as const;
    for (const [lang, n] of Object.entries(least)) expect(tuning13.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(n);
  });

  it("has a fourteenth tuning set of at least 60 rows, in all twelve languages", () => {
    expect(tuning14.length).toBeGreaterThanOrEqual(60);
    expect(tuning14.every((r) => r.set === "tuning14")).toBe(true);
    for (const lang of MEASURED_LANGS) expect(tuning14.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(3);
  });

  it("has a fifteenth tuning set of at least 120 rows, at least 90 of them Traditional Chinese, the rest Simplified", () => {
    expect(tuning15.length).toBeGreaterThanOrEqual(120);
    expect(tuning15.every((r) => r.set === "tuning15")).toBe(true);
    expect(tuning15.filter((r) => r.lang === "zh-Hant").length).toBeGreaterThanOrEqual(90);
    expect(tuning15.every((r) => r.lang === "zh-Hant" || r.lang === "zh-Hans")).toBe(true);
  });

  it("has a sixteenth tuning set of at least 100 rows, mostly Hong Kong Traditional Chinese", () => {
    expect(tuning16.length).toBeGreaterThanOrEqual(100);
    expect(tuning16.every((r) => r.set === "tuning16")).toBe(true);
    const hant = tuning16.filter((r) => r.lang === "zh-Hant");
    expect(hant.length).toBeGreaterThanOrEqual(70);
    expect(hant.filter((r) => r.timezone === "Asia/Hong_Kong").length).toBeGreaterThanOrEqual(70);
    for (const lang of ["zh-Hans", "ja"] as const) expect(tuning16.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(5);
  });

  it("has an eighteenth tuning set, the weekend, in all twelve languages", () => {
    expect(tuning18.length).toBeGreaterThanOrEqual(45);
    expect(tuning18.every((r) => r.set === "tuning18")).toBe(true);
    for (const lang of MEASURED_LANGS) expect(tuning18.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(3);
  });

  it("has a nineteenth tuning set of at least 120 rows, mostly Traditional Chinese in Taipei and Hong Kong", () => {
    expect(tuning19.length).toBeGreaterThanOrEqual(120);
    expect(tuning19.every((r) => r.set === "tuning19")).toBe(true);
    const hant = tuning19.filter((r) => r.lang === "zh-Hant");
    expect(hant.length).toBeGreaterThanOrEqual(90);
    expect(hant.every((r) => r.timezone === "Asia/Taipei" || r.timezone === "Asia/Hong_Kong")).toBe(true);
    expect(tuning19.filter((r) => r.lang === "zh-Hans").every((r) => r.timezone === "Asia/Shanghai")).toBe(true);
  });

  it("has a twentieth tuning set, Japanese and Korean reminders, at least 50 rows of each", () => {
    expect(tuning20.length).toBeGreaterThanOrEqual(120);
    expect(tuning20.every((r) => r.set === "tuning20")).toBe(true);
    for (const lang of ["ja", "ko"] as const) expect(tuning20.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(50);
  });

  it("has a twenty-first tuning set, reminders in seven languages, weighted to bounded repetition", () => {
    expect(tuning21.length).toBeGreaterThanOrEqual(140);
    expect(tuning21.every((r) => r.set === "tuning21")).toBe(true);
    for (const lang of ["en", "es", "pt", "fr", "de", "it"] as const) expect(tuning21.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(15);
    expect(tuning21.filter((r) => r.lang === "hi-Latn" || r.lang === "hi-Deva").length).toBeGreaterThanOrEqual(15);
    expect(tuning21.filter((r) => r.tags.includes("bounded")).length).toBeGreaterThanOrEqual(50);
  });

  it("keeps the fifth held-out file byte for byte as hashed when it was split", () => {
    expect(createHash("sha256").update(readFileSync(HELD_OUT5_FILE)).digest("hex")).toBe(loadSplit5Record().heldOutSha256);
  });

  it("has no duplicate id or phrase", () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.text.trim().toLowerCase())).size).toBe(rows.length);
  });

  it("gives every row a real zone and an expectation that can be checked", () => {
    for (const row of rows) {
      expect(isValidTimeZone(row.timezone), row.id).toBe(true);
      if ("refused" in row.expect) continue;
      const times = [Date.parse(row.now), ...row.expect.fires.map((t) => Date.parse(t))];
      expect(
        times.every((t, i) => i === 0 || t > (times[i - 1] as number)),
        `${row.id}: fires after now, increasing`,
      ).toBe(true);
      if (row.expect.fires.length < 3 && row.expect.fires.length > 1) expect(row.expect.last, `${row.id}: fewer than 3 runs needs a last`).toBeDefined();
      if (row.expect.last !== undefined) expect(Date.parse(row.expect.last)).toBeGreaterThanOrEqual(times.at(-1) as number);
    }
  });

  it("has refusals to check in the six languages the parser reads", () => {
    for (const lang of ["en", "zh-Hant", "zh-Hans", "ja", "es", "de"] as const) {
      expect(rows.some((r) => r.lang === lang && "refused" in r.expect)).toBe(true);
    }
  });
});

describe("the coverage oracle", () => {
  // Thursday 5 March 2026, 10:00 in New York (EST); EDT from 8 March.
  const now = Date.parse("2026-03-05T15:00:00Z");
  const iso = (shape: keyof typeof SHAPES) => shapeRuns(SHAPES[shape], "America/New_York", now).map((t) => new Date(t).toISOString());

  it("walks wall-clock days in the zone, across the DST change", () => {
    expect(iso("D").slice(0, 3)).toEqual(["2026-03-06T13:00:00.000Z", "2026-03-07T13:00:00.000Z", "2026-03-08T12:00:00.000Z"]);
  });

  it("applies the modifiers: last Monday, every other Monday, until Friday, 3 times, two weeks", () => {
    expect(iso("M last")).toEqual(["2026-03-30T13:00:00.000Z", "2026-04-27T13:00:00.000Z"]);
    expect(iso("M every other").slice(0, 3)).toEqual(["2026-03-09T13:00:00.000Z", "2026-03-23T13:00:00.000Z", "2026-04-06T13:00:00.000Z"]);
    expect(iso("D until Friday")).toEqual(["2026-03-06T13:00:00.000Z"]);
    expect(iso("M 3 times")).toEqual(["2026-03-09T13:00:00.000Z", "2026-03-16T13:00:00.000Z", "2026-03-23T13:00:00.000Z"]);
    expect(iso("D for two weeks")).toHaveLength(14);
    expect(iso("W except Wednesday").slice(0, 4)).toEqual([
      "2026-03-06T14:00:00.000Z",
      "2026-03-09T13:00:00.000Z",
      "2026-03-10T13:00:00.000Z",
      "2026-03-12T13:00:00.000Z",
    ]);
  });
});
