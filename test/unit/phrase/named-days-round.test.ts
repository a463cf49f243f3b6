import { describe, expect, it } from "vitest";
import { parsePhrase } from "../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";
import { nowIn, readingOf, refusalOf, runs } from "./tuning-runs.js";

// Now is Thursday 5 March 2026, 10:00 on each wall clock (tuning-runs.ts): this Saturday and
// Sunday are 7–8 March, next week's 14–15 March.

/** Every run the reading makes (up to ten), its end included: a list read as a habit shows more than its days. */
function allRuns(text: string, zone: string): string[] {
  const { schedule, endAt } = readingOf(text, zone);
  return nextFireTimes(schedule, nowIn(zone), 10)
    .filter((t) => endAt === undefined || t < endAt)
    .map((t) => new Date(t).toISOString().replace(".000Z", "Z"));
}

describe("weekdays said after 'this' or 'next' are dates of that week, not a weekly habit", () => {
  it.each([
    ["this Saturday and Sunday at 10am", "America/New_York", ["2026-03-07T15:00:00Z", "2026-03-08T14:00:00Z"]],
    ["remind me this friday and saturday at 6pm to book tickets", "America/New_York", ["2026-03-06T23:00:00Z", "2026-03-07T23:00:00Z"]],
    ["este sábado y domingo a las 10", "Europe/Madrid", ["2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z"]],
    ["diesen Samstag und Sonntag um 10 Uhr", "Europe/Berlin", ["2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z"]],
    ["ce samedi et dimanche à 10h", "Europe/Paris", ["2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z"]],
    ["questo venerdì e sabato alle 18", "Europe/Rome", ["2026-03-06T17:00:00Z", "2026-03-07T17:00:00Z"]],
    ["neste sábado e domingo às 10h", "America/Sao_Paulo", ["2026-03-07T13:00:00Z", "2026-03-08T13:00:00Z"]],
    ["nesta sexta e sábado às 18h", "America/Sao_Paulo", ["2026-03-06T21:00:00Z", "2026-03-07T21:00:00Z"]],
    ["今週の土曜と日曜の10時", "Asia/Tokyo", ["2026-03-07T01:00:00Z", "2026-03-08T01:00:00Z"]],
    ["이번 주 토요일과 일요일 10시", "Asia/Seoul", ["2026-03-07T01:00:00Z", "2026-03-08T01:00:00Z"]],
    ["這週六跟週日早上十點", "Asia/Taipei", ["2026-03-07T02:00:00Z", "2026-03-08T02:00:00Z"]],
    ["這禮拜六和禮拜天晚上八點提醒我", "Asia/Taipei", ["2026-03-07T12:00:00Z", "2026-03-08T12:00:00Z"]],
    ["这周六和周日上午10点", "Asia/Shanghai", ["2026-03-07T02:00:00Z", "2026-03-08T02:00:00Z"]],
    ["這週六日早上十點", "Asia/Taipei", ["2026-03-07T02:00:00Z", "2026-03-08T02:00:00Z"]],
    ["is shanivar aur ravivar subah 10 baje", "Asia/Kolkata", ["2026-03-07T04:30:00Z", "2026-03-08T04:30:00Z"]],
    ["इस शनिवार और रविवार सुबह 10 बजे", "Asia/Kolkata", ["2026-03-07T04:30:00Z", "2026-03-08T04:30:00Z"]],
  ])("%s: one run on each day, and no more", (text, zone, want) => {
    expect(allRuns(text, zone)).toEqual(want);
  });

  it.each([
    ["next saturday and sunday at 10am", "America/New_York", ["2026-03-14T14:00:00Z", "2026-03-15T14:00:00Z"]],
    ["el próximo sábado y domingo a las 10", "Europe/Madrid", ["2026-03-14T09:00:00Z", "2026-03-15T09:00:00Z"]],
    ["nächsten Samstag und Sonntag um 10 Uhr", "Europe/Berlin", ["2026-03-14T09:00:00Z", "2026-03-15T09:00:00Z"]],
    ["来週の土曜と日曜の10時", "Asia/Tokyo", ["2026-03-14T01:00:00Z", "2026-03-15T01:00:00Z"]],
    ["다음 주 토요일이랑 일요일 오전 10시", "Asia/Seoul", ["2026-03-14T01:00:00Z", "2026-03-15T01:00:00Z"]],
    ["下週一三五早上十點提醒我去健身", "Asia/Taipei", ["2026-03-09T02:00:00Z", "2026-03-11T02:00:00Z", "2026-03-13T02:00:00Z"]],
    ["agle shanivar aur ravivar subah 10 baje", "Asia/Kolkata", ["2026-03-14T04:30:00Z", "2026-03-15T04:30:00Z"]],
  ])("%s: next week's days, once each", (text, zone, want) => {
    expect(allRuns(text, zone)).toEqual(want);
  });

  it("reads 'this' before days said with their part of the day ('this saturday and sunday morning at 9'): dates, not every weekend", () => {
    expect(allRuns("this saturday and sunday morning at 9", "America/New_York")).toEqual(["2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z"]);
  });

  it("asks rather than reading every week when 'this' days get the caller's default time", () => {
    const now = nowIn("America/Sao_Paulo");
    for (const text of ["neste sábado e domingo de manhã", "this saturday and sunday morning"]) {
      const read = () => parsePhrase(text, { timezone: "America/Sao_Paulo", now, defaultTime: { hour: 9, minute: 0 } });
      expect(read, text).toThrow(/two different dates|several weekdays for a single run/u);
    }
  });

  it("says which dates it read, quoting the words once", () => {
    const reading = readingOf("下週一三五早上十點", "Asia/Taipei");
    expect(reading.notes.join(" ")).toContain("runs on 2026-03-09, 2026-03-11, 2026-03-13 only ('下週一三五')");
  });

  it("refuses a day of this week already past instead of moving it: 這週一三五 said on Thursday", () => {
    expect(refusalOf("這週一三五早上十點", "Asia/Taipei").code).toBe("in_the_past");
  });

  it("gives each day its own time when each is said with one", () => {
    expect(allRuns("this Saturday at 9 and Sunday at 10", "America/New_York")).toEqual(["2026-03-07T14:00:00Z", "2026-03-08T14:00:00Z"]);
  });

  it("leaves a list that reaches past one week as said (asked)", () => {
    expect(refusalOf("this Friday, Monday, Thursday and Saturday at 9am", "America/New_York").code).toBe("ambiguous_schedule");
  });

  it("still reads a list said bare, or with every, as a weekly habit", () => {
    expect(runs("Saturday and Sunday at 10am", "America/New_York")).toEqual(["2026-03-07T15:00:00Z", "2026-03-08T14:00:00Z", "2026-03-14T14:00:00Z"]);
    expect(runs("每週六和週日早上十點", "Asia/Taipei")).toEqual(["2026-03-07T02:00:00Z", "2026-03-08T02:00:00Z", "2026-03-14T02:00:00Z"]);
    expect(runs("har shanivar aur ravivar subah 10 baje", "Asia/Kolkata")).toEqual(["2026-03-07T04:30:00Z", "2026-03-08T04:30:00Z", "2026-03-14T04:30:00Z"]);
  });
});

