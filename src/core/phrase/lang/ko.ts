import type { ClockReading, Fragment, IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
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
  timesPer,
  WEEKDAYS,
  WEEKEND,
  windowOf,
} from "../grammar.js";

/**
 * Korean. chrono-node has no Korean parser, so the rules read the dates too: 오늘/내일/모레,
 * "3월 17일", "17일", "이번 주 토요일", "다음 주 금요일", "다음 달 5일", a bare weekday.
 * Hours are said with digits or native numbers (한 시, 두 시 반); 오전/오후 are am and pm.
 */
const NATIVE: Record<string, number> = { 한: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8, 아홉: 9, 열: 10, 열한: 11, 열두: 12 };
const SINO: Record<string, number> = {
  일: 1,
  이: 2,
  삼: 3,
  사: 4,
  오: 5,
  육: 6,
  칠: 7,
  팔: 8,
  구: 9,
  십: 10,
  십오: 15,
  이십: 20,
  삼십: 30,
  사십: 40,
  사십오: 45,
  오십: 50,
};
const N = String.raw`(\d{1,3}|열한|열두|다섯|여섯|일곱|여덟|아홉|한|두|세|네|열)`;
const MIN = String.raw`(\d{1,2}|사십오|삼십|이십|십오|오십|사십|십)`;
const number = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  if (/^\d+$/u.test(text)) return Number(text);
  return NATIVE[text] ?? SINO[text] ?? null;
};

const WD = "[월화수목금토일]";
const DAY = `${WD}요일`;
const DAY_LIST = `(${DAY}(?:\\s*(?:[,、와과및]|하고|이랑|그리고)?\\s*${DAY})*|${WD}(?:\\s*[,、]?\\s*${WD})+(?:요일)?)`;
/** A standalone run of day syllables; "금일" (today) and "일일" (daily) are other words. */
const SHORT_DAYS = `(?<![가-힣])(?!금일(?![가-힣])|일일(?![가-힣]))${WD}(?:\\s*[,、·~〜～\\-]?\\s*${WD}){1,6}(?![가-힣])`;
const WEEKDAY_OF: Record<string, number> = { 일: 0, 월: 1, 화: 2, 수: 3, 목: 4, 금: 5, 토: 6 };
const days = (list: string) => readDayList(list.replace(/요일/gu, ""), /[월화수목금토일]/gu, (d) => WEEKDAY_OF[d] ?? null, /^\s*(?:부터|~|〜|～|-)\s*$/u);

const PARTS: Record<string, PartOfDay> = {
  아침: "morning",
  오전: "morning",
  낮: "afternoon",
  점심: "noon",
  오후: "afternoon",
  저녁: "evening",
  밤: "night",
  새벽: "early",
};
const PART = "(오전|오후|아침|낮|점심|저녁|밤|새벽)";
const CLOCK = `${PART}?\\s*${N}\\s*시(?!간)(?:\\s*(반|${MIN}\\s*분))?`;
const CLOCK_PARTS = new RegExp(`^${CLOCK}$`, "u");

/** A clock reading: 오전/오후 are am/pm; the other parts shift the hour as in the other languages. */
function clockOf(
  part: string | undefined,
  hourText: string | undefined,
  minuteText: string | undefined,
  minuteNumber: string | undefined,
): ClockReading | null {
  const hour = number(hourText);
  const minute = minuteText === undefined ? 0 : minuteText === "반" ? 30 : number(minuteNumber);
  if (hour === null || minute === null) return null;
  const meridiem = part === "오전" ? "am" : part === "오후" ? "pm" : null;
  const shift = part === undefined || meridiem !== null ? undefined : PARTS[part];
  return { hour, minute, meridiem, ...(shift !== undefined && { part: shift }) };
}
const windowEnd = (text: string): ClockReading | null => {
  const m = CLOCK_PARTS.exec(text.trim());
  return m === null ? null : clockOf(m[1], m[2], m[3], m[4]);
};

function unitOf(word: string): IntervalUnitWord {
  if (word === "분") return "minute";
  if (word === "시간") return "hour";
  if (word === "일") return "day";
  if (word === "주" || word === "주일") return "week";
  if (word === "달" || word === "개월") return "month";
  return "year";
}
const UNIT = "(분|시간|일|주일|주|달|개월|년)";
/** This month: 이번 달, or 이달. */
const THIS_MONTH = "(?:이번\\s*달|이달)";
/** Right before a time of day: a part of the day, or an hour in digits or native numbers. */
const BEFORE_TIME = `(?=\\s*(?:${PART}|\\d|${Object.keys(NATIVE).join("|")}))`;
/**
 * Spans said as one word, with no number before the unit: 일주일 (a week), 이틀, 사흘, 나흘, 닷새, 열흘
 * (2, 3, 4, 5, 10 days), 보름 (15 days), 일 년 (a year). Read wherever "N UNIT" is: "일주일 동안 매일",
 * "일주일 후". Left out, "일주일 동안 매일 9시" ran every day with no end and "일주일 후 10시" tomorrow.
 */
