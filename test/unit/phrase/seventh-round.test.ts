import { describe, expect, it } from "vitest";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nowIn, runs } from "./tuning-runs.js";

describe("twelve said at night is midnight", () => {
  it("reads 'today at 12 at night' as the midnight that ends today", () => {
    expect(runs("hoy a las 12 de la noche", "Europe/Madrid")).toEqual(["2026-03-05T23:00:00Z"]);
    expect(runs("今晚12點", "Asia/Taipei")).toEqual(["2026-03-05T16:00:00Z"]);
  });

  it("asks which midnight of a named day or weekday is meant", () => {
    expect(runs("a las 12 de la noche del sábado", "Europe/Madrid")).toEqual({ refused: "ambiguous_schedule" });
    expect(runs("todos los sábados a las 12 de la noche", "Europe/Madrid")).toEqual({ refused: "ambiguous_schedule" });
    expect(runs("明天晚上12點", "Asia/Taipei")).toEqual({ refused: "ambiguous_schedule" });
  });
});

describe("times of day", () => {
  it("keeps a bare hour apart from its twin said with a part of the day", () => {
    expect(runs("dos veces al día, a las 9 y a las 9 de la noche", "Europe/Madrid")).toEqual([
      "2026-03-05T20:00:00Z",
      "2026-03-06T08:00:00Z",
      "2026-03-06T20:00:00Z",
    ]);
  });

  it("reads noon with a half or a quarter hour in every language that says it", () => {
    expect(runs("demain à midi et quart", "Europe/Paris")).toEqual(["2026-03-06T11:15:00Z"]);
    expect(runs("amanhã ao meio-dia e meia", "America/Sao_Paulo")).toEqual(["2026-03-06T15:30:00Z"]);
    expect(runs("amanha ao meio dia", "America/Sao_Paulo")).toEqual(["2026-03-06T15:00:00Z"]);
    expect(runs("domani a mezzogiorno e mezzo", "Europe/Rome")).toEqual(["2026-03-06T11:30:00Z"]);
    expect(runs("mañana al mediodía y media", "Europe/Madrid")).toEqual(["2026-03-06T11:30:00Z"]);
  });

  it("reads 'del mediodía' as the part of the day after an hour", () => {
    expect(runs("mañana a las 12 del mediodía", "Europe/Madrid")).toEqual(["2026-03-06T11:00:00Z"]);
    expect(runs("mañana a la 1 del mediodía", "Europe/Madrid")).toEqual(["2026-03-06T12:00:00Z"]);
  });

  it("reads English minutes in words, quarter past with pm, British 'half 8' and 'at 830'", () => {
    expect(runs("tomorrow morning at 7 thirty", "America/New_York")).toEqual(["2026-03-06T12:30:00Z"]);
    expect(runs("day after tomorrow at quarter past 8 pm", "America/New_York")).toEqual(["2026-03-08T01:15:00Z"]);
    expect(runs("half 8 tomorrow morning", "Europe/London")).toEqual(["2026-03-06T08:30:00Z"]);
    expect(runs("every weekday at 830", "America/New_York")).toEqual(["2026-03-06T13:30:00Z", "2026-03-09T12:30:00Z", "2026-03-10T12:30:00Z"]);
  });

  it("reads the one-character Chinese parts before a clock, and 工作天", () => {
    expect(runs("一天两次 早8点晚8点", "Asia/Shanghai")).toEqual(["2026-03-05T12:00:00Z", "2026-03-06T00:00:00Z", "2026-03-06T12:00:00Z"]);
    expect(runs("每個工作天早上8點半", "Asia/Taipei")).toEqual(["2026-03-06T00:30:00Z", "2026-03-09T00:30:00Z", "2026-03-10T00:30:00Z"]);
  });
});

describe("a period ahead with the day it holds", () => {
  it("reads a weekday in next week, in every grammar", () => {
    expect(runs("next week on wednesday at 10", "America/New_York")).toEqual(["2026-03-11T14:00:00Z"]);
    expect(runs("la semana que viene el miércoles a las 10", "Europe/Madrid")).toEqual(["2026-03-11T09:00:00Z"]);
    expect(runs("la semaine prochaine mercredi à 10h", "Europe/Paris")).toEqual(["2026-03-11T09:00:00Z"]);
    expect(runs("la settimana prossima mercoledì alle 10", "Europe/Rome")).toEqual(["2026-03-11T09:00:00Z"]);
    expect(runs("nächste Woche am Mittwoch um 10", "Europe/Berlin")).toEqual(["2026-03-11T09:00:00Z"]);
  });

  it("reads a day or an n-th weekday in next month", () => {
    expect(runs("el mes que viene el día 3 a las 10", "Europe/Madrid")).toEqual(["2026-04-03T08:00:00Z"]);
    expect(runs("下個月的第一個星期一早上10點", "Asia/Taipei")).toEqual(["2026-04-06T02:00:00Z"]);
    expect(runs("来月の第1月曜日の10時", "Asia/Tokyo")).toEqual(["2026-04-06T01:00:00Z"]);
    expect(runs("다음 달 첫 번째 월요일 오전 10시", "Asia/Seoul")).toEqual(["2026-04-06T01:00:00Z"]);
  });

  it("still asks which day when the period comes alone", () => {
    expect(runs("next week at 10", "America/New_York")).toEqual({ refused: "ambiguous_schedule" });
    expect(runs("el mes que viene a las 10", "Europe/Madrid")).toEqual({ refused: "ambiguous_schedule" });
  });
});

describe("weeks counted from a weekday", () => {
  it("reads 'a week from Friday' from the coming Friday", () => {
    expect(runs("a week from Friday at 9am", "America/New_York")).toEqual(["2026-03-13T13:00:00Z"]);
    expect(runs("two weeks from Monday at 8am", "America/New_York")).toEqual(["2026-03-23T12:00:00Z"]);
  });
});

describe("Spanish constructions", () => {
  it("reads 'el lunes que viene', 'de madrugada' and filler before a time", () => {
    expect(runs("el lunes que viene a las 9", "Europe/Madrid")).toEqual(["2026-03-09T08:00:00Z"]);
    expect(runs("el domingo de madrugada a las 3", "Europe/Madrid")).toEqual(["2026-03-08T02:00:00Z"]);
    expect(runs("mañana tipo a las 8 y media de la mañana", "Europe/Madrid")).toEqual(["2026-03-06T07:30:00Z"]);
  });

  it("ends the runs at the end of the month said with 'hasta finales de'", () => {
    const now = nowIn("Europe/Madrid");
    const reading = parsePhrase("todos los viernes a las 6 de la tarde hasta finales de junio", { timezone: "Europe/Madrid", now });
    expect(reading.endAt).toBe(Date.parse("2026-06-30T22:00:00Z"));
  });
});
