import * as chrono from "chrono-node";
import type { ClockReading, Fragment, IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
  cjkClock,
  clock,
  dateOrMonthDate,
  exceptMonthsRule,
  type Grammar,
  LATIN_DAY_IN_CJK,
  LATIN_IN_CJK_BEARING,
  latinDaysInCjk,
  latinMeridiemClock,
  latinWeekday,
  lexicon,
  minutesBefore,
  monthFirstDateRange,
  periodOf,
  readDayList,
  ruleOf,
  slashDate,
  spanRule,
  startWord,
  WEEKDAYS,
  WEEKEND,
  windowOf,
} from "../grammar.js";
import { CJK_NUMERAL, cjkNumber } from "../text.js";

/** One grammar for Traditional and Simplified Chinese: every class lists both forms. */
const N = `([0-9]{1,2}|[${CJK_NUMERAL}]{1,3})`;
// "拜一": colloquial Taiwanese for 禮拜一, only right before a day (not in 拜託, 拜拜 or "拜一拜").
const BAI = "(?<![禮礼])拜(?=[一二三四五六日天](?!拜))";
const WEEK = `(?:週|周|星期|禮拜|礼拜|${BAI})`;
const WD = "[一二三四五六日天]";
/** The words for "and" in a list of days or times; 同 is Cantonese. */
const AND = "和與与及跟同";
const DAY_ITEM = `${WEEK}?${WD}`;
const DAY_LIST = `(${WD}(?:\\s*(?:[、,，/${AND}至到~～\\-]|以及)?\\s*${DAY_ITEM})*)`;
const HOUR_MARK = "[點点時时]";
/** Cantonese has its own words beside the Mandarin ones: 除咗 (除了), 唔使 (不用), 嘅 (的), 最尾 (最後), 月尾 (月底). */
const EXCEPT = "除(?:了|咗)?";
const NOT_NEEDED = "(?:不用|不要|休息|唔使|唔洗|唔駛|唔要)";
const OF = "(?:的|嘅)";
const LAST = "(?:最後|最后|最尾)";
/** "This" before a period: 這 / 这, 本, Cantonese 呢. */
const THIS = "(?:這|这|本|呢)";
/** What follows a period that bounds a repetition: the repetition's own word (每, 逢, 天天, 平日 …), maybe after a comma. */
const REPEATS_NEXT = "\\s*[，,]?\\s*(?:每|逢|天天|平日|工作日|上班日)";
const MONTH_END = "(?:底|末|尾)";
/** Festivals whose date is a lunar one, so a different day each year. */
const LUNAR_FESTIVAL = "(?:除夕|年三十(?:晚)?|大年初[一二三]|年初[一二三]|春節|春节|元宵(?:節|节)?|端午(?:節|节)?|七夕|中秋(?:節|节)?|重陽(?:節)?|重阳(?:节)?)";

