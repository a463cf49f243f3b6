import * as chrono from "chrono-node";
import type { ClockReading, Fragment, IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
  cjkClock,
  clock,
  dateOrMonthDate,
  fromBeforeInterval,
  type Grammar,
  LATIN_IN_CJK_BEARING,
  latinDaysInCjk,
  latinMeridiemClock,
  lexicon,
  minutesBefore,
  monthFirstDateRange,
  periodOf,
  readDayList,
  ruleOf,
  slashDate,
  startWord,
  WEEKDAYS,
  WEEKEND,
  windowOf,
} from "../grammar.js";
import { cjkNumber } from "../text.js";

const N = "([0-9]{1,2}|[〇一二三四五六七八九十]{1,3})";
/** 日 alone is "day", so Sunday needs 曜: 日曜(日). The others may stand alone in a list (月・水・金). */
const DAY = "(?:[月火水木金土](?:曜日?)?|日曜日?)";
/** Two to seven day characters standing alone, with or without separators: 月水金, 火・木, 水〜日 (not 月曜, 今日, 水木曜). */
const DAY_RUN = "(?<![\\p{Script=Han}])[月火水木金土日](?:\\s*[・、,〜～\\-]?\\s*[月火水木金土日]){1,6}(?![\\p{Script=Han}])";
/** Days one after another may go without a separator: 毎週月水金. */
const DAY_LIST = `((?:土日|${DAY})(?:\\s*(?:[・、,と〜～\\-]|および|及び|から)?\\s*(?:土日|${DAY}))*)`;
const UNIT = "(分|時間|日|週間|週|か月|ヶ月|ヵ月|カ月|ケ月|年)";

const WEEKDAY_OF: Record<string, number> = { 日: 0, 月: 1, 火: 2, 水: 3, 木: 4, 金: 5, 土: 6 };
const days = (list: string) => readDayList(list, /([月火水木金土日])(?:曜日?)?/gu, (d) => WEEKDAY_OF[d] ?? null, /^\s*(?:から|〜|～|-)\s*$/u);

const PARTS: Record<string, PartOfDay> = {
  早朝: "morning",
  朝: "morning",
  午前中: "morning",
  昼: "noon",
  お昼: "noon",
  夕方: "evening",
  晩: "night",
  夜: "night",
  深夜: "early",
  夜中: "early",
  未明: "early",
  明け方: "early",
};
const NUMBER = "(?:[0-9]{1,2}|[〇一二三四五六七八九十]{1,3})";
/** A number, whole (no backtracking into it), and the units of a duration ("明日から1週間": a start, then how long). */
const DIGITS = "[0-9〇一二三四五六七八九十]+(?![0-9〇一二三四五六七八九十])";
const DURATION_UNIT = "(?:週間|日間|か月|ヶ月|カ月|年間)";
/** After the minutes: not another hour ("8時 12時 18時" is three hours, not 8:12 and two more). */
const NOT_AN_HOUR = "(?![0-9〇一二三四五六七八九十]|\\s*時)";
const CLOCK = `(?:午前|午後|朝|夕方|夜|晩)?\\s*${NUMBER}\\s*時(?!間)(?:\\s*(?:半|${NUMBER}\\s*分))?`;
const CLOCK_PARTS = new RegExp(`^(午前|午後|朝|夕方|夜|晩)?\\s*(${NUMBER})\\s*時\\s*(半|(${NUMBER})\\s*分)?$`, "u");

/** One end of a window: "9時", "午後5時半". */
const windowEnd = (text: string): ClockReading | null =>
  cjkClock(CLOCK_PARTS.exec(text.trim()), (w) => ({
    meridiem: w === "午前" ? "am" : w === "午後" ? "pm" : null,
    ...(w === "朝" && { part: "morning" as const }),
    ...((w === "夜" || w === "晩") && { part: "night" as const }),
    ...(w === "夕方" && { part: "evening" as const }),
  }));