const SPAN_OF: Record<string, { amount: number; unit: IntervalUnitWord }> = {
  일주일: { amount: 1, unit: "week" },
  이틀: { amount: 2, unit: "day" },
  사흘: { amount: 3, unit: "day" },
  나흘: { amount: 4, unit: "day" },
  닷새: { amount: 5, unit: "day" },
  열흘: { amount: 10, unit: "day" },
  보름: { amount: 15, unit: "day" },
  일년: { amount: 1, unit: "year" },
};
const SPAN = "(일주일|이틀|사흘|나흘|닷새|열흘|보름|일\\s*년)";
/** The amount and unit of "N UNIT" (groups: the number, the unit) or of a span word (its group). */
const spanOf = (n: string | undefined, unit: string | undefined, word: string | undefined): { amount: number; unit: IntervalUnitWord } | null => {
  if (word !== undefined) return SPAN_OF[word.replace(/\s+/gu, "")] ?? null;
  const amount = number(n);
  return amount === null ? null : { amount, unit: unitOf(unit ?? "") };
};
/** An n-th of the month's weekdays, its word in the group: 첫 번째, 둘째 (주), 마지막 (주). */
const ORDINAL = "(?:(?:첫|두|세|네|다섯)\\s*번째|첫째|둘째|셋째|넷째|다섯째|마지막)(?:\\s*주)?";
const NTH: Record<string, number> = { 첫: 1, 첫째: 1, 두: 2, 둘째: 2, 세: 3, 셋째: 3, 네: 4, 넷째: 4, 다섯: 5, 다섯째: 5, 마지막: -1 };