/** The days an exception names: a list ("六日" with no mark between), but no range and no comma, which starts the next clause. */
const EXCEPTED = `(${WD}(?:\\s*[、${AND}]?\\s*${WEEK}?\\s*${WD})*)`;
/** The words that take days out of a repetition, before the days ("除了", "除咗", "不含", "跳過") or after them ("除外", "以外", "不用", "唔使"). */
const EXCEPT_BEFORE = `(?:${EXCEPT}|不含|不包括|不包含|跳過|跳过)`;
const EXCEPT_AFTER = `(?:除外|以外|之外|跳過|跳过|${NOT_NEEDED})`;
const WEEKDAY_OF: Record<string, number> = { 日: 0, 天: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
const days = (list: string) => readDayList(list, /[一二三四五六日天]/gu, (d) => WEEKDAY_OF[d] ?? null, /^\s*(?:到|至|~|～|-)\s*(?:週|周|星期|禮拜|礼拜|拜)?$/u);

/**
 * Cantonese as typed in Hong Kong has its own words for some parts of the day: 朝早, 下晝, 挨晚 (dusk),
 * 晏晝 (from lunch into the afternoon: with a clock it is that hour after noon, alone no time, asked
 * as 下午 is; chrono would read it as a date of its own).
 */
const PARTS: Record<string, PartOfDay> = {
  早上: "morning",
  朝早: "morning",
  早晨: "morning",
  清晨: "morning",
  上午: "morning",
  中午: "noon",
  下午: "afternoon",
  午後: "afternoon",
  下晝: "afternoon",
  下昼: "afternoon",
  晏晝: "afternoon",
  晏昼: "afternoon",
  傍晚: "evening",
  挨晚: "evening",
  晚上: "night",
  晚間: "night",
  晚间: "night",
  夜裡: "night",
  夜里: "night",
  夜晚: "night",
  凌晨: "early",
  半夜: "early",
  深夜: "early",
};
const CLOCK_PART = "(?:早上|朝早|早晨|清晨|上午|中午|下午|午後|下晝|下昼|晏晝|晏昼|傍晚|挨晚|晚上|夜晚|凌晨)";
const CLOCK = `(?:${CLOCK_PART}\\s*)?(?:[0-9]{1,2}|[${CJK_NUMERAL}]{1,3})\\s*${HOUR_MARK}(?:\\s*(?:半|(?:[0-9]{1,2}|[${CJK_NUMERAL}]{1,3})\\s*分?))?`;
const CLOCK_PARTS = new RegExp(
  `^(${CLOCK_PART})?\\s*([0-9]{1,2}|[${CJK_NUMERAL}]{1,3})\\s*${HOUR_MARK}\\s*(半|([0-9]{1,2}|[${CJK_NUMERAL}]{1,3})\\s*分?)?$`,
  "u",
);

/** One end of a window: "9點", "下午5點半". */
const windowEnd = (text: string): ClockReading | null =>
  cjkClock(CLOCK_PARTS.exec(text.trim()), (w) => {
    const part = w === undefined ? undefined : PARTS[w];
    return { meridiem: null, ...(part !== undefined && { part }) };
  });
const PART = `(${Object.keys(PARTS)
  .sort((a, b) => b.length - a.length)
  .join("|")})`;

/** 到 before a day, a date or the end of the month or year: the last day of the runs (the rule and the bearing word). */
const UNTIL = `到(?=\\s*(?:[0-9${CJK_NUMERAL}]|下|本|這|这|${WEEK}|月${MONTH_END}|年底|年末|今年|明|聽日|听日|後天|后天))`;

/** "1小時30分", "一小時半": an hour count and then its minutes (groups: the hours, 半, the minutes). */
const HOURS_AND = `${N}\\s*(?:個|个)?\\s*(?:小時|小时|鐘頭|钟头)\\s*(?:又|零)?\\s*(?:(半)|${N}\\s*(?:分鐘|分钟|分))`;

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("分")) return "minute";
  if (/^(?:小|鐘|钟|個鐘|个钟)/.test(word)) return "hour";
  if (/^(?:天|日)/.test(word)) return "day";
  if (/^(?:週|周|星|禮|礼)/.test(word)) return "week";
  if (word.startsWith("月")) return "month";
  return "year";
}
// "個鐘" is Cantonese for an hour ("一個鐘之後"); only with its measure word, so "三點鐘" stays a clock.
const UNIT = "(分鐘|分钟|小時|小时|鐘頭|钟头|個鐘|个钟|天|日|週|周|星期|禮拜|礼拜|月|年)";
/** The words before a span of the runs: for (持續, 為期), in a row (連續), the next (接下來, Cantonese 接落嚟, 未來, 之後), in all (共). */
/** "In all", before a count or a span: 共, 總共, 一共. */
const IN_ALL = "(?:共|總共|总共|一共)";
const SPAN_LEAD = `持續|持续|連續|连续|為期|为期|接下來|接下来|接落(?:嚟|來|来)|未來|未来|之後|之后|往後|往后|${IN_ALL}`;
/** The task's verbs a span follows ("吃一個月", "打三週"): take, inject, apply, use, do. */
const SPAN_VERB = "吃|食|打|擦|用|做|服|敷|點|点";

function clockOf(hourText: string, minuteText: string | undefined): Fragment | null {
  const hour = cjkNumber(hourText);
  if (hour === null) return null;
  if (minuteText === undefined || minuteText === "整") return clock(hour, 0);
  if (minuteText === "半") return clock(hour, 30);
  if (minuteText === "一刻") return clock(hour, 15);
  if (minuteText === "三刻") return clock(hour, 45);
  // "三點幾": some minutes past three, not said which.
  if (minuteText === "幾" || minuteText === "几") return { kind: "vague", what: "time" };
  // "三點三個字": Cantonese counts the minutes in 字, five each (3:15).
  const ji = /^(.+?)\s*(?:個|个)\s*字$/u.exec(minuteText);
  if (ji !== null) {
    const n = cjkNumber(ji[1] ?? "");
    return n === null || n < 1 || n > 11 ? null : clock(hour, 5 * n);
  }
  const said = minuteText.replace(/分$/u, "").trim();
  // "七點四五", "九點二五": two digits after the hour are its tens and ones (7:45), as 零五 is 05.
  const tensAndOnes = /^[一二三四五][一二三四五六七八九]$/u.test(said) ? cjkNumber(`${said[0]}十${said[1]}`) : null;
  const minute = tensAndOnes ?? cjkNumber(said);
  if (minute === null) return null;
  // "八點五" with no 分: five minutes past in Mandarin, five 字 (8:25) in Cantonese; asked. A zero
  // ("八點零五", "8點05") or a number past 11 can only be minutes.
  if (!minuteText.endsWith("分") && minute >= 1 && minute <= 11 && !/^[0〇零]/u.test(minuteText)) return { kind: "vague", what: "clockMinutes" };
  return clock(hour, minute);
}

