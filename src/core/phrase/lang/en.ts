import * as chrono from "chrono-node";
import { latinGlue } from "../cluster.js";
import type { ClockReading, Fragment, IntervalUnitWord, Rule } from "../fragments.js";
import {
  COMPACT_DELAY,
  clock,
  dateOrMonthDate,
  dateRange,
  exceptMonthsRule,
  exceptOf,
  frequencyUnlessMeeting,
  type Grammar,
  lexicon,
  monthFirstDateRange,
  periodOf,
  readDayList,
  restOfMonth,
  ruleOf,
  timesPer,
  WEEKDAYS,
  WEEKEND,
  windowOf,
} from "../grammar.js";
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
const SEP = String.raw`(?:\s*,\s*(?:and\s+)?|\s*&\s*|\s*/\s*|\s*\+\s*|\s+and\s+|\s+|\s*(?:-|–)\s*|\s+(?:to|through|thru|until)\s+)`;
const DAY_LIST = String.raw`(${DAYS}(?:${SEP}${DAYS})*)`;
/** Days joined only by "and", "&" or a comma: "Tuesday and Thursday mornings". */
const AND = String.raw`(?:\s*,\s*(?:and\s+)?|\s*&\s*|\s+and\s+)`;
/** A list whose every name is plural ("mondays and thursdays"): habitual, so recurring. */
const PLURAL_LIST = String.raw`((?:${DAY}s)(?:${SEP}(?:${DAY}s))*)`;
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const ORD = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const TIME = String.raw`(?:\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\.?)?|noon|midnight)`;
const ORDINAL = String.raw`(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)`;
const DAY_WORDS = String.raw`(?:week\s*days?|wk\s*days?|work\s*days?|working\s+days?|business\s+days?)`;
const UNIT = String.raw`(min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|months?|years?)`;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const monthOf = (name: string): number => MONTHS.indexOf(name.slice(0, 3)) + 1;
const DAY_PREFIXES = ["su", "mo", "tu", "we", "th", "fr", "sa"];
const weekdayOf = (name: string): number | null => {
  const i = DAY_PREFIXES.indexOf(name.slice(0, 2));
  return i === -1 ? null : i;
};
const days = (list: string) => readDayList(list, new RegExp(DAY, "g"), weekdayOf, /^s?\.?\s*(?:-|–|to|through|thru|until)\s*$/);

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
const NTH: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, fifth: 5, "5th": 5, last: -1 };

/** One end of a window: "9", "9:30", "5pm", "noon". */
function windowEnd(text: string): ClockReading | null {
  if (text === "noon") return { hour: 12, minute: 0, meridiem: null, exact: "noon" };
  if (text === "midnight") return { hour: 0, minute: 0, meridiem: null, exact: "midnight" };
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\.?)?$/.exec(text.trim());
  return m === null ? null : { hour: Number(m[1]), minute: Number(m[2] ?? 0), meridiem: meridiemOf(m[3]) };
}

const window = (fromText: string | undefined, toText: string | undefined): Fragment | null => windowOf(windowEnd(fromText ?? ""), windowEnd(toText ?? ""));

function interval(amount: string | undefined, unit: string): Fragment | null {
  const every = amount === undefined ? 1 : num(amount);
  return every === null ? null : { kind: "interval", every, unit: unitOf(unit) };
}

function clockFromWords(quarter: string, relation: string, hourWord: string): Fragment | null {
  const hour = num(hourWord);
  const minutes = quarter === "half" ? 30 : quarter === "quarter" ? 15 : num(quarter);
  if (hour === null || minutes === null || minutes < 1 || minutes > 59) return null;
  return relation === "to" ? clock((hour + 23) % 24, 60 - minutes) : clock(hour, minutes);
}

/** Minutes said in words after the hour ("7 thirty", "8 o-five"). */
const MINUTE_WORDS: Record<string, number> = { ofive: 5, ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fortyfive: 45, fifty: 50 };

const PART: Record<string, "morning" | "afternoon" | "evening" | "night"> = {
  morning: "morning",
  mornin: "morning",
  afternoon: "afternoon",
  evening: "evening",
  night: "night",
};

/** "to" between the two days of a range of dates. */
const RANGE_TO = String.raw`(?:to|through|thru|until|till|-|–)`;

