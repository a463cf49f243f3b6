import { describe, expect, it } from "vitest";
import { resolveLocalTime } from "../../../src/core/schedule/index.js";
import { nowIn, readingOf, refusalOf, runs } from "./tuning-runs.js";

// Japanese and Korean reminders as people ask for them (docs/phrases.md, "The twentieth tuning set").
// The runs are the tuning20 rows' (independent/convert20.py), worked out by hand as wall times; `now`
// is Thursday 5 March 2026, 10:00 in Tokyo and Seoul (no DST in either).

const JA = "Asia/Tokyo";
const KO = "Asia/Seoul";
const at = (zone: string, month: number, day: number, hour: number, minute = 0, year = 2026) =>
  new Date(resolveLocalTime({ year, month, day, hour, minute }, zone).at).toISOString().replace(".000Z", "Z");
/** Runs on days of March 2026 at one time. */
const march = (zone: string, hour: number, minute: number, ...days: number[]) => days.map((d) => at(zone, 3, d, hour, minute));
const ASKED = { refused: "ambiguous_schedule" };
/** When the runs stop (the task's end_at), as an ISO instant. */
const endOf = (text: string, zone: string) => {
  const { endAt } = readingOf(text, zone);
  return endAt == null ? null : new Date(endAt).toISOString().replace(".000Z", "Z");
};

describe("a bounded repetition: for so long, every day", () => {
  it.each([
    ["일주일 동안 매일 9시", 12],
    ["일주일 동안 매일 아침 9시에 약", 12],
    ["일주일간 매일 9시", 12],
    ["앞으로 일주일 동안 매일 아침 8시", 12],
    ["지금부터 일주일 동안 매일 9시", 12],
    ["이틀 동안 매일 9시", 7],
    ["사흘 동안 매일 9시", 8],
    ["열흘 동안 매일 9시", 15],
    ["보름 동안 매일 9시", 20],
  ])("the Korean span words read as a duration, which ends now plus that long: %s", (text, day) => {
    expect(endOf(text, KO)).toBe(at(KO, 3, day, 10));
  });

  it("a span word the reading does not use is asked, never dropped: 일주일 내내", () => {
    expect(runs("일주일 내내 매일 9시", KO)).toEqual(ASKED);
  });

  it("일 년 동안 is a year", () => {
    expect(endOf("일 년 동안 매일 9시", KO)).toBe(at(KO, 3, 5, 10, 0, 2027));
  });

  it.each([
    ["3日間毎日9時に薬", 8],
    ["1週間毎日9時に薬", 12],
    ["10日間毎日8時に", 15],
    ["3日間 毎晩9時に", 8],
    ["これから3日間毎日9時", 8],
    ["向こう1週間毎朝8時", 12],
  ])("a Japanese duration before 毎日 / 毎朝 / 毎晩 bounds it: %s", (text, day) => {
    expect(endOf(text, JA)).toBe(at(JA, 3, day, 10));
  });

  // A span after a later start counts from the start (read-bounds.ts spanEnd): from tomorrow's midnight.
  it.each([
    ["내일부터 일주일 동안 매일 아침 8시", KO, 13],
    ["明日から1週間、毎朝8時に", JA, 13],
    ["明日から10日間毎日8時", JA, 16],
  ])("a span from tomorrow ends that long after tomorrow begins: %s", (text, zone, day) => {
    expect(endOf(text, zone)).toBe(at(zone, 3, day, 0));
  });

  it("1ヶ月毎日 is for a month, not every month", () => {
    expect(endOf("1ヶ月毎日9時に", JA)).toBe(at(JA, 4, 5, 10));
    expect(runs("1ヶ月毎日9時に", JA)).toEqual(march(JA, 9, 0, 6, 7, 8));
  });

  it("2週間毎に is still every two weeks", () => {
    expect(runs("2週間毎に月曜9時", JA)).toEqual([at(JA, 3, 9, 9), at(JA, 3, 23, 9), at(JA, 4, 6, 9)]);
    expect(endOf("2週間毎に月曜9時", JA)).toBeNull();
  });

  it("1週間の振り返り is the task, not a duration: asked, never an end", () => {
    expect(runs("毎週日曜の夜8時に1週間の振り返り", JA)).toEqual(ASKED);
  });
});

