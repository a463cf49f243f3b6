import { describe, expect, it } from "vitest";
import { resolveLocalTime } from "../../../src/core/schedule/index.js";
import { readingOf, refusalOf, runs } from "./tuning-runs.js";

// Chinese reminders as people ask for them, task first (docs/phrases.md, "The nineteenth tuning
// set"). The runs are the tuning19 rows' (independent/convert19.py), worked out by hand as wall
// times; `now` is Thursday 5 March 2026, 10:00 on each zone's clock.

const TPE = "Asia/Taipei";
const HK = "Asia/Hong_Kong";
const SH = "Asia/Shanghai";
const NY = "America/New_York";
const at = (zone: string, month: number, day: number, hour: number, minute = 0) =>
  new Date(resolveLocalTime({ year: 2026, month, day, hour, minute }, zone).at).toISOString().replace(".000Z", "Z");
/** Runs on days of March 2026 at one time. */
const march = (zone: string, hour: number, minute: number, ...days: number[]) => days.map((d) => at(zone, 3, d, hour, minute));
const ASKED = { refused: "ambiguous_schedule" };
/** The reading's end (`end_at`, excluded) as an ISO instant. */
const endOf = (text: string, zone: string) => {
  const { endAt } = readingOf(text, zone);
  return endAt === undefined ? undefined : new Date(endAt).toISOString().replace(".000Z", "Z");
};

describe("a span of the runs: the next N days, N days in all, a clause of its own", () => {
  it.each([
    ["接下來三天每天早上八點提醒我吃藥", TPE, [8, 6, 7, 8], [3, 8, 10]],
    ["接下來七天每天早上八點提醒我吃抗生素", TPE, [8, 6, 7, 8], [3, 12, 10]],
    ["未來一週每天早上八點提醒我吃藥", TPE, [8, 6, 7, 8], [3, 12, 10]],
    ["之後兩週每天早上八點提醒我吃藥", TPE, [8, 6, 7, 8], [3, 19, 10]],
    ["接下來的三天，每天早上八點提醒我", TPE, [8, 6, 7, 8], [3, 8, 10]],
    ["接下来三天每天早上八点提醒我吃药", SH, [8, 6, 7, 8], [3, 8, 10]],
    ["接落嚟三日每朝8點提我食藥", HK, [8, 6, 7, 8], [3, 8, 10]],
    ["每天早上八點提醒我吃藥，共十四天", TPE, [8, 6, 7, 8], [3, 19, 10]],
    ["每天晚上8點背英文單字 共30天", TPE, [20, 5, 6, 7], [4, 4, 10]],
    ["每天早上八點，一個月", TPE, [8, 6, 7, 8], [4, 5, 10]],
    ["每天早上八点，一个月", SH, [8, 6, 7, 8], [4, 5, 10]],
    ["每天早上八點提醒我吃藥，吃一個月", TPE, [8, 6, 7, 8], [4, 5, 10]],
    ["每朝8點提我食藥，食一個月", HK, [8, 6, 7, 8], [4, 5, 10]],
  ])("%s", (text, zone, [hour, ...days], [month, day, endHour]) => {
    expect(runs(text, zone)).toEqual(march(zone, hour as number, 0, ...(days as number[])));
    expect(endOf(text, zone)).toBe(at(zone, month as number, day as number, endHour as number));
  });

  it("a span of weeks over a weekly repetition", () => {
    expect(runs("每週一三五早上十點打針，打三週", TPE)).toEqual(march(TPE, 10, 0, 6, 9, 11));
    expect(endOf("每週一三五早上十點打針，打三週", TPE)).toBe(at(TPE, 3, 26, 10));
    expect(endOf("接下來四週每週六早上十點提醒我上課", TPE)).toBe(at(TPE, 4, 2, 10));
  });

  it.each([
    // within three days: a deadline, not how long a repetition goes on
    ["接下來三天內每天早上八點提醒我"],
    // four Saturdays, not four weeks and a bare 六
    ["接下來的四個禮拜六早上十點上課"],
    // two hours from now end before the first run
    ["每天早上八點，兩小時"],
  ])("asked: %s", (text) => {
    expect(runs(text, TPE)).toEqual(ASKED);
  });

  it("a span of hours over a repetition within the day", () => {
    expect(runs("每15分鐘提醒我喝水，兩小時", TPE)).toEqual([at(TPE, 3, 5, 10, 15), at(TPE, 3, 5, 10, 30), at(TPE, 3, 5, 10, 45)]);
    expect(endOf("每15分鐘提醒我喝水，兩小時", TPE)).toBe(at(TPE, 3, 5, 12));
  });

  it("a number of units before 一次 is the interval, not a span: 兩天一次", () => {
    expect(runs("提醒我吃藥，兩天一次，早上八點", TPE)).toEqual(march(TPE, 8, 0, 6, 8, 10));
    expect(endOf("提醒我吃藥，兩天一次，早上八點", TPE)).toBeUndefined();
  });
});

