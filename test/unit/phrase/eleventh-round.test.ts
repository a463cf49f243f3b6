import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

describe("a number of times a day with the reminder's words between", () => {
  it("is a frequency, not a count of runs: 每天提醒我三次 with its three times", () => {
    const reading = readingOf("每天提醒我三次，早上8點、下午2點和晚上8點", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 8,14,20 * * *" });
    expect(reading.maxRuns).toBeUndefined();
  });

  it("is asked without its times", () => {
    expect(refusalOf("每天提醒我兩次", "Asia/Taipei").message).toContain("2 times a day");
  });
});

describe("a date on the lunar calendar", () => {
  it.each([
    ["農曆八月十五晚上八點提醒我拜拜", "Asia/Taipei"],
    ["农历正月初一早上九点", "Asia/Shanghai"],
    ["旧暦8月15日の夜8時", "Asia/Tokyo"],
    ["음력 1월 1일 오전 9시", "Asia/Seoul"],
  ])("is asked for its Gregorian date, never read as one: %s", (text, zone) => {
    const { code, message } = refusalOf(text, zone);
    expect(code).toBe("ambiguous_schedule");
    expect(message).toContain("lunar calendar");
  });
});

describe("a date chrono reads before punctuation", () => {
  it("ends at its own characters, so the start word after it is read: 從今天開始…，持續兩週", () => {
    const reading = readingOf("從今天開始每天晚上九點，持續兩週", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 21 * * *" });
    expect(reading.endAt).toBe(Date.parse("2026-03-19T02:00:00Z"));
  });
});

describe("an end said alone after the task's words", () => {
  it("bounds the schedule before it: …提醒我運動，到3月15日為止", () => {
    const reading = readingOf("每天早上七點提醒我運動，到3月15日為止", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 7 * * *" });
    expect(reading.endAt).toBe(Date.parse("2026-03-15T16:00:00Z"));
  });

  it("reads 月底之前 as the month's last day included", () => {
    expect(readingOf("4月底之前每週一早上九點", "Asia/Taipei").endAt).toBe(Date.parse("2026-04-30T16:00:00Z"));
  });
});

describe("days named in a list without a word for every", () => {
  it("reads 星期二四 as every Tuesday and Thursday (noted)", () => {
    const reading = readingOf("星期二四晚上八點打球", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 20 * * 2,4" });
    expect(reading.notes.join(" ")).toContain("every week on those days");
  });

  it("leaves 週三四點 as Wednesday and a time, not Wednesday and Thursday", () => {
    expect(runs("週三下午四點", "Asia/Taipei")).toEqual(["2026-03-11T08:00:00Z"]);
    const { code, message } = refusalOf("週三四點", "Asia/Taipei");
    expect(code).toBe("ambiguous_schedule");
    expect(message).not.toContain("those days");
  });

  it.each([
    ["los lunes miercoles y viernes a las 7 de la tarde", "Europe/Madrid", "0 19 * * 1,3,5"],
    ["ogni martedì giovedì alle 18", "Europe/Rome", "0 18 * * 2,4"],
  ])("takes a dictated list without commas: %s", (text, zone, expr) => {
    expect(readingOf(text, zone).schedule).toMatchObject({ kind: "cron", expr });
  });
});

describe("words typed without their accents or in another script", () => {
  it("reads 'de la manana' as the morning, not tomorrow", () => {
    expect(readingOf("todos los dias a las 7 de la manana", "Europe/Madrid").schedule).toMatchObject({ kind: "cron", expr: "0 7 * * *" });
  });

  it("reads 'temprano' as early in the morning", () => {
    expect(runs("pasado mañana temprano a las 5", "Europe/Madrid")).toEqual(["2026-03-07T04:00:00Z"]);
  });

  it.each([
    ["weekdays pe shaam 6 baje", "Asia/Kolkata"],
    ["har weekday subah 10 baje", "Asia/Kolkata"],
    ["每個weekday晚上6點", "Asia/Taipei"],
  ])("reads the English word for weekdays: %s", (text, zone) => {
    expect(readingOf(text, zone).schedule).toMatchObject({ kind: "cron", expr: expect.stringMatching(/ \* \* 1-5$/u) });
  });
});

describe("a meeting named by how often it meets", () => {
  it.each([
    ["daily standup at 9:30 every weekday", "30 9 * * 1-5"],
    ["daily scrum mon-fri at 9am", "0 9 * * 1-5"],
    ["weekly sync on tuesdays at 2pm", "0 14 * * 2"],
  ])("is the meeting's name beside the schedule's own repetition: %s", (text, expr) => {
    expect(readingOf(text, "America/New_York").schedule).toMatchObject({ kind: "cron", expr });
  });

  it("is still the schedule's word when no other repetition is said", () => {
    expect(refusalOf("daily standup at 9", "America/New_York").message).toContain("every day");
  });
});

describe("weeks ahead said the other ways", () => {
  it("reads next week's tuesday as the Tuesday of next week", () => {
    expect(runs("next week's tuesday at 10am", "America/New_York")).toEqual(["2026-03-10T14:00:00Z"]);
  });

  it("reads a day with the week after next in that week", () => {
    expect(runs("the week after next, friday at 5pm", "America/New_York")).toEqual(["2026-03-20T21:00:00Z"]);
  });

  it("still asks for the day when the week after next is said alone", () => {
    expect(runs("sometime the week after next", "America/New_York")).toEqual({ refused: "ambiguous_schedule" });
  });
});

describe("an interval with a skip count", () => {
  it("is asked with both readings and how to say each", () => {
    for (const [text, zone] of [
      ["每隔兩天早上七點", "Asia/Taipei"],
      ["2日おきに朝9時", "Asia/Tokyo"],
    ] as const) {
      try {
        readingOf(text, zone);
        throw new Error(`'${text}' was read`);
      } catch (e) {
        if (!isDomainError(e)) throw e;
        expect(e.code).toBe("ambiguous_schedule");
        expect(e.hint).toContain("Every 2 days, or every 3 days");
        expect(e.hint).toContain("'every 2 days' or 'every 3 days'");
      }
    }
  });
});

describe("the number of times a day beside its times", () => {
  it.each([
    ["毎朝7時と夜7時、1日2回", "0 7,19 * * *"],
    ["1日3回、7時・12時・18時", "0 7,12,18 * * *"],
  ])("is one set of days, not two sets each with its own time: %s", (text, expr) => {
    expect(readingOf(text, "Asia/Tokyo").schedule).toMatchObject({ kind: "cron", expr });
  });

  it("still refuses two sets of days, each with its own time", () => {
    expect(refusalOf("every weekday at 9am and weekends at 10am", "America/New_York").message).toContain("several sets of days");
  });

  it("takes 1日N回 as Japanese: the question comes with a Japanese example", () => {
    try {
      readingOf("1日2回", "Asia/Tokyo");
      throw new Error("read");
    } catch (e) {
      if (!isDomainError(e)) throw e;
      expect(e.hint).toContain("毎日");
    }
  });
});

describe("once a named day comes (になったら, 되면)", () => {
  it.each([
    ["明後日になったら8時に連絡して", "Asia/Tokyo", ["2026-03-06T23:00:00Z"]],
    ["金曜日になったら10時にリマインド", "Asia/Tokyo", ["2026-03-06T01:00:00Z"]],
    ["금요일이 되면 오후 3시에 알려줘", "Asia/Seoul", ["2026-03-06T06:00:00Z"]],
  ])("is when, not a condition: %s", (text, zone, want) => {
    expect(runs(text, zone)).toEqual(want);
  });

  it("keeps a real condition refused", () => {
    expect(runs("雨になったら9時に教えて", "Asia/Tokyo")).toEqual({ refused: "ambiguous_schedule" });
  });
});

describe("a repetition within a window on one date", () => {
  it.each([
    [
      "every 10 minutes from 4pm to 5pm tomorrow",
      "America/New_York",
      ["2026-03-06T21:00:00Z", "2026-03-06T21:10:00Z", "2026-03-06T21:20:00Z"],
      "2026-03-07T05:00:00Z",
    ],
    ["後天早上九點到十一點 每半小時", "Asia/Taipei", ["2026-03-07T01:00:00Z", "2026-03-07T01:30:00Z", "2026-03-07T02:00:00Z"], "2026-03-07T16:00:00Z"],
    ["cada hora de 9 a 13 el 18 de marzo", "Europe/Madrid", ["2026-03-18T08:00:00Z", "2026-03-18T09:00:00Z", "2026-03-18T10:00:00Z"], "2026-03-18T23:00:00Z"],
  ])("runs on that date only, ending with the day: %s", (text, zone, first, endAt) => {
    expect(runs(text, zone)).toEqual(first);
    expect(readingOf(text, zone).endAt).toBe(Date.parse(endAt));
  });

  it("keeps a weekday named once asked, and a repetition without a window on a date refused", () => {
    expect(refusalOf("every 30 min from 9 to 11 on friday", "America/New_York").message).toContain("that one day or that day every week");
    expect(refusalOf("every hour tomorrow", "America/New_York").message).toContain("a single date");
  });
});

describe("the smaller forms of the eleventh set", () => {
  it("reads 마다 after a clock when the days are said before it, and asks without them", () => {
    expect(readingOf("매주 토요일 오후 2시마다", "Asia/Seoul").schedule).toMatchObject({ kind: "cron", expr: "0 14 * * 6" });
    expect(runs("오후 2시마다", "Asia/Seoul")).toEqual({ refused: "ambiguous_schedule" });
  });

  it("reads 'tous les 15 jours' with a weekday as every other week, and alone as every 15 days", () => {
    expect(runs("tous les 15 jours le mardi à 8h", "Europe/Paris")).toEqual(["2026-03-10T07:00:00Z", "2026-03-24T07:00:00Z", "2026-04-07T06:00:00Z"]);
    expect(readingOf("tous les 15 jours à 9h", "Europe/Paris").schedule).toMatchObject({ kind: "every", every: 15, unit: "day" });
  });

  it("reads 'jour ouvré' in the singular, and 'jusqu'à la fin du mois' as this month's end", () => {
    const reading = readingOf("chaque jour ouvré à 8h jusqu'à la fin du mois", "Europe/Paris");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 8 * * 1-5" });
    expect(reading.endAt).toBe(Date.parse("2026-03-31T22:00:00Z"));
  });

  it("reads 'übernächste Woche' with a day in the week two on", () => {
    expect(runs("übernächste Woche am Mittwoch um 11 Uhr", "Europe/Berlin")).toEqual(["2026-03-18T10:00:00Z"]);
  });
});

describe("마다 after minutes", () => {
  it("stays the interval's word: 30분마다 is every 30 minutes, not a clock's 마다", () => {
    expect(runs("매주 일요일 오전 9시부터 11시까지 30분마다", "Asia/Seoul")).toEqual(["2026-03-08T00:00:00Z", "2026-03-08T00:30:00Z", "2026-03-08T01:00:00Z"]);
  });
});
