import * as chrono from "chrono-node";
import { latinGlue } from "../cluster.js";
import type { Fragment, IntervalUnitWord, Rule } from "../fragments.js";
import { clock, dateOrMonthDate, type Grammar, readDayList, ruleOf, WEEKDAYS, WEEKEND } from "../grammar.js";
import { wordNumber } from "../text.js";

const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  "forty-five": 45,
  other: 2,
  second: 2,
};
const NUM = String.raw`(\d{1,3}|an?|other|second|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty-five)`;
const HOUR = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const DAY = String.raw`(?:sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)`;
const DAYS = String.raw`(?:${DAY}s?\.?)`;
const SEP = String.raw`(?:\s*,\s*(?:and\s+)?|\s*&\s*|\s*/\s*|\s*\+\s*|\s+and\s+|\s+or\s+|\s*(?:-|–)\s*|\s+(?:to|through|thru|until)\s+)`;
const DAY_LIST = String.raw`(${DAYS}(?:${SEP}${DAYS})*)`;
/** A list whose every name is plural ("mondays and thursdays"): habitual, so recurring. */
const PLURAL_LIST = String.raw`((?:${DAY}s)(?:${SEP}(?:${DAY}s))*)`;
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const ORD = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const TIME = String.raw`(?:\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\.?)?|noon|midnight)`;
const UNIT = String.raw`(min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|months?|years?)`;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const monthOf = (name: string): number => MONTHS.indexOf(name.slice(0, 3)) + 1;
const DAY_PREFIXES = ["su", "mo", "tu", "we", "th", "fr", "sa"];
const weekdayOf = (name: string): number | null => {
  const i = DAY_PREFIXES.indexOf(name.slice(0, 2));
  return i === -1 ? null : i;
};
const days = (list: string) => readDayList(list, new RegExp(DAY, "g"), weekdayOf, /^\s*(?:-|–|to|through|thru|until)\s*$/);

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("min")) return "minute";
  if (word.startsWith("h")) return "hour";
  if (word.startsWith("d")) return "day";
  if (word.startsWith("w")) return "week";
  if (word.startsWith("mo")) return "month";
  return "year";
}
const num = (word: string | undefined): number | null => (word === undefined ? null : wordNumber(word, NUMBERS));
const meridiemOf = (word: string | undefined) => (word === undefined ? null : word.startsWith("a") ? "am" : "pm");

function interval(amount: string | undefined, unit: string): Fragment | null {
  const every = amount === undefined ? 1 : num(amount);
  return every === null ? null : { kind: "interval", every, unit: unitOf(unit) };
}

function clockFromWords(quarter: string, relation: string, hourWord: string): Fragment | null {
  const hour = num(hourWord);
  if (hour === null) return null;
  const minutes = quarter === "half" ? 30 : 15;
  return relation === "to" ? clock(hour - 1, 60 - minutes) : clock(hour, minutes);
}

const PART: Record<string, "morning" | "afternoon" | "evening" | "night"> = {
  morning: "morning",
  afternoon: "afternoon",
  evening: "evening",
  night: "night",
};