const rules: Rule[] = [
  // "주말 오전 10시마다", "매월 15일 오전 10시마다": 마다 right after a clock repeats what the days said before it
  // already repeat. Without them ("오전 10시마다") it stays unread, and asked.
  ruleOf(`(?<=(?:매일|매주|매월|매달|주말|평일|주중|요일)[^,.]{0,20}?[0-9]\\s*시(?:\\s*(?:반|[0-9]{1,2}\\s*분))?)\\s*마다`, () => ({ kind: "noise" })),
  // "월요일이 되면", "내일 되면": once that day comes, a when (conditions.ts reads it after a clock).
  ruleOf(`(?<=(?:내일|모레|요일|[0-9]\\s*일|주말))\\s*(?:이|가)?\\s*되면`, () => ({ kind: "noise" })),
  ruleOf(`음력`, () => ({ kind: "vague", what: "calendar" })),
  slashDate("month-day"),
  // English typed into Korean: "매일 아침 9am", "매주 Monday", "내일 3pm" (grammar.ts).
  ...latinDaysInCjk("매주\\s*"),
  latinMeridiemClock,
  // "지금부터 30분 후", "지금부터 일주일 동안": from now, said before a delay or a duration, which count from now anyway.
  ruleOf(`지금\\s*부터(?=\\s*(?:\\d|${Object.keys(NATIVE).join("|")}|${SPAN}))`, () => ({ kind: "noise" })),
  ruleOf(`${N}\\s*시간\\s*${N}\\s*분\\s*(?:후|뒤|있다가)`, (m) => {
    const [hours, minutes] = [number(m[1]), number(m[2])];
    return hours === null || minutes === null ? null : { kind: "relative", amount: 60 * hours + minutes, unit: "minute" };
  }),
  ruleOf(`${N}\\s*시간\\s*반\\s*(?:후|뒤)`, (m) => {
    const hours = number(m[1]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  ruleOf(`(?:${N}\\s*${UNIT}|${SPAN})\\s*(?:후|뒤|있다가)`, (m) => {
    const span = spanOf(m[1], m[2], m[3]);
    return span === null ? null : { kind: "relative", ...span };
  }),
  // "십오 분 후", "삼십 분 뒤": minutes said in Sino-Korean numbers, as after an hour ("아홉 시 십오 분").
  ruleOf(`${MIN}\\s*분\\s*(?:후|뒤|있다가)`, (m) => {
    const amount = number(m[1]);
    return amount === null ? null : { kind: "relative", amount, unit: "minute" };
  }),
  ruleOf(`(?:하루에?|매일)\\s*${N}\\s*(?:번|회)(?:씩)?`, (m) => timesPer(number(m[1]), true)),
  ruleOf(`(?:일주일에|한\\s*주에|주|한\\s*달에|달에)\\s*${N}\\s*(?:번|회)(?:씩)?`, (m) => timesPer(number(m[1]), false)),
  ruleOf(`(?:${N}\\s*${UNIT}|${SPAN})\\s*(?:동안|간)`, (m) => {
    const span = spanOf(m[1], m[2], m[3]);
    return span === null ? null : { kind: "duration", ...span };
  }),
  // Not after a clock's minutes: "15:30 회의" is a meeting at 15:30, not 30 times.
  ruleOf(`(?<![\\d:])${N}\\s*(?:번|회)(?!\\s*째)`, (m) => {
    const times = number(m[1]);
    return times === null ? null : { kind: "count", times };
  }),
  ruleOf(`나중에|이따가?|곧|좀\\s*있다가`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(`언젠가|조만간|시간\\s*날\\s*때|아무\\s*때나`, () => ({ kind: "vague", what: "time" })),
  // "3월 10일부터 12일까지": a range of dates (grammar.ts), before the clock window.
  monthFirstDateRange(`${N}\\s*월`, `${N}\\s*일`, `(?:부터|~|-)`, `(?:\\s*까지)?`, number, number),
  ruleOf(`(${CLOCK})\\s*(?:부터|에서)\\s*(${CLOCK})\\s*까지`, (m) => {
    const [from, to] = m[0].replace(/까지$/u, "").split(/부터|에서/u);
    return windowOf(windowEnd(from ?? ""), windowEnd(to ?? ""));
  }),
  ruleOf(`(?:${DAY}|월)\\s*부터\\s*(?:${DAY}|금)\\s*까지`, (m) => {
    const list = days(m[0].replace(/까지$/u, ""));
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(`다음\\s*달\\s*${N}\\s*일`, (m) => {
    const day = number(m[1]);
    return day === null ? null : { kind: "monthAhead", months: 1, day };
  }),
  ruleOf(`${N}\\s*월\\s*(?:말|말일)`, (m) => {
    const month = number(m[1]);
    return month === null ? null : { kind: "monthEnd", month };
  }),
  ruleOf(`(?:매달|매월|달마다)\\s*(?:마지막\\s*날|말일|말)|(?:매달|매월|달마다)?\\s*(?:마지막\\s*날|말일)`, () => ({ kind: "lastDayOfMonth" })),
  // "둘째 넷째 수요일", "첫째, 셋째 주 월요일": one n-th weekday for each ordinal of the list.
  ruleOf(`(?:매달|매월)?\\s*(${ORDINAL}(?:\\s*[,、·와과및]?\\s*${ORDINAL})*)\\s*([월화수목금토일])요일`, (m) => {
    const weekday = WEEKDAY_OF[m[2] ?? ""] ?? 1;
    return [...(m[1] ?? "").matchAll(new RegExp(ORDINAL, "gu"))].map(
      (o): Fragment => ({ kind: "nthWeekday", nth: NTH[o[0].replace(/\s*주$/u, "").replace(/\s*번째$/u, "")] ?? 1, weekdays: [weekday] }),
    );
  }),
  ruleOf(`(?:${DAY_LIST}|(주말))\\s*(?:은|는)?\\s*(?:빼고|제외하고|제외|말고|빼면|없이)`, (m) => {
    if (m[2] !== undefined) return { kind: "except", days: [...WEEKEND] };
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "except", days: list };
  }),
  ruleOf(`격주\\s*(?:로)?\\s*(${DAY})`, (m) => ({ kind: "interval", every: 2, unit: "week", weekday: WEEKDAY_OF[(m[1] ?? "")[0] ?? ""] ?? 1 })),
  ruleOf(`격주`, () => ({ kind: "interval", every: 2, unit: "week" })),
  // "격일로": the particle, as after 격주.
  ruleOf(`격일(?:\\s*로)?`, () => ({ kind: "interval", every: 2, unit: "day" })),
  ruleOf(`(?:매주\\s*)?(?:평일|주중)(?:마다)?`, () => ({ kind: "weekdays", days: [...WEEKDAYS] })),
  // "이번 주말", "다음 주말": a weekend, not every weekend with 이번 / 다음 left over; which day is asked.
  ruleOf(`(?:이번|다음)\\s*주말`, (m) => periodOf(m[0], null, null)),
  ruleOf(`(?:매주\\s*)?주말(?:마다)?`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  // "매주 금 19시": one day's syllable after 매주, as a run of them is read.
  ruleOf(`매주\\s*(${WD})(?![가-힣])`, (m) => ({ kind: "weekdays", days: [WEEKDAY_OF[m[1] ?? ""] ?? 1] })),
  ruleOf(`매주\\s*${DAY_LIST}|${DAY_LIST}\\s*마다`, (m) => {
    const list = days(m[1] ?? m[2] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "월수금", "화·목": days written as a run of their first syllables are a weekly habit.
  ruleOf(SHORT_DAYS, (m) => {
    const list = days(m[0]);
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(`(이번|다음|다다음)\\s*주\\s*(${DAY})`, (m) => ({
    kind: "weekdayName",
    days: [WEEKDAY_OF[(m[2] ?? "")[0] ?? ""] ?? 1],
    weeksAhead: m[1] === "이번" ? 0 : m[1] === "다음" ? 1 : 2,
  })),
  // "이번 달 내내 매일", "이번 주 동안", "올해 내내": all this month, week or year, its last day included (an end that names itself).
  ruleOf(`(?:${THIS_MONTH}|이번\\s*(주)|(올해|금년))\\s*(?:내내|동안|중)`, (m) => ({
    kind: "until",
    side: "before",
    through: m[1] !== undefined ? "week" : m[2] !== undefined ? "year" : "month",
  })),
  // "이번 달 말", "이달 말": this month's last day; "월말" the month's last day, as 月末 is.
  ruleOf(`${THIS_MONTH}\\s*(?:말일?|마지막\\s*날)`, () => ({ kind: "monthEnd", month: null })),
  ruleOf(`월말`, () => ({ kind: "lastDayOfMonth" })),
  ruleOf(`(?:다음|이번|다다음)\\s*(?:주|달)`, (m) => periodOf(m[0], /^(?:다다음|다음)\s*주$/u, /^다음\s*달$/u, m[0].startsWith("다다음") ? 2 : 1)),
  ruleOf(`매일매일|매일|날마다`, () => ({ kind: "daily" })),
  ruleOf(`(아침|저녁|밤)\\s*마다`, (m) => ({ kind: "daily", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(`(?:매년|해마다)\\s*${N}\\s*월\\s*${N}\\s*일`, (m): Fragment[] | null => {
    const month = number(m[1]);
    const day = number(m[2]);
    return month === null || day === null
      ? null
      : [
          { kind: "interval", every: 1, unit: "year" },
          { kind: "monthDate", month, day },
        ];
  }),
  ruleOf(`(?:매달|매월|달마다)\\s*${N}\\s*일`, (m): Fragment[] | null => {
    const day = number(m[1]);
    return day === null
      ? null
      : [
          { kind: "interval", every: 1, unit: "month" },
          { kind: "monthDay", day },
        ];
  }),
  ruleOf(`(?:${N}\\s*${UNIT}|${SPAN})\\s*마다`, (m) => {
    const span = spanOf(m[1], m[2], m[3]);
    return span === null ? null : { kind: "interval", every: span.amount, unit: span.unit };
  }),
  ruleOf(`매\\s*(시간|주|달|월|년)(?:\\s*마다)?|(시간)마다`, (m) => {
    const word = m[1] ?? m[2] ?? "";
    return { kind: "interval", every: 1, unit: word === "시간" ? "hour" : word === "주" ? "week" : word === "년" ? "year" : "month" };
  }),
  ruleOf(`(?:(\\d{4})\\s*년\\s*)?${N}\\s*월\\s*${N}\\s*일`, (m) => {
    const month = number(m[2]);
    const day = number(m[3]);
    if (month === null || day === null) return null;
    return m[1] === undefined ? { kind: "monthDate", month, day } : { kind: "date", year: Number(m[1]), month, day, roll: "none" };
  }),
  ruleOf(`${N}\\s*일(?!\\s*(?:후|뒤|동안|간|마다))`, (m) => {
    const day = number(m[1]);
    return day === null ? null : { kind: "monthDay", day };
  }),
  ruleOf(`오늘|내일|모레|글피`, (m) => ({ kind: "dayOffset", days: ["오늘", "내일", "모레", "글피"].indexOf(m[0]) })),
  // "낼 저녁 7시": 낼 is 내일 as typed, before a part of the day or an hour only ("낼게" is "I'll pay").
  ruleOf(`낼${BEFORE_TIME}`, () => ({ kind: "dayOffset", days: 1 })),
  ruleOf(`(?:낮\\s*12\\s*시|정오)(?!\\s*(?:반|\\d))`, () => ({ kind: "clock", hour: 12, minute: 0, meridiem: null, exact: "noon" })),
  ruleOf(`(?:밤\\s*12\\s*시|자정)(?!\\s*(?:반|\\d))`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(`(\\d{1,2})\\s*:\\s*(\\d{2})`, (m) => ({ kind: "clock", hour: Number(m[1]), minute: Number(m[2]), meridiem: null })),
  // "9시 15분 전" is a quarter to nine, not 9:15.
  ruleOf(`${PART}?\\s*${N}\\s*시\\s*${MIN}\\s*분\\s*전`, (m): Fragment | Fragment[] | null => {
    const c = clockOf(m[1], m[2], undefined, undefined);
    const at = minutesBefore(c?.hour ?? null, number(m[3]));
    if (c === null || at === null) return null;
    const clock: Fragment = { kind: "clock", hour: at.hour, minute: at.minute, meridiem: c.meridiem };
    return c.part === undefined ? clock : [clock, { kind: "part", part: c.part }];
  }),
  ruleOf(CLOCK, (m): Fragment | Fragment[] | null => {
    const c = clockOf(m[1], m[2], m[3], m[4]);
    if (c === null) return null;
    const clock: Fragment = { kind: "clock", hour: c.hour, minute: c.minute, meridiem: c.meridiem };
    return c.part === undefined ? clock : [clock, { kind: "part", part: c.part }];
  }),
  ruleOf(PART, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(`(${DAY})`, (m) => ({ kind: "weekdayName", days: [WEEKDAY_OF[(m[1] ?? "")[0] ?? ""] ?? 1] })),
  ruleOf(`지금\\s*바로|지금|바로|즉시|당장`, () => ({ kind: "immediate" })),
  ruleOf(`까지`, () => ({ kind: "until", side: "before" })),
  fromBeforeInterval(`(?<=(?:시|정오|분|반)\\s*)부터(?=\\s*\\d+\\s*(?:시간|분)\\s*(?:마다|간격으로))`),
  startWord(`(?<=(?:[월화수목금토일]요일|내일|모레|[0-9]\\s*일|다음\\s*(?:주|달)))\\s*부터`, "before"),
];

/** Korean words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  LATIN_IN_CJK_BEARING,
  `음력`,
  `[월화수목금토일]요일`,
  SHORT_DAYS,
  `평일|주말|주중`,
  `\\d{1,2}\\s*월`,
  `(?:\\d{1,2}|한|두|세|열)\\s*일`,
  `첫\\s*(?:번째|째)|두\\s*번째|둘째|세\\s*번째|셋째|네\\s*번째|넷째|마지막|말일`,
  `빼고|제외|말고`,
  `매일|매주|매달|매월|매년|매시간|매\\s*시간|마다|격주|격일|해마다|날마다`,
  `까지|부터`,
  `다음\\s*(?:주|달)|다다음|이번\\s*(?:주|달)|이달|올해|금년|월말`,
  // Holidays are not known: "평일 아침 7시, 공휴일 제외" is asked, never read without them; nor are their
  // dates ("크리스마스 저녁 8시", "설날 아침 9시" ran today).
  `공휴일|휴일|빨간\\s*날|크리스마스|성탄절|설날|추석|어린이날|새해\\s*첫날`,
  // A span in Sino-Korean numbers ("삼 일 동안"), which the rules do not read.
  `(?<![가-힣])[이삼사오육칠팔구십]+\\s*일\\s*(?:동안|간|후|뒤|마다)`,
  `(?:\\d+|한|두|세|네|다섯)\\s*(?:번|회)`,
  `(?:\\d+|한|두|세|네)\\s*(?:분|시간|주|달|개월|년)`,
  SPAN,
  `(?:\\d{1,2}|${Object.keys(NATIVE).join("|")})\\s*시(?!간)`,
  `\\d{1,2}\\s*:\\s*\\d{2}`,
  `정오|자정|오늘|내일|모레|글피`,
  `낼${BEFORE_TIME}`,
];

export const ko: Grammar = {
  lang: "ko",
  chrono: null,
  rules,
  glue: /^(?:[\s,，、.]|에|에는|의|은|는|과|와|이랑|랑|하고|그리고|및|쯤|경|정각)*$/u,
  bearing: lexicon(BEARING),
  examples: {
    daily: "매일 오전 8시",
    weekly: "매주 월요일 오전 9시",
    once: "내일 오전 9시",
    monthly: "매달 1일 오전 9시",
    yearly: "매년 3월 3일 오전 9시",
    everyOther: "격주 화요일 오전 9시",
    thisSaturday: "이번 주 토요일 오전 10시",
    everyWeekend: "주말마다 오전 10시",
    lastDay: "매달 마지막 날 오전 9시",
    until: "6월 30일까지",
  },
};