describe("an end that names itself: all this week, month or year", () => {
  it.each([
    ["今月いっぱい毎日9時に", JA],
    ["今月中毎日9時に", JA],
    ["이번 달 내내 매일 9시", KO],
    ["이달 내내 매일 9시", KO],
    ["이번 달 말까지 매일 9시", KO],
    ["월말까지 매일 9시", KO],
  ])("until the end of this month, 31 March included: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual(march(zone, 9, 0, 6, 7, 8));
    expect(endOf(text, zone)).toBe(at(zone, 4, 1, 0));
  });

  it.each([
    ["今週いっぱい毎朝7時に", JA],
    ["이번 주 내내 매일 아침 7시", KO],
  ])("until the end of this week, Sunday 8 March included: %s", (text, zone) => {
    expect(endOf(text, zone)).toBe(at(zone, 3, 9, 0));
  });

  it.each([
    ["今年いっぱい毎週月曜9時", JA],
    ["今年中毎週月曜9時", JA],
    ["올해 내내 매주 월요일 9시", KO],
  ])("until the end of this year, 31 December included: %s", (text, zone) => {
    expect(endOf(text, zone)).toBe(at(zone, 1, 1, 0, 0, 2027));
  });

  it("今月中 with a single run is asked (an end for one run), never read without it", () => {
    expect(runs("今月中に書類を出す 9時", JA)).toEqual(ASKED);
  });
});

describe("the month's end in Korean", () => {
  it.each([["이번 달 말 오후 6시에"], ["이달 말 오후 6시"]])("this month's last day, once: %s", (text) => {
    expect(runs(text, KO)).toEqual([at(KO, 3, 31, 18)]);
  });

  it("월말 is the last day of every month, as 月末 is", () => {
    expect(runs("월말 오전 10시에 카드값", KO)).toEqual([at(KO, 3, 31, 10), at(KO, 4, 30, 10), at(KO, 5, 31, 10)]);
  });
});

describe("this or next weekend: which day is asked, and the question names the weekend", () => {
  it.each([
    ["다음 주말 오전 10시에", "다음 주말", KO],
    ["이번 주말 오전 10시에", "이번 주말", KO],
    ["来週末の10時に", "来週末", JA],
    ["来週末の朝10時に掃除", "来週末", JA],
  ])("%s", (text, period, zone) => {
    const { code, message } = refusalOf(text, zone);
    expect(code).toBe("ambiguous_schedule");
    expect(message).toContain(`'${period}'`);
  });

  it("주말 bare is still every weekend", () => {
    expect(runs("주말 오전 10시에 청소", KO)).toEqual(march(KO, 10, 0, 7, 8, 14));
  });
});

describe("a condition on the weather is asked, never dropped", () => {
  it.each([
    ["雨の日は毎朝7時に起こして", JA],
    ["雨の日だけ朝7時に教えて", JA],
    ["비 오는 날은 매일 아침 7시에 깨워줘", KO],
    ["비 오는 날만 아침 7시에 알려줘", KO],
    ["비가 올 때 아침 7시", KO],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });

  it("an umbrella is no condition", () => {
    expect(runs("매일 아침 7시 우산 챙기기", KO)).toEqual(march(KO, 7, 0, 6, 7, 8));
  });
});

describe("holidays are not known: asked", () => {
  it.each([
    ["平日の朝7時、祝日は除く", JA],
    ["平日の朝7時、休日はなし", JA],
    ["평일 아침 7시, 공휴일 제외", KO],
    ["평일 아침 7시 공휴일엔 쉼", KO],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });
});

describe("a holiday said for its date is asked, never read as today", () => {
  it.each([
    ["元旦の9時", JA],
    ["クリスマスの夜8時にプレゼント", JA],
    ["大晦日の夜11時", JA],
    ["크리스마스 저녁 8시", KO],
    ["설날 아침 9시", KO],
  ])("%s", (text, zone) => {
    expect(runs(text, zone)).toEqual(ASKED);
  });

  it("a birthday is the task's word: 毎年5月12日の朝9時に母の誕生日 is read", () => {
    expect(runs("毎年5月12日の朝9時に母の誕生日", JA)).toEqual([at(JA, 5, 12, 9), at(JA, 5, 12, 9, 0, 2027), at(JA, 5, 12, 9, 0, 2028)]);
  });
});

describe("relative days and delays", () => {
  it.each([
    ["일주일 후 10시에 반납", 12, 10],
    ["일주일 뒤 오전 10시에 병원", 12, 10],
    ["사흘 뒤 아침 9시", 8, 9],
    ["이틀 후 9시", 7, 9],
  ])("a span word before 후 / 뒤 is that long from today: %s", (text, day, hour) => {
    expect(runs(text, KO)).toEqual([at(KO, 3, day, hour)]);
  });

  it.each([
    ["낼 저녁 7시에 전화", 19],
    ["낼 아침 9시에 깨워줘", 9],
  ])("낼 before a time is tomorrow: %s", (text, hour) => {
    expect(runs(text, KO)).toEqual([at(KO, 3, 6, hour)]);
  });

  it.each([
    ["십오 분 후에 전화", KO, 15],
    ["삼십 분 뒤에 알려주세요", KO, 30],
    ["지금부터 30분 후에 깨워줘", KO, 30],
    ["今から30分後に起こして", JA, 30],
    ["今から1時間後にリマインドして", JA, 60],
  ])("a delay from now: %s", (text, zone, minutes) => {
    expect(runs(text, zone)).toEqual([new Date(nowIn(zone) + minutes * 60_000).toISOString().replace(".000Z", "Z")]);
  });
});

