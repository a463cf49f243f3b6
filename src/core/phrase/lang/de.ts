import * as chrono from "chrono-node";
import { latinGlue } from "../cluster.js";
import type { Fragment, IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
  COMPACT_DELAY,
  clock,
  dateOrMonthDate,
  dateRange,
  englishEvery,
  exceptMonthsRule,
  exceptOf,
  type Grammar,
  lexicon,
  monthDayList,
  numericClock,
  periodOf,
  readDayList,
  restOfMonth,
  ruleOf,
  slashDate,
  startWord,
  timesPer,
  WEEKDAYS,
  WEEKEND,
} from "../grammar.js";
import { wordNumber } from "../text.js";

const NUMBERS: Record<string, number> = {
  ein: 1,
  eine: 1,
  einen: 1,
  einem: 1,
  einer: 1,
  eins: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  vierzehn: 14,
  fünfzehn: 15,
  zwanzig: 20,
  dreißig: 30,
  zweiten: 2,
  dritten: 3,
};
const NUM = String.raw`(\d{1,3}|eine[mnr]?|ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|vierzehn|fünfzehn|zwanzig|dreißig)`;
const HOUR = String.raw`(\d{1,2}|eins|ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)`;
const DAY = String.raw`(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa|so)\.?`;
const ADVERB = String.raw`(?:montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonnabends|sonntags)`;
const SEP = String.raw`(?:\s*,\s*(?:und\s+)?|\s+und\s+|\s+sowie\s+|\s+oder\s+|\s+bis\s+|\s*-\s*)`;
const DAY_LIST = String.raw`(${DAY}(?:${SEP}${DAY})*)`;
const ADVERB_LIST = String.raw`(${ADVERB}(?:${SEP}${ADVERB})*)`;
const MONTH = String.raw`(januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|dezember)`;

const MONTHS = ["jan", "feb", "mär", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"];
const monthOf = (name: string) => MONTHS.indexOf(name.replace(/^jän/u, "jan").replace(/^mae/u, "mä").slice(0, 3)) + 1;
const WEEKDAY_PREFIX = ["so", "mo", "di", "mi", "do", "fr", "sa"];
const weekdayOf = (name: string): number | null => {
  const i = WEEKDAY_PREFIX.indexOf(name.startsWith("sonna") ? "sa" : name.slice(0, 2));
  return i === -1 ? null : i;
};
const days = (list: string, re: string) => readDayList(list, new RegExp(re, "gu"), weekdayOf, /^\s*(?:bis|-)\s*$/u);

const num = (word: string | undefined) => (word === undefined ? null : wordNumber(word, NUMBERS));

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("min")) return "minute";
  if (word.startsWith("st")) return "hour";
  if (word.startsWith("t")) return "day";
  if (word.startsWith("w")) return "week";
  if (word.startsWith("mo")) return "month";
  return "year";
}
const UNIT = String.raw`(minuten|minute|stunden|stunde|tagen|tage|tag|wochen|woche|monaten|monate|monat|jahren|jahre|jahr)`;

const PARTS: Record<string, PartOfDay> = {
  morgens: "morning",
  morgen: "morning",
  früh: "morning",
  vormittags: "morning",
  vormittag: "morning",
  mittags: "noon",
  mittag: "noon",
  nachmittags: "afternoon",
  nachmittag: "afternoon",
  abends: "evening",
  abend: "evening",
  nachts: "night",
  nacht: "night",
};

function halfOrQuarter(kind: string, hourWord: string): Fragment | null {
  const hour = num(hourWord);
  if (hour === null) return null;
  if (kind === "halb") return clock(hour - 1, 30);
  if (kind === "viertel nach") return clock(hour, 15);
  return clock(hour - 1, 45);
}

const ORDINAL = String.raw`(ersten|zweiten|dritten|vierten|fünften|letzten|1\.|2\.|3\.|4\.|5\.)`;
const NTH: Record<string, number> = { ersten: 1, "1.": 1, zweiten: 2, "2.": 2, dritten: 3, "3.": 3, vierten: 4, "4.": 4, fünften: 5, "5.": 5, letzten: -1 };
const END = String.raw`(\d{1,2}(?:[:.]\d{2})?|mittag|mitternacht)`;