/** "每隔一天" is every other day; "每隔兩天" is read as every 2 or every 3 days: refused. */
function skipInterval(amountText: string | undefined, unit: IntervalUnitWord): Fragment | null {
  const amount = amountText === undefined ? 1 : cjkNumber(amountText);
  if (amount === null) return null;
  if (unit === "minute" || unit === "hour") return { kind: "interval", every: amount, unit };
  return amount === 1 ? { kind: "interval", every: 2, unit } : { kind: "vague", what: "interval", skip: { amount, unit } };
}

const NTH: Record<string, number> = { 一: 1, "1": 1, 二: 2, "2": 2, 三: 3, "3": 3, 四: 4, "4": 4, 五: 5, "5": 5 };

const rules: Rule[] = [
  slashDate("month-day"),
  // "每個月第一個禮拜一", "每個月第一個 Monday": the month's n-th (or last) weekday, the day in Chinese or
  // English; before the English day words, which would read "Monday" alone.
  ruleOf(
    `(?:每(?:個|个)?月\\s*的?\\s*)?(?:第\\s*([一二三四五1-5])\\s*(?:個|个)?|(${LAST})\\s*一?\\s*(?:個|个)?)\\s*(?:${WEEK}\\s*(${WD})|${LATIN_DAY_IN_CJK})`,
    (m) => {
      const weekday = m[3] !== undefined ? WEEKDAY_OF[m[3]] : latinWeekday(m[4]);
      return weekday === undefined || weekday === null
        ? null
        : { kind: "nthWeekday", nth: m[2] !== undefined ? -1 : (NTH[m[1] ?? ""] ?? 1), weekdays: [weekday] };
    },
  ),
  ...latinDaysInCjk("(?:每(?:個|个)?|逢)"),
  // "農曆正月初一": the lunar date with its own month and day words, so that the refusal says why; the
  // festivals named by their lunar date (除夕, 年三十晚, 中秋, 端午 …) are lunar dates too.
  ruleOf(
    `${LUNAR_FESTIVAL}|(?:農曆|农历|陰曆|阴历|舊曆|旧历)(?:\\s*[正一二三四五六七八九十冬臘腊0-9]{1,2}\\s*月)?(?:\\s*(?:初|廿|十|二十|三十)?[一二三四五六七八九十0-9]{0,2}[日號号]?)?`,
    () => ({
      kind: "vague",
      what: "calendar",
    }),
  ),
  // "三月除外", "除了七月和八月": months out of the repetition.
  exceptMonthsRule(
    `${EXCEPT}\\s*${N}\\s*月(?:\\s*[、${AND},，]\\s*${N}\\s*月)*\\s*(?:以外|之外|外)?|${N}\\s*月(?:\\s*[、${AND},，]\\s*${N}\\s*月)*\\s*(?:除外|${NOT_NEEDED})`,
    new RegExp(`${N}\\s*月`),
    (n) => cjkNumber(n) ?? 0,
  ),
  // "一個半鐘之後", and "個半鐘" with no number (Cantonese): an hour and a half.
  ruleOf(`(?:${N}\\s*)?(?:個|个)\\s*半\\s*(?:小時|小时|鐘頭|钟头|鐘|钟)\\s*(?:之|以)?(?:後|后)`, (m) => {
    const hours = m[1] === undefined ? 1 : cjkNumber(m[1]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  // "1小時30分後", "一小時半後", "過兩小時十分鐘": hours and minutes together, never the minutes alone.
  ruleOf(`(?:過|过)\\s*${HOURS_AND}|${HOURS_AND}\\s*(?:之|以)?(?:後|后)`, (m) => {
    const [hours, half, minutes] = m[1] !== undefined ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]];
    const h = cjkNumber(hours ?? "");
    const min = half !== undefined ? 30 : cjkNumber(minutes ?? "");
    return h === null || min === null ? null : { kind: "relative", amount: 60 * h + min, unit: "minute" };
  }),
  ruleOf(`(?:過|过)\\s*${N}\\s*(?:個|个)?\\s*${UNIT}|${N}\\s*(?:個|个)?\\s*${UNIT}\\s*(?:之|以)?(?:後|后)`, (m) => {
    const amount = cjkNumber(m[1] ?? m[3] ?? "");
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? m[4] ?? "") };
  }),
  // "半小時後", "過半小時", "再過半個鐘": half an hour from now, said after or before.
  ruleOf(
    `(?:過|过)\\s*半\\s*(?:(?:個|个)?\\s*(?:小時|小时|鐘頭|钟头)|(?:個|个)\\s*(?:鐘|钟))|半\\s*(?:(?:個|个)?\\s*(?:小時|小时|鐘頭|钟头)|(?:個|个)\\s*(?:鐘|钟))\\s*(?:之|以)?(?:後|后)`,
    () => ({
      kind: "relative",
      amount: 30,
      unit: "minute",
    }),
  ),
  ruleOf(`(?:晚|遲|迟)\\s*一?\\s*(?:點|点)(?:兒|儿)?|稍(?:後|后)|待會兒?|待会儿?|等一下|等會|等会|一會兒|一会儿|回頭|回头`, () => ({
    kind: "vague",
    what: "time",
    weak: true,
  })),
  ruleOf(`改天|找(?:個|个)?時間|找(?:个)?时间|有空(?:的時候|的时候)?|某(?:一)?天|哪天|過幾天|过几天|以後再說|以后再说`, () => ({
    kind: "vague",
    what: "time",
  })),
  // "3月10日到12日", "三月十號到十二號": a range of dates (grammar.ts), before the clock window and 到 as "until"; not after a year (the year would go unread).
  monthFirstDateRange(`(?:從|从)?\\s*(?<!年\\s*)${N}\\s*月`, `${N}\\s*[日號号]`, `(?:到|至|~|～|-)`, `(?:\\s*(?:為止|为止))?`, cjkNumber, cjkNumber),
  ruleOf(`(?:從|从)?\\s*(${CLOCK})\\s*(?:到|至|~|～|-)\\s*(${CLOCK})(?:\\s*(?:之間|之间|為止|为止))?`, (m) => {
    return windowOf(windowEnd(m[1] ?? ""), windowEnd(m[2] ?? ""));
  }),
  // "每天提醒我兩次", "每天提醒我喝水三次": the reminder's own words (a short task, no number) between the
  // day and the times are still a frequency, not a count.
  ruleOf(`(?:每(?:天|日)|一(?:天|日))\\s*(?:提醒(?:我)?\\s*[^\\s\\d${CJK_NUMERAL}，,、。次]{0,4}|要|吃|喝)?\\s*${N}\\s*次`, (m) => [
    { kind: "vague", what: "time", perDay: cjkNumber(m[1] ?? "") ?? 0 },
    { kind: "daily" },
  ]),
  // "提醒我一次", "吃一次藥": each reminder, each dose, once; not a count.
  ruleOf(`(?:提醒(?:我)?|吃|食|喝|服)\\s*一\\s*次`, () => ({ kind: "noise" })),
  // "共5次", "提醒3次", and classes or sessions counted in all: "共8堂", "一共十節".
  ruleOf(`(?:提醒|共|總共|总共|一共|重複|重复)?\\s*${N}\\s*次|${IN_ALL}\\s*${N}\\s*(?:堂|節|节)`, (m) => {
    const times = cjkNumber(m[1] ?? m[2] ?? "");
    return times === null || times < 2 ? null : { kind: "count", times };
  }),
  // "持續兩週", "接下來三天", "共十四天": how long the repetition goes on.
  spanRule(`(?:${SPAN_LEAD})\\s*${OF}?\\s*${N}\\s*(?:個|个)?\\s*${UNIT}`, cjkNumber, unitOf),
  // "每天早上八點，一個月", "吃一個月", Cantonese "食一個月": a span said as a clause of its own after the
  // repetition, or after the verb of the task, ending its clause ("，兩天一次" is an interval, read below).
  spanRule(`(?<=(?:[，,、]|${SPAN_VERB})\\s*)${N}\\s*(?:個|个)?\\s*${UNIT}(?=\\s*(?:[，,。.!！~～?？]|就好|就可以|好了|$))`, cjkNumber, unitOf),
  ruleOf(`為止|为止`, () => ({ kind: "noise" })),
  // "這個月每天晚上十點", Cantonese "呢個月", "今年每週一": this month or this year said before a repetition
  // bounds it, to the month's or the year's last day (as "for the rest of the month": an "until" that
  // names its own end). This week stays asked below (the rest of the week ends on Friday for some, on
  // Sunday for others).
  ruleOf(`(?:${THIS}(?:個|个)?(月)|今(年))(?=${REPEATS_NEXT})`, (m) => ({ kind: "until", side: "after", through: m[2] === undefined ? "month" : "year" })),
  // "下個月底": the last day of next month.
  ruleOf(`下(?:個|个)?月\\s*${MONTH_END}`, () => ({ kind: "monthEnd", month: null, monthsAhead: 1 })),
  ruleOf(`(?:這個|这个|本|呢(?:個|个)?)\\s*月\\s*${MONTH_END}`, () => ({ kind: "monthEnd", month: null })),
  // "到年底", "到今年年底為止": the end of this year, the end of December (not after 明年 / 去年, left unread).
  ruleOf(`(?:今年\\s*的?\\s*)?(?<!(?:明|去|前|後|后)\\s*(?:年\\s*)?)年\\s*(?:底|末)`, () => ({ kind: "monthEnd", month: 12 })),
  ruleOf(`${N}\\s*月\\s*${MONTH_END}`, (m) => {
    const month = cjkNumber(m[1] ?? "");
    return month === null ? null : { kind: "monthEnd", month };
  }),
  ruleOf(`下(?:個|个)?月\\s*${OF}?\\s*${N}\\s*[號号日]`, (m) => {
    const day = cjkNumber(m[1] ?? "");
    return day === null ? null : { kind: "monthAhead", months: 1, day };
  }),
  ruleOf(`下下(?:個|个)?${WEEK}\\s*(${WD})`, (m) => ({ kind: "weekdayName", days: [WEEKDAY_OF[m[1] ?? ""] ?? 1], weeksAhead: 2 })),
  // "月初", "月頭", "月中": the start or the middle of the month names no day (the policy): asked which day.
  ruleOf(`月\\s*(?:初|頭|头|中)`, () => ({ kind: "vague", what: "monthPart" })),
  ruleOf(`(?:每(?:個|个)?月|月)${OF}?\\s*${LAST}\\s*一\\s*(?:天|日)|(?:每(?:個|个)?)?月${MONTH_END}`, () => ({ kind: "lastDayOfMonth" })),
  ruleOf(
    `${EXCEPT_BEFORE}\\s*(?:每)?(?:${WEEK}\\s*${EXCEPTED}|(週末|周末))\\s*(?:以外|之外|外)?|(?:${WEEK}\\s*${EXCEPTED}|(週末|周末))\\s*${EXCEPT_AFTER}`,
    (m) => {
      if (m[2] !== undefined || m[4] !== undefined) return { kind: "except", days: [...WEEKEND] };
      const list = days(m[1] ?? m[3] ?? "");
      return list === null ? null : { kind: "except", days: list };
    },
  ),
  ruleOf(
    `(?:每隔\\s*(?:一|1)\\s*(?:個|个)?\\s*${WEEK}|隔\\s*(?:個|个)?\\s*${WEEK}|每\\s*(?:兩|两|2)\\s*(?:個|个)?\\s*${WEEK})\\s*${OF}?\\s*${WEEK}?\\s*(${WD})(?!\\s*次)`,
    (m) => ({
      kind: "interval",
      every: 2,
      unit: "week",
      weekday: WEEKDAY_OF[m[1] ?? ""] ?? 1,
    }),
  ),
  ruleOf(`(?:每|逢)(?:個|个|逢)?\\s*${WEEK}\\s*${OF}?\\s*${DAY_LIST}(?![次個个])`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "逢一三五": 逢 needs no 星期 before the days (Cantonese), unless a count or a clock follows the number.
  ruleOf(`逢\\s*(${WD}(?:\\s*[、,，${AND}]?\\s*${WD})*)(?![個个次點点時时號号:：0-9])`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(`(?:每(?:個|个)?|逢)?\\s*(?:工作日|工作天|上班日|平日|週間|周间|weekdays?(?![a-z]))`, () => ({ kind: "weekdays", days: [...WEEKDAYS] })),
  ruleOf(`(?:每(?:個|个|逢|到)?|逢)\\s*(?:週|周)末`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  // A bare 週末 has no plural to say this weekend or every weekend: asked, naming both.
  ruleOf(`(?:下|${THIS})(?:個|个)?(?:週|周|星期|禮拜|礼拜)(?!\\s*${WD})|(?:這|这|本)?(?:週|周)末|(?:下|${THIS})(?:個|个)?月(?!\\s*${N}\\s*[號号日])`, (m) =>
    /^(?:週|周)末$/u.test(m[0]) ? { kind: "vague", what: "weekend" } : periodOf(m[0], /^下(?:個|个)?(?:週|周|星期|禮拜|礼拜)$/u, /^下(?:個|个)?月$/u),
  ),
  // "星期一至五", "禮拜一到五": the second day may go without its 星期 ("週三到五點" leaves 五點 unread: asked).
  ruleOf(`(?:${WEEK})${WD}\\s*(?:到|至|~|～|-)\\s*(?:${WEEK})?${WD}`, (m) => {
    const list = days(m[0]);
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(`每天|每日|天天|每一天`, () => ({ kind: "daily" })),
  ruleOf(`每(早|朝|晚)`, (m) => ({ kind: "daily", part: m[1] === "晚" ? "night" : "morning" })),
  ruleOf(`每(?:個|个)?月\\s*${OF}?\\s*${N}\\s*[號号日]`, (m) => {
    const day = cjkNumber(m[1] ?? "");
    return day === null
      ? null
      : [
          { kind: "interval", every: 1, unit: "month" },
          { kind: "monthDay", day },
        ];
  }),
  ruleOf(`每隔\\s*${N}?\\s*(?:個|个)?\\s*${UNIT}`, (m) => skipInterval(m[1], unitOf(m[2] ?? ""))),
  ruleOf(`每\\s*半\\s*(?:(?:個|个)?\\s*(?:小時|小时|鐘頭|钟头)|(?:個|个)\\s*(?:鐘|钟))`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  // "每小時一次", "每30分鐘一次", "每週一次", "兩週一次": once every so many units, the interval itself
  // (a day said with it is the day it runs on; "每天一次" / "一天一次" are times a day, read above).
  ruleOf(`(?:每\\s*${N}?|${N})\\s*(?:個|个)?\\s*${UNIT}\\s*一\\s*次`, (m) => {
    const amount = m[1] ?? m[2];
    const every = amount === undefined ? 1 : cjkNumber(amount);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[3] ?? "") };
  }),
  ruleOf(`每\\s*${N}?\\s*(?:個|个)?\\s*${UNIT}(?!\\s*[號号])`, (m) => {
    const every = m[1] === undefined ? 1 : cjkNumber(m[1]);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(`(?:(\\d{4})\\s*年\\s*)?${N}\\s*月\\s*${N}\\s*[日號号]`, (m) => {
    const month = cjkNumber(m[2] ?? "");
    const day = cjkNumber(m[3] ?? "");
    return month === null || day === null ? null : dateOrMonthDate(m[1], month, day);
  }),
  ruleOf(`${N}\\s*[號号]`, (m) => {
    const day = cjkNumber(m[1] ?? "");
    return day === null ? null : { kind: "monthDay", day };
  }),
  // "從中午開始每兩小時": noon as the time a repetition starts from is 12:00, not a part of the day.
  ruleOf(`(?<=(?:從|从)\\s*)中午(?=\\s*(?:開始|开始|起))`, () => ({ kind: "clock", hour: 12, minute: 0, meridiem: null, exact: "noon" })),
  ruleOf(`(?:正午|中午\\s*(?:12|十二)\\s*${HOUR_MARK})(?!\\s*(?:半|一刻|三刻|[0-9${CJK_NUMERAL}]))`, () => ({
    kind: "clock",
    hour: 12,
    minute: 0,
    meridiem: null,
    exact: "noon",
  })),
  ruleOf(`(?:(?:午夜|半夜|深夜)\\s*(?:12|十二)\\s*${HOUR_MARK}|午夜|凌晨\\s*(?:0|零)\\s*${HOUR_MARK})(?!\\s*(?:半|一刻|三刻|[0-9${CJK_NUMERAL}]))`, () => ({
    kind: "clock",
    hour: 0,
    minute: 0,
    meridiem: null,
    exact: "midnight",
  })),
  // Cantonese "tomorrow"; chrono does not know it.
  ruleOf(`聽日|听日`, () => ({ kind: "dayOffset", days: 1 })),
  // "聽朝", "聽晚": Cantonese tomorrow morning and evening, as 明早 and 明晚 (明朝 is also the Ming dynasty: not read).
  ruleOf(`(?:明|聽|听)(早|晚)|(?:聽|听)(朝)`, (m) => [
    { kind: "dayOffset", days: 1 },
    { kind: "part", part: m[1] === "晚" ? "night" : "morning" },
  ]),
  // "今早9點", Cantonese "今朝9點": this morning, so a time of it already past is past (in_the_past),
  // not tomorrow's 09:00 (今早 had been read as 早 alone) nor tonight's 21:00 (今朝 as 今 alone).
  ruleOf(`今(早|朝)(?:上)?`, () => [
    { kind: "dayOffset", days: 0 },
    { kind: "part", part: "morning" },
  ]),
  ruleOf(`今(?:天)?(?:晚|夜)(?:上|裡|里|間|间)?`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(`(?:在)?${PART}`, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" })),
  // "早8點晚8點": the one-character parts, right before a clock.
  ruleOf(`(早|晚)(?=\\s*(?:[0-9]{1,2}|[${CJK_NUMERAL}]{1,3})\\s*${HOUR_MARK})`, (m) => ({ kind: "part", part: m[1] === "早" ? "morning" : "night" })),
  latinMeridiemClock,
  ruleOf(`(?:在)?(\\d{1,2})\\s*[:：]\\s*(\\d{2})`, (m) => clock(Number(m[1]), Number(m[2]))),
  // "差一刻九點", "九點差五分": minutes before the hour, said before or after it (08:45, 08:55); one
  // that would cross noon or midnight ("一點差一刻") is asked rather than read as the plain hour.
  ruleOf(`差\\s*(?:(一刻)|${N}\\s*分)\\s*${N}\\s*${HOUR_MARK}|(?:在)?${N}\\s*${HOUR_MARK}\\s*差\\s*(?:(一刻)|${N}\\s*分)`, (m) => {
    const [hour, quarter, minutes] = m[3] !== undefined ? [m[3], m[1], m[2]] : [m[4], m[5], m[6]];
    const at = minutesBefore(cjkNumber(hour ?? ""), quarter === undefined ? cjkNumber(minutes ?? "") : 15);
    return at === null ? { kind: "vague", what: "time" } : clock(at.hour, at.minute);
  }),
  // "八點過十分", "八點過一刻": the minutes past the hour with 過 before them, as without it. The hour
  // never takes the day of a weekday before it ("週三四點" is Wednesday at four, not "三四點").
  ruleOf(
    `(?:在)?(?<!(?:週|周|星期|拜)\\s*)${N}\\s*${HOUR_MARK}(?!間|间)(?:\\s*(?:過|过)?\\s*(一刻|三刻|幾|几|${N}\\s*(?:個|个)\\s*字|${N}\\s*分?(?!\\s*/))|\\s*(半|整))?`,
    (m) => clockOf(m[1] ?? "", m[2] ?? m[5]),
  ),
  // "禮拜一三五": days named in a list without 每 (read weekly, noted, like "Monday, Wednesday and Friday");
  // after the clock, so that "週三四點" stays Wednesday at four.
  // With 這 / 下 before it ("這週一三五", "下禮拜一三五") the list names that week's days: dates, not a habit.
  ruleOf(`(?:(下|這|这|本)\\s*(?:個|个)?\\s*)?${WEEK}\\s*${WD}(?:\\s*[、,，${AND}]?\\s*${WEEK}?\\s*${WD})+(?!\\s*(?:${HOUR_MARK}|[:：0-9]|半))`, (m) => {
    const list = days(m[0]);
    if (list === null) return null;
    return { kind: "weekdayName", days: list, ...(m[1] !== undefined && { weeksAhead: m[1] === "下" ? 1 : 0 }) };
  }),
  // One weekday: "拜一", "周日" (spellings chrono's parser does not know, the coming one) and any
  // spelling after 這 / 下 ("下禮拜天": chrono read next week's Sunday as this week's), this week's or
  // next Monday-to-Sunday week's.
  ruleOf(`(?:(下|這|这|本)\\s*(?:個|个)?\\s*${WEEK}|${BAI}|周)(${WD})`, (m) => {
    const weeksAhead = m[1] === undefined ? undefined : m[1] === "下" ? 1 : 0;
    return { kind: "weekdayName", days: [WEEKDAY_OF[m[2] ?? ""] ?? 1], ...(weeksAhead !== undefined && { weeksAhead }) };
  }),
  // "3月底之前": the end of the month before the word is the last day.
  ruleOf(`(?<=月\\s*${MONTH_END}\\s*)(?:之前|以前)`, () => ({ kind: "until", side: "before" })),
  // "從下週一開始": the 從 of a start says nothing more than its 開始.
  ruleOf(`(?:從|从)(?=[^，,。]{1,8}?(?:開始|开始|起))`, () => ({ kind: "noise" })),
  startWord(
    `(?<=(?:週|周|星期|禮拜|礼拜|拜)[一二三四五六日天]|今天|今日|明天|聽日|听日|後天|后天|後日|后日|[0-9]\\s*[日號号]|(?:下(?:個|个)?)(?:月|週|周|星期|禮拜|礼拜))\\s*(?:開始|开始|起)`,
    "before",
  ),
  ruleOf(`(?:一直\\s*)?${UNTIL}|截至|截止到?|一?直到`, () => ({
    kind: "until",
    side: "after",
  })),
  ruleOf(`現在|现在|立刻|立即|馬上|马上|即刻|立馬|立马|儘快|尽快`, () => ({ kind: "immediate" })),
];

// "每天提醒我吃藥 早上八點": a short task after 提醒我, closed by a space or a comma, sits between the schedule's words.
const glue = /^(?:[\s、,，。的嘅在再和與与及跟同於于]|開始|开始|起|提醒我[^\s、,，。0-9]{1,4}(?=[\s、,，。])|提醒我|提醒|請|请)*$/u;

const NUMBER = `(?:[0-9]{1,3}|[${CJK_NUMERAL}]{1,3})`;
/** Chinese words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  `${WEEK}\\s*[一二三四五六日天](?:\\s*[、,，${AND}至到~～\\-]\\s*[一二三四五六日天])*`,
  `(?:週|周)末`,
  `${NUMBER}\\s*(?:個|个)?\\s*月(?!\\s*(?:內|内))`,
  `${NUMBER}\\s*[號号日](?!\\s*(?:前|以前))`,
  `第\\s*[0-9一二三四五]`,
  `${LAST}|月${MONTH_END}|年底|年末`,
  `除了|除咗|除外|不含|不包括|不包含|(?:除|跳過|跳过)(?=\\s*(?:每)?(?:${WEEK}|週末|周末))`,
  `(?<=(?:週末|周末|${WEEK}\\s*[一二三四五六日天])\\s*)${EXCEPT_AFTER}`,
  `每(?!\\s*(?:個|个)?\\s*(?:人|位|項|项|條|条|篇|則|则|封|件|次))|逢|天天|隔(?=\\s*(?:個|个)?\\s*(?:${NUMBER}|${WEEK}|天|日))`,
  `${UNTIL}|截至|截止|直到`,
  `(?:從|从)(?=\\s*(?:[0-9${CJK_NUMERAL}]|${CLOCK_PART}|${WEEK}|明|下|今))`,
  `下下?(?:個|个)?(?:月|${WEEK})`,
  // 這週六和週日: "this" before a list of days says which week; the weekly reading of the list would drop
  // it (every weekend, silently), so it asks. Before one day it is that day's own word, read by chrono.
  `(?:這|这|本)(?:個|个)?(?=\\s*${WEEK}\\s*[一二三四五六日天]\\s*[、,，和與与及跟]?\\s*${WEEK}?\\s*[一二三四五六日天])`,
  `${NUMBER}\\s*次`,
  `${NUMBER}\\s*(?:個|个)?\\s*(?:分鐘|分钟|小時|小时|鐘頭|钟头|天|星期|禮拜|礼拜|週|周)`,
  `持續|持续|連續|连续|為期|为期`,
  `農曆|农历|陰曆|阴历|舊曆|旧历|${LUNAR_FESTIVAL}`,
  // Odd or even weeks (單週 / 雙週), working hours (上班時間, Cantonese 返工時間) and the days one works
  // (返工日: Monday to Friday, or to Saturday, as many in Hong Kong work) say when without saying which
  // week, hours or days: never read, so a reading that leaves them out is asked.
  `[單单雙双]\\s*(?:週|周|星期|禮拜|礼拜)|(?:上班|辦公|办公|營業|营业|工作|返工)\\s*(?:時間|时间)|返工\\s*(?:日|${OF}\\s*日子)`,
  `${NUMBER}\\s*${HOUR_MARK}`,
  // "八點過半": past half past eight, or half past? Read with minutes ("過十分"), asked with 半.
  `(?<=${HOUR_MARK}\\s*)(?:過|过)(?=\\s*半)`,
  `\\d{1,2}\\s*[:：]\\s*\\d{2}`,
  `\\d{1,2}\\s*[ap]\\.?m(?![a-z])`,
  // English words typed into Chinese ("tomorrow 晚上八點"): those the grammar does not read make it ask.
  LATIN_IN_CJK_BEARING,
  `正午|午夜|中午|今天|今日|明天|聽日|听日|聽朝|听朝|聽晚|听晚|後天|后天|今晚|明早|明晚|工作日|上班日|平日`,
  // 假日 (the weekend, public holidays, or both?) and 月初 / 月中 (which day?) name no day: never read,
  // so a reading that leaves them out is asked.
  `假日|連假|连假|月初|月中|月頭|月头`,
  // A season, a school term or holiday, a time span of one's own (期間) said before a repetition
  // ("夏天每天傍晚六點", "這學期每週三", "寒假每天", "療程期間每天") bounds it to dates the reader does not
  // know, and the shift patterns (上四休二, 做二休二) or the days one works shifts name days it does not
  // know either: never read, so a reading that leaves them out is asked.
  `(?:[春夏秋冬](?:天|季)|寒假|暑假|學期|学期|期間|期间)(?=${REPEATS_NEXT})`,
  `[上做][一二三四五六七1-7]休[一二三四五六七1-7]|(?:輪班|轮班|值班|排班|上班|返工)\\s*${OF}?\\s*(?:日子|那天|那幾天|那几天)`,
  // "共三劑", "一共十回": runs counted in all, in a measure the rules do not read: asked, never dropped.
  `${IN_ALL}\\s*${NUMBER}`,
  // A holiday names a date the grammar does not read ("聖誕節早上九點" ran tomorrow): asked. (The lunar
  // festivals are LUNAR_FESTIVAL, above, asked as lunar dates.)
  `元旦|過年|过年|(?:聖誕|圣诞|清明|情人|母親|母亲|父親|父亲|國慶|国庆|跨年|感恩)[節节]?`,
  // "一三五早上七點": weekdays listed bare before a time (which days, or which numbers?): asked, never dropped.
  `(?<![\\p{sc=Han}0-9])[一二三四五六日](?:\\s*[、,，]?\\s*[一二三四五六日])+(?=\\s*(?:${CLOCK_PART}|[0-9${CJK_NUMERAL}]+\\s*${HOUR_MARK}))`,
  // "五點前", "八點以後": a deadline or a lower bound, not the time: asked.
  `(?<=[點点時时半鐘钟刻]\\s*)(?:之|以)?(?:前|後|后)`,
];

/** A request with its task's words, as the glue lets them sit inside the schedule: "提醒我繳費". */
const request = /提醒我[^\s、,，。0-9]{1,4}/gu;

const shared = { rules, glue, bearing: lexicon(BEARING), request };

export const zhHant: Grammar = {
  lang: "zh-Hant",
  chrono: chrono.zh.hant.casual,
  ...shared,
  examples: {
    daily: "每天早上8點",
    weekly: "每週一早上9點",
    once: "明天早上9點",
    monthly: "每月1號早上9點",
    yearly: "每年3月3日早上9點",
    everyOther: "每隔一週的週二早上9點",
    thisSaturday: "這週六早上十點",
    everyWeekend: "每個週末早上十點",
    lastDay: "每個月最後一天早上9點",
    until: "到6月30日為止",
  },
};

export const zhHans: Grammar = {
  lang: "zh-Hans",
  chrono: chrono.zh.hans.casual,
  ...shared,
  examples: {
    daily: "每天早上8点",
    weekly: "每周一早上9点",
    once: "明天早上9点",
    monthly: "每月1号早上9点",
    yearly: "每年3月3日早上9点",
    everyOther: "每隔一周的周二早上9点",
    thisSaturday: "这周六上午10点",
    everyWeekend: "每个周末上午10点",
    lastDay: "每个月最后一天早上9点",
    until: "到6月30日为止",
  },
};
