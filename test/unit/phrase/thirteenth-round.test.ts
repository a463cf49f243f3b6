import { describe, expect, it } from "vitest";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

describe("a range of days said with its opener, in the shared grammar (dayRange)", () => {
  it.each([
    ["a las 8 de la noche, de lunes a jueves", "Europe/Madrid"],
    ["de lunes a jueves a las 8 de la noche", "Europe/Madrid"],
    ["du lundi au jeudi à 20h", "Europe/Paris"],
    ["dal lunedì al giovedì alle 20", "Europe/Rome"],
  ])("runs on every day between the two, not on the ends only nor once: %s", (text, zone) => {
    expect(readingOf(text, zone).schedule).toMatchObject({ kind: "cron", expr: "0 20 * * 1-4" });
  });

  it("reads a range that does not start on Monday: de martes a sábado", () => {
    expect(readingOf("de martes a sábado a las 9", "Europe/Madrid").schedule).toMatchObject({ kind: "cron", expr: "0 9 * * 2-6" });
  });

  it("leaves a day with its time alone: el lunes a las 9 is one run", () => {
    expect(readingOf("el lunes a las 9", "Europe/Madrid").schedule).toMatchObject({ kind: "once" });
  });
});

describe("an exception or a window said alone after the task's words joins the repetition before it", () => {
  it("narrows every hour to the window: 每小時提醒我喝水，早上九點到晚上六點", () => {
    expect(readingOf("每小時提醒我喝水，早上九點到晚上六點", "Asia/Taipei").schedule).toMatchObject({ kind: "cron", expr: "0 9-18 * * *" });
  });

  it("takes the days out: 每天早上六點半叫我起床，禮拜六日除外", () => {
    expect(readingOf("每天早上六點半叫我起床，禮拜六日除外", "Asia/Taipei").schedule).toMatchObject({ kind: "cron", expr: "30 6 * * 1-5" });
  });

  it("narrows a repetition on one date as well: 明天每十五分鐘提醒我喝水，下午一點到三點", () => {
    expect(readingOf("明天每十五分鐘提醒我喝水，下午一點到三點", "Asia/Taipei").schedule).toMatchObject({ kind: "cron", expr: "0-45/15 13,14 6 3 *" });
  });

  it("does not join a single run: 明天提醒我開會，早上九點到十點 is still asked", () => {
    expect(refusalOf("明天提醒我開會，早上九點到十點", "Asia/Taipei").code).toBe("ambiguous_schedule");
  });

  it("leaves an exception after a single run unread, so the question quotes it: 禮拜五早上九點提醒我開會，除了三月", () => {
    const refusal = refusalOf("禮拜五早上九點提醒我開會，除了三月", "Asia/Taipei");
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain("除了");
  });
});

describe("Traditional Chinese words", () => {
  it("reads two excepted days with no mark between them: 禮拜六日除外", () => {
    expect(readingOf("每天早上六點半，禮拜六日除外", "Asia/Taipei").schedule).toMatchObject({ kind: "cron", expr: "30 6 * * 1-5" });
  });

  it.each(["過半小時提醒我關火", "半小時後提醒我關火"])("reads half an hour said before or after: %s", (text) => {
    expect(runs(text, "Asia/Taipei")).toEqual(["2026-03-05T02:30:00Z"]);
  });

  it.each([
    ["單週禮拜一早上九點", "單週"],
    ["雙週的禮拜三下午兩點開會", "雙週"],
    ["单周周一早上九点", "单周"],
    ["上班時間每小時提醒我站起來", "上班時間"],
  ])("asks rather than drop odd or even weeks, or working hours: %s", (text, word) => {
    const refusal = refusalOf(text, text.includes("周") ? "Asia/Shanghai" : "Asia/Taipei");
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain(word);
  });
});

describe("Spanish words", () => {
  it("reads pasado manana without the tilde as the day after tomorrow", () => {
    expect(runs("pasado manana a las 5 de la tarde", "Europe/Madrid")).toEqual(["2026-03-07T16:00:00Z"]);
  });

  it("reads cada quince días with a weekday as every other week", () => {
    expect(runs("cada quince días los lunes a las nueve", "Europe/Madrid")).toEqual(["2026-03-09T08:00:00Z", "2026-03-23T08:00:00Z", "2026-04-06T07:00:00Z"]);
  });

  it("still reads cada quince días alone as fifteen days", () => {
    expect(readingOf("cada quince días a las 9", "Europe/Madrid").schedule).toMatchObject({ kind: "every", every: 15, unit: "day" });
  });

  it.each(["todos los meses el último día a las 18:00", "cada mes, el ultimo dia a las 18:00"])("reads the month before its last day: %s", (text) => {
    expect(readingOf(text, "Europe/Madrid").schedule).toMatchObject({ kind: "cron", expr: "0 18 L * *" });
  });
});

describe("the end of the year as the runs' last day", () => {
  it.each([
    ["todos los domingos a las 9 de la noche hasta fin de año", "Europe/Madrid", "2026-12-31T23:00:00Z"],
    ["every sunday at 9pm until the end of the year", "America/New_York", "2027-01-01T05:00:00Z"],
  ])("ends the runs after 31 December: %s", (text, zone, endAt) => {
    const reading = readingOf(text, zone);
    expect(reading.schedule).toMatchObject({ kind: "cron", expr: "0 21 * * 0" });
    expect(reading.endAt).toBe(Date.parse(endAt));
  });
});

describe("every other day or week in Korean and Hindi", () => {
  it("reads 격일 with its particle: 격일로 오후 7시", () => {
    expect(runs("격일로 오후 7시", "Asia/Seoul")).toEqual(["2026-03-05T10:00:00Z", "2026-03-07T10:00:00Z", "2026-03-09T10:00:00Z"]);
  });

  it.each(["har dusre hafte guruvar shaam 6 baje", "हर दूसरे हफ्ते गुरुवार शाम 6 बजे"])("reads every other week said with the week: %s", (text) => {
    expect(runs(text, "Asia/Kolkata")).toEqual(["2026-03-05T12:30:00Z", "2026-03-19T12:30:00Z", "2026-04-02T12:30:00Z"]);
  });
});