const NTH: Record<string, number> = { "1": 1, 一: 1, "2": 2, 二: 2, "3": 3, 三: 3, "4": 4, 四: 4, "5": 5, 五: 5 };
/** An n-th (第2) or the last (最終, 最後の) of a month's weekdays. */
const ORDINAL = "(?:第\\s*[1-5一二三四五]|最終|最後\\s*の)";
const PART = `(${Object.keys(PARTS)
  .sort((a, b) => b.length - a.length)
  .join("|")})`;

function unitOf(word: string): IntervalUnitWord {
  if (word === "分") return "minute";
  if (word === "時間") return "hour";
  if (word === "日") return "day";
  if (word.startsWith("週")) return "week";
  if (word === "年") return "year";
  return "month";
}

/** "5分おき" is every 5 minutes; "1日おき" every other day; "2日おき" is read both ways: refused. */
function intervalOf(amountText: string, unitText: string, skip: boolean): Fragment | null {
  const amount = cjkNumber(amountText);
  if (amount === null) return null;
  const unit = unitOf(unitText);
  if (!skip || unit === "minute" || unit === "hour") return { kind: "interval", every: amount, unit };
  return amount === 1 ? { kind: "interval", every: 2, unit } : { kind: "vague", what: "interval", skip: { amount, unit } };
}

function clockOf(meridiem: string | undefined, hourText: string, minuteText: string | undefined): Fragment | null {
  const hour = cjkNumber(hourText);
  const minute = minuteText === undefined ? 0 : minuteText === "半" ? 30 : cjkNumber(minuteText);
  if (hour === null || minute === null) return null;
  return clock(hour, minute, meridiem === undefined ? null : meridiem === "午前" ? "am" : "pm");
}

