import { describe, expect, it } from "vitest";
import { type PhraseOptions, parsePhrase } from "../../../src/core/phrase/index.js";

/*
 * Words the coverage rule must tell apart: each one that names something other than when the
 * task runs, next to its neighbour that does say when and is still read or refused.
 */

const at = (timezone: string, now: string): PhraseOptions => ({ timezone, now: Date.parse(now) });
const NEW_YORK = at("America/New_York", "2026-03-05T15:07:30Z");
const BERLIN = at("Europe/Berlin", "2026-03-27T12:00:00Z");
const KOLKATA = at("Asia/Kolkata", "2026-03-05T04:37:30Z");
const MADRID = at("Europe/Madrid", "2026-03-05T09:07:30Z");

const scheduleOf = (text: string, opts: PhraseOptions) => parsePhrase(text, opts).schedule;
const unused = (word: string) => new RegExp(`The words .*'${word}'.* can change when the task runs`);

describe("the coverage rule and 'nightly'", () => {
  it("reads 'nightly' with a time as every day at that time", () => {
    expect(scheduleOf("nightly at 2:30am", BERLIN)).toMatchObject({ kind: "cron", expr: "30 2 * * *" });
  });

  it("lets 'nightly' outside the reading through when every run is at night", () => {
    expect(scheduleOf("Every day at 2:30 am, remind me that the nightly export ran", BERLIN)).toMatchObject({ kind: "cron", expr: "30 2 * * *" });
    expect(scheduleOf("Every day at 11pm, back up my files nightly", BERLIN)).toMatchObject({ kind: "cron", expr: "0 23 * * *" });
  });

  it("refuses 'nightly' outside the reading when the runs are in the day", () => {
    expect(() => parsePhrase("Every day at 9am, back up my files nightly", BERLIN)).toThrow(unused("nightly"));
  });
});

describe("the coverage rule and a frequency that names a thing", () => {
  it("reads 'the quarterly review' as the review, not as a repetition", () => {
    expect(scheduleOf("On April 2, 2026 at 14:00 remind me about the quarterly review", KOLKATA)).toEqual({
      kind: "once",
      at: Date.parse("2026-04-02T08:30:00Z"),
      timezone: "Asia/Kolkata",
    });
    expect(scheduleOf("Every Monday at 9am, remind me about our quarterly review", NEW_YORK)).toMatchObject({ kind: "cron", expr: "0 9 * * 1" });
  });

  it("refuses a frequency said of the task itself or of what it sends", () => {
    expect(() => parsePhrase("On April 2, 2026 at 14:00 remind me quarterly", KOLKATA)).toThrow(unused("quarterly"));
    expect(() => parsePhrase("tomorrow at 9am send me the weekly summary", NEW_YORK)).toThrow(unused("weekly"));
    expect(() => parsePhrase("set up a weekly reminder on Monday at 9am", NEW_YORK)).toThrow(unused("weekly"));
  });
});

describe("the coverage rule and Spanish 'último'", () => {
  it("does not read 'última' in the news as a schedule word", () => {
    expect(scheduleOf("Cada 2 horas resume las noticias de última hora", MADRID)).toMatchObject({ kind: "every", every: 2, unit: "hour" });
    expect(scheduleOf("cada día a las 9 resume las últimas noticias", MADRID)).toMatchObject({ kind: "cron", expr: "0 9 * * *" });
  });

  it("still reads the last day and the last weekday of the month", () => {
    expect(scheduleOf("el último día de cada mes a las 9", MADRID)).toMatchObject({ kind: "cron", expr: "0 9 L * *" });
    expect(scheduleOf("el último viernes de cada mes a las 9", MADRID)).toMatchObject({ kind: "cron", expr: "0 9 * * 5L" });
  });

  it("refuses 'último' before a day or a period when the reading does not use it", () => {
    expect(() => parsePhrase("cada día a las 9, el último viernes", MADRID)).toThrow(unused("último"));
    expect(() => parsePhrase("cada lunes a las 9 a última hora", MADRID)).toThrow(unused("última"));
  });
});

describe("the coverage rule and a year said apart from its date", () => {
  it("asks a year after the time, which the reading would drop ('March 10 at 9am, 2028' ran in 2027)", () => {
    expect(() => parsePhrase("March 10 at 9am, 2028", NEW_YORK)).toThrow(unused("2028"));
    expect(() => parsePhrase("every day at 9am in 2027", NEW_YORK)).toThrow(unused("2027"));
    expect(() => parsePhrase("el 10 de marzo a las 9, 2027", MADRID)).toThrow(unused("2027"));
  });

  it("reads a year said with its date, and a year in the task's words", () => {
    expect(scheduleOf("March 10, 2026 at 9am", NEW_YORK)).toMatchObject({ kind: "once", at: Date.parse("2026-03-10T13:00:00Z") });
    expect(scheduleOf("remind me at 9am tomorrow to file the 2026 taxes", NEW_YORK)).toMatchObject({ kind: "once", at: Date.parse("2026-03-06T14:00:00Z") });
  });
});