describe("days, ordinals and hours", () => {
  it.each([
    ["月水金の18時にジム", [6, 9, 11], 18, 0],
    ["火木の朝7時にジョギング", [10, 12, 17], 7, 0],
    ["水〜日の朝6時に起こして", [6, 7, 8], 6, 0],
  ])("days written as a run of their characters are a weekly habit: %s", (text, days, hour, minute) => {
    expect(runs(text, JA)).toEqual(march(JA, hour, minute, ...days));
  });

  it.each([
    ["毎月第2・第4水曜の7時に資源ゴミ", JA],
    ["第2・第4水曜日の朝7時に資源ゴミ", JA],
    ["매달 둘째 넷째 수요일 7시", KO],
    ["둘째, 넷째 수요일 아침 7시에 재활용", KO],
  ])("the second and fourth Wednesday of every month: %s", (text, zone) => {
    expect(runs(text, zone)).toEqual([at(zone, 3, 11, 7), at(zone, 3, 25, 7), at(zone, 4, 8, 7)]);
  });

  it("첫째 주, 셋째 주 월요일: the first and third Monday", () => {
    expect(runs("첫째 주, 셋째 주 월요일 9시", KO)).toEqual([at(KO, 3, 16, 9), at(KO, 4, 6, 9), at(KO, 4, 20, 9)]);
  });

  it("最後の金曜日 is the last Friday", () => {
    expect(runs("毎月最後の金曜日の18時に", JA)).toEqual([at(JA, 3, 27, 18), at(JA, 4, 24, 18), at(JA, 5, 29, 18)]);
  });

  it.each([["1日3回 8時 12時 18時に薬"], ["毎日8時 12時 18時に薬を飲む"]])("'8時 12時 18時' is three hours, not 08:12: %s", (text) => {
    expect(runs(text, JA)).toEqual([at(JA, 3, 5, 12), at(JA, 3, 5, 18), at(JA, 3, 6, 8)]);
  });

  it("minutes without 分 are still read: 毎日8時 12分", () => {
    expect(runs("毎日8時 12分に", JA)).toEqual(march(JA, 8, 12, 6, 7, 8));
  });

  it.each([
    ["平日の朝9時から夕方6時まで1時間おきに休憩", "0 9-18 * * 1-5"],
    ["毎日9時から夕方5時まで2時間ごとに", "0 9-17/2 * * *"],
    ["毎日夕方5時から夜8時まで1時間ごとに", "0 17-20 * * *"],
  ])("夕方 ends a window: %s", (text, expr) => {
    expect(readingOf(text, JA).schedule).toMatchObject({ kind: "cron", expr });
  });

  it.each([["월~금 아침 7시에 깨워줘"], ["월-금 7시 알람"], ["월〜금 7시"]])("a range of day syllables is Monday to Friday: %s", (text) => {
    expect(runs(text, KO)).toEqual(march(KO, 7, 0, 6, 9, 10));
  });

  it("15:30 before 회의 is the time, not 30 times", () => {
    expect(runs("매일 15:30 회의", KO)).toEqual(march(KO, 15, 30, 5, 6, 7));
  });

  it("a span in Sino-Korean numbers is not read, so it is asked: 삼 일 동안", () => {
    expect(runs("삼 일 동안 매일 9시", KO)).toEqual(ASKED);
  });

  it("매주 금 19시: one day's syllable after 매주", () => {
    expect(runs("매주 금 19시", KO)).toEqual(march(KO, 19, 0, 6, 13, 20));
  });

  it("매 시간마다 is every hour", () => {
    expect(runs("매 시간마다 물 마시기", KO)).toEqual([at(KO, 3, 5, 11), at(KO, 3, 5, 12), at(KO, 3, 5, 13)]);
  });

  it("이틀마다 is every two days", () => {
    expect(runs("이틀마다 아침 9시", KO)).toEqual(march(KO, 9, 0, 6, 8, 10));
  });
});

describe("English typed into Korean", () => {
  it.each([
    ["매일 아침 9am", march(KO, 9, 0, 6, 7, 8)],
    ["매일 8am에 약 먹기", march(KO, 8, 0, 6, 7, 8)],
    ["매주 Monday 9시", march(KO, 9, 0, 9, 16, 23)],
    ["내일 3pm 미팅", [at(KO, 3, 6, 15)]],
  ])("%s", (text, expected) => {
    expect(runs(text, KO)).toEqual(expected);
  });

  it("an English word left unread is asked", () => {
    expect(runs("매주 Monday and Friday 9시", KO)).toEqual(ASKED);
    expect(runs("매일 9시 until Friday", KO)).toEqual(ASKED);
  });
});
