import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { de } from "../../../src/core/phrase/lang/de.js";
import { en } from "../../../src/core/phrase/lang/en.js";
import { es } from "../../../src/core/phrase/lang/es.js";
import { fr } from "../../../src/core/phrase/lang/fr.js";
import { hiDeva, hiLatn } from "../../../src/core/phrase/lang/hi.js";
import { it as italian } from "../../../src/core/phrase/lang/it.js";
import { ja } from "../../../src/core/phrase/lang/ja.js";
import { ko } from "../../../src/core/phrase/lang/ko.js";
import { pt } from "../../../src/core/phrase/lang/pt.js";
import { zhHans, zhHant } from "../../../src/core/phrase/lang/zh.js";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

/** The question's hint (the examples to offer); fails when the phrase is read. */
function hintOf(text: string, zone: string): string {
  try {
    readingOf(text, zone);
  } catch (e) {
    if (isDomainError(e)) return e.hint ?? "";
    throw e;
  }
  throw new Error(`'${text}' was read`);
}

// Now is Thursday 5 March 2026, 10:00 on each wall clock (tuning-runs.ts): this weekend is 7–8 March.
const SAT_10_UTC: Record<string, string> = {
  "America/New_York": "2026-03-07T15:00:00Z",
  "Asia/Taipei": "2026-03-07T02:00:00Z",
  "Asia/Shanghai": "2026-03-07T02:00:00Z",
  "Asia/Tokyo": "2026-03-07T01:00:00Z",
  "Asia/Seoul": "2026-03-07T01:00:00Z",
  "Europe/Madrid": "2026-03-07T09:00:00Z",
  "Europe/Berlin": "2026-03-07T09:00:00Z",
  "Europe/Paris": "2026-03-07T09:00:00Z",
  "America/Sao_Paulo": "2026-03-07T13:00:00Z",
  "Europe/Rome": "2026-03-07T09:00:00Z",
  "Asia/Kolkata": "2026-03-07T04:30:00Z",
};

describe("the weekend said bare is one question in every language", () => {
  it.each([
    ["on the weekend at 10am", "America/New_York", "on the weekend"],
    ["remind me at the weekend at 10am to wash the car", "America/New_York", "at the weekend"],
    ["週末早上九點提醒我運動", "Asia/Taipei", "週末"],
    ["周末早上9点提醒我", "Asia/Shanghai", "周末"],
    ["週末の9時に", "Asia/Tokyo", "週末"],
    ["el finde a las 10", "Europe/Madrid", "el finde"],
    ["recuérdame el fin de semana a las 10 lavar el coche", "Europe/Madrid", "el fin de semana"],
    ["am Wochenende um 10 Uhr", "Europe/Berlin", "am Wochenende"],
    ["no fim de semana às 10h", "America/Sao_Paulo", "no fim de semana"],
    ["il fine settimana alle 10", "Europe/Rome", "il fine settimana"],
    ["weekend pe subah 10 baje", "Asia/Kolkata", "weekend"],
    ["वीकेंड पर सुबह 10 बजे", "Asia/Kolkata", "वीकेंड"],
  ])("%s: this weekend or every weekend? (never one Saturday, never today)", (text, zone, said) => {
    const { code, message } = refusalOf(text, zone);
    expect(code).toBe("ambiguous_schedule");
    expect(message).toContain(`the weekend ('${said}')`);
  });

  it("offers, in the phrase's language, two answers that read", () => {
    const hint = hintOf("el finde a las 10", "Europe/Madrid");
    expect(hint).toContain(es.examples.thisSaturday);
    expect(hint).toContain(es.examples.everyWeekend);
    expect(hintOf("週末早上九點提醒我運動", "Asia/Taipei")).toContain(zhHant.examples.everyWeekend);
  });
});

describe("this weekend is asked for its day, quoting it", () => {
  it.each([
    ["this weekend at 10am", "America/New_York", "this weekend"],
    ["este finde a las 11", "Europe/Madrid", "este finde"],
    ["neste fim de semana às 10h", "America/Sao_Paulo", "neste fim de semana"],
    ["dieses Wochenende um 10", "Europe/Berlin", "dieses Wochenende"],
    ["今週末の10時", "Asia/Tokyo", "今週末"],
    ["is weekend subah 10 baje yaad dilana", "Asia/Kolkata", "is weekend"],
    ["इस वीकेंड सुबह 10 बजे", "Asia/Kolkata", "इस वीकेंड"],
    ["next week at 9am", "America/New_York", "next week"],
  ])("%s", (text, zone, said) => {
    const { code, message } = refusalOf(text, zone);
    expect(code).toBe("ambiguous_schedule");
    expect(message).toContain(`a period ('${said}')`);
  });
});

// 這 before a list of days ("這週六跟週日早上十點") is read as that week's dates: named-days-round.test.ts.
describe("this before one day", () => {
  it("leaves this before one day read: 這週六早上十點, 本周五下午3点", () => {
    expect(runs("這週六早上十點", "Asia/Taipei")).toEqual(["2026-03-07T02:00:00Z"]);
    expect(runs("本周五下午3点", "Asia/Shanghai")).toEqual(["2026-03-06T07:00:00Z"]);
  });
});

describe("every weekend, in the words that say it", () => {
  it.each([
    ["每到週末早上十點提醒我", "Asia/Taipei"],
    ["todos los findes a las 10", "Europe/Madrid"],
    ["cada finde a las 10", "Europe/Madrid"],
  ])("%s", (text, zone) => {
    const sat = SAT_10_UTC[zone] ?? "";
    expect(runs(text, zone)).toEqual([sat, sat.replace("07T", "08T"), sat.replace("07T", "14T")]);
  });

  it("keeps the exception and the habitual words: except the weekend, le week-end, 주말", () => {
    expect(runs("todos los días a las 8 excepto el finde", "Europe/Madrid")).toEqual(["2026-03-06T07:00:00Z", "2026-03-09T07:00:00Z", "2026-03-10T07:00:00Z"]);
    expect(runs("le week-end à 10h", "Europe/Paris")).toEqual(["2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z", "2026-03-14T09:00:00Z"]);
    expect(runs("주말 오전 10시", "Asia/Seoul")).toEqual(["2026-03-07T01:00:00Z", "2026-03-08T01:00:00Z", "2026-03-14T01:00:00Z"]);
  });
});

describe("the weekend question's examples read in every grammar", () => {
  const zones: Array<[string, { examples: { thisSaturday: string; everyWeekend: string } }]> = [
    ["America/New_York", en],
    ["Asia/Taipei", zhHant],
    ["Asia/Shanghai", zhHans],
    ["Asia/Tokyo", ja],
    ["Asia/Seoul", ko],
    ["Europe/Madrid", es],
    ["Europe/Berlin", de],
    ["Europe/Paris", fr],
    ["America/Sao_Paulo", pt],
    ["Europe/Rome", italian],
    ["Asia/Kolkata", hiLatn],
    ["Asia/Kolkata", hiDeva],
  ];
  it.each(zones)("%s: this Saturday once, every weekend on both days", (zone, grammar) => {
    const sat = SAT_10_UTC[zone] ?? "";
    expect(runs(grammar.examples.thisSaturday, zone)).toEqual([sat]);
    const every = runs(grammar.examples.everyWeekend, zone);
    expect(Array.isArray(every) && every[0]).toBe(sat);
    expect(Array.isArray(every) && every.length).toBe(3);
  });
});