const rules: Rule[] = [
  ruleOf(String.raw`\b(?:in|within|after)\s+${NUM}\s+${UNIT}\b(?:\s+from\s+now\b)?|\b${NUM}\s+${UNIT}\s+from\s+now\b`, (m) => {
    const amount = num(m[1] ?? m[3]);
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? m[4] ?? "") };
  }),
  ruleOf(String.raw`\bin\s+(?:half\s+an\s+hour|a\s+half\s+hour|30\s+mins?)\b`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:(?:the\s+)?day\s+after\s+tomorrow|overmorrow)\b`, () => ({ kind: "dayOffset", days: 2 })),
  ruleOf(String.raw`\b(?:twice|\w+\s+times)\s+(?:a|per|each|every)\s+(?:day|week|month|hour)\b`, () => ({ kind: "vague", what: "time" })),
  ruleOf(String.raw`\b(?:every|each)\s+(?:(\d{1,2})(?:st|nd|rd|th)|(first))(?:\s+day)?\s+of\s+(?:the|each|every|a)\s+month\b`, (m) => [
    { kind: "interval", every: 1, unit: "month" },
    { kind: "monthDay", day: m[2] !== undefined ? 1 : Number(m[1]) },
  ]),
  ruleOf(String.raw`\b(?:on\s+)?(?:the\s+)?(?:last\s+day|end)\s+of\s+(?:the|each|every|a)\s+month\b|\bmonth[-\s]end\b`, () => ({ kind: "lastDayOfMonth" })),
  ruleOf(
    String.raw`\b(?:on\s+)?(?:the\s+|every\s+)?(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+${DAY}s?\s+(?:of|in)\s+(?:the|each|every|a)\s+month\b`,
    () => ({ kind: "nthWeekday" }),
  ),
  ruleOf(String.raw`\b(?:every|each)\s+(?:other|second|2nd)\s+(${DAY})s?\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  ruleOf(String.raw`\b(?:every|each)\s+(morning|afternoon|evening|night)\b|\b(?:night)ly\b`, (m) => ({
    kind: "daily",
    part: PART[m[1] ?? "night"] ?? "night",
  })),
  ruleOf(String.raw`\b(?:every|each)\s+(?:single\s+)?day\b|\bdaily\b|\beveryday\b|\bonce\s+a\s+day\b`, () => ({ kind: "daily" })),
  ruleOf(String.raw`\b(?:(?:every|each|on)\s+)?(?:week\s*days?|work\s*days?|working\s+days?|business\s+days?)\b`, () => ({
    kind: "weekdays",
    days: [...WEEKDAYS],
  })),
  ruleOf(String.raw`\b(?:(?:every|each|on)\s+(?:the\s+)?)?weekends\b|\b(?:every|each)\s+weekend\b`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  ruleOf(String.raw`\b(?:every|each)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\b(?:on\s+)?${PLURAL_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\bevery\s+${NUM}\s+${UNIT}\b`, (m) => interval(m[1], m[2] ?? "")),
  ruleOf(String.raw`\b(?:every|each|once\s+a|per)\s+(minute|hour|week|month|year)\b|\bof\s+(?:every|each)\s+(month)\b`, (m) =>
    interval(undefined, m[1] ?? m[2] ?? ""),
  ),
  ruleOf(String.raw`\bevery\s+half\s+(?:an\s+)?hour\b|\bevery\s+30\s+min\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\bevery\s+quarter\s+(?:of\s+an\s+)?hour\b`, () => ({ kind: "interval", every: 15, unit: "minute" })),
  ruleOf(String.raw`\b(hour|week|month)ly\b|\b(?:annually|yearly)\b`, (m) => interval(undefined, m[1] ?? "year")),
  ruleOf(String.raw`\bfortnightly\b|\bevery\s+fortnight\b`, () => ({ kind: "interval", every: 2, unit: "week" })),
  ruleOf(String.raw`\b(?:every|each)\s+${MONTH}\s+${ORD}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[1] ?? ""), day: Number(m[2]) },
  ]),
  ruleOf(String.raw`\b(?:on\s+)?${MONTH}\s+${ORD}\b(?!\s*:)(?:,?\s+(\d{4})\b)?`, (m) => dateOrMonthDate(m[3], monthOf(m[1] ?? ""), Number(m[2]))),
  ruleOf(String.raw`\b(?:on\s+)?(?:the\s+)?${ORD}\s+(?:of\s+)?${MONTH}\b(?:,?\s+(\d{4})\b)?`, (m) => dateOrMonthDate(m[3], monthOf(m[2] ?? ""), Number(m[1]))),
  ruleOf(String.raw`\b(?:on\s+)?the\s+(?:(\d{1,2})(?:st|nd|rd|th)|(first))(?:\s+day)?\b|\bon\s+day\s+(\d{1,2})\b`, (m) => ({
    kind: "monthDay",
    day: m[2] !== undefined ? 1 : Number(m[1] ?? m[3]),
  })),
  ruleOf(String.raw`\bon\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdayName", days: list };
  }),
  ruleOf(
    String.raw`\b(?:from\s+)?${TIME}\s*(?:to|until|till|through|-|–)\s*${TIME}(?![\p{L}\p{N}])|\bbetween\s+${TIME}\s+and\s+${TIME}(?![\p{L}\p{N}])`,
    () => ({ kind: "window" }),
  ),
  ruleOf(String.raw`\b(?:at\s+)?(\d{1,2})(?:[:.](\d{2}))?\s*(a|p)\.?m\b\.?`, (m) => clock(Number(m[1]), Number(m[2] ?? 0), meridiemOf(m[3]))),
  ruleOf(String.raw`\b(?:at\s+)?(\d{1,2}):(\d{2})\b`, (m) => clock(Number(m[1]), Number(m[2]))),
  ruleOf(String.raw`\b(?:at\s+)?(?:12\s+)?(?:noon|midday)\b`, () => ({ kind: "clock", hour: 12, minute: 0, meridiem: null, exact: "noon" })),
  ruleOf(String.raw`\b(?:at\s+)?(?:12\s+)?midnight\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(String.raw`\b(?:at\s+)?(half|quarter)\s+(past|after|to)\s+${HOUR}\b`, (m) => clockFromWords(m[1] ?? "", m[2] ?? "", m[3] ?? "")),
  ruleOf(String.raw`\b(?:at\s+)?${HOUR}\s*o['’]?clock\b`, (m) => {
    const hour = num(m[1]);
    return hour === null ? null : clock(hour, 0);
  }),
  ruleOf(String.raw`\bat\s+${HOUR}\b(?![:.]\d)(?!\s*(?:%|st\b|nd\b|rd\b|th\b|min|h(?:ou)?rs?\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b))`, (m) => {
    const hour = num(m[1]);
    return hour === null ? null : clock(hour, 0);
  }),
  ruleOf(String.raw`\b${HOUR}(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight|this\s+(?:morning|afternoon|evening)))`, (m) => {
    const hour = num(m[1]);
    return hour === null ? null : clock(hour, 0);
  }),
  ruleOf(String.raw`\btonight\b|\btonite\b|\bthis\s+evening\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\bthis\s+(morning|afternoon)\b`, (m) => ({ kind: "part", part: PART[m[1] ?? ""] ?? "morning", today: true })),
  ruleOf(String.raw`\b(?:in\s+the\s+)?(morning|afternoon|evening)s?\b|\b(?:at|in\s+the)\s+(night)\b|\b(night)s\b`, (m) => ({
    kind: "part",
    part: PART[m[1] ?? m[2] ?? m[3] ?? ""] ?? "night",
  })),
  ruleOf(String.raw`\b(?:right\s+now|now|immediately|right\s+away|straight\s+away|asap|at\s+once)\b`, () => ({ kind: "immediate" })),
  ruleOf(String.raw`\b(?:some\s*time|at\s+some\s+point|some\s*day|one\s+day|one\s+of\s+these\s+days|whenever|eventually)\b`, () => ({
    kind: "vague",
    what: "time",
  })),
  ruleOf(String.raw`\b(?:later|soon|shortly|in\s+a\s+(?:bit|while|few\s+\w+))\b`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(String.raw`\b(?:next|this|coming)\s+(?:week|month|year|weekend)\b`, () => ({ kind: "vague", what: "day" })),
];

export const en: Grammar = {
  lang: "en",
  chrono: chrono.en.casual,
  rules,
  glue: latinGlue(["at", "on", "and", "the", "of", "in", "from", "starting", "every", "each", "by", "around", "about", "a", "an"]),
  examples: {
    daily: "every day at 8am",
    weekly: "every Monday at 9am",
    once: "tomorrow at 9am",
    monthly: "on the 1st of every month at 9am",
    yearly: "every year on March 3 at 9am",
    everyOther: "every other Tuesday at 9am",
  },
};