const rules: Rule[] = [
  COMPACT_DELAY,
  // Before "in an hour": "in an hour and a half" must not lose its half hour.
  ruleOf(
    String.raw`\b(?:in|within)\s+(?:an?|one)\s+hour\s+and\s+a\s+half\b|\b(?:in|within)\s+(\d{1,2})\s+and\s+a\s+half\s+hours\b|\b(?:in|within)\s+(\d{1,2})\.5\s+h(?:ou)?rs?\b|\b(?:an?|one)\s+hour\s+and\s+a\s+half\s+from\s+now\b`,
    (m) => ({ kind: "relative", amount: 60 * Number(m[1] ?? m[2] ?? 1) + 30, unit: "minute" }),
  ),
  ruleOf(String.raw`\bin\s+(?:half\s+an\s+hour|a\s+half\s+hour|30\s+mins?)\b|\b(?:half\s+an|a\s+half)\s+hour\s+from\s+now\b`, () => ({
    kind: "relative",
    amount: 30,
    unit: "minute",
  })),
  ruleOf(String.raw`\b(?:in|within)\s+${NUM}\s+h(?:ou)?rs?\s+(?:and\s+)?${NUM}\s+min(?:ute)?s?\b`, (m) => {
    const hours = num(m[1]);
    const minutes = num(m[2]);
    return hours === null || minutes === null ? null : { kind: "relative", amount: 60 * hours + minutes, unit: "minute" };
  }),
  // "in like 20 mins", "in about an hour": the filler says nothing more than "in".
  ruleOf(
    String.raw`\b(?:in|within|after)\s+(?:like\s+|about\s+|around\s+|roughly\s+)?${NUM}\s+${UNIT}\b(?:\s+from\s+now\b)?|\b${NUM}\s+${UNIT}\s+from\s+now\b`,
    (m) => {
      const amount = num(m[1] ?? m[3]);
      return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? m[4] ?? "") };
    },
  ),
  ruleOf(
    String.raw`\b(?:every|evry)\s+(?:(?:an?|one)\s+)?hour\s+and\s+a\s+half\b|\b(?:every|evry)\s+(\d{1,2})\.(\d)\s+hours\b|\b(?:every|evry)\s+(\d{1,2})\s+and\s+a\s+half\s+hours\b`,
    (m) => {
      const minutes = m[1] !== undefined ? Math.round((Number(m[1]) + Number(m[2]) / 10) * 60) : 60 * Number(m[3] ?? 1) + 30;
      return { kind: "interval", every: minutes, unit: "minute" };
    },
  ),
  ruleOf(String.raw`\b${NUM}\s+${UNIT}\s+from\s+today\b`, (m) => {
    const amount = num(m[1]);
    const unit = unitOf(m[2] ?? "");
    return amount === null || unit === "minute" || unit === "hour" ? null : { kind: "relative", amount, unit };
  }),
  ruleOf(String.raw`\b${NUM}\s+(days?|weeks?)\s+from\s+tomorrow\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "dayOffset", days: 1 + amount * (m[2]?.startsWith("week") ? 7 : 1) };
  }),
  // "a week from Friday", "two weeks from Monday": counted from the coming Friday, not a start word.
  ruleOf(String.raw`\b${NUM}\s+weeks?\s+from\s+(${DAY})\b`, (m) => {
    const weeks = num(m[1]);
    const weekday = weekdayOf(m[2] ?? "");
    return weeks === null || weekday === null ? null : { kind: "weekdayName", days: [weekday], weeksAfter: weeks };
  }),
  // "from the 10th to the 12th of March", "(from) March 10 to 12": each day between (grammar.ts), before "from" as a start, the single dates and the clock window "10 to 12".
  dateRange("from", RANGE_TO, String.raw`(?:of\s+)?${MONTH}`, monthOf, String.raw`(?:the\s+)?${ORD}`),
  monthFirstDateRange(String.raw`\b(?:from\s+)?${MONTH}`, ORD, RANGE_TO, String.raw`\b`, monthOf, Number),
  // "starting Monday", "beginning March 10", "from tomorrow": the first day (read-start.ts); "starting at 9pm" is a time.
  ruleOf(
    String.raw`\b(?:(?:starting|beginning|commencing|effective)(?:\s+(?:on|from))?|(?<!\bapart\s+)from(?!\s+[\w.]+\s*(?:to\b|through\b|thru\b|until\b|till\b|-|–)))(?=\s+(?:tomorrow|tmrw|next\s+(?:week|mon|tue|wed|thu|fri|sat|sun)|this\s+coming|(?:this\s+)?(?:mon|tue|wed|thu|fri|sat|sun)|the\s+\d|\d{1,2}(?:st|nd|rd|th)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{1,2}/\d))`,
    () => ({ kind: "start" }),
  ),
  ruleOf(String.raw`(?<=\b(?:starting|beginning|from)\s+)next\s+week\b`, () => ({ kind: "weekdayName", days: [1], weeksAhead: 1 })),
  ruleOf(String.raw`\b(?:from\s+now(?:\s+on)?|from\s+today(?:\s+on)?|starting\s+(?:now|today)|beginning\s+today)\b`, () => ({ kind: "noise" })),
  ruleOf(String.raw`\b(?:(?:the\s+)?day\s+after\s+tomorrow|overmorrow)\b`, () => ({ kind: "dayOffset", days: 2 })),
  // "tomorrow and the day after": said after tomorrow, "the day after" is the day after it.
  ruleOf(String.raw`(?<=\btomorrow\s*(?:,|\s)\s*(?:and\s+)?)the\s+day\s+after\b`, () => ({ kind: "dayOffset", days: 2 })),
  ruleOf(String.raw`\b(?:(twice)|(\w+)\s+times)\s+(?:(?:a|per|each|every)\s+(day|week|month|hour)|(daily)|weekly|monthly|hourly|nightly)\b`, (m) =>
    timesPer(m[1] !== undefined ? 2 : (num(m[2]) ?? 0), m[3] === "day" || m[4] !== undefined),
  ),
  ruleOf(String.raw`\b(?:for|during)\s+(?:the\s+next\s+)?${NUM}\s+${UNIT}\b|\bover\s+the\s+next\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1] ?? m[3]);
    return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? m[4] ?? "") };
  }),
  ruleOf(String.raw`\bfor\s+(?:a|the\s+next)\s+fortnight\b`, () => ({ kind: "duration", amount: 2, unit: "week" })),
  ruleOf(String.raw`\b(?:for|during|over)\s+the\s+(?:next|coming)\s+(hour|day|week|month|year)\b|\bfor\s+the\s+rest\s+of\s+the\s+(week|month|year)\b`, (m) =>
    m[1] === undefined ? null : { kind: "duration", amount: 1, unit: unitOf(m[1]) },
  ),
  ruleOf(
    String.raw`\b(?:(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+(?:times|reminders|alerts|notifications)|(twice))\b(?!\s+(?:a|per|each|every)\s+(?:day|week|month|hour|night|morning|evening)\b|\s+(?:daily|weekly|monthly|hourly|nightly)\b)(?:\s+in\s+total)?`,
    (m) => {
      const times = m[2] !== undefined ? 2 : num(m[1]);
      return times === null ? null : { kind: "count", times };
    },
  ),
  ruleOf(String.raw`\b(?:on\s+)?(?:the\s+)?end\s+of\s+${MONTH}(?![\p{L}])`, (m) => ({ kind: "monthEnd", month: monthOf(m[1] ?? "") })),
  // "until the end of the year": December's last day, as "the rest of the year" is.
  ruleOf(String.raw`\b(?:the\s+)?end\s+of\s+(?:the|this)\s+year\b`, () => ({ kind: "monthEnd", month: 12 })),
  ruleOf(String.raw`\b(?:on\s+|at\s+)?(?:the\s+)?(?:end|last\s+day)\s+of\s+this\s+month\b|\bthis\s+month['’]s\s+(?:end|last\s+day)\b`, () => ({
    kind: "monthEnd",
    month: null,
  })),
  ruleOf(String.raw`\b(?:on\s+)?the\s+(?:${ORD}|(first))\s+(?:day\s+)?of\s+next\s+month\b|\bnext\s+month\s+on\s+the\s+(?:${ORD}|(first))\b`, (m) => ({
    kind: "monthAhead",
    months: 1,
    day: m[2] !== undefined || m[4] !== undefined ? 1 : Number(m[1] ?? m[3]),
  })),
  ruleOf(String.raw`\b(?:on\s+)?the\s+(?:${ORD}|(first))\s+(?:day\s+)?of\s+this\s+month\b`, (m) => ({
    kind: "monthAhead",
    months: 0,
    day: m[2] !== undefined ? 1 : Number(m[1]),
  })),
  ruleOf(
    String.raw`\b(?:every|evry|each)\s+(?:(\d{1,2})(?:st|nd|rd|th)|(first))(?:\s+day)?\s+of\s+(?:the|each|every|a)\s+month\b|\b(?:on\s+)?the\s+(?:(\d{1,2})(?:st|nd|rd|th)|(first))(?:\s+day)?\s+of\s+(?:each|every)\s+month\b`,
    (m) => [
      { kind: "interval", every: 1, unit: "month" },
      { kind: "monthDay", day: m[2] !== undefined || m[4] !== undefined ? 1 : Number(m[1] ?? m[3]) },
    ],
  ),
  ruleOf(
    String.raw`\b(?:(?:on|every|evry|each)\s+)?(?:the\s+)?last\s+day\s+of\s+(?:the|each|every|a)\s+month\b|\b(?:every|evry|each)\s+last\s+day\b|\b(?:monthly|every\s+month)\s+on\s+the\s+last\s+day\b|\b(?:on\s+|at\s+)?(?:the\s+)?(?:end\s+of\s+(?:the|each|every)\s+month|month[-\s]end)\b`,
    () => ({ kind: "lastDayOfMonth" }),
  ),
  // "the first Monday of next month": one day, in the month ahead.
  ruleOf(String.raw`\b(?:on\s+)?(?:the\s+)?${ORDINAL}\s+(${DAY})\s+(?:of|in)\s+next\s+month\b`, (m) => {
    const weekday = weekdayOf(m[2] ?? "");
    return weekday === null ? null : { kind: "monthAhead", months: 1, day: 1, nth: { nth: NTH[m[1] ?? ""] ?? 1, weekday } };
  }),
  ruleOf(
    String.raw`\b(?:on\s+)?(?:the\s+|every\s+|each\s+)?${ORDINAL}(?:\s+(?:and|&)\s+(?:the\s+)?${ORDINAL})?\s+(${DAY})s?\s+(?:of|in)\s+(?:the|each|every|a)\s+month\b|\b(?:every|evry|each)\s+(?:the\s+)?${ORDINAL}(?:\s+(?:and|&)\s+${ORDINAL})?\s+(${DAY})s?\b|\b(?:every\s+month|monthly)\s+on\s+the\s+${ORDINAL}(?:\s+(?:and|&)\s+(?:the\s+)?${ORDINAL})?\s+(${DAY})s?\b`,
    (m) => {
      const weekday = weekdayOf(m[3] ?? m[6] ?? m[9] ?? "");
      const ordinals = [m[1] ?? m[4] ?? m[7], m[2] ?? m[5] ?? m[8]].filter((o): o is string => o !== undefined);
      if (weekday === null) return null;
      // "every second Monday" without "of the month" is also said for every other Monday.
      if (m[4] !== undefined && m[5] === undefined && (m[4] === "second" || m[4] === "2nd")) return { kind: "vague", what: "ordinal" };
      return ordinals.map((o): Fragment => ({ kind: "nthWeekday", nth: NTH[o] ?? 1, weekdays: [weekday] }));
    },
  ),
  // "every second" alone (not "every second Monday"), "every 30 seconds", "once a second".
  ruleOf(
    String.raw`\b(?:every|evry|each|once\s+a|per)\s+sec(?:ond)?\b(?!\s+(?:${DAY}|day|week|month|year|weekend|time|one|of)\b)|\b(?:every|evry)\s+(?:\d+|few|couple\s+of)\s+sec(?:ond)?s\b|\b(?:every|evry)\s+\d+\s*s\b`,
    () => ({ kind: "vague", what: "subMinute" }),
  ),
  ruleOf(String.raw`\b(?:every|evry|each)\s+(?:other|second|2nd)\s+(${DAY})s?\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  // "except in March", "but not in july or august": months out of the repetition.
  exceptMonthsRule(
    String.raw`\b(?:except|excluding|but\s+not|not|other\s+than|apart\s+from|skip(?:ping)?)\s+(?:in|during)\s+${MONTH}(?:\s*(?:,|and|or)\s*${MONTH})*`,
    new RegExp(MONTH),
    monthOf,
  ),
  ruleOf(
    String.raw`\b(?:except|excluding|but(?:\s+not)?|other\s+than|apart\s+from|besides|(?:but\s+|and\s+)?skip(?:ping)?|not\s+on)\s+(?:on\s+)?(?:the\s+)?(?:${DAY_LIST}|(weekends?|saturdays?\s+and\s+sundays?))\b`,
    (m) => exceptOf(m[1], days),
  ),
  // "Monday mornings", "every Sunday night": the day with its part; plural or with "every", a habit.
  // "this Saturday and Sunday morning": the coming days, dates rather than a habit (read-one-day.ts).
  ruleOf(String.raw`\b(?:(every|evry|each)\s+|on\s+|(next)\s+|(this)\s+)?(${DAY}(?:${AND}${DAY})*)\s+(morning|afternoon|evening|night)(s)?\b`, (m) => {
    const list = days(m[4] ?? "");
    if (list === null) return null;
    const part: Fragment = { kind: "part", part: PART[m[5] ?? ""] ?? "night" };
    if (m[1] !== undefined || m[6] !== undefined) return [{ kind: "weekdays", days: list }, part];
    return [{ kind: "weekdayName", days: list, ...(m[2] !== undefined && { weeksAhead: 1 }), ...(m[3] !== undefined && { withThis: true as const }) }, part];
  }),
  ruleOf(String.raw`\b(?:the\s+)?(${DAY})\.?\s+after\s+next\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "weekdayName", days: [weekday], weeksAhead: 2, afterNext: true };
  }),
  // "the last Friday of March": the n-th weekday of the month named after it, which chrono reads
  // as a month (read-ahead.ts); "last Friday" alone has passed.
  ruleOf(String.raw`\b(?:on\s+)?(?:the\s+)?${ORDINAL}\s+(${DAY})\s+(?:of|in)(?=\s+${MONTH}(?![\p{L}]|\s*\d))`, (m) => {
    const weekday = weekdayOf(m[2] ?? "");
    return weekday === null ? null : { kind: "nthWeekday", nth: NTH[m[1] ?? ""] ?? 1, weekdays: [weekday] };
  }),
  // After "the last Friday of the month": "last Friday" alone has passed.
  ruleOf(String.raw`(?<!\b(?:every|evry|each)\s+)\b(?:last|past|previous)\s+(?:${DAY}|week(?:end)?|month|year|night)\b`, () => ({
    kind: "vague",
    what: "past",
  })),
  // "next week's tuesday": the Tuesday of next week, as "next tuesday".
  ruleOf(String.raw`\b(?:next|coming)\s+week['’]?s\s+(${DAY})\.?(?![\p{L}])`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "weekdayName", days: [weekday], weeksAhead: 1 };
  }),
  // "the week after next": the Monday-to-Sunday week two on; a day said with it is read in it (read-ahead.ts).
  ruleOf(String.raw`\b(?:the\s+)?week\s+after\s+next(?:['’]s)?`, (m) => periodOf(m[0], /week/u, null, 2)),
  // "next Friday", "next tues": the Friday of next week (the policy chrono follows for the full names).
  ruleOf(String.raw`\bnext\s+(${DAY})\.?(?![\p{L}])`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "weekdayName", days: [weekday], weeksAhead: 1 };
  }),
  ruleOf(String.raw`\b(?:on\s+)?(weekday|weekend)\s+(morning|afternoon|evening|night)s\b`, (m) => [
    { kind: "weekdays", days: m[1] === "weekday" ? [...WEEKDAYS] : [...WEEKEND] },
    { kind: "part", part: PART[m[2] ?? ""] ?? "night" },
  ]),
  ruleOf(String.raw`\b(?:in\s+the\s+|on\s+)?(morning|afternoon|evening|night)s\b`, (m) => ({ kind: "daily", part: PART[m[1] ?? ""] ?? "night" })),
  ruleOf(String.raw`\b(?:every|evry|each)\s+(morning|afternoon|evening|night)\b|\b(?:night)ly\b`, (m) => ({
    kind: "daily",
    part: PART[m[1] ?? "night"] ?? "night",
  })),
  ruleOf(String.raw`\b(?:every|evry|each)\s+(?:single\s+)?day\b|\bdaily\b|\beveryday\b|\bonce\s+a\s+day\b`, () => ({ kind: "daily" })),
  ruleOf(String.raw`\b(?:(?:every|evry|each|on)\s+)?${DAY_WORDS}\b`, () => ({
    kind: "weekdays",
    days: [...WEEKDAYS],
  })),
  ruleOf(String.raw`\b(?:(?:every|evry|each|on)\s+(?:the\s+)?)?(?:weekends|wknds|wkends)\b|\b(?:every|evry|each)\s+(?:weekend|wknd|wkend)\b`, () => ({
    kind: "weekdays",
    days: [...WEEKEND],
  })),
  ruleOf(String.raw`\b(?:every|evry|each)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\b(?:from\s+)?(${DAY}s?\s*(?:to|through|thru|-|–)\s*${DAY}s?)\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null || list.length < 2 ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\b(?:on\s+)?${PLURAL_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    if (list === null) return null;
    // "tues", "thurs" alone are abbreviations, not plurals: "on Tues at 9" is one Tuesday.
    return /^(?:tues|thurs)$/u.test(m[1] ?? "") ? { kind: "weekdayName", days: list } : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\b(?:every|evry)\s+(third|3rd|fourth|4th|fifth|5th)\s+(day|week|month|year)\b`, (m) => interval(String(NTH[m[1] ?? ""]), m[2] ?? "")),
  ruleOf(String.raw`\b(?:every|evry)\s+${NUM}\s+${UNIT}\b`, (m) => interval(m[1], m[2] ?? "")),
  ruleOf(String.raw`\b(?:every|evry|each)\s+quarter\b(?!\s+(?:of\s+an\s+)?hour)|\bquarterly\b`, () => ({ kind: "interval", every: 3, unit: "month" })),
  ruleOf(String.raw`\b(?:every|evry|each|once\s+a|per)\s+(minute|hour|week|month|year)\b|\bof\s+(?:every|evry|each)\s+(month)\b`, (m) =>
    interval(undefined, m[1] ?? m[2] ?? ""),
  ),
  ruleOf(String.raw`\b(?:every|evry)\s+half\s+(?:an\s+)?hour\b|\b(?:every|evry)\s+30\s+min\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:every|evry)\s+quarter\s+(?:of\s+an\s+)?hour\b`, () => ({ kind: "interval", every: 15, unit: "minute" })),
  ruleOf(String.raw`\b(hour|week|month)ly\b|\b(?:annually|yearly)\b`, (m) => interval(undefined, m[1] ?? "year")),
  // "biweekly" is also said for twice a week; with a weekday ("biweekly on Fridays") only every two weeks fits, and without one it is refused.
  ruleOf(String.raw`\bfortnightly\b|\b(?:every|evry)\s+fortnight\b|\bbi-?weekly\b`, () => ({ kind: "interval", every: 2, unit: "week" })),
  ruleOf(String.raw`\b(?:every|evry|each)\s+${MONTH}\s+${ORD}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[1] ?? ""), day: Number(m[2]) },
  ]),
  ruleOf(String.raw`\b(?:on\s+)?${MONTH}\s+${ORD}\b(?!\s*:)(?:,?\s+(\d{4})\b)?`, (m) => dateOrMonthDate(m[3], monthOf(m[1] ?? ""), Number(m[2]))),
  ruleOf(String.raw`\b(?:on\s+)?(?:the\s+)?${ORD}\s+(?:of\s+)?${MONTH}\b(?:,?\s+(\d{4})\b)?`, (m) => dateOrMonthDate(m[3], monthOf(m[2] ?? ""), Number(m[1]))),
  ruleOf(
    String.raw`\b(?:on\s+)?the\s+(?:(\d{1,2})(?:st|nd|rd|th)|(first))(?:\s+day)?\b(?:\s+and\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th))?|\bon\s+day\s+(\d{1,2})\b`,
    (m) => {
      const first: Fragment = { kind: "monthDay", day: m[2] !== undefined ? 1 : Number(m[1] ?? m[4]) };
      return m[3] === undefined ? first : [first, { kind: "monthDay", day: Number(m[3]) }];
    },
  ),
  ruleOf(String.raw`\bon\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdayName", days: list };
  }),
  ruleOf(
    String.raw`\b(?:from\s+)?(${TIME})\s*(?:to|until|till|through|-|–)\s*(${TIME})(?![\p{L}\p{N}])|\bbetween\s+(${TIME})\s+and\s+(${TIME})(?![\p{L}\p{N}])`,
    (m) => window(m[1] ?? m[3], m[2] ?? m[4]),
  ),
  // "until the weekend": before it, or through Sunday? Asked, before "until" takes the word.
  ruleOf(String.raw`\b(?:until|till|til|thru|through)\s+(?:the\s+)?weekend\b`, () => ({ kind: "vague", what: "occasion" })),
  ruleOf(String.raw`\b(?:until|till|til|thru|through|ending(?:\s+on)?|up\s+to\s+and\s+including)\b`, () => ({ kind: "until", side: "after" })),
  // "for the rest of the month": until its last day; "the rest of the week" ends on Friday for some, Sunday for others.
  restOfMonth(String.raw`\b(?:for\s+)?the\s+rest\s+of`, String.raw`(?:the|this)\s+month\b`, "after", String.raw`(?:the|this)\s+year\b`),
  // "daily at 9am this month": until its last day ("this year" is left a period: "on March 20 this year" is a date).
  restOfMonth(String.raw`\b(?:for\s+|during\s+)?this`, String.raw`month\b`),
  ruleOf(String.raw`\b(?:for\s+)?the\s+rest\s+of\s+(?:the|this)\s+week\b`, () => ({ kind: "vague", what: "day" })),
  // "quarter past 8 pm": before the am/pm rule, which would read "8 pm" and drop the quarter.
  ruleOf(String.raw`\b(?:at\s+)?(half|quarter|\d{1,2}|five|ten|twenty)\s+(?:minutes\s+)?(past|after|to)\s+${HOUR}\s*(a|p)\.?m\b\.?`, (m) => {
    const read = clockFromWords(m[1] ?? "", m[2] ?? "", m[3] ?? "");
    return read?.kind === "clock" && read.hour >= 1 && read.hour <= 12 ? { ...read, meridiem: meridiemOf(m[4]) } : null;
  }),
  // "7 thirty", "at 8 fifteen", "8 forty-five pm": the minutes in words after the hour.
  ruleOf(
    String.raw`\b(?:at\s+)?${HOUR}\s+(fifteen|thirty|forty[-\s]?five|twenty|forty|fifty|ten|o[-\s]?five)\b(?![-\s]*(?:min|minutes?|hours?|days?)\b)(?:\s*(a|p)\.?m\b\.?)?`,
    (m) => {
      const hour = num(m[1]);
      const minute = MINUTE_WORDS[(m[2] ?? "").replace(/[-\s]/gu, "")];
      return hour === null || minute === undefined ? null : clock(hour, minute, m[3] === undefined ? null : meridiemOf(m[3]));
    },
  ),
  // British "half 8" is 08:30 (half past), never 07:30.
  ruleOf(String.raw`\b(?:at\s+)?half\s+${HOUR}\b(?![:.]\d)(?!\s*(?:min|h(?:ou)?rs?\b|hours?\b|days?\b))(?:\s*(a|p)\.?m\b\.?)?`, (m) => {
    const hour = num(m[1]);
    return hour === null || hour < 1 || hour > 12 ? null : clock(hour, 30, m[2] === undefined ? null : meridiemOf(m[2]));
  }),
  // "at 830": three digits after "at" are a time (a year has four).
  ruleOf(String.raw`\b(?:at|@)\s*([1-9])([0-5]\d)\b(?![.,:/]\d)(?!\s*(?:%|h(?:ou)?rs?\b|hours?\b|min|days?\b|[ap]\.?m))`, (m) =>
    clock(Number(m[1]), Number(m[2])),
  ),
  ruleOf(String.raw`\b(?:at\s+)?(\d{1,2})(?:[:.](\d{2}))?\s*(a|p)\.?m\b\.?`, (m) => clock(Number(m[1]), Number(m[2] ?? 0), meridiemOf(m[3]))),
  ruleOf(String.raw`\b(?:at\s+)?(\d{1,2}):(\d{2})\b`, (m) => clock(Number(m[1]), Number(m[2]))),
  // "0830": a leading zero makes four digits a time, not a year ("1730" stays unread).
  ruleOf(String.raw`\b(?:at\s+)?0(\d)([0-5]\d)\b(?![.,:/]\d)(?!\s*(?:%|h(?:ou)?rs?\b|hours?\b|min|days?\b))`, (m) => clock(Number(m[1]), Number(m[2]))),
  // "at 9.30", "tonight at 9.30": a dot for the colon, unless it is a date ("14.03.2026") or a decimal.
  ruleOf(String.raw`\b(?:at\s+)?([01]?\d|2[0-3])\.([0-5]\d)\b(?![.,]\d)(?!\s*(?:%|h(?:ou)?rs?\b|hours?\b|min|days?\b|weeks?\b))`, (m) =>
    clock(Number(m[1]), Number(m[2])),
  ),
  ruleOf(String.raw`\b(?:at\s+)?(?:12\s+)?(?:noon|midday)\b`, () => ({ kind: "clock", hour: 12, minute: 0, meridiem: null, exact: "noon" })),
  ruleOf(String.raw`\b(?:at\s+)?(?:12\s+)?midnight\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(String.raw`\b(?:at\s+)?(half|quarter|\d{1,2}|five|ten|twenty)\s+(?:minutes\s+)?(past|after|to)\s+${HOUR}\b(?![:.]\d)`, (m) =>
    clockFromWords(m[1] ?? "", m[2] ?? "", m[3] ?? ""),
  ),
  ruleOf(
    String.raw`\b(?:at\s+)?(?::(\d{2})\b|(\d{1,2})\s+(?:minutes?\s+)?(?:(?:past|after)\s+the\s+hour\b|past\b(?![\s\p{L}\p{N}]*\d)(?!\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b))|(half|quarter)\s+past(?:\s+the\s+hour)?(?![\s\p{L}\p{N}]*\d)|on\s+the\s+(half|quarter)[-\s]hour\b|on\s+the\s+hour\b)`,
    (m) => {
      const word = m[3] ?? m[4];
      return { kind: "minutePast", minute: word === "half" ? 30 : word === "quarter" ? 15 : Number(m[1] ?? m[2] ?? 0) };
    },
  ),
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
  ruleOf(
    String.raw`(?<=(?:\d|[ap]\.?m\.?|noon|midnight)\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*))(?:at\s+)?(\d{1,2})(?::(\d{2}))?\b(?![:.]?\d|\s*(?:%|st\b|nd\b|rd\b|th\b|[ap]\.?m|min|h(?:ou)?rs?\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b|times\b))`,
    (m) => clock(Number(m[1]), Number(m[2] ?? 0)),
  ),
  ruleOf(String.raw`\btonight\b|\btonite\b|\bthis\s+evening\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\bthis\s+(morning|afternoon)\b`, (m) => ({ kind: "part", part: PART[m[1] ?? ""] ?? "morning", today: true })),
  ruleOf(String.raw`\b(?:in\s+the\s+)?(morning|mornin|afternoon|evening)s?\b|\b(?:at|in\s+the)\s+(night)\b|\b(night)s\b`, (m) => ({
    kind: "part",
    part: PART[m[1] ?? m[2] ?? m[3] ?? ""] ?? "night",
  })),
  ruleOf(String.raw`\b(?:right\s+now|now|immediately|right\s+away|straight\s+away|asap|at\s+once)\b`, () => ({ kind: "immediate" })),
  ruleOf(String.raw`\b(?:some\s*time|at\s+some\s+point|some\s*day|one\s+day|one\s+of\s+these\s+days|whenever|eventually)\b`, () => ({
    kind: "vague",
    what: "time",
  })),
  ruleOf(String.raw`\b(?:later|soon|shortly|in\s+a\s+(?:bit|while|few\s+\w+))\b`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(String.raw`\b(?:next|this|coming)\s+(?:week|month|year|weekend)\b`, (m) => periodOf(m[0], /^(?:next|coming)\s+week$/u, /^(?:next|coming)\s+month$/u)),
  // "on the weekend at 10am": this weekend or every weekend? (chrono reads it as one Saturday). After the
  // rules that say which ("every weekend", "this weekend", "until the weekend", "except weekends").
  ruleOf(String.raw`\b(?:(?:on|at|over|during|for)\s+)?(?:the\s+)?(?:weekend|wknd|wkend)\b`, () => ({ kind: "vague", what: "weekend" })),
  // "3/4" is 3 April in London and March 4 in New York; "3/14" and "25/12" say which part is the month.
  ruleOf(String.raw`(?<![\d/])(\d{1,2})\s*/\s*(\d{1,2})(?![\d/])(?!\s*(?:of\b|cups?\b|h(?:ou)?rs?\b|hours?\b|min))`, (m) => {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a >= 1 && a <= 12 && b >= 1 && b <= 12 && a !== b ? { kind: "vague", what: "dayMonth" } : null;
  }),
  // An occasion the parser cannot date.
  ruleOf(
    String.raw`\bon\s+(?:(?:the|my|our|your|his|her|their)\s+)?(?:[\p{L}]+['’]s\s+)?(?:birthday|anniversary|pay\s*day|wedding(?:\s+day)?|graduation)\b`,
    () => ({ kind: "vague", what: "occasion" }),
  ),
];

