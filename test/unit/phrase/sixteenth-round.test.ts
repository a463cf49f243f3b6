import { describe, expect, it } from "vitest";
import { cjkNumber } from "../../../src/core/phrase/text.js";
import { resolveLocalTime } from "../../../src/core/schedule/index.js";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

// Hong Kong Traditional Chinese, Cantonese words and English mixed in (docs/phrases.md, "The sixteenth
// tuning set"). The runs are the tuning16 rows' (independent/convert16.py), worked out by hand as wall
// times; `now` is Thursday 5 March 2026, 10:00 on each zone's clock.

const HK = "Asia/Hong_Kong";
const at = (zone: string, month: number, day: number, hour: number, minute = 0) =>
  new Date(resolveLocalTime({ year: 2026, month, day, hour, minute }, zone).at).toISOString().replace(".000Z", "Z");
/** Runs on days of March 2026 at one time. */
const march = (zone: string, hour: number, minute: number, ...days: number[]) => days.map((d) => at(zone, 3, d, hour, minute));
const ASKED = { refused: "ambiguous_schedule" };
/** The first two runs of a reading that runs on named days only (its end is checked apart). */
const firstTwo = (text: string, zone: string) => (runs(text, zone) as string[]).slice(0, 2);

describe("Cantonese day and time words", () => {
  it.each([
    ["聽晚8點提我睇波", 6, 20, 0],
    ["聽晚十點半叫我瞓覺", 6, 22, 30],
    ["听晚8点", 6, 20, 0],
    ["聽朝9點提我交報告", 6, 9, 0],
    ["聽朝八點半叫我起身", 6, 8, 30],
  ])("聽朝 and 聽晚 are tomorrow's morning and evening, not today's: %s", (text, day, hour, minute) => {
    expect(runs(text, HK)).toEqual(march(HK, hour, minute, day));
  });

  it.each([
    ["晏晝1點提我食飯", 5, 13, 0],
    ["聽日晏晝兩點提我", 6, 14, 0],
    ["聽日晏晝12點半同客食飯", 6, 12, 30],
    ["挨晚6點提我收衫", 5, 18, 0],
    ["挨晚5點半提我收衫", 5, 17, 30],
  ])("晏晝 and 挨晚 put the hour after noon, and 晏晝 is no date of its own: %s", (text, day, hour, minute) => {
    expect(runs(text, HK)).toEqual(march(HK, hour, minute, day));
  });

  it("听日晏昼 in simplified characters", () => {
    expect(runs("听日晏昼2点提我", "Asia/Shanghai")).toEqual([at("Asia/Shanghai", 3, 6, 14)]);
  });

  it("晏晝 alone names no time: asked", () => {
    expect(runs("晏晝提我", HK)).toEqual(ASKED);
    expect(runs("聽日晏晝", HK)).toEqual(ASKED);
  });

  it("every day at 13:00 with 晏晝, not a repetition and a date", () => {
    expect(runs("每日晏晝1點提我食藥", HK)).toEqual(march(HK, 13, 0, 5, 6, 7));
  });

  it("每朝 is every morning", () => {
    expect(runs("每朝8點提我食藥", HK)).toEqual(march(HK, 8, 0, 6, 7, 8));
    expect(runs("每朝七點半叫我起身", HK)).toEqual(march(HK, 7, 30, 6, 7, 8));
  });

  it("夜晚 ends a window: every hour from 09:00 to 18:00", () => {
    expect(runs("朝早9點到夜晚6點每個鐘提我飲水", HK)).toEqual([at(HK, 3, 5, 11), at(HK, 3, 5, 12), at(HK, 3, 5, 13)]);
    expect(readingOf("朝早9點到夜晚6點每個鐘提我飲水", HK).schedule).toMatchObject({ kind: "cron", expr: "0 9-18 * * *" });
  });

  it("半個鐘 is half an hour, after 每 and after 再過", () => {
    expect(runs("每半個鐘提我郁下", HK)).toEqual([at(HK, 3, 5, 10, 30), at(HK, 3, 5, 11), at(HK, 3, 5, 11, 30)]);
    expect(runs("再過半個鐘提我", HK)).toEqual([at(HK, 3, 5, 10, 30)]);
  });
});

