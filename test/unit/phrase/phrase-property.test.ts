import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";
import type { Schedule } from "../../../src/core/schedule/model.js";
import type { RowLang } from "./table.js";

/** A recurrence the grammar can say, rendered below in each language. */
type Shape = { kind: "daily" } | { kind: "days"; days: number[] } | { kind: "everyNDays"; n: number } | { kind: "everyOther"; weekday: number };

/** The six languages the grammar generator below renders. */
type RenderedLang = Extract<RowLang, "en" | "zh-Hant" | "zh-Hans" | "ja" | "es" | "de">;

interface Case {
  lang: RenderedLang;
  shape: Shape;
  hour: number;
  minute: number;
  timezone: string;
  now: number;
}

const ZONES = [
  "America/New_York",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Asia/Taipei",
  "Australia/Sydney",
  "Asia/Kolkata",
  "America/Sao_Paulo",
  "UTC",
];

const pad = (n: number) => String(n).padStart(2, "0");
const h12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);

const EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ZH_DAYS = ["日", "一", "二", "三", "四", "五", "六"];
const JA_DAYS = ["日", "月", "火", "水", "木", "金", "土"];
const ES_DAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const DE_DAYS = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"];

const listOf = (words: string[], and: string) => (words.length === 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${and} ${words.at(-1)}`);

function render({ lang, shape, hour, minute }: Case): string {
  switch (lang) {
    case "en": {
      const time = hour % 3 === 0 ? `${pad(hour)}:${pad(minute)}` : `${h12(hour)}:${pad(minute)}${hour < 12 ? "am" : "pm"}`;
      if (shape.kind === "daily") return `every day at ${time}`;
      if (shape.kind === "days")
        return `every ${listOf(
          shape.days.map((d) => EN_DAYS[d] ?? ""),
          "and",
        )} at ${time}`;
      if (shape.kind === "everyNDays") return `every ${shape.n} days at ${time}`;
      return `every other ${EN_DAYS[shape.weekday]} at ${time}`;
    }
    case "zh-Hant":
    case "zh-Hans": {
      const hans = lang === "zh-Hans";
      const part = hour < 6 ? "凌晨" : hour < 12 ? "早上" : hour === 12 ? "中午" : hour < 18 ? "下午" : "晚上";
      const time = `${part}${hour < 6 ? hour : h12(hour)}${hans ? "点" : "點"}${minute === 0 ? "" : minute === 30 ? "半" : `${minute}分`}`;
      const week = hans ? "周" : "週";
      if (shape.kind === "daily") return `每天${time}`;
      if (shape.kind === "days") return `每${week}${shape.days.map((d) => ZH_DAYS[d]).join("、")}${time}`;
      if (shape.kind === "everyNDays") return `每${shape.n}天${time}`;
      return `每隔一${week}的${week}${ZH_DAYS[shape.weekday]}${time}`;
    }
    case "ja": {
      const time = `${hour < 12 ? "午前" : "午後"}${hour % 12}時${minute === 0 ? "" : `${minute}分`}`;
      if (shape.kind === "daily") return `毎日${time}`;
      if (shape.kind === "days") return `毎週${shape.days.map((d) => `${JA_DAYS[d]}曜日`).join("・")}の${time}`;
      if (shape.kind === "everyNDays") return `${shape.n}日ごとの${time}`;
      return `隔週${JA_DAYS[shape.weekday]}曜日の${time}`;
    }
    case "es": {
      const time = `a las ${hour}:${pad(minute)}`;
      if (shape.kind === "daily") return `todos los días ${time}`;
      if (shape.kind === "days")
        return `todos los ${listOf(
          shape.days.map((d) => ES_DAYS[d] ?? ""),
          "y",
        )} ${time}`;
      if (shape.kind === "everyNDays") return `cada ${shape.n} días ${time}`;
      return `cada dos ${ES_DAYS[shape.weekday]} ${time}`;
    }
    case "de": {
      const time = `um ${hour}:${pad(minute)} Uhr`;
      if (shape.kind === "daily") return `jeden Tag ${time}`;
      if (shape.kind === "days")
        return `jeden ${listOf(
          shape.days.map((d) => DE_DAYS[d] ?? ""),
          "und",
        )} ${time}`;
      if (shape.kind === "everyNDays") return `alle ${shape.n} Tage ${time}`;
      return `jeden zweiten ${DE_DAYS[shape.weekday]} ${time}`;
    }
  }
}

const shapes: fc.Arbitrary<Shape> = fc.oneof(
  fc.constant<Shape>({ kind: "daily" }),
  fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((days): Shape => ({ kind: "days", days: days.sort((a, b) => a - b) })),
  fc.integer({ min: 2, max: 10 }).map((n): Shape => ({ kind: "everyNDays", n })),
  fc.integer({ min: 0, max: 6 }).map((weekday): Shape => ({ kind: "everyOther", weekday })),
);

const cases: fc.Arbitrary<Case> = fc.record({
  lang: fc.constantFrom<RenderedLang>("en", "zh-Hant", "zh-Hans", "ja", "es", "de"),
  shape: shapes,
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  timezone: fc.constantFrom(...ZONES),
  now: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
});

/**
 * The documented DST shift: a wall time that does not exist that day runs at the transition,
 * i.e. the instant where the zone's offset changes.
 */
function isGapShift(at: number, c: Case): boolean {
  const local = DateTime.fromMillis(at, { zone: c.timezone });
  const wanted = DateTime.fromObject({ year: local.year, month: local.month, day: local.day, hour: c.hour, minute: c.minute }, { zone: c.timezone });
  const doesNotExist = wanted.hour !== c.hour || wanted.minute !== c.minute;
  const atTransition = DateTime.fromMillis(at - 1, { zone: c.timezone }).offset !== local.offset;
  return doesNotExist && atTransition;
}

const calendarDays = (a: number, b: number, zone: string) =>
  Math.round(DateTime.fromMillis(b, { zone }).startOf("day").diff(DateTime.fromMillis(a, { zone }).startOf("day"), "days").days);

describe("any recurring phrase from the grammar", () => {
  it("fires at strictly increasing times that show the requested wall-clock time in the user's zone (or the DST gap shift)", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const text = render(c);
        let schedule: Schedule;
        try {
          schedule = parsePhrase(text, { timezone: c.timezone, now: c.now }).schedule;
        } catch (e) {
          // Documented refusal: an interval whose first run falls in a DST gap.
          if (isDomainError(e) && e.code === "invalid_schedule" && /daylight-saving gap/.test(e.message) && c.shape.kind !== "daily" && c.shape.kind !== "days")
            return;
          throw new Error(`${text}: ${String(e)}`);
        }
        const fires = nextFireTimes(schedule, c.now, 6);
        expect(fires, text).toHaveLength(6);
        fires.forEach((at, i) => {
          expect(at, text).toBeGreaterThan(i === 0 ? c.now : (fires[i - 1] ?? 0));
          const local = DateTime.fromMillis(at, { zone: c.timezone });
          if (local.hour !== c.hour || local.minute !== c.minute) expect(isGapShift(at, c), `${text}: ${local.toISO()}`).toBe(true);
          if (c.shape.kind === "days") expect(c.shape.days, text).toContain(local.weekday % 7);
          if (c.shape.kind === "everyOther") expect(local.weekday % 7, text).toBe(c.shape.weekday);
        });
        const step = c.shape.kind === "everyNDays" ? c.shape.n : c.shape.kind === "everyOther" ? 14 : c.shape.kind === "daily" ? 1 : null;
        if (step !== null) {
          for (let i = 1; i < fires.length; i++) expect(calendarDays(fires[i - 1] ?? 0, fires[i] ?? 0, c.timezone), text).toBe(step);
        }
      }),
      { numRuns: 400 },
    );
  }, 30_000);
});