const WEEKDAY_NAMES = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|satur|sun)day`;
const AHEAD = String.raw`(?=\s+(?:\d|other|second|single|few|couple|day|week|month|year|hour|minute|morning|afternoon|evening|night|week\s*day|weekend|wk|work\s*day|business|quarter|half|fortnight|last|first|third|fourth|fifth|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty))`;

const FREQUENCY = String.raw`(?:daily|weekly|monthly|yearly|annually|hourly|nightly|fortnightly|quarterly|everyday|biweekly)`;
const OWNER = String.raw`(?:the|my|our|your|their|his|her)`;
/** What a task itself sends: "the weekly summary" may be the task the user is asking for. */
const DELIVERED = String.raw`(?:reminders?|alerts?|notifications?|digests?|summar(?:y|ies)|briefings?|reports?|updates?|e-?mails?|messages?|texts?|recaps?|round-?ups?|newsletters?|news|check-?ins?|pings?|nudges?|tasks?|jobs?|runs?|schedules?)`;

/** The meetings named by how often they meet ("daily standup", "weekly 1:1"): `frequencyUnlessMeeting`. */
const MEETING = String.raw`(?:stand-?\s?ups?|syncs?|meetings?|scrums?|huddles?|retros?|1:1s?|one-on-ones?|check-?ins?|reviews?|calls?)\b`;
const REPEATS_ELSEWHERE = String.raw`(?:\b(?:every|evry|each)\b|\bweekdays\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bmon(?:day)?\s*(?:-|–|to|thru|through)\s*fri(?:day)?\b)`;

/**
 * English words that can carry schedule meaning (coverage.ts). A frequency word after "the" or
 * "our" and before a noun names a thing that recurs, not when the task runs ("remind me about
 * the quarterly review", "the nightly export"), unless the noun is what the task sends.
 */
const BEARING = [
  String.raw`\b${WEEKDAY_NAMES}s?\b`,
  String.raw`\b(?:mon|tue|tues|thu|thur|thurs|fri)\b`,
  String.raw`\b(?:january|february|march|april|june|july|august|september|october|november|december)\b`,
  String.raw`\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)\b(?=\.?\s*\d)`,
  String.raw`(?<=\d(?:st|nd|rd|th)?\s+(?:of\s+)?)(?:may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b`,
  String.raw`\b\d{1,2}(?:st|nd|rd|th)\b`,
  String.raw`\b(?:(?:six|seven|eigh|nin|ten|eleven|twelf|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)th|twentieth|thirtieth|(?:twenty|thirty)[-\s]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth))\b`,
  String.raw`\b(?:first|third|fourth|fifth)\b(?!\s+(?:thing|time|of\s+all|step|draft|item|article|story|stories|news|page|one))`,
  String.raw`\blast\b(?!\s+(?:\d|week|month|year|night|time|few|couple|one|hours?|days?|minutes?|items?|articles?|stor(?:y|ies)|news|update|page|edition))`,
  String.raw`\bsecond\b(?=\s+(?:${WEEKDAY_NAMES}|mon|tue|wed|thu|fri|sat|sun|day|week|month))`,
  String.raw`\bevery\b${AHEAD}`,
  String.raw`\beach\b${AHEAD}`,
  String.raw`(?<!\b${OWNER}\s+)` + frequencyUnlessMeeting(FREQUENCY, MEETING, REPEATS_ELSEWHERE, false),
  String.raw`(?<=\b${OWNER}\s+)${FREQUENCY}\b(?!\s+(?!${DELIVERED}\b)\p{L})`,
  String.raw`\b(?:except|excluding|besides)\b`,
  String.raw`\bbut\b(?=\s+(?:not\s+)?(?:on\s+)?(?:the\s+)?(?:mon|tue|wed|thu|fri|sat|sun|weekend|holiday|public))`,
  String.raw`\b(?:other\s+than|apart\s+from)\b`,
  String.raw`\b(?:until|till|til|thru)\b`,
  String.raw`\bthrough\b(?=\s+(?:the\s+)?(?:\d|end|next|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))`,
  String.raw`\bfrom\b(?=\s+(?:\d|noon|midnight|now|today|tomorrow|next|mon|tue|wed|thu|fri|sat|sun))`,
  // "the day after" names a day only after the day it follows ("tomorrow and the day after", read there): alone it is asked.
  String.raw`\bday\s+after\b`,
  // "between March 10 and March 12": a range of days, never the two dates alone (read-one-day.ts).
  String.raw`\bbetween\b(?=\s+(?:\d|the\s+\d|today|tomorrow|next|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))`,
  String.raw`\bnext\b(?=\s+(?:\d|few|couple|two|three|four|five|ten|minute|hour|day|week|month|year|weekend|mon|tue|wed|thu|fri|sat|sun))`,
  String.raw`\bafter\s+next\b`,
  String.raw`(?::\d{2}\b|\bpast\s+the\s+hour\b|\bon\s+the\s+(?:half|quarter)[-\s]hour\b)`,
  String.raw`\b(?:it['’]s|it\s+is|make\s+it)\s+\d{1,2}\b`,
  String.raw`\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+(?:times|reminders|alerts|notifications)\b`,
  String.raw`\btwice\b`,
  String.raw`\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty-five|ninety)\s+(?:min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|fortnights?|months?|years?)\b`,
  String.raw`\b(?:an?|one)\s+(?:hour|week|fortnight|month|year)\b`,
  String.raw`\bfortnight\b`,
  // "for a couple of days", "for a few weeks": how many? Asked, never a repetition without its end.
  String.raw`\b(?:couple\s+(?:of\s+)?|few\s+)(?:days|weeks|months)\b`,
  String.raw`\bhalf\b(?=\s+(?:an?\s+)?hour)|\band\s+a\s+half\b`,
  String.raw`\b\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?m\b`,
  String.raw`\b\d{1,2}:\d{2}\b`,
  String.raw`\b\d{1,2}\s*o['’]?clock\b`,
  String.raw`\bat\s+\d{1,2}\b(?![:.]?\d)(?!\s*[%a-z])`,
  String.raw`\b(?:noon|midday|midnight)\b`,
  String.raw`(?<=\b(?:and|&)\s+)\d{1,2}\b(?![:.]?\d)`,
  String.raw`\b(?:business|work(?:ing)?|office|opening)\s+hours\b`,
  String.raw`\b(?:today|tonight|tonite|tomorrow|tmrw|yesterday|overmorrow|weekdays?|weekends?|workdays?|weeknights?|wk\s*days?|wknds?|wkends?)\b`,
  String.raw`\b(?:mornings|afternoons|evenings|nights)\b`,
];

export const en: Grammar = {
  lang: "en",
  chrono: chrono.en.casual,
  rules,
  glue: latinGlue([
    "at",
    "on",
    "and",
    "the",
    "of",
    "in",
    "from",
    "starting",
    "every",
    "each",
    "by",
    "around",
    "about",
    "a",
    "an",
    "again",
    "also",
    "only",
    "just",
    "like",
  ]),
  bearing: lexicon(BEARING),
  repeats: lexicon([String.raw`\b(?:every|evry|each)\b(?=\s+\p{L})(?!\s+(?:time|one)\b)`]),
  examples: {
    daily: "every day at 8am",
    weekly: "every Monday at 9am",
    once: "tomorrow at 9am",
    monthly: "on the 1st of every month at 9am",
    yearly: "every year on March 3 at 9am",
    everyOther: "every other Tuesday at 9am",
    thisSaturday: "this Saturday at 10am",
    everyWeekend: "every weekend at 10am",
    lastDay: "on the last day of every month at 9am",
    until: "until June 30",
  },
};