describe("同 (and), 嘅 (of), 除咗 (except), 唔使 (not needed)", () => {
  it("同 joins days, times and dates", () => {
    expect(runs("每個禮拜一同禮拜四朝早10點", HK)).toEqual([at(HK, 3, 9, 10), at(HK, 3, 12, 10), at(HK, 3, 16, 10)]);
    expect(runs("每個禮拜六同禮拜日朝早10點", HK)).toEqual(march(HK, 10, 0, 7, 8, 14));
    expect(runs("每日朝早8點同夜晚8點提我食藥", HK)).toEqual([at(HK, 3, 5, 20), at(HK, 3, 6, 8), at(HK, 3, 6, 20)]);
    expect(firstTwo("聽日同後日朝早9點", HK)).toEqual(march(HK, 9, 0, 6, 7));
    expect(readingOf("聽日同後日朝早9點", HK).endAt).toBe(Date.parse(at(HK, 3, 8, 0)));
  });

  it("today and tomorrow: both days run, 今日 is never dropped", () => {
    expect(firstTwo("今日同聽日晚上6點", HK)).toEqual(march(HK, 18, 0, 5, 6));
    expect(readingOf("今日同聽日晚上6點", HK).endAt).toBe(Date.parse(at(HK, 3, 7, 0)));
    // Joined by a word that is no glue, 今日 is left out of the reading: asked, not tomorrow only.
    expect(runs("今日 and 聽日晚上6點", HK)).toEqual(ASKED);
  });

  it("嘅 is 的 in every other week", () => {
    expect(runs("每隔一個禮拜嘅禮拜二朝早10點", HK)).toEqual([at(HK, 3, 10, 10), at(HK, 3, 24, 10), at(HK, 4, 7, 10)]);
    expect(runs("每兩個禮拜嘅禮拜一朝早9點", HK)).toEqual([at(HK, 3, 9, 9), at(HK, 3, 23, 9), at(HK, 4, 6, 9)]);
  });

  it.each(["每日朝早八點，除咗禮拜日", "每日朝早八點，禮拜日唔使"])("the day excepted: %s", (text) => {
    expect(runs(text, HK)).toEqual(march(HK, 8, 0, 6, 7, 9));
  });

  it("除咗 before the repetition", () => {
    expect(runs("除咗禮拜三，每日朝早9點", HK)).toEqual(march(HK, 9, 0, 6, 7, 8));
  });

  it("一日兩次 with both times said", () => {
    expect(runs("一日兩次，朝早9點同夜晚9點", HK)).toEqual([at(HK, 3, 5, 21), at(HK, 3, 6, 9), at(HK, 3, 6, 21)]);
  });
});