/** One end of a window: "9", "17:30", "Mittag". */
const windowEnd = (text: string | undefined) => numericClock(text, /^mittag$/u, /^mitternacht$/u);

const rules: Rule[] = [
  dateRange("vom", "bis(?:\\s+zum)?", MONTH, monthOf),
  slashDate("day-month"),
  startWord(
    String.raw`\b(?:ab|beginnend(?:\s+am)?|angefangen\s+am)(?=\s+(?:morgen|übermorgen|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|nächste[nmr]?\s+woche|(?:dem\s+)?\d{1,2}\.\s*(?:\d|\p{L})))`,
    "after",
  ),
  COMPACT_DELAY,
  ruleOf(String.raw`\bin\s+(?:anderthalb|eineinhalb)\s+stunden\b|\bin\s+${NUM}\s*(?:und\s+)?einhalb\s+stunden\b`, (m) => {
    const hours = m[1] === undefined ? 1 : num(m[1]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  // "eine Woche lang", "für 2 Wochen", "(in) den nächsten drei Tagen": how long.
  ruleOf(String.raw`\b(?:${NUM}\s+${UNIT}\s+lang|für\s+${NUM}\s+${UNIT}|(?:die|in\s+den)\s+nächsten\s+${NUM}\s+${UNIT})\b`, (m) => {
    const amount = num(m[1] ?? m[3] ?? m[5]);
    return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? m[4] ?? m[6] ?? "") };
  }),
  ruleOf(
    String.raw`\b(?:${NUM}\s*(?:mal|x)|(zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)mal)\s+(?:(?:am|pro|je|jeden)\s+(tag|woche|monat)|(täglich))\b`,
    (m) => timesPer(num(m[1] ?? m[2]), m[3] === "tag" || m[4] !== undefined),
  ),
  ruleOf(String.raw`\b(?:${NUM}\s*mal|(zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)mal)\b`, (m) => {
    const times = num(m[1] ?? m[2]);
    return times === null ? null : { kind: "count", times };
  }),
  ruleOf(String.raw`\b(?:(?:am|zum)\s+)?ende\s+${MONTH}\b`, (m) => ({ kind: "monthEnd", month: monthOf(m[1] ?? "") })),
  ruleOf(String.raw`\b(?:am\s+)?(?:(\d{1,2})\.|(ersten))\s*(?:des\s+)?(?:nächsten|kommenden)\s+monats\b`, (m) => ({
    kind: "monthAhead",
    months: 1,
    day: m[2] === undefined ? Number(m[1]) : 1,
  })),
  ruleOf(String.raw`\bin\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\bin\s+einer\s+halben\s+stunde\b`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:später|bald|demnächst|nachher|in\s+kürze|gleich)\b`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(String.raw`\b(?:irgendwann|bei\s+gelegenheit|eines\s+tages|wann\s+immer)\b`, () => ({ kind: "vague", what: "time" })),
  ruleOf(
    String.raw`\b(?:jeden\s+|am\s+)?letzten\s+(?:tag\s+)?(?:des|jedes|eines\s+jeden|im)\s+monats?\b|\b(?:am|(?<!\bbis\s+)zum|jeweils\s+zum)\s+monatsende\b|\bmonatsende\b|\b(?:(?:am|(?<!\bbis\s+)zum)\s+)?ende\s+(?:des|dieses)\s+monats\b|\bmonatsletzten\b|\bultimo\b`,
    () => ({ kind: "lastDayOfMonth" }),
  ),
  // "am ersten Montag im Monat", "jeden zweiten und vierten Donnerstag im Monat".
  ruleOf(String.raw`\b(?:jeden\s+|am\s+)?${ORDINAL}(?:\s+und\s+${ORDINAL})?\s+(${DAY})\s+(?:im|des|jedes|eines\s+jeden)\s+monats?\b`, (m) => {
    const weekday = weekdayOf(m[3] ?? "");
    if (weekday === null) return null;
    return [m[1], m[2]].filter((o) => o !== undefined).map((o): Fragment => ({ kind: "nthWeekday", nth: NTH[o ?? ""] ?? 1, weekdays: [weekday] }));
  }),
  // "14-tägig", "zweiwöchentlich": every two weeks (the weekday said beside it).
  ruleOf(String.raw`\b(?:14-?tägig|vierzehntägig|zweiwöchentlich)\b`, () => ({ kind: "interval", every: 2, unit: "week" })),
  // "jeden Samstagmorgen": the day with its part, every week.
  ruleOf(String.raw`\bjeden\s+(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)(morgen|vormittag|nachmittag|abend)\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null
      ? null
      : [
          { kind: "weekdays", days: [weekday] },
          { kind: "part", part: PARTS[m[2] ?? ""] ?? "morning" },
        ];
  }),
  exceptMonthsRule(String.raw`\b(?:außer|ausser|ausgenommen|nicht)\s+im\s+${MONTH}(?:\s*(?:,|und|oder)\s*${MONTH})*\b`, new RegExp(MONTH), monthOf),
  ruleOf(
    String.raw`\b(?:außer|ausser|ausgenommen|nicht)\s+(?:am\s+|an\s+)?(?:${DAY_LIST}|${ADVERB_LIST}|(wochenende|wochenenden|samstags?\s+und\s+sonntags?))\b`,
    (m) => exceptOf(m[1] ?? m[2], (list) => days(list, m[1] !== undefined ? DAY : ADVERB)),
  ),
  ruleOf(String.raw`\bjeden\s+(?:zweiten|2\.)\s+(${DAY})\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  ruleOf(String.raw`\bjeden\s+(?:zweiten|2\.)\s+tag\b`, () => ({ kind: "interval", every: 2, unit: "day" })),
  ruleOf(String.raw`\b(?:jeden|jede)\s+(morgen|vormittag|mittag|nachmittag|abend|nacht)\b`, (m) => ({ kind: "daily", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(String.raw`\b(?:jeden|an\s+jedem)\s+tag\b|\b(?:all)?täglich\b|\btagtäglich\b`, () => ({ kind: "daily" })),
  ruleOf(
    String.raw`\bwerktags\b|\b(?:an\s+(?:allen\s+)?|alle\s+)?werktagen?\b|\b(?:an\s+)?arbeitstagen?\b|\bwochentags\b|\bunter\s+der\s+woche\b|\b(?:jeden|an\s+jedem)\s+(?:werktag|arbeitstag)\b`,
    () => ({
      kind: "weekdays",
      days: [...WEEKDAYS],
    }),
  ),
  ruleOf(String.raw`\b(?:jedes|an\s+jedem)\s+wochenende\b|\ban\s+(?:den\s+)?wochenenden\b|\bwochenends\b`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  englishEvery(DAY_LIST, (list) => days(list, DAY)),
  ruleOf(String.raw`\b(?:jeden|an\s+jedem)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "", DAY);
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\b${ADVERB_LIST}\b`, (m) => {
    const list = days(m[1] ?? "", ADVERB);
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\bvon\s+(${DAY})\s+bis\s+(${DAY})\b|\b(montag)\s+bis\s+(freitag)\b|\b(${DAY})\s*[-–]\s*(${DAY})(?![\p{L}])`, (m) => {
    const list = days(m[0], DAY);
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "übernächste Woche": the week two on; a day said with it is read in it (read-ahead.ts).
  ruleOf(String.raw`\b(?:in\s+der\s+)?übernächsten?\s+woche\b`, (m) => periodOf(m[0], /woche/u, null, 2)),
  // "jeden Tag um 9 diesen Monat", "für den Rest des Monats": until the month's last day (grammar.ts).
  restOfMonth(String.raw`\b(?:für\s+)?den\s+rest\s+(?:des|dieses)|\b(?:für\s+den|im)\s+restlichen|\b(?:in\s+)?diesem|\bdiesen`, String.raw`monats?\b`),
  ruleOf(String.raw`\b(?:nächste|kommende|diese)r?\s+woche\b|\b(?:nächsten|kommenden|diesen)\s+monat\b|\b(?:dieses|nächstes|kommendes)\s+wochenende\b`, (m) =>
    periodOf(m[0], /^(?:nächste|kommende)r?\s+woche$/u, /^(?:nächsten|kommenden)\s+monat$/u),
  ),
  // "am Wochenende um 10": this weekend or every weekend? After the rules that say which.
  ruleOf(String.raw`\b(?:am|übers|über\s+das)\s+wochenende\b`, () => ({ kind: "vague", what: "weekend" })),
  ruleOf(String.raw`\bjeden\s+(\d{1,2})\.\s*${MONTH}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[2] ?? ""), day: Number(m[1]) },
  ]),
  ruleOf(String.raw`\b(?:alle|jede)\s+halbe(?:n)?\s+stunde\b|\bhalbstündlich\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:alle|jede)\s+viertelstunde\b`, () => ({ kind: "interval", every: 15, unit: "minute" })),
  ruleOf(String.raw`\balle\s+${NUM}\s+${UNIT}\b`, (m) => {
    const every = num(m[1]);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\b(?:jede|jeden|jedes)\s+(minute|stunde|woche|monat|jahr)\b|\b(?:(?:jedes|eines\s+jeden)\s+(monat)s)\b`, (m) => ({
    kind: "interval",
    every: 1,
    unit: unitOf(m[1] ?? m[2] ?? ""),
  })),
  ruleOf(String.raw`\b(stünd|wöchent|monat|jähr)lich\b`, (m) => {
    const stem = m[1] ?? "";
    return { kind: "interval", every: 1, unit: stem === "stünd" ? "hour" : stem === "wöchent" ? "week" : stem === "monat" ? "month" : "year" };
  }),
  // "14.3.", "am 14.03.2026": day and month with dots; not "um 9.10." (a time).
  ruleOf(String.raw`(?<!\bum\s+)\b(?:am\s+)?(\d{1,2})\.(\d{1,2})\.(?:(\d{4})\b)?(?!\d)`, (m) => {
    const [day, month] = [Number(m[1]), Number(m[2])];
    return day < 1 || day > 31 || month < 1 || month > 12 ? null : dateOrMonthDate(m[3], month, day);
  }),
  ruleOf(String.raw`\b(?:am\s+)?(\d{1,2})\.\s*${MONTH}\b(?:\s+(\d{4})\b)?`, (m) => dateOrMonthDate(m[3], monthOf(m[2] ?? ""), Number(m[1]))),
  // "jeden 15. des Monats": a day of every month.
  // "jeden 15. des Monats", "am 1. jeden Monats", "jeden ersten des Monats".
  ruleOf(String.raw`\b(?:jeden|am)\s+(?:(\d{1,2})\.|(ersten))\s*(?:des\s+monats|im\s+monat|jeden\s+monats)\b`, (m) => [
    { kind: "interval", every: 1, unit: "month" },
    { kind: "monthDay", day: m[2] !== undefined ? 1 : Number(m[1]) },
  ]),
  // "um 8, 14 und 20 Uhr": the hour between the commas is a time as well.
  ruleOf(String.raw`(?<=\bum\s+\d{1,2}(?:[:.]\d{2})?\s*,\s*)(\d{1,2})(?:[:.](\d{2}))?(?=\s*(?:,|und\b|sowie\b))`, (m) =>
    clock(Number(m[1]), Number(m[2] ?? 0)),
  ),
  // "am 1. und 15.": several days of the month.
  ruleOf(String.raw`\b(?:am|jeden)\s+\d{1,2}\.(?:\s*(?:,|und)\s*\d{1,2}\.)+(?!\s*\d)`, (m) => monthDayList(m[0])),
  ruleOf(String.raw`\b(?:am|(?<!\bbis\s+)zum|den|jeden)\s+(\d{1,2})\.(?!\s*\d)|\bam\s+(ersten)\b|(?<=\bbis\s+zum\s+)(\d{1,2})\.(?!\s*\d)`, (m) => ({
    kind: "monthDay",
    day: m[2] !== undefined ? 1 : Number(m[1] ?? m[3]),
  })),
  ruleOf(String.raw`\b(?:am|an)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "", DAY);
    return list === null ? null : { kind: "weekdayName", days: list };
  }),
  ruleOf(String.raw`\bmorgen\s+(früh|vormittag|mittag|nachmittag|abend|nacht)\b`, (m) => [
    { kind: "dayOffset", days: 1 },
    { kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" },
  ]),
  ruleOf(String.raw`\bheute\s+(abend|nacht)\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\bheute\s+(früh|morgen|vormittag|mittag|nachmittag)\b`, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning", today: true })),
  ruleOf(String.raw`\b(?:von|ab)\s+${END}(?:\s*uhr)?\s+bis\s+${END}(?:\s*uhr)?\b|\bzwischen\s+${END}(?:\s*uhr)?\s+und\s+${END}(?:\s*uhr)?\b`, (m) => {
    const from = windowEnd(m[1] ?? m[3]);
    const to = windowEnd(m[2] ?? m[4]);
    return from === null || to === null ? null : { kind: "window", from, to };
  }),
  ruleOf(String.raw`\bbis(?:\s+(?:zum|zur|einschließlich|inklusive))?\b`, () => ({ kind: "until", side: "after" })),
  ruleOf(String.raw`\b(?:um\s+)?mitternacht\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(
    String.raw`\b(?:um|gegen|ab)\s+(\d{1,2})(?:[:.](\d{2}))?\s*(?:uhr)?(?:\s+(\d{1,2})(?=\s|$))?|\b(\d{1,2})(?:[:.](\d{2}))?\s*uhr(?:\s+(\d{1,2})\b)?`,
    (m) => {
      const hour = Number(m[1] ?? m[4]);
      const minute = Number(m[2] ?? m[3] ?? m[5] ?? m[6] ?? 0);
      return clock(hour, minute);
    },
  ),
  ruleOf(String.raw`\b(?:um\s+)?${HOUR}\s+uhr\b`, (m) => {
    const hour = num(m[1]);
    return hour === null ? null : clock(hour, 0);
  }),
  ruleOf(String.raw`\b(?:um\s+)?(halb|viertel\s+nach|viertel\s+vor|dreiviertel)\s+${HOUR}\b`, (m) =>
    halfOrQuarter((m[1] ?? "").replace(/\s+/gu, " "), m[2] ?? ""),
  ),
  ruleOf(String.raw`\b(\d{1,2}):(\d{2})\b`, (m) => clock(Number(m[1]), Number(m[2]))),
  ruleOf(
    String.raw`\b(?:am\s+|zu\s+|in\s+der\s+)?(morgens|früh|vormittags|vormittag|mittags|mittag|nachmittags|nachmittag|abends|abend|nachts|nacht)\b|\bam\s+(morgen)\b`,
    (m) => ({ kind: "part", part: PARTS[m[1] ?? m[2] ?? ""] ?? "morning" }),
  ),
  ruleOf(String.raw`\b(?:jetzt\s+sofort|sofort|jetzt|umgehend|unverzüglich|ab\s+sofort)\b`, () => ({ kind: "immediate" })),
  // Last of all, so "am letzten Freitag im Monat" is read first: "letzten Freitag" alone has passed.
  ruleOf(
    String.raw`(?<!\b(?:jeden|jede|jedes)\s+)\b(?:letzte[nmrs]?|vergangene[nmrs]?|vorige[nmrs]?)\s+(?:${DAY}|woche|wochenende|monat|jahr)(?![\p{L}])`,
    () => ({ kind: "vague", what: "past" }),
  ),
];

