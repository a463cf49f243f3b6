import { describe, expect, it } from "vitest";
import { grammarFor } from "../../../src/core/phrase/detect-language.js";
import { cjkNumber } from "../../../src/core/phrase/text.js";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

// Traditional Chinese as typed in Taiwan (issue #31; the tuning15 rows, independent/convert15.py).
// `now` is Thursday 5 March 2026, 10:00 in Taipei (02:00 UTC); Taipei is UTC+8 all year, so every
// expected instant below is the wall time worked out by hand less eight hours.
const TPE = "Asia/Taipei";
const cronOf = (text: string, zone = TPE) => {
  const { schedule } = readingOf(text, zone);
  return schedule.kind === "cron" ? schedule.expr : schedule.kind;
};

describe("minutes said with a leading 零 (shared CJK numerals)", () => {
  it.each([
    ["零五", 5],
    ["〇五", 5],
    ["零", 0],
    ["十五", 15],
  ])("reads %s as %i", (text, n) => {
    expect(cjkNumber(text)).toBe(n);
  });

  it.each([
    ["每天晚上十點零五分", "5 22 * * *"],
    ["每天晚上八點零五分提醒我吃藥", "5 20 * * *"],
    ["每天晚上十点零五分", "5 22 * * *"],
  ])("keeps the part of the day: %s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it("明天下午三點零五分 is 15:05 tomorrow, not 03:05", () => {
    expect(runs("明天下午三點零五分", TPE)).toEqual(["2026-03-06T07:05:00Z"]);
  });
});