describe("the month's end, ranges of days, every other week, starts", () => {
  it.each([
    ["每個月最後一日朝早9點", HK, 9],
    ["每個月最尾一日晚上8點", HK, 20],
    ["每個月尾朝早9點提我找數", HK, 9],
    ["每個月最後一日早上九點", "Asia/Taipei", 9],
    ["每个月最后一日早上9点", "Asia/Shanghai", 9],
  ])("the last day of each month: %s", (text, zone, hour) => {
    expect(runs(text, zone)).toEqual([at(zone, 3, 31, hour), at(zone, 4, 30, hour), at(zone, 5, 31, hour)]);
  });

  it("到月尾為止 ends after the month's last day", () => {
    expect(readingOf("每日朝早8點，到月尾為止", HK).endAt).toBe(Date.parse(at(HK, 4, 1, 0)));
  });

  it.each([
    ["星期一至五朝早8點", HK, 8, 0],
    ["禮拜一至五朝早七點半", HK, 7, 30],
    ["星期一至五早上8点", "Asia/Shanghai", 8, 0],
  ])("a range of days whose second day has no 星期: %s", (text, zone, hour, minute) => {
    expect(runs(text, zone)).toEqual(march(zone, hour, minute, 6, 9, 10));
  });

  it("隔個禮拜X is every other week on that day, never one run; alone it is asked", () => {
    expect(runs("隔個禮拜一朝早9點", HK)).toEqual([at(HK, 3, 9, 9), at(HK, 3, 23, 9), at(HK, 4, 6, 9)]);
    expect(runs("隔個星期三晚上8點", HK)).toEqual([at(HK, 3, 11, 20), at(HK, 3, 25, 20), at(HK, 4, 8, 20)]);
    expect(runs("隔個禮拜開會朝早9點", HK)).toEqual(ASKED);
  });

  it.each(["每日朝早9點，聽日開始", "由聽日開始每朝9點叫我"])("a start on 聽日: %s", (text) => {
    expect(runs(text, HK)).toEqual(march(HK, 9, 0, 6, 7, 8));
  });

  it("a start on 後日", () => {
    expect(runs("後日開始每朝8點", HK)).toEqual(march(HK, 8, 0, 7, 8, 9));
  });

  it.each(["返工日朝早8點提我打卡", "返工嘅日子朝早8點", "返工時間每個鐘提我飲水"])(
    "the days or hours one works are not known: asked, never every day or round the clock: %s",
    (text) => {
      expect(runs(text, HK)).toEqual(ASKED);
    },
  );

  it("返工 as the task's own word stays words", () => {
    expect(runs("聽日朝早8點提我返工", HK)).toEqual(march(HK, 8, 0, 6));
  });
});

describe("minutes: 個字, 零, and a small number without 分", () => {
  it.each([
    ["今日下晝五點三個字", 5, 17, 15],
    ["聽日下晝三點九個字開會", 6, 15, 45],
    ["聽日朝早八點四個字", 6, 8, 20],
  ])("a 字 is five minutes: %s", (text, day, hour, minute) => {
    expect(runs(text, HK)).toEqual(march(HK, hour, minute, day));
  });

  it.each([
    ["聽日下午三點零五分", HK],
    ["下午三點零五分打電話", "Asia/Taipei"],
    ["明天下午三点零五分", "Asia/Shanghai"],
  ])("零五分 is five past, and the part of the day applies: %s", (text, zone) => {
    const [first] = runs(text, zone) as string[];
    expect(first?.slice(11, 16)).toBe(new Date(at(zone, 3, 5, 15, 5)).toISOString().slice(11, 16));
  });

  it("reads a zero before one digit as that digit", () => {
    expect(cjkNumber("零五")).toBe(5);
    expect(cjkNumber("〇九")).toBe(9);
    expect(cjkNumber("零")).toBe(0);
  });

  it.each(["聽日下晝三點幾", "三點幾提我"])("三點幾 says no minute: asked, not 15:00: %s", (text) => {
    expect(refusalOf(text, HK).message).toContain("leaves the time open");
  });

  it.each(["聽日朝早八點五", "下晝三點三提我", "明天早上8點10", "朝早九點十一"])(
    "X點Y with Y from 1 to 11 and no 分 is Y minutes or Y 字: asked, naming both: %s",
    (text) => {
      const { code, message } = refusalOf(text, HK);
      expect(code).toBe("ambiguous_schedule");
      expect(message).toContain("字");
    },
  );

  it.each([
    ["明天早上8點05", 8, 5],
    ["明天早上八點零五", 8, 5],
    ["明天早上8點10分", 8, 10],
    ["明天早上九點十二", 9, 12],
  ])("a zero, a 分 or a number past 11 can only be minutes: %s", (text, hour, minute) => {
    expect(runs(text, HK)).toEqual(march(HK, hour, minute, 6));
  });
});