describe("a span with a later start counts from the start", () => {
  it.each([
    ["從下週一開始每天早上八點，共十天", TPE, 8, [3, 19]],
    ["从下周一开始每天早上八点提醒我，共十天", SH, 8, [3, 19]],
    ["從下禮拜一開始，每天晚上十點提醒我吃藥，持續兩週", TPE, 22, [3, 23]],
  ])("%s", (text, zone, hour, [month, day]) => {
    expect(runs(text, zone)).toEqual(march(zone, hour as number, 0, 9, 10, 11));
    expect(endOf(text, zone)).toBe(at(zone, month as number, day as number, 0));
  });

  it("in English too, 'for 3 days starting Monday' runs Monday to Wednesday", () => {
    expect(runs("every day at 9am for 3 days starting Monday", NY)).toEqual(march(NY, 9, 0, 9, 10, 11));
    expect(endOf("every day at 9am for 3 days starting Monday", NY)).toBe(at(NY, 3, 12, 0));
  });

  it("a start today keeps the span counted from now", () => {
    expect(endOf("從今天開始每天晚上八點，持續一週", TPE)).toBe(at(TPE, 3, 12, 10));
  });
});

describe("this month or this year before a repetition bounds it", () => {
  it.each([
    ["這個月每天晚上十點提醒我記帳", TPE, [22, 5, 6, 7], [4, 1]],
    ["本月每天晚上九點提醒我記帳", TPE, [21, 5, 6, 7], [4, 1]],
    ["这个月每天晚上十点提醒我记账", SH, [22, 5, 6, 7], [4, 1]],
    ["呢個月每晚10點提我記數", HK, [22, 5, 6, 7], [4, 1]],
    ["這個月，每天早上八點", TPE, [8, 6, 7, 8], [4, 1]],
  ])("to the month's last day: %s", (text, zone, [hour, ...days], [month, day]) => {
    expect(runs(text, zone)).toEqual(march(zone, hour as number, 0, ...(days as number[])));
    expect(endOf(text, zone)).toBe(at(zone, month as number, day as number, 0));
  });

  it("今年 before a repetition: to the year's last day", () => {
    expect(runs("今年每週一早上九點", TPE)).toEqual(march(TPE, 9, 0, 9, 16, 23));
    expect(endOf("今年每週一早上九點", TPE)).toBe(
      new Date(resolveLocalTime({ year: 2027, month: 1, day: 1, hour: 0, minute: 0 }, TPE).at).toISOString().replace(".000Z", "Z"),
    );
  });

  it.each([["呢個禮拜每朝7點叫我起身"], ["這週每天晚上十一點提醒我睡覺"]])("this week stays asked, Cantonese 呢 too: %s", (text) => {
    expect(runs(text, HK)).toEqual(ASKED);
  });

  it("呢個月尾 is this month's last day, once, not every month's", () => {
    expect(runs("呢個月尾早上九點", HK)).toEqual([at(HK, 3, 31, 9)]);
  });
});

describe("next month's end and next month's day as the last day", () => {
  it.each([
    ["每天早上八點提醒我吃藥直到下個月底", TPE, [5, 1]],
    ["到下個月底每天早上八點", TPE, [5, 1]],
    ["每天早上八點到下個月底為止", TPE, [5, 1]],
    ["每天早上八点提醒我吃药，直到下个月底", SH, [5, 1]],
    ["每天早上八點提醒我吃藥到下個月五號", TPE, [4, 6]],
    ["每天早上八點提醒我吃藥到月底", TPE, [4, 1]],
    ["每天早上八点提醒我吃药到月底", SH, [4, 1]],
  ])("%s", (text, zone, [month, day]) => {
    expect(runs(text, zone)).toEqual(march(zone, 8, 0, 6, 7, 8));
    expect(endOf(text, zone)).toBe(at(zone, month as number, day as number, 0));
  });

  it("每天晚上十點到下個月15號 ends after 15 April", () => {
    expect(endOf("每天晚上十點到下個月15號", TPE)).toBe(at(TPE, 4, 16, 0));
  });

  it("下個月底 alone is one run on 30 April", () => {
    expect(runs("下個月底早上九點提醒我繳費", TPE)).toEqual([at(TPE, 4, 30, 9)]);
  });
});

