import { describe, expect, it } from "vitest";
import { runs } from "./tuning-runs.js";

describe("a start word after a day chrono reads", () => {
  it("starts on tomorrow when 起 or 開始 follows 明天", () => {
    expect(runs("明天起每天晚上九點", "Asia/Taipei")).toEqual(["2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-08T13:00:00Z"]);
    expect(runs("每天早上七點 從後天開始", "Asia/Taipei")).toEqual(["2026-03-06T23:00:00Z", "2026-03-07T23:00:00Z", "2026-03-08T23:00:00Z"]);
  });
});

describe("Cantonese words for days and parts of the day", () => {
  it("reads 聽日 as tomorrow and 下晝 as the afternoon", () => {
    expect(runs("聽日下晝三點", "Asia/Hong_Kong")).toEqual(["2026-03-06T07:00:00Z"]);
  });

  it("reads 朝早 as the morning", () => {
    expect(runs("逢星期二朝早八點半", "Asia/Hong_Kong")).toEqual(["2026-03-10T00:30:00Z", "2026-03-17T00:30:00Z", "2026-03-24T00:30:00Z"]);
  });
});

describe("a Latin am/pm clock in Chinese", () => {
  it("reads 3pm and 10:15 a.m. typed among Chinese words", () => {
    expect(runs("明天 3pm 提醒我 call 客戶", "Asia/Taipei")).toEqual(["2026-03-06T07:00:00Z"]);
    expect(runs("每天 9am standup", "Asia/Taipei")).toEqual(["2026-03-06T01:00:00Z", "2026-03-07T01:00:00Z", "2026-03-08T01:00:00Z"]);
    expect(runs("週五 10:15 a.m. 看牙醫", "Asia/Taipei")).toEqual(["2026-03-06T02:15:00Z"]);
  });
});

describe("the n-th weekday of a named month", () => {
  it("reads the last Friday of March and the first Monday of April as one run", () => {
    expect(runs("三月最後一個星期五下午五點", "Asia/Taipei")).toEqual(["2026-03-27T09:00:00Z"]);
    expect(runs("四月的第一個星期一早上十點", "Asia/Taipei")).toEqual(["2026-04-06T02:00:00Z"]);
    expect(runs("the last monday in april at 9am", "America/New_York")).toEqual(["2026-04-27T13:00:00Z"]);
    expect(runs("on the first monday of june at 8am", "America/New_York")).toEqual(["2026-06-01T12:00:00Z"]);
    expect(runs("el primer lunes de abril a las 10", "Europe/Madrid")).toEqual(["2026-04-06T08:00:00Z"]);
  });

  it("still asks for a month named without a day, and still reads 'of the month' as a repetition", () => {
    expect(runs("三月早上十點", "Asia/Taipei")).toEqual({ refused: "ambiguous_schedule" });
    expect(runs("the last friday of the month at 5pm", "America/New_York")).toEqual(["2026-03-27T21:00:00Z", "2026-04-24T21:00:00Z", "2026-05-29T21:00:00Z"]);
  });
});