describe("English in a Chinese or Japanese sentence", () => {
  const MONDAYS = [at(HK, 3, 9, 9), at(HK, 3, 16, 9), at(HK, 3, 23, 9)];
  it.each(["every Monday 朝早9點", "每個 Monday 朝早 9點", "每個Monday朝早9點", "Mondays 朝早9點"])("every Monday: %s", (text) => {
    expect(runs(text, HK)).toEqual(MONDAYS);
  });

  it("next Friday is the Friday of next week (the policy), not tomorrow", () => {
    expect(runs("next Friday 3pm 提我", HK)).toEqual([at(HK, 3, 13, 15)]);
    expect(runs("next Monday 朝早9點", HK)).toEqual([at(HK, 3, 9, 9)]);
    expect(runs("next Monday の10時", "Asia/Tokyo")).toEqual([at("Asia/Tokyo", 3, 9, 10)]);
  });

  it.each(["everyday 朝早8點提我食藥", "daily 朝早8點", "every day 朝早8點"])("every day: %s", (text) => {
    expect(runs(text, HK)).toEqual(march(HK, 8, 0, 6, 7, 8));
  });

  it("daily before a meeting's name stays the task's words", () => {
    expect(runs("聽日朝早9點半 daily standup", HK)).toEqual(march(HK, 9, 30, 6));
  });

  it.each([
    ["每個 weekend 朝早10點", HK],
    ["every weekend 10am 提我", HK],
    ["毎週 weekend 10時", "Asia/Tokyo"],
  ])("every weekend: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 10, 0, 7, 8, 14));
  });

  it("a weekday name alone is the coming one", () => {
    expect(runs("Monday 朝早9點提我開會", HK)).toEqual([at(HK, 3, 9, 9)]);
    expect(runs("Friday 下午5点提醒我交周报", "Asia/Shanghai")).toEqual([at("Asia/Shanghai", 3, 6, 17)]);
  });

  it.each([
    ["tomorrow 3pm 提我", HK, 6, 15],
    ["tmr 朝早11點提我覆client", HK, 6, 11],
    ["聽日3pm提我", HK, 6, 15],
    ["today 下晝3點", HK, 5, 15],
    ["tonight 9點提我", HK, 5, 21],
    ["tomorrow 下午3点提醒我", "Asia/Shanghai", 6, 15],
  ])("the day words: %s", (text, zone, day, hour) => {
    expect(runs(text, zone)).toEqual(march(zone, hour, 0, day));
  });

  it.each([
    ["毎週 Monday 9時", [at("Asia/Tokyo", 3, 9, 9), at("Asia/Tokyo", 3, 16, 9), at("Asia/Tokyo", 3, 23, 9)]],
    ["tomorrow の午後3時", [at("Asia/Tokyo", 3, 6, 15)]],
    ["明日 3pm に電話", [at("Asia/Tokyo", 3, 6, 15)]],
  ])("in Japanese: %s", (text, expected) => {
    expect(runs(text, "Asia/Tokyo")).toEqual(expected);
  });

  it.each(["每日朝早9點 except Friday", "每日朝早9點 until Friday", "weekend 朝早10點", "毎日9時 until Friday"])(
    "an English word the reading does not use is asked, not dropped: %s",
    (text) => {
      expect(runs(text, text.includes("毎") ? "Asia/Tokyo" : HK)).toEqual(ASKED);
    },
  );

  it("an English word that is no day stays words", () => {
    expect(runs("Sun Life 保險 聽日下晝3點", HK)).toEqual([at(HK, 3, 6, 15)]);
    expect(runs("聽日 3pm call client", HK)).toEqual([at(HK, 3, 6, 15)]);
  });
});