const rules: Rule[] = [
  // "明日になったら9時に", "月曜になったら": once that day comes, a when (conditions.ts reads it after a clock).
  ruleOf(`(?<=(?:明日|明後日|あした|あさって|曜日?|[0-9一二三四五六七八九十]\\s*日|来週|週末))\\s*に\\s*なったら`, () => ({ kind: "noise" })),
  ruleOf(`旧暦|太陰暦|陰暦`, () => ({ kind: "vague", what: "calendar" })),
  slashDate("month-day"),
  ...latinDaysInCjk("毎週\\s*(?:の)?"),
  latinMeridiemClock,
  // "今から30分後", "これから3日間": from now, said before a delay or a duration, which count from now anyway.
  ruleOf(`(?:今|これ)\\s*から(?=\\s*${NUMBER}\\s*(?:分|時間|日|週間|か月|ヶ月|カ月|年))`, () => ({
    kind: "noise",
  })),
  ruleOf(`${N}\\s*時間\\s*半\\s*後`, (m) => {
    const hours = cjkNumber(m[1] ?? "");
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  ruleOf(`${N}\\s*${UNIT}\\s*(?:後|以内)`, (m) => {
    const amount = cjkNumber(m[1] ?? "");
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(`半\\s*時間\\s*後`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  ruleOf(`後で|あとで|後ほど|のちほど|少し後|しばらくして`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(`そのうち|いつか|近いうちに|今度|また今度|暇な時|ひまなとき`, () => ({ kind: "vague", what: "time" })),
  // "3月10日から12日まで": a range of dates (grammar.ts), before the clock window; not after a year (the year would go unread).
  monthFirstDateRange(`(?<!年\\s*)${N}\\s*月`, `${N}\\s*日`, `(?:から|〜|～|-)`, `(?:\\s*まで)?`, cjkNumber, cjkNumber),
  ruleOf(`(?:${CLOCK})\\s*(?:から|〜|～|-)\\s*(?:${CLOCK})(?:\\s*まで)?`, (m) => {
    const [fromText, toText] = m[0].replace(/まで$/u, "").split(/から|〜|～|-/u);
    return windowOf(windowEnd(fromText ?? ""), windowEnd(toText ?? ""));
  }),
  ruleOf(`(?:1日|一日)\\s*${N}\\s*回`, (m) => [{ kind: "vague", what: "time", perDay: cjkNumber(m[1] ?? "") ?? 0 }, { kind: "daily" }]),
  ruleOf(`${N}\\s*回(?:だけ)?`, (m) => {
    const times = cjkNumber(m[1] ?? "");
    return times === null || times < 2 ? null : { kind: "count", times };
  }),
  // "3日間毎日", "1ヶ月毎朝": a duration before a daily repetition; "2週間毎に" (every two weeks) and "1週間の振り返り"
  // (a week's review: the task's words, asked through the lexicon) are not durations.
  ruleOf(`${N}\\s*(週間|か月間?|ヶ月間?|カ月間?|日間|年間)(?!\\s*(?:後|ごと|毎(?![日朝晩夜夕])|おき|の))`, (m) => {
    const amount = cjkNumber(m[1] ?? "");
    const word = m[2] ?? "";
    const unit = word.startsWith("週") ? "week" : word.startsWith("日") ? "day" : word.startsWith("年") ? "year" : "month";
    return amount === null ? null : { kind: "duration", amount, unit };
  }),
  ruleOf(`来月\\s*の?\\s*${N}\\s*日`, (m) => {
    const day = cjkNumber(m[1] ?? "");
    return day === null ? null : { kind: "monthAhead", months: 1, day };
  }),
  ruleOf(`今月\\s*の?\\s*(?:末日?|終わり)`, () => ({ kind: "monthEnd", month: null })),
  // "今月いっぱい毎日", "今週中毎朝", "今年いっぱい": all this month, week or year, its last day included (an end that names itself).
  ruleOf(`(今月|今週|今年)\\s*(?:いっぱい|一杯|中|の間)`, (m) => ({
    kind: "until",
    side: "before",
    through: m[1] === "今週" ? "week" : m[1] === "今年" ? "year" : "month",
  })),
  ruleOf(`${N}\\s*月\\s*(?:末|の終わり)`, (m) => {
    const month = cjkNumber(m[1] ?? "");
    return month === null ? null : { kind: "monthEnd", month };
  }),
  ruleOf(`毎月末(?:日)?|(?:毎月)?(?:の)?(?:月末|末日|最終日)`, () => ({ kind: "lastDayOfMonth" })),
  // "第2・第4水曜" (the second and fourth), "最後の金曜日" (the last): one n-th weekday each.
  ruleOf(`(?:毎月)?(?:の)?(${ORDINAL}(?:\\s*(?:[・、,と]|および|及び)\\s*${ORDINAL})*)\\s*([月火水木金土日])曜日?`, (m) => {
    const weekday = WEEKDAY_OF[m[2] ?? ""] ?? 1;
    return [...(m[1] ?? "").matchAll(new RegExp(ORDINAL, "gu"))].map(
      (o): Fragment => ({
        kind: "nthWeekday",
        nth: /最/u.test(o[0]) ? -1 : (NTH[o[0].replace(/[第\s]/gu, "")] ?? 1),
        weekdays: [weekday],
      }),
    );
  }),
  ruleOf(
    `${DAY_LIST}\\s*(?:以外|を除(?:く|いた|いて)|は除く|抜き|はなし|は休み)(?:\\s*の)?|(土日|週末)\\s*(?:以外|を除(?:く|いた|いて)|は除く|はなし|は休み)(?:\\s*の)?`,
    (m) => {
      if (m[2] !== undefined) return { kind: "except", days: [...WEEKEND] };
      const list = days(m[1] ?? "");
      return list === null ? null : { kind: "except", days: list };
    },
  ),
  ruleOf(`隔週\\s*(?:の)?\\s*${DAY_LIST}`, (m) => {
    const [weekday, ...others] = days(m[1] ?? "") ?? [];
    if (weekday === undefined) return null;
    return others.length > 0
      ? [
          { kind: "interval", every: 2, unit: "week" },
          { kind: "weekdayName", days: [weekday, ...others] },
        ]
      : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  ruleOf(`隔週`, () => ({ kind: "interval", every: 2, unit: "week" })),
  ruleOf(`隔日`, () => ({ kind: "interval", every: 2, unit: "day" })),
  ruleOf(`毎週\\s*(?:の)?\\s*${DAY_LIST}|毎\\s*([月火水木金土日])曜日?|${DAY_LIST}\\s*(?:ごと|毎)に?`, (m) => {
    const list = m[2] !== undefined ? days(m[2]) : days(m[1] ?? m[3] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "月水金の18時", "火木の朝", "水〜日の朝6時": days written as a run of their characters, a weekly habit as "月・水・金"
  // after 毎週 is (and 월수금 in Korean). Two at least, with no other kanji beside them (月火休み stays unread: 休 follows).
  ruleOf(DAY_RUN, (m) => {
    const list = days(m[0]);
    return list === null || list.length < 2 ? null : { kind: "weekdays", days: list };
  }),
  // "月曜から金曜": a range of days is a habit, as "平日" is.
  ruleOf(`(${DAY}\\s*(?:から|〜|～|-)\\s*${DAY})(?:\\s*まで)?`, (m) => {
    const list = days(m[1] ?? "");
    return list === null || list.length < 2 ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(`(?:毎週\\s*)?平日`, () => ({ kind: "weekdays", days: [...WEEKDAYS] })),
  ruleOf(`毎週末|土日|週末ごと`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  ruleOf(`(再来週|来週|今週)\\s*(?:の)?\\s*([月火水木金土日])曜日?`, (m) => ({
    kind: "weekdayName",
    days: [WEEKDAY_OF[m[2] ?? ""] ?? 1],
    weeksAhead: m[1] === "再来週" ? 2 : m[1] === "来週" ? 1 : 0,
  })),
  // 来週末 is a weekend (which day is asked), not next week with 末 left over.
  ruleOf(`再来週末?|来週末?|今週末?|来月|今月`, (m) => periodOf(m[0], /^再?来週$/u, /^来月$/u, m[0] === "再来週" ? 2 : 1)),
  // "週末の9時": this weekend or every weekend? After the rules that say which (毎週末, 今週末, 週末以外).
  ruleOf(`週末`, () => ({ kind: "vague", what: "weekend" })),
  ruleOf(`毎日`, () => ({ kind: "daily" })),
  ruleOf(`毎(朝|晩|夜|夕)`, (m) => ({ kind: "daily", part: m[1] === "夕" ? "evening" : (PARTS[m[1] ?? ""] ?? "morning") })),
  ruleOf(`${N}\\s*${UNIT}\\s*(ごと|毎|おき|置き)に?`, (m) => intervalOf(m[1] ?? "", m[2] ?? "", m[3] === "おき" || m[3] === "置き")),
  ruleOf(`毎時`, () => ({ kind: "interval", every: 1, unit: "hour" })),
  ruleOf(`毎(週|月|年)`, (m) => ({ kind: "interval", every: 1, unit: m[1] === "週" ? "week" : m[1] === "月" ? "month" : "year" })),
  ruleOf(`(?:(\\d{4})\\s*年\\s*)?${N}\\s*月\\s*${N}\\s*日`, (m) => {
    const month = cjkNumber(m[2] ?? "");
    const day = cjkNumber(m[3] ?? "");
    return month === null || day === null ? null : dateOrMonthDate(m[1], month, day);
  }),
  ruleOf(`${N}\\s*日(?!\\s*(?:後|間|ごと|おき))`, (m) => {
    const day = cjkNumber(m[1] ?? "");
    return day === null ? null : { kind: "monthDay", day };
  }),
  ruleOf(`明後日|あさって`, () => ({ kind: "dayOffset", days: 2 })),
  ruleOf(`明朝`, () => [
    { kind: "dayOffset", days: 1 },
    { kind: "part", part: "morning" },
  ]),
  ruleOf(`(?:正午|(?:お)?昼\\s*(?:の)?\\s*12\\s*時)(?!\\s*(?:半|[0-9〇一二三四五六七八九十]))`, () => ({
    kind: "clock",
    hour: 12,
    minute: 0,
    meridiem: null,
    exact: "noon",
  })),
  ruleOf(`(?:真夜中|深夜\\s*(?:0|零)\\s*時|午前\\s*(?:0|零)\\s*時)(?!間|\\s*(?:半|[0-9〇一二三四五六七八九十]))`, () => ({
    kind: "clock",
    hour: 0,
    minute: 0,
    meridiem: null,
    exact: "midnight",
  })),
  ruleOf(`今夜|今晩|今日の夜|今日の晩`, () => ({ kind: "part", part: "evening", today: true })),
  // "9時15分前" is a quarter to nine, not 9:15.
  ruleOf(`(?:(午前|午後)\\s*)?${N}\\s*時\\s*${N}\\s*分\\s*前`, (m) => {
    const at = minutesBefore(cjkNumber(m[2] ?? ""), cjkNumber(m[3] ?? ""));
    return at === null ? null : clockOf(m[1], String(at.hour), String(at.minute));
  }),
  ruleOf(`(午前|午後)\\s*${N}\\s*時(?!間)(?:\\s*(半|${N})\\s*分?${NOT_AN_HOUR})?`, (m) => clockOf(m[1], m[2] ?? "", m[3])),
  ruleOf(PART, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(`(\\d{1,2})\\s*[:：]\\s*(\\d{2})`, (m) => clock(Number(m[1]), Number(m[2]))),
  ruleOf(`${N}\\s*時(?!間)(?:\\s*(半|${N})\\s*分?${NOT_AN_HOUR})?`, (m) => clockOf(undefined, m[1] ?? "", m[2])),
  ruleOf(`今すぐ|すぐに|ただちに|直ちに|即座に|至急`, () => ({ kind: "immediate" })),
  ruleOf(`まで`, () => ({ kind: "until", side: "before" })),
  fromBeforeInterval(`(?<=(?:時|正午|分|半)\\s*)(?:から|より)(?=\\s*[0-9〇一二三四五六七八九十]+\\s*(?:時間|分)\\s*(?:おき|ごと|毎))`),
  startWord(
    `(?<=(?:[月火水木金土日]曜日?|明日|明後日|あした|[0-9〇一二三四五六七八九十]\\s*日|再?来週|来月))\\s*(?:から|より)(?!\\s*(?:${DIGITS}(?!\\s*${DURATION_UNIT})|午前|午後|[月火水木金土日]曜))`,
    "before",
  ),
];

/** Japanese words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  LATIN_IN_CJK_BEARING,
  `旧暦|太陰暦|陰暦`,
  `[月火水木金土日]曜日?`,
  `(?:[月火水木金](?:\\s*[・、,と]\\s*[月火水木金土日])+)`,
  DAY_RUN,
  `土日|週末|平日`,
  `${NUMBER}\\s*月(?!\\s*(?:間))`,
  `${NUMBER}\\s*日`,
  `第\\s*[1-5一二三四五]`,
  `最終|月末|末日|最後`,
  `以外|を除|除いて|抜き`,
  `毎|隔週|隔日|おき|ごと`,
  `まで|から(?=\\s*(?:${NUMBER}|午前|午後|朝|夜))`,
  `来週|来月|再来週|今週|今月|今年|来年`,
  // Holidays are not known: "平日の朝7時、祝日は除く" is asked, never read without them; nor are their dates
  // ("元旦の9時", "クリスマスの夜8時" ran today or tomorrow).
  `祝日|祭日|休日|元旦|元日|大晦日|クリスマス|正月|お盆|ゴールデンウィーク`,
  `${NUMBER}\\s*回`,
  `${NUMBER}\\s*(?:分|時間|日間|週間|か月|ヶ月|カ月|年間)`,
  `${NUMBER}\\s*時`,
  `\\d{1,2}\\s*[:：]\\s*\\d{2}`,
  `正午|真夜中|今日|明日|明後日|あさって|今夜|今晩|明朝`,
];

export const ja: Grammar = {
  lang: "ja",
  chrono: chrono.ja.casual,
  rules,
  glue: /^(?:[\s、,・のにはとでも]|から|ごろ|頃|ちょうど)*$/u,
  bearing: lexicon(BEARING),
  examples: {
    daily: "毎日午前8時",
    weekly: "毎週月曜日の9時",
    once: "明日の9時",
    monthly: "毎月1日の9時",
    yearly: "毎年3月3日の9時",
    everyOther: "隔週火曜日の9時",
    thisSaturday: "今週の土曜日の10時",
    everyWeekend: "毎週末の10時",
    lastDay: "毎月末日の9時",
    until: "6月30日まで",
  },
};