describe("the month's n-th weekday named in English", () => {
  it.each([
    ["每個月第一個 Monday 早上九點開會", TPE, 9],
    ["每月第一個Monday早上10點開會", TPE, 10],
    ["每个月第一个 Monday 早上九点开会", SH, 9],
    ["每個月第一個 Monday 朝早9點開會", HK, 9],
  ])("%s", (text, zone, hour) => {
    expect(runs(text, zone)).toEqual([at(zone, 4, 6, hour), at(zone, 5, 4, hour), at(zone, 6, 1, hour)]);
  });

  it("the last Friday, and an abbreviation", () => {
    expect(runs("每個月最後一個 Friday 下午五點交報表", TPE)).toEqual([at(TPE, 3, 27, 17), at(TPE, 4, 24, 17), at(TPE, 5, 29, 17)]);
    expect(runs("每個月第三個 wed 晚上七點", TPE)).toEqual([at(TPE, 3, 18, 19), at(TPE, 4, 15, 19), at(TPE, 5, 20, 19)]);
  });

  it("the Chinese day still reads, and a month ahead's n-th weekday too", () => {
    expect(runs("每月最後一個週五下午三點", TPE)).toEqual([at(TPE, 3, 27, 15), at(TPE, 4, 24, 15), at(TPE, 5, 29, 15)]);
    expect(runs("下個月第一個禮拜一早上九點", TPE)).toEqual([at(TPE, 4, 6, 9)]);
  });
});

describe("counts and doses", () => {
  it("共8堂 is eight classes: eight runs", () => {
    expect(runs("從下週開始每週六早上十點上課，共8堂", TPE)).toEqual(march(TPE, 10, 0, 14, 21, 28));
    expect(readingOf("從下週開始每週六早上十點上課，共8堂", TPE).maxRuns).toBe(8);
    expect(readingOf("每週六早上十點上課，一共十節", TPE).maxRuns).toBe(10);
  });

  it("a count in all in a measure not read is asked, never dropped", () => {
    expect(runs("每天早上八點吃藥，共三劑", TPE)).toEqual(ASKED);
  });

  it("吃一次 on each run is no count", () => {
    expect(runs("每八小時提醒我吃一次藥", TPE)).toEqual([at(TPE, 3, 5, 16), at(TPE, 3, 6, 0), at(TPE, 3, 6, 8)]);
    expect(readingOf("每八小時提醒我吃一次藥", TPE).maxRuns).toBeUndefined();
  });
});

describe("words that name days the reader does not know are asked, never dropped", () => {
  it.each([
    ["這學期每週三下午兩點上課", TPE],
    ["这学期每周三下午两点上课", SH],
    ["寒假每天早上十點提醒我練琴", TPE],
    ["暑假每天早上十点练琴", SH],
    ["夏天每天傍晚六點澆水", TPE],
    ["療程期間每天早上八點提醒我", TPE],
    ["上四休二，每天早上七點提醒我", TPE],
    ["做二休二早上七點提醒我", TPE],
    ["輪班的日子早上六點叫我", TPE],
    ["上班的日子早上七點叫我", TPE],
    ["月頭早上九點提醒我交租", TPE],
    ["月頭九點提醒我", TPE],
    ["月头早上九点提醒我", SH],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });

  it.each([
    ["明天早上九點提醒我收夏天的衣服", [at(TPE, 3, 6, 9)]],
    ["每週五下午五點提醒我排班", march(TPE, 17, 0, 6, 13, 20)],
  ])("the same words as the task's own are still the task's: %s", (text, want) => {
    expect(runs(text, TPE)).toEqual(want);
  });
});

describe("two tasks in one message", () => {
  it.each([
    ["明天早上九點提醒我繳費，下午三點提醒我開會", TPE],
    ["明天早上九点提醒我缴费，下午三点提醒我开会", SH],
    ["聽日朝早9點提我交租，下晝3點提我開會", HK],
  ])("a task inside the schedule and another after it: asked, %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });

  it.each([
    ["每天提醒我吃藥 早上八點", march(TPE, 8, 0, 6, 7, 8)],
    ["每天早上8點跟晚上8點提醒我吃藥", [at(TPE, 3, 5, 20), at(TPE, 3, 6, 8), at(TPE, 3, 6, 20)]],
    ["每天早上八點提醒我吃藥，到3月20號，提醒我", march(TPE, 8, 0, 6, 7, 8)],
  ])("one task, wherever its words sit, still reads: %s", (text, want) => {
    expect(runs(text, TPE)).toEqual(want);
  });
});

describe("the start or the middle of the month (the policy): asked which day of the month", () => {
  it.each([
    ["月初早上九點", TPE, "月初"],
    ["每月月初早上九點提醒我繳費", TPE, "月初"],
    ["月頭九點提醒我", TPE, "月頭"],
    ["月頭提我交租", HK, "月頭"],
    ["月头早上九点提醒我", SH, "月头"],
    ["每個月中提醒我繳費", TPE, "月中"],
  ])("%s", (text, zone, said) => {
    const e = refusalOf(text, zone);
    expect(e.code).toBe("ambiguous_schedule");
    expect(e.message).toBe(`The phrase names a part of the month ('${said}') but not the day.`);
  });
});