describe("'next' and 'this' before one weekday in Hindi and Portuguese", () => {
  it.each([
    ["agle shanivar subah 10 baje", "2026-03-14T04:30:00Z"],
    ["अगले शनिवार सुबह 10 बजे", "2026-03-14T04:30:00Z"],
    ["is shanivar subah 10 baje", "2026-03-07T04:30:00Z"],
  ])("%s runs once, at %s", (text, at) => {
    expect(runs(text, "Asia/Kolkata")).toEqual([at]);
  });

  it("reads 'neste sábado' as the coming Saturday", () => {
    expect(runs("neste sábado às 10h", "America/Sao_Paulo")).toEqual(["2026-03-07T13:00:00Z"]);
  });

  it("asks about 'agle' before a range it cannot read as next week's days, never every weekday with 'agle' dropped", () => {
    for (const text of ["agle somvar se shukravar tak subah 9 baje", "अगले सोमवार से शुक्रवार तक सुबह 9 बजे"]) {
      expect(refusalOf(text, "Asia/Kolkata").message).toMatch(/'(agle|अगले)'/u);
    }
  });
});

describe("several dates, each with its own time", () => {
  it.each([
    ["remind me tomorrow at 8am and saturday at 9pm", "America/New_York", ["2026-03-06T13:00:00Z", "2026-03-08T02:00:00Z"]],
    ["tomorrow at 8am and 8pm and saturday at 9pm", "America/New_York", ["2026-03-06T13:00:00Z", "2026-03-07T01:00:00Z", "2026-03-08T02:00:00Z"]],
    ["mañana a las 8 y el sábado a las 21", "Europe/Madrid", ["2026-03-06T07:00:00Z", "2026-03-07T20:00:00Z"]],
    ["morgen um 8 Uhr und am Samstag um 21 Uhr", "Europe/Berlin", ["2026-03-06T07:00:00Z", "2026-03-07T20:00:00Z"]],
    ["demain à 8h et samedi à 21h", "Europe/Paris", ["2026-03-06T07:00:00Z", "2026-03-07T20:00:00Z"]],
    ["明日の8時と明後日の21時", "Asia/Tokyo", ["2026-03-05T23:00:00Z", "2026-03-07T12:00:00Z"]],
    ["내일 오전 8시랑 모레 오후 9시", "Asia/Seoul", ["2026-03-05T23:00:00Z", "2026-03-07T12:00:00Z"]],
    ["kal subah 8 baje aur parson raat 9 baje", "Asia/Kolkata", ["2026-03-06T02:30:00Z", "2026-03-07T15:30:00Z"]],
  ])("%s: a run at each date's own times, and no more", (text, zone, want) => {
    expect(allRuns(text, zone)).toEqual(want);
  });

  it("shares the times said once for all the dates: 'tomorrow and saturday at 9am' runs at 9 on both", () => {
    expect(allRuns("tomorrow and saturday at 9am", "America/New_York")).toEqual(["2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z"]);
  });

  it("asks when a time comes before the first date: which date it belongs to is not said", () => {
    expect(refusalOf("at 8am tomorrow and saturday at 9pm", "America/New_York").message).toMatch(/each with its own time/u);
  });

  it("asks when a date's own times are not the times the whole phrase reads ('8 in the evening': the part after the clock)", () => {
    expect(refusalOf("tomorrow at 8 in the evening and saturday at 9 in the morning", "America/New_York").message).toMatch(/each with its own time/u);
  });

  it("keeps the time policies: a bare hour from 1 to 6 is still asked", () => {
    expect(refusalOf("tomorrow at 2 and saturday at 9pm", "America/New_York").message).toMatch(/'at 2'/u);
  });

  it("asks about two words for one day: 'tomorrow at 8 and Friday at 9' said on a Thursday", () => {
    expect(refusalOf("tomorrow at 8am and friday at 9pm", "America/New_York").message).toMatch(/the same day twice/u);
  });

  it("keeps a weekday right beside a date its confirmation: 'friday march 13 at 10am' is one run", () => {
    expect(allRuns("friday march 13 at 10am", "America/New_York")).toEqual(["2026-03-13T14:00:00Z"]);
  });

  it("refuses a date's own time already past, never drops it", () => {
    expect(refusalOf("today at 8am and saturday at 9pm", "America/New_York").code).toBe("in_the_past");
  });
});