describe("a date with slashes in Hong Kong", () => {
  it("8/4 could be 8 April or 4 August in Hong Kong and Macau: asked", () => {
    expect(runs("8/4 朝早9點開會", HK)).toEqual(ASKED);
    expect(runs("8/4 朝早9點", "Asia/Macau")).toEqual(ASKED);
    expect(runs("到8/4為止每日朝早9點", HK)).toEqual(ASKED);
  });

  it("month first where Chinese is written so, and where only one order is a date", () => {
    expect(runs("8/4 早上9點", "Asia/Taipei")).toEqual([at("Asia/Taipei", 8, 4, 9)]);
    expect(runs("3/20 朝早9點", HK)).toEqual([at(HK, 3, 20, 9)]);
    expect(runs("4/4 朝早9點", HK)).toEqual([at(HK, 4, 4, 9)]);
  });
});

describe("found by the third sweep", () => {
  const TP = "Asia/Taipei";
  const NY = "America/New_York";
  it.each([
    ["今晚7點同聽晚7點", HK],
    ["今晚7點和明晚7點", TP],
    ["今天晚上7點和明天晚上7點", TP],
    ["tonight at 7 and tomorrow at 7pm", NY],
  ])("tonight beside another date is today, a date of its own: %s", (text, zone) => {
    expect(firstTwo(text, zone)).toEqual(march(zone, 19, 0, 5, 6));
    expect(readingOf(text, zone).endAt).toBe(Date.parse(at(zone, 3, 7, 0)));
  });

  it("tonight alone is still one run", () => {
    expect(runs("今晚7點提我", HK)).toEqual(march(HK, 19, 0, 5));
  });

  it.each([
    ["聽日朝早8點同後日夜晚9點", HK, 21],
    ["明天早上8點和後天晚上9點", TP, 21],
    ["明天早上8點和後天晚上8點", TP, 20],
  ])("several dates, each with its own time: a run at each, never every time on every date: %s", (text, zone, evening) => {
    // The third run the cron finds is a year on, after the end.
    expect((runs(text, zone) as string[]).slice(0, 2)).toEqual([at(zone, 3, 6, 8), at(zone, 3, 7, evening)]);
    expect(readingOf(text, zone).endAt).toBe(Date.parse(at(zone, 3, 8, 0)));
  });

  it("times said once for all the dates are every time on every date", () => {
    const zone = "Asia/Taipei";
    expect(runs("明天和後天早上9點和晚上9點", zone)).toEqual([at(zone, 3, 6, 9), at(zone, 3, 6, 21), at(zone, 3, 7, 9)]);
    expect(readingOf("明天和後天早上9點和晚上9點", zone).endAt).toBe(Date.parse(at(zone, 3, 8, 0)));
  });

  it.each([
    ["一個半鐘之後提我", 11, 30],
    ["兩個半鐘之後叫我", 12, 30],
    ["個半鐘後提我", 11, 30],
  ])("an hour and a half in 鐘: %s", (text, hour, minute) => {
    expect(runs(text, HK)).toEqual(march(HK, hour, minute, 5));
  });

  it("一個月 after a repetition is not dropped: how long it goes on (the nineteenth round reads the span)", () => {
    const reading = readingOf("每日朝早8點，一個月", HK);
    expect(runs("每日朝早8點，一個月", HK)).toEqual(march(HK, 8, 0, 6, 7, 8));
    expect(reading.endAt).toBe(Date.parse(at(HK, 4, 5, 10)));
  });

  it("逢 with the days and no 星期", () => {
    expect(runs("逢一三五朝早6點半", HK)).toEqual(march(HK, 6, 30, 6, 9, 11));
  });
});

describe("found by the fourth sweep", () => {
  it.each([
    ["除夕夜晚8點提我打電話返屋企", HK],
    ["中秋節夜晚8點", HK],
    ["春节早上9点", "Asia/Shanghai"],
  ])("a festival on the lunar calendar is a lunar date: asked, never tonight: %s", (text, zone) => {
    expect(refusalOf(text, zone).message).toContain("lunar calendar");
  });

  it("a festival apart from the time is not dropped: asked, quoting it", () => {
    expect(refusalOf("除夕提我打電話返屋企，夜晚8點", HK).message).toContain("除夕");
  });
});
