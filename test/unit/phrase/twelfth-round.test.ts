import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";
import { readingOf, refusalOf } from "./tuning-runs.js";

describe("Cantonese 個鐘, an hour", () => {
  it.each([
    ["一個鐘之後提我", "2026-03-05T03:00:00Z"],
    ["兩個鐘後提我", "2026-03-05T04:00:00Z"],
    ["半個鐘後提我熄爐", "2026-03-05T02:30:00Z"],
  ])("is a delay, not a clock time: %s", (text, at) => {
    expect(readingOf(text, "Asia/Hong_Kong").schedule).toMatchObject({ kind: "once", at: Date.parse(at) });
  });

  it("leaves 點鐘 a clock time (a bare 3 is still asked)", () => {
    expect(refusalOf("三點鐘提醒我", "Asia/Hong_Kong").message).toContain("03:00 or 15:00");
  });
});

describe("colloquial 倆 / 俩, two", () => {
  it.each([
    ["倆小時後提醒我", "Asia/Taipei"],
    ["俩小时后提醒我", "Asia/Shanghai"],
  ])("is read as 2 by the shared numerals: %s", (text, zone) => {
    expect(readingOf(text, zone).schedule).toMatchObject({ kind: "once", at: Date.parse("2026-03-05T04:00:00Z") });
  });
});

describe("a meeting named by how often it meets, in the shared grammar", () => {
  it("is the meeting's name in Spanish when the schedule repeats elsewhere: la reunión semanal todos los lunes", () => {
    expect(readingOf("recuerdame la reunion semanal todos los lunes a las 10", "Europe/Madrid").schedule).toMatchObject({
      kind: "cron",
      expr: "0 10 * * 1",
    });
  });

  it("is still the schedule's word alone: la reunión semanal a las 10", () => {
    expect(refusalOf("la reunión semanal a las 10", "Europe/Madrid").message).toContain("semanal");
  });

  it("still works the English way round: daily standup every weekday", () => {
    expect(readingOf("daily standup at 9:15 every weekday", "America/New_York").schedule).toMatchObject({ expr: "15 9 * * 1-5" });
  });
});

describe("Spanish colloquial repetitions", () => {
  it("reads todos los santos días as every day", () => {
    expect(readingOf("todos los santos días a las 7", "Europe/Madrid").schedule).toMatchObject({ kind: "cron", expr: "0 7 * * *" });
  });

  it.each([
    ["cada que sea lunes a las 10 de la mañana", "0 10 * * 1"],
    ["cada que es martes a las 9", "0 9 * * 2"],
  ])("reads cada que (whenever) before a day as every such day: %s", (text, expr) => {
    expect(readingOf(text, "Europe/Madrid").schedule).toMatchObject({ kind: "cron", expr });
  });
});

describe("German dative an jedem", () => {
  it.each([
    ["an jedem Werktag um halb acht", "30 7 * * 1-5"],
    ["an jedem Montag um 9", "0 9 * * 1"],
    ["an jedem Tag um 10", "0 10 * * *"],
    ["an jedem Wochenende um 10", "0 10 * * 0,6"],
  ])("repeats like jeden: %s", (text, expr) => {
    expect(readingOf(text, "Europe/Berlin").schedule).toMatchObject({ kind: "cron", expr });
  });

  it("is a bearing word, so an unread an jedem is asked, never a single run", () => {
    expect(refusalOf("an jedem Zahltag um 9 und an jedem Morgen", "Europe/Berlin").message).toContain("jedem");
  });
});

