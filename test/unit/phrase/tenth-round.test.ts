import { describe, expect, it } from "vitest";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nowIn, runs } from "./tuning-runs.js";

/** The schedule `text` reads as at the tuning sets' `now` in `timezone`. */
const scheduleOf = (text: string, timezone: string) => parsePhrase(text, { timezone, now: nowIn(timezone) }).schedule;

const MONTHS_EXCEPTED: Array<[string, string, string]> = [
  ["every day at 8am except in july and august", "America/New_York", "0 8 * 1-6,9-12 *"],
  ["every tuesday at 6pm but not in december", "America/New_York", "0 18 * 1-11 2"],
  ["每天晚上九點 除了七月和八月", "Asia/Taipei", "0 21 * 1-6,9-12 *"],
  ["每周一上午十点 八月不用", "Asia/Shanghai", "0 10 * 1-7,9-12 1"],
  ["todos los lunes a las 9 excepto en agosto", "Europe/Madrid", "0 9 * 1-7,9-12 1"],
  ["jeden Montag um 9 Uhr außer im August", "Europe/Berlin", "0 9 * 1-7,9-12 1"],
  ["tous les lundis à 9h sauf en août", "Europe/Paris", "0 9 * 1-7,9-12 1"],
  ["ogni lunedì alle 9 tranne ad agosto", "Europe/Rome", "0 9 * 1-7,9-12 1"],
  ["toda segunda às 9h exceto em agosto", "America/Sao_Paulo", "0 9 * 1-7,9-12 1"],
  ["har somvar subah 9 baje, august chhodkar", "Asia/Kolkata", "0 9 * 1-7,9-12 1"],
];

describe("a month excepted from a repetition", () => {
  // One case per test: each language's grammar loads on its first phrase, which is slow on a busy machine.
  it.each(MONTHS_EXCEPTED)("takes the months out of the cron month field: %s", (text, zone, expr) => {
    expect(scheduleOf(text, zone)).toMatchObject({ kind: "cron", expr });
  });

  it("moves the first run past the month excepted", () => {
    expect(runs("every day at 8am except in march", "America/New_York")).toEqual(["2026-04-01T12:00:00Z", "2026-04-02T12:00:00Z", "2026-04-03T12:00:00Z"]);
  });

  it("is refused where the schedule cannot leave a month out, rather than dropped", () => {
    expect(runs("every 15 minutes except in march", "America/New_York")).toEqual({ refused: "invalid_schedule" });
    expect(runs("every 3 days at 9am except in august", "America/New_York")).toEqual({ refused: "invalid_schedule" });
  });
});

describe("a repetition within the day on a day named once", () => {
  it("is asked: that day, or that day every week", () => {
    for (const [text, zone] of [
      ["every 20 minutes from 10am to noon on sunday", "America/New_York"],
      ["alle 15 Minuten von 8 bis 10 Uhr am Sonntag", "Europe/Berlin"],
      ["every 2 hours on friday", "America/New_York"],
    ] as const)
      expect(runs(text, zone), text).toEqual({ refused: "ambiguous_schedule" });
    try {
      parsePhrase("every 20 minutes from 10am to noon on sunday", { timezone: "America/New_York", now: nowIn("America/New_York") });
    } catch (e) {
      expect((e as { hint?: string }).hint).toContain("Every sunday, or only the coming one?");
    }
  });

  it("is read when the day has a word for every week", () => {
    expect(runs("every 20 minutes from 10am to noon on sundays", "America/New_York")).toEqual([
      "2026-03-08T14:00:00Z",
      "2026-03-08T14:20:00Z",
      "2026-03-08T14:40:00Z",
    ]);
    expect(runs("every 20 minutes from 10am to noon every sunday", "America/New_York")).toEqual([
      "2026-03-08T14:00:00Z",
      "2026-03-08T14:20:00Z",
      "2026-03-08T14:40:00Z",
    ]);
  });
});

describe("a start time beside an interval", () => {
  it("is the first run, in every language that says it before the interval", () => {
    const from13: Array<[string, string, string[]]> = [
      ["從中午開始每三小時", "Asia/Taipei", ["2026-03-05T04:00:00Z", "2026-03-05T07:00:00Z", "2026-03-05T10:00:00Z"]],
      ["從下午兩點開始每兩小時", "Asia/Taipei", ["2026-03-05T06:00:00Z", "2026-03-05T08:00:00Z", "2026-03-05T10:00:00Z"]],
      ["cada tres horas a partir de las 13", "Europe/Madrid", ["2026-03-05T12:00:00Z", "2026-03-05T15:00:00Z", "2026-03-05T18:00:00Z"]],
      ["de três em três horas a partir das 13h", "America/Sao_Paulo", ["2026-03-05T16:00:00Z", "2026-03-05T19:00:00Z", "2026-03-05T22:00:00Z"]],
      ["13時から3時間おきに", "Asia/Tokyo", ["2026-03-05T04:00:00Z", "2026-03-05T07:00:00Z", "2026-03-05T10:00:00Z"]],
      ["오후 1시부터 3시간마다", "Asia/Seoul", ["2026-03-05T04:00:00Z", "2026-03-05T07:00:00Z", "2026-03-05T10:00:00Z"]],
      ["dopahar 1 baje se har 3 ghante", "Asia/Kolkata", ["2026-03-05T07:30:00Z", "2026-03-05T10:30:00Z", "2026-03-05T13:30:00Z"]],
    ];
    for (const [text, zone, first] of from13) expect(runs(text, zone), text).toEqual(first);
  });

  it("keeps a part of the day that is not said with the clock a window, which is refused", () => {
    expect(runs("早上每兩小時", "Asia/Taipei")).toEqual({ refused: "invalid_schedule" });
    expect(runs("早上 每兩小時 下午三點", "Asia/Taipei")).toEqual({ refused: "invalid_schedule" });
  });
});

describe("a count said after the task's words", () => {
  it("is the number of runs of the schedule before it", () => {
    const reading = parsePhrase("每天晚上九点吃药，一共3次", { timezone: "Asia/Shanghai", now: nowIn("Asia/Shanghai") });
    expect(reading.maxRuns).toBe(3);
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 21 * * *" });
  });

  it("is not taken when more follows it", () => {
    expect(runs("每天晚上九点吃药，一共3次，然后明天下午三点", "Asia/Shanghai")).toHaveProperty("refused");
  });
});

describe("a weekday chrono reads as a date, beside a repetition of weeks", () => {
  it("is the day the repetition runs on", () => {
    expect(runs("cada 2 semanas el viernes a las 18", "Europe/Madrid")).toEqual(["2026-03-06T17:00:00Z", "2026-03-20T17:00:00Z", "2026-04-03T16:00:00Z"]);
  });
});

describe("words for a schedule the earlier grammars missed", () => {
  it("reads 每小時一次 as every hour and har weekend as Saturday and Sunday", () => {
    expect(scheduleOf("每週日早上九點到十一點 每小時一次", "Asia/Taipei")).toMatchObject({ expr: "0 9-11 * * 0" });
    expect(scheduleOf("har weekend shaam 6 baje", "Asia/Kolkata")).toMatchObject({ expr: "0 18 * * 0,6" });
    expect(scheduleOf("हर वीकेंड शाम 6 बजे", "Asia/Kolkata")).toMatchObject({ expr: "0 18 * * 0,6" });
  });
});