/** German words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  String.raw`(?<=\b(?:und|sowie)\s+)\d{1,2}\b(?![:.]?\d)`,
  String.raw`\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)s?\b`,
  String.raw`\b(?:januar|jänner|februar|märz|maerz|april|juni|juli|august|september|oktober|november|dezember)\b`,
  String.raw`\bmai\b(?=\s*\d)|(?<=\d\.\s*)mai\b`,
  String.raw`\b\d{1,2}\.(?=\s*(?:\p{L}|$))`,
  String.raw`\b(?:ersten?|zweiten|dritten|vierten|fünften|letzten?)\b(?!\s+(?:\d|woche|wochen|monat|monats|jahr|nacht|mal|stunden|tage|artikel|nachrichten|ausgabe))`,
  String.raw`\b(?:jeden|jede|jedes|jedem|alle)\b(?=\s+(?:\d|tag|woche|monat|jahr|stunde|minute|morgen|abend|nacht|mittag|vormittag|nachmittag|werktag|arbeitstag|wochenende|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|zweiten|dritten|ersten|letzten|halbe|viertel|zwei|drei|vier|fünf|sechs|zehn|fünfzehn|zwanzig|dreißig))`,
  // "das tägliche Meeting", "die ganze Woche", "den Rest der Woche": asked, never dropped.
  // "ein paar Tage", "einige Wochen": how many? Asked, never a repetition without its end.
  String.raw`\b(?:ein\s+paar|einige|paar)\s+(?:tage|wochen|monate)\b`,
  String.raw`\btägliche[nmrs]?\b|\bganze\s+woche\b|\brest\s+der\s+woche\b|\b(?:14-?tägig|vierzehntägig|zweiwöchentlich)\b`,
  String.raw`\b(?:täglich|wöchentlich|monatlich|jährlich|stündlich|halbstündlich|werktags|wochentags|werktage[n]?|arbeitstage[n]?|wochenends?|wochenenden?)\b`,
  String.raw`\b(?:außer|ausser|ausgenommen)\b`,
  String.raw`\bbis\b`,
  String.raw`\b(?:von|ab|zwischen)\b(?=\s+\d)`,
  // Before a day, a range of days: never the two dates alone (read-one-day.ts).
  String.raw`\bzwischen\b(?=\s+(?:dem\s+)?(?:heute|morgen|übermorgen|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag))`,
  String.raw`\b(?:nächste[nrs]?|kommende[nrs]?|übernächste[nrs]?)\b`,
  String.raw`\b(?:\d+\s*mal|(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)mal)\b`,
  String.raw`\b${NUM}\s+${UNIT}\b`,
  String.raw`\b\d{1,2}(?:[:.]\d{2})?\s*uhr\b`,
  String.raw`\b\d{1,2}:\d{2}\b`,
  String.raw`\bum\s+\d{1,2}\b`,
  String.raw`\b(?:mittags?|mitternacht|heute|morgen|übermorgen)\b`,
];

export const de: Grammar = {
  lang: "de",
  chrono: chrono.de.casual,
  rules,
  glue: latinGlue([
    "um",
    "am",
    "an",
    "und",
    "den",
    "dem",
    "der",
    "die",
    "das",
    "nur",
    "jeden",
    "jede",
    "jedes",
    "ab",
    "gegen",
    "im",
    "in",
    "zu",
    "zur",
    "immer",
    "von",
    "bitte",
  ]),
  bearing: lexicon(BEARING),
  examples: {
    daily: "jeden Tag um 8 Uhr",
    weekly: "jeden Montag um 9 Uhr",
    once: "morgen um 9 Uhr",
    monthly: "am 1. jedes Monats um 9 Uhr",
    yearly: "jedes Jahr am 3. März um 9 Uhr",
    everyOther: "jeden zweiten Dienstag um 9 Uhr",
    thisSaturday: "diesen Samstag um 10 Uhr",
    everyWeekend: "jedes Wochenende um 10 Uhr",
    lastDay: "am letzten Tag jedes Monats um 9 Uhr",
    until: "bis zum 30. Juni",
  },
};