describe("minutes past the hour with 過, before it with 差 said after the hour", () => {
  it.each([
    ["每天早上八點過十分", "10 8 * * *"],
    ["每天下午三點過五分", "5 15 * * *"],
    ["每天早上八點過一刻", "15 8 * * *"],
    ["每天下午四点过一刻提醒我", "15 16 * * *"],
    ["每天早上九點差五分", "55 8 * * *"],
    ["每天早上九點差一刻", "45 8 * * *"],
    ["每天早上差五分九點", "55 8 * * *"],
    ["每天早上八點半", "30 8 * * *"],
    ["每天早上八點十五分", "15 8 * * *"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it.each([
    ["明天早上八點過十分叫我", "2026-03-06T00:10:00Z"],
    ["明天早上九點差一刻", "2026-03-06T00:45:00Z"],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });

  it("asks 八點過半 (past half past eight, or half past?) rather than reading eight", () => {
    const refusal = refusalOf("明天早上八點過半", TPE);
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain("過");
  });

  it.each(["明天下午一點差一刻", "每天早上差一刻一點"])("asks a time before the hour that would cross noon or midnight, never the plain hour: %s", (text) => {
    expect(runs(text, TPE)).toEqual({ refused: "ambiguous_schedule" });
  });
});

describe("拜一 (colloquial 禮拜一) and 周日 written in Traditional text are weekdays", () => {
  it.each([
    ["拜一早上九點", "2026-03-09T01:00:00Z"],
    ["下拜一早上九點提醒我開會", "2026-03-09T01:00:00Z"],
    ["這拜五下午三點", "2026-03-06T07:00:00Z"],
    ["下拜五下午三點", "2026-03-13T07:00:00Z"],
    ["下周五早上十點", "2026-03-13T02:00:00Z"],
    ["拜天晚上七點", "2026-03-08T11:00:00Z"],
    ["下下拜一早上九點", "2026-03-16T01:00:00Z"],
    ["周日早上十點", "2026-03-08T02:00:00Z"],
    ["下周三下午四點", "2026-03-11T08:00:00Z"],
    ["周六晚上八點聚餐", "2026-03-07T12:00:00Z"],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });

  it.each([
    ["每拜一早上九點", "0 9 * * 1"],
    ["每個拜五晚上八點提醒我倒垃圾", "0 20 * * 5"],
    ["拜一到拜五早上八點", "0 8 * * 1-5"],
    ["拜三跟拜五晚上八點", "0 20 * * 3,5"],
    ["每天早上八點，除了拜三", "0 8 * * 0-2,4-6"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it.each([
    ["下禮拜五下午三點", "2026-03-13T07:00:00Z"],
    ["這個禮拜天晚上七點", "2026-03-08T11:00:00Z"],
  ])("leaves 禮拜 to the reading it had, its 拜 not read apart: %s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });

  it("starts a repetition on 拜一", () => {
    expect(runs("從拜一開始每天早上八點", TPE)).toEqual(["2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z", "2026-03-11T00:00:00Z"]);
  });

  it.each(["拜託明天早上九點提醒我", "去廟裡拜一拜，明天早上九點"])("leaves 拜 that is no weekday alone: %s", (text) => {
    expect(runs(text, TPE)).toEqual(["2026-03-06T01:00:00Z"]);
  });

  it("keeps 兩周後 a delay", () => {
    expect(runs("兩周後早上九點", TPE)).toEqual(["2026-03-19T01:00:00Z"]);
  });

  it.each(["周三四點", "拜三四點", "週三四點", "禮拜三四點"])("asks night or day for the bare hour after a weekday, not 三四點: %s", (text) => {
    const refusal = refusalOf(text, TPE);
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain("四點");
  });
});

describe("am/pm typed right against the Chinese", () => {
  it.each([
    ["週五3pm開會", "2026-03-06T07:00:00Z"],
    ["明天9am提醒我", "2026-03-06T01:00:00Z"],
    ["周五3pm开会", "2026-03-06T07:00:00Z"],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });

  it.each([
    ["每天8am提醒我吃藥", "0 8 * * *"],
    ["每天早上9am提醒我吃藥", "0 9 * * *"],
    ["每週五3pm開會", "0 15 * * 5"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });
});

describe("English schedule words in a Chinese phrase are read or asked, never dropped", () => {
  // tomorrow, every day and daily are read in Chinese (latinDaysInCjk, the sixteenth round); the
  // English words the grammar does not read make it ask.
  it.each([
    ["tomorrow 晚上八點", ["2026-03-06T12:00:00Z"]],
    ["tomorrow晚上八點", ["2026-03-06T12:00:00Z"]],
    ["every day 早上八點", ["2026-03-06T00:00:00Z", "2026-03-07T00:00:00Z", "2026-03-08T00:00:00Z"]],
    ["daily 晚上九點提醒我", ["2026-03-05T13:00:00Z", "2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z"]],
  ])("reads %s", (text, fires) => {
    expect(runs(text, TPE)).toEqual(fires);
  });

  it.each([
    ["until Friday 每天早上八點", "until"],
    ["每天早上八點 except Sunday", "except"],
    ["yesterday 晚上八點", "yesterday"],
  ])("asks %s", (text, word) => {
    const refusal = refusalOf(text, TPE);
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain(word);
  });

  it.each([
    ["weekdays 早上八點", "0 8 * * 1-5"],
    ["每天早上八點 meeting", "0 8 * * *"],
  ])("still reads what the grammar reads, and other English words stay the task's: %s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });
});

describe("working days, holidays, the start and middle of the month", () => {
  it.each(["上班日早上八點", "每個上班日早上八點提醒我打卡"])("上班日 is Monday to Friday: %s", (text) => {
    expect(cronOf(text)).toBe("0 8 * * 1-5");
  });

  it.each([
    ["假日早上十點", "假日"],
    ["月初早上九點", "月初"],
    ["月初早上九点", "月初"],
    ["月中提醒我早上九點繳費", "月中"],
  ])("asks a word that names no day: %s", (text, word) => {
    const refusal = refusalOf(text, TPE);
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain(word);
  });
});

describe("the words that take days out of a repetition", () => {
  it.each([
    ["每天早上八點，不含週末", "0 8 * * 1-5"],
    ["每天早上八點，跳過週三", "0 8 * * 0-2,4-6"],
    ["每天早上八點，禮拜三以外", "0 8 * * 0-2,4-6"],
    ["每天早上八点，周三以外", "0 8 * * 0-2,4-6"],
    ["每天早上七點，週末跳過", "0 7 * * 1-5"],
    ["每天早上八點，不包括禮拜六", "0 8 * * 0-5"],
    ["每週一到週五早上八點跳過週三", "0 8 * * 1,2,4,5"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it("leaves 跳過 that names no day to the task: 跳過廣告 每天早上八點", () => {
    expect(cronOf("跳過廣告 每天早上八點")).toBe("0 8 * * *");
  });
});

describe("day ranges and lists, 再, 夜裡", () => {
  it.each([
    ["禮拜一到五早上八點", "0 8 * * 1-5"],
    ["週一到五晚上九點半", "30 21 * * 1-5"],
    ["礼拜一到五早上八点", "0 8 * * 1-5"],
    ["每個禮拜的一三五早上七點", "0 7 * * 1,3,5"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it("asks 週一到五點 (Monday until five?)", () => {
    expect(runs("週一到五點", TPE)).toEqual({ refused: "ambiguous_schedule" });
  });

  it.each([
    ["明天早上九點再提醒我一次", "2026-03-06T01:00:00Z"],
    ["今天夜裡十一點", "2026-03-05T15:00:00Z"],
    ["今天夜里十一点", "2026-03-05T15:00:00Z"],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });
});

describe("a delay of hours and minutes", () => {
  it.each([
    ["1小時30分後提醒我", "2026-03-05T03:30:00Z"],
    ["兩小時三十分鐘後", "2026-03-05T04:30:00Z"],
    ["一小時半後叫我", "2026-03-05T03:30:00Z"],
    ["過一小時十分提醒我", "2026-03-05T03:10:00Z"],
    ["2個小時又15分鐘後", "2026-03-05T04:15:00Z"],
    ["1小时30分后提醒我", "2026-03-05T03:30:00Z"],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });

  it.each([
    ["1小時30分後", "zh-Hant"],
    ["30分後に", "ja"],
    ["午後3時", "ja"],
    ["明日の9時", "ja"],
    ["明日早上九點", "zh-Hant"],
  ])("is Chinese when a word only Chinese uses is there, Japanese otherwise: %s", (text, lang) => {
    expect(grammarFor(text).lang).toBe(lang);
  });

  it("reads Japanese 30分後 as before", () => {
    expect(runs("30分後に", "Asia/Tokyo")).toEqual(["2026-03-05T01:30:00Z"]);
  });
});

describe("the end of the year as an end, and 一直到", () => {
  it.each([
    ["每週五晚上七點，到年底", "2027-01-01T00:00:00+08:00"],
    ["每天早上八點，直到今年年底", "2027-01-01T00:00:00+08:00"],
    ["每周五晚上七点，到年底", "2027-01-01T00:00:00+08:00"],
    ["每天早上八點，一直到月底", "2026-04-01T00:00:00+08:00"],
  ])("%s", (text, end) => {
    expect(readingOf(text, TPE).endAt).toBe(Date.parse(end));
  });

  it("reads 年底 alone as 31 December", () => {
    expect(runs("年底早上九點", TPE)).toEqual(["2026-12-31T01:00:00Z"]);
  });

  it.each(["每週一早上九點，到明年年底", "明年年底早上九點", "明年底早上九點"])("asks 明年年底 rather than reading this year's end: %s", (text) => {
    expect(runs(text, TPE)).toEqual({ refused: "ambiguous_schedule" });
  });
});

describe("once every so many units (N單位一次)", () => {
  it.each([
    ["每週一次，禮拜一早上九點", "0 9 * * 1"],
    ["每月一次，1號早上九點", "0 9 1 * *"],
    ["每周一次，周一早上九点", "0 9 * * 1"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it.each([
    ["兩週一次禮拜一早上九點", ["2026-03-09T01:00:00Z", "2026-03-23T01:00:00Z", "2026-04-06T01:00:00Z"]],
    ["每兩週一次週一早上九點", ["2026-03-09T01:00:00Z", "2026-03-23T01:00:00Z", "2026-04-06T01:00:00Z"]],
    ["兩天一次晚上九點", ["2026-03-05T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-09T13:00:00Z"]],
    ["每小時一次", ["2026-03-05T03:00:00Z", "2026-03-05T04:00:00Z", "2026-03-05T05:00:00Z"]],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual(at);
  });

  it.each(["每週一次", "每個月一次"])("still asks the day: %s", (text) => {
    expect(runs(text, TPE)).toEqual({ refused: "ambiguous_schedule" });
  });

  it("keeps 一天一次 a time a day: 一天一次早上九點", () => {
    expect(cronOf("一天一次早上九點")).toBe("0 9 * * *");
  });
});

describe("午後 is the afternoon in Chinese too", () => {
  it("每天午後三點", () => {
    expect(cronOf("每天午後三點")).toBe("0 15 * * *");
  });
});

describe("a third sweep: next week's Sunday, 七點四五, holidays, a bare day list, before or after a clock", () => {
  it.each([
    ["下禮拜天晚上七點", "2026-03-15T11:00:00Z"],
    ["下週日早上十點提醒我", "2026-03-15T02:00:00Z"],
    ["下星期天下午兩點半", "2026-03-15T06:30:00Z"],
    ["下礼拜天晚上七点", "2026-03-15T11:00:00Z"],
    ["這禮拜天晚上七點", "2026-03-08T11:00:00Z"],
    ["下週三下午四點", "2026-03-11T08:00:00Z"],
    ["明天早上七點四五叫我", "2026-03-05T23:45:00Z"],
    ["明天早上七点四五叫我", "2026-03-05T23:45:00Z"],
  ])("%s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });

  it("reads 九點二五 as 9:25", () => {
    expect(cronOf("每天晚上九點二五")).toBe("25 21 * * *");
  });

  it.each([
    ["聖誕節早上九點", "聖誕節"],
    ["除夕晚上八點提醒我回家吃飯", "除夕"],
    ["圣诞节早上九点", "圣诞节"],
    ["一三五早上七點去健身房", "一三五"],
    ["今天下午五點前提醒我", "前"],
    ["每天早上八點以前", "以前"],
    ["明天晚上九點以後", "以後"],
  ])("asks rather than dropping the words: %s", (text, word) => {
    const refusal = refusalOf(text, TPE);
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain(word);
  });

  it.each([
    ["兩個小時後叫我", "2026-03-05T04:00:00Z"],
    ["半小時以後提醒我", "2026-03-05T02:30:00Z"],
  ])("keeps 後 after an hour unit a delay: %s", (text, at) => {
    expect(runs(text, TPE)).toEqual([at]);
  });
});

describe("廿 and 卅 (twenty, thirty), and 連假", () => {
  it.each([
    ["廿", 20],
    ["廿五", 25],
    ["卅", 30],
    ["卅一", 31],
  ])("reads %s as %i", (text, n) => {
    expect(cjkNumber(text)).toBe(n);
  });

  it.each([
    ["每天早上九點廿分", "20 9 * * *"],
    ["每月廿五號早上九點繳房租", "0 9 25 * *"],
  ])("%s", (text, expr) => {
    expect(cronOf(text)).toBe(expr);
  });

  it("早上九點卅分提醒我 is 09:30", () => {
    expect(runs("早上九點卅分提醒我", TPE)).toEqual(["2026-03-06T01:30:00Z"]);
  });

  it("asks 連假不用 rather than dropping it", () => {
    const refusal = refusalOf("每天早上八點，連假不用", TPE);
    expect(refusal.code).toBe("ambiguous_schedule");
    expect(refusal.message).toContain("連假");
  });
});

describe("今早 / 今朝: this morning", () => {
  it.each([
    ["今早9點提醒我吃藥", "Asia/Taipei"],
    ["今早9点提醒我", "Asia/Shanghai"],
    ["今朝9點提我", "Asia/Hong_Kong"],
  ])("a time of this morning already past is past, never tomorrow's nor tonight's: %s", (text, zone) => {
    expect(refusalOf(text, zone).code).toBe("in_the_past");
  });

  it.each([
    ["今早十一點提醒我開會", "Asia/Taipei"],
    ["今朝十一點提我交報告", "Asia/Hong_Kong"],
  ])("a time of this morning still ahead is today's: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(["2026-03-05T03:00:00Z"]);
  });
});