describe("several times said for one date", () => {
  it.each([
    ["tomorrow at 8am and 8pm", "America/New_York", "0 8,20 6 3 *", "2026-03-07T05:00:00Z"],
    ["march 12 at 9am and 5pm", "America/New_York", "0 9,17 12 3 *", "2026-03-13T04:00:00Z"],
    ["明天早上九點和晚上九點", "Asia/Taipei", "0 9,21 6 3 *", "2026-03-06T16:00:00Z"],
  ])("run at each time on that date only: %s", (text, zone, expr, end) => {
    const reading = readingOf(text, zone);
    expect(reading.schedule).toMatchObject({ kind: "cron", expr });
    expect(reading.endAt).toBe(Date.parse(end));
  });

  it("are still a repetition when the phrase repeats: every day at 9am and 5pm", () => {
    const reading = readingOf("every day at 9am and 5pm", "America/New_York");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 9,17 * * *" });
    expect(reading.endAt).toBeUndefined();
  });

  it("beside a repetition of their own are refused as a repetition and a date, not narrowed", () => {
    expect(refusalOf("tomorrow at 9am and 5pm every 2 weeks", "America/New_York").message).toContain("a repetition and a single date ('tomorrow')");
  });

  it("one time on a date stays a single run", () => {
    expect(readingOf("tomorrow at 8am", "America/New_York").schedule.kind).toBe("once");
  });
});

describe("a number of times a day with a short task between", () => {
  it("is a frequency, not a count: 每天提醒我喝水三次 with its three times", () => {
    const reading = readingOf("每天提醒我喝水三次，早上九點、下午兩點、晚上六點", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 9,14,18 * * *" });
    expect(reading.maxRuns).toBeUndefined();
  });

  it("is asked without its times", () => {
    expect(refusalOf("每天提醒我吃藥兩次", "Asia/Taipei").message).toContain("2 times a day");
  });
});

describe("a period ahead as the start", () => {
  it("從下個月開始: the month's first day", () => {
    const reading = readingOf("從下個月開始，每天早上九點", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 9 * * *", start: Date.parse("2026-03-31T16:00:00Z") });
    expect(nextFireTimes(reading.schedule, 0, 1)[0]).toBe(Date.parse("2026-04-01T01:00:00Z"));
  });

  it("從下週開始: the Monday of next week", () => {
    const reading = readingOf("從下週開始，每天早上八點", "Asia/Taipei");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 8 * * *", start: Date.parse("2026-03-08T16:00:00Z") });
    expect(nextFireTimes(reading.schedule, 0, 1)[0]).toBe(Date.parse("2026-03-09T00:00:00Z"));
  });

  it("keeps a monthly day that falls after it: 從下個月開始，每個月1號", () => {
    expect(readingOf("從下個月開始，每個月1號早上十點", "Asia/Taipei").schedule).toMatchObject({ kind: "cron", expr: "0 10 1 * *" });
  });

  it("is the same shared reading in English: every day at 9 starting next month", () => {
    const reading = readingOf("every day at 9 starting next month", "America/New_York");
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 9 * * *", start: Date.parse("2026-04-01T04:00:00Z") });
    expect(nextFireTimes(reading.schedule, 0, 1)[0]).toBe(Date.parse("2026-04-01T13:00:00Z"));
  });

  it("a period that is not ahead is still asked for its day: starting this weekend", () => {
    expect(refusalOf("every day at 9 starting this weekend", "America/New_York").message).toContain("names a period");
  });
});

describe("a bare 週末, this weekend or every weekend", () => {
  it("is one question naming both readings, with an example of each", () => {
    try {
      readingOf("週末早上十點", "Asia/Taipei");
      expect.unreachable("週末早上十點 was read");
    } catch (e) {
      if (!isDomainError(e)) throw e;
      expect(e.code).toBe("ambiguous_schedule");
      expect(e.message).toContain("this one or every one");
      const hint = e.hint ?? "";
      expect(hint).toContain("This weekend only, or every weekend?");
      expect(hint).toContain("每個週末早上十點");
    }
  });

  it("is read when 每 says every weekend", () => {
    expect(readingOf("每個週末早上十點", "Asia/Taipei").schedule).toMatchObject({ kind: "cron", expr: "0 10 * * 0,6" });
  });

  it("is still an exception after 除了", () => {
    expect(readingOf("除了週末，每天晚上十點提醒我睡覺", "Asia/Taipei").schedule).toMatchObject({ expr: "0 22 * * 1-5" });
  });
});
