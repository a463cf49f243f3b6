import type { Chrono } from "chrono-node";
import { type ClockReading, type EndSide, type Fragment, type IntervalUnitWord, type PartOfDay, type Rule, rx, type Weekday } from "./fragments.js";
import { cjkNumber } from "./text.js";

export const LANGS = ["en", "zh-Hant", "zh-Hans", "ja", "es", "de", "fr", "pt", "it", "ko", "hi-Latn", "hi-Deva"] as const;
export type Lang = (typeof LANGS)[number];

/** Example phrases in the user's language, quoted in refusals so the model can ask back. */
export interface Examples {
  daily: string;
  weekly: string;
  once: string;
  monthly: string;
  yearly: string;
  everyOther: string;
  /** One run on this week's Saturday at a time, and every weekend at a time: the two answers to a bare weekend. */
  thisSaturday: string;
  everyWeekend: string;
  /** The last day of every month at a time. */
  lastDay: string;
  /** How the runs end, said after a repetition: "until June 30". */
  until: string;
}

/** Everything language-specific: the rules that find fragments, chrono's parser, examples. */
export interface Grammar {
  lang: Lang;
  /** The chrono-node parser for one-off dates in this language; null where the rules read dates themselves. */
  chrono: Chrono | null;
  rules: readonly Rule[];
  /** Matches the whole text between two fragments of one schedule ("at", "の", "a las"). */
  glue: RegExp;
  /**
   * The lexicon of words that can carry schedule meaning (weekday and month names, ordinals,
   * "except", "every", "until", "next month", counts, durations, clock times): the reading must
   * use every one of them (coverage.ts). Matches single words where it can, with lookaheads for
   * context, so a match never reaches past the fragment that reads it.
   */
  bearing: RegExp;
  /**
   * Words that ask for a repetition whatever follows them ("every payday at 9"): a reading of a
   * single run must use them. Beside a repetition they may be the request's own words ("every
   * article"), so they are not in `bearing`. None where `bearing` already has them.
   */
  repeats?: RegExp;
  /**
   * A request with its task's words ("提醒我繳費"), where the glue lets the task's words sit between
   * the schedule's own ("每天提醒我吃藥 早上八點"): one such request inside the schedule and another
   * after it are two tasks, each at its own time (parse-phrase.ts).
   */
  request?: RegExp;
  examples: Examples;
}

/**
 * A frequency word as a bearing word, unless it names a meeting by how often it meets ("daily
 * standup", "la reunión semanal") while the schedule says its own repetition elsewhere ("…every
 * weekday at 9:15", "…todos los lunes"). Alone ("daily standup at 9") the word is still the
 * schedule's, so it is exempt only when another is said. Each language gives its words and whether
 * the meeting's noun comes before the frequency word (Spanish) or after it (English).
 */
export function frequencyUnlessMeeting(frequency: string, meeting: string, repeatsElsewhere: string, meetingFirst: boolean): string {
  const named = meetingFirst ? String.raw`(?<=\b${meeting}\s+)${frequency}\b` : String.raw`${frequency}\b\s+${meeting}`;
  return String.raw`(?!${named}.*${repeatsElsewhere})\b${frequency}\b`;
}

/** A rule from a regex source string, for rules that splice shared sub-patterns. */
export const ruleOf = (source: string, read: Rule["read"]): Rule => ({ re: rx(new RegExp(source)), read });

/**
 * Reads a run of weekday names ("monday, wednesday and friday", "月・水・金", "lunes a viernes")
 * into cron weekdays. `dayAt` finds each name and its weekday; two names joined by something
 * `isRange` accepts ("to", "-", "bis", "到") stand for every day between them.
 */
export function readDayList(text: string, dayAt: RegExp, toWeekday: (name: string) => Weekday | null, isRange: RegExp): Weekday[] | null {
  const names = [...text.matchAll(dayAt)];
  const days = new Set<Weekday>();
  let previous: { day: Weekday; end: number } | null = null;
  for (const m of names) {
    const day = toWeekday(m[1] ?? m[0]);
    if (day === null) return null;
    if (previous !== null && isRange.test(text.slice(previous.end, m.index))) {
      for (let d: Weekday = previous.day; d !== day; d = (d + 1) % 7) days.add(d);
    }
    days.add(day);
    previous = { day, end: m.index + m[0].length };
  }
  return days.size === 0 ? null : [...days].sort((a, b) => a - b);
}

/**
 * A range of days said with its opener and no word for "every": "de lunes a jueves", "du lundi au
 * jeudi", "dal lunedì al giovedì" run on every day between them, a habit as "de lunes a viernes"
 * is. Without it chrono reads each end as a date of its own: the first day once, or the two ends
 * only. Each grammar gives its opener, its day names, its word for "to" and its day-list reader
 * (whose range word must accept `to`); listed before the rules that read single days.
 */
export const dayRange = (opener: string, day: string, to: string, readDays: (list: string) => Weekday[] | null): Rule =>
  ruleOf(String.raw`\b${opener}\s+(${day}\s+${to}\s+${day})\b`, (m) => {
    const days = readDays(m[1] ?? "");
    return days === null || days.length < 2 ? null : { kind: "weekdays", days };
  });

/**
 * The days of a range of dates in one month ("del 10 al 12 de marzo", "March 10 to 12",
 * "3月10日到12日"): each day between is a date of its own, so with a time it runs once on each
 * (read-one-day.ts), as "tomorrow and the day after at 9am" does. A range that runs backwards,
 * names one day, or goes past the month's 31 days names no dates: vague, asked.
 */
function datesBetween(month: number, from: number, until: number): Fragment | Fragment[] {
  if (month < 1 || month > 12 || from < 1 || until <= from || until > 31) return { kind: "vague", what: "dayMonth" };
  return Array.from({ length: until - from + 1 }, (_, i): Fragment => ({ kind: "monthDate", month, day: from + i, inRange: true }));
}

/**
 * A range of dates in one month said day first, with its opener: "del 10 al 12 de marzo", "du 10
 * au 12 mars", "dal 10 al 12 marzo", "from the 10th to the 12th of March". Without it chrono read
 * the last day alone and the first number as a clock time. Each grammar gives its opener, its "to"
 * and its month words (the month's number from `monthOf`), and how it writes a day when that is
 * not a bare number ("the 10th"; one group, the number).
 */
export const dateRange = (opener: string, to: string, month: string, monthOf: (name: string) => number, day = String.raw`(\d{1,2})\.?`): Rule =>
  ruleOf(String.raw`\b${opener}\s+${day}\s+${to}\s+${day}\s+(?:de\s+)?${month}(?!\s*(?:de\s+)?\d{4})`, (m) =>
    datesBetween(monthOf(m[3] ?? ""), Number(m[1]), Number(m[2])),
  );

/**
 * The same range said month first: "March 10 to 12", "3月10日到12日", "三月十號到十二號",
 * "3月10日から12日まで", "3월 10일부터 12일까지". The month, each day and "to" are the grammar's
 * (one group each for the month and the days, read by `monthOf` and `dayOf`, null when they
 * cannot), and `close` what may follow the last day ("まで", "까지", a word edge).
 */
export const monthFirstDateRange = (
  month: string,
  day: string,
  to: string,
  close: string,
  monthOf: (text: string) => number | null,
  dayOf: (text: string) => number | null,
): Rule =>
  ruleOf(`${month}\\s*${day}\\s*${to}\\s*${day}${close}`, (m) => datesBetween(monthOf(m[1] ?? "") ?? 0, dayOf(m[2] ?? "") ?? 0, dayOf(m[3] ?? "") ?? 0));

/**
 * A calendar date: with a year it is one fixed day, without one it recurs or rolls yearly.
 * `eitherOrder`: written so that it could be read day first as well (slashDate).
 */
export function dateOrMonthDate(year: string | undefined, month: number, day: number, eitherOrder = false): Fragment {
  const either = eitherOrder ? { eitherOrder: true as const } : {};
  return year === undefined ? { kind: "monthDate", month, day, ...either } : { kind: "date", year: Number(year), month, day, roll: "none", ...either };
}

/**
 * A date written with slashes ("3/20", "20/3/2026"), in the order the language writes it: month
 * first in Chinese, Japanese and Korean, day first in the European languages and Hindi (US
 * English is left to chrono, which reads it month first). Numbers that cannot be a month and a
 * day ("13/20") are asked about rather than dropped; a fraction of a unit ("1/2 hora") is no date.
 * Month first with both numbers up to 12 ("8/4") is marked `eitherOrder`: where the user's zone writes
 * dates day first as well (Hong Kong), it is asked (parse-phrase.ts).
 */
export const slashDate = (order: "month-day" | "day-month"): Rule =>
  ruleOf(
    String.raw`(?<![\d/:.])(\d{1,2})\s*/\s*(\d{1,2})(?:\s*/\s*(\d{4}|\d{2}))?(?![\d/:])(?!\s*(?:hora|hour|stund|heure|ore?\b|min|小時|小时|時間|时间|分|시간|ghant))`,
    (m) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      const [month, day] = order === "month-day" ? [a, b] : [b, a];
      if (month < 1 || month > 12 || day < 1 || day > 31) return { kind: "vague", what: "dayMonth" };
      const year = m[3] === undefined ? undefined : m[3].length === 2 ? `20${m[3]}` : m[3];
      return dateOrMonthDate(year, month, day, order === "month-day" && a <= 12 && b <= 12 && a !== b);
    },
  );

/**
 * "twice a day", "3 veces al día", "zweimal täglich": a daily repetition read only when the
 * phrase says that many times ("at 9 and 21"); so many times a week or a month says no days,
 * so it stays vague.
 */
export function timesPer(times: number | null, perDay: boolean): Fragment | Fragment[] | null {
  if (times === null) return null;
  return perDay ? [{ kind: "vague", what: "time", perDay: times }, { kind: "daily" }] : { kind: "vague", what: "time" };
}

/**
 * "los días 1 y 15", "am 1. und 15.", "nos dias 1 e 15", "1 aur 15 tarikh": several days of the
 * month in one list. Every number in the match is a day (ordinal marks such as "1er", "1." and
 * "º" are left to the rule's pattern); null when one is not a day or the list has one day only,
 * so that the single-day rules read it.
 */
export function monthDayList(text: string): Fragment[] | null {
  const days = [...new Set([...text.matchAll(/\d{1,2}/gu)].map((m) => Number(m[0])))];
  if (days.length < 2 || days.some((d) => d < 1 || d > 31)) return null;
  return days.map((day) => ({ kind: "monthDay", day }));
}

/**
 * An hour said in words and how the language rounds it: "et demie" / "e meia" (half past),
 * "et quart" (quarter past), "moins le quart" (quarter to: the hour before, at 45). Null when the
 * hour is not one of the 12-hour clock's, so the phrase is asked rather than guessed.
 */
export function wordHour(hour: number | undefined, then: "half" | "quarter" | "quarterTo" | null): Fragment | null {
  if (hour === undefined || hour < 1 || hour > 12) return null;
  if (then === "quarterTo") return hour === 1 ? null : clock(hour - 1, 45);
  return clock(hour, then === "half" ? 30 : then === "quarter" ? 15 : 0);
}

/**
 * Noon, or noon with a half or a quarter: "midi et demie", "meio-dia e meia", "mezzogiorno e un
 * quarto", "mediodía y media" (12:30, 12:15), "midi moins le quart" (11:45). One rule for every
 * grammar: read as plain noon, the half hour was dropped without a word. Final: no part of the
 * day shifts it.
 */
export function noonAnd(then: "half" | "quarter" | "quarterTo" | null): Fragment {
  if (then === null) return { kind: "clock", hour: 12, minute: 0, meridiem: null, exact: "noon" };
  const [hour, minute] = then === "half" ? [12, 30] : then === "quarter" ? [12, 15] : [11, 45];
  return { kind: "clock", hour, minute, meridiem: null, exact: "resolved" };
}

/**
 * A period named without its day ("next week", "el mes que viene", "下個月", "this weekend"):
 * asked alone. `week` / `month` say which words put it one (or `count`) weeks or months ahead, so
 * that a day said with it is read in it (read-ahead.ts); tested on the matched text.
 */
export function periodOf(text: string, week: RegExp | null, month: RegExp | null, count = 1): Fragment {
  const unit = week?.test(text) === true ? "week" : month?.test(text) === true ? "month" : null;
  return { kind: "vague", what: "day", ...(unit !== null && { ahead: { unit, count } }) };
}

/**
 * This month, or the rest of it, said beside a repetition ("daily at 9am this month", "todos los días
 * este mes", "pour le reste du mois", "für den Rest des Monats", "mahine ke baaki din roz"): the runs
 * end on the month's last day (or the year's, `year`), as "until the end of the month" does. One
 * "until" that names its own end (`through`, read-bounds.ts), as "今月いっぱい" and "이번 달 내내" are:
 * the words `lead` before the month or, `side` "before", after it. With no repetition the phrase is
 * asked (an end for a single run). Patterns carry their own word edges and no groups of their own;
 * listed before the rule that reads a month named without its day as a vague period.
 */
export function restOfMonth(lead: string, month: string, side: EndSide = "after", year: string | null = null): Rule {
  const period = year === null ? `(${month})` : `(${month})|(${year})`;
  const source = side === "after" ? String.raw`(?:${lead})\s+(?:${period})` : String.raw`(?:${period})\s+(?:${lead})`;
  return ruleOf(source, (m) => ({ kind: "until", side, through: m[2] === undefined ? "month" : "year" }));
}

/**
 * "every lunes", "every Montag", "each lundi": the English word for every typed before a weekday of
 * the phrase's language, as its own word for every is read (left alone, "every" was dropped and the
 * day ran once). `dayList` matches the language's run of weekday names as its group 1.
 */
export const englishEvery = (dayList: string, readDays: (list: string) => Weekday[] | null): Rule =>
  ruleOf(String.raw`\b(?:every|each)\s+${dayList}`, (m) => {
    const days = readDays(m[1] ?? "");
    return days === null ? null : { kind: "weekdays", days };
  });

/**
 * How long a repetition goes on, said as a span: "for the next 3 days", "持續兩週", "接下來三天",
 * "共十四天", "每天早上八點，一個月" — a duration (read-bounds.ts: the runs stop that long after now, or
 * after a later first day the phrase names). One rule for the shape; each grammar gives the words
 * around the span in `source`, whose group 1 is the count and group 2 the unit, and how it reads them.
 */
export const spanRule = (source: string, amountOf: (text: string) => number | null, unitOf: (text: string) => IntervalUnitWord): Rule =>
  ruleOf(source, (m) => {
    const amount = amountOf(m[1] ?? "");
    return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
  });

/** A window between two clock readings, or null when either end is not one. */
export const windowOf = (from: ClockReading | null, to: ClockReading | null): Fragment | null =>
  from === null || to === null ? null : { kind: "window", from, to };

/**
 * "except in March and April", "三月除外": the months excepted. `source` matches the whole
 * exception, `monthAt` each month name in it (its first group), `monthOf` turns a name into 1-12.
 */
export function exceptMonthsRule(source: string, monthAt: RegExp, monthOf: (name: string) => number): Rule {
  return ruleOf(source, (m) => {
    const months = [...m[0].matchAll(rx(monthAt))].map((x) => monthOf(x[1] ?? ""));
    return months.length === 0 || months.some((n) => n < 1 || n > 12) ? null : { kind: "exceptMonths", months };
  });
}

/**
 * The "from" of a start time said right before an interval ("正午から2時間おきに", "정오부터
 * 2시간마다", "12 baje se har 2 ghante"): it only joins the clock to the repetition, whose reader
 * takes the clock as the first run (read-frequent.ts). Noise, so the coverage rule counts it read;
 * each grammar's pattern only matches it between a clock and an interval.
 */
export const fromBeforeInterval = (source: string): Rule => ruleOf(source, () => ({ kind: "noise" }));

/** The days a list names taken out of a repetition; the weekend when there is no list ("except weekends"). */
export function exceptOf(list: string | undefined, readDays: (list: string) => Weekday[] | null): Fragment | null {
  if (list === undefined) return { kind: "except", days: [...WEEKEND] };
  const days = readDays(list);
  return days === null ? null : { kind: "except", days };
}

/**
 * A clock reading written with digits ("9", "17:30", "9.30", "9h30", "9 h") or a noon or
 * midnight word, as a window's end in the languages that say times on the 24-hour clock.
 */
export function numericClock(text: string | undefined, noon: RegExp, midnight: RegExp): ClockReading | null {
  if (text === undefined) return null;
  if (midnight.test(text)) return { hour: 0, minute: 0, meridiem: null, exact: "midnight" };
  if (noon.test(text)) return { hour: 12, minute: 0, meridiem: null, exact: "noon" };
  const m = /^(\d{1,2})(?:\s*[:.h]\s*(\d{2})?)?$/u.exec(text.trim());
  return m === null ? null : { hour: Number(m[1]), minute: Number(m[2] ?? 0), meridiem: null };
}

/**
 * A Chinese or Japanese clock reading from a match whose groups are: 1 the word before it
 * (上午, 午後, 朝 …), 2 the hour, 3 "半" or the minutes with their mark, 4 the minutes. `lead`
 * says what that word means: am/pm, or a part of the day.
 */
export function cjkClock(
  m: RegExpExecArray | null,
  lead: (word: string | undefined) => { meridiem: "am" | "pm" | null; part?: PartOfDay },
): ClockReading | null {
  const hour = m === null ? null : cjkNumber(m[2] ?? "");
  if (m === null || hour === null) return null;
  const minute = m[3] === undefined ? 0 : m[3] === "半" ? 30 : cjkNumber(m[4] ?? "");
  if (minute === null) return null;
  const { meridiem, part } = lead(m[1]);
  return { hour, minute, meridiem, ...(part !== undefined && { part }) };
}

/**
 * "dans 2h", "in 1h30", "em 1h 30min": a delay written the compact way after a word for "in".
 * One rule for every Latin-script grammar, with every language's word: "in 2h" has more French
 * than English in it for the language vote. Listed before the clock rules, which would read
 * "2h" as 02:00.
 */
export const COMPACT_DELAY: Rule = ruleOf(
  String.raw`\b(?:in|within|dans|d['’]ici|en|dentro\s+de|em|daqui\s+a|tra|fra|entro)\s+(\d{1,2})\s*h(?:\s*(\d{1,2})\s*(?:m(?:in)?)?)?(?![\p{L}\p{N}])`,
  (m) => ({ kind: "relative", amount: 60 * Number(m[1]) + Number(m[2] ?? 0), unit: "minute" }),
);

/**
 * "9時15分前", "9시 15분 전": that many minutes before the hour, 08:45. Only for an hour from 2 to
 * 11 or 14 to 23, where going back does not cross noon or midnight (a part of the day or am/pm
 * said with it then still applies to the hour before); null otherwise, and the phrase is asked.
 */
export function minutesBefore(hour: number | null, before: number | null): { hour: number; minute: number } | null {
  if (hour === null || before === null || before <= 0 || before >= 60) return null;
  if (hour < 2 || hour === 12 || hour === 13 || hour > 23) return null;
  return { hour: hour - 1, minute: 60 - before };
}

/**
 * The word that makes the day next to it the first day of a repetition (read-start.ts):
 * "a partir del lunes", "ab Montag" (the day after the word); "從下週一開始", "월요일부터",
 * "月曜から", "somvar se" (the day before it). Each grammar says which words, and where they
 * stand, so that a range ("月曜から金曜", "somvar se shukravar") is read by its own rule first.
 */
export const startWord = (source: string, side: "after" | "before"): Rule => ruleOf(source, () => ({ kind: "start", side }));

/**
 * The plain spellings of a letter people type without its accent or with its umlaut written out:
 * "miercoles", "a 8h", "amanha", "naechste", "fuenfmal", "ausser".
 */
const PLAIN: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries([..."áàâã"].map((c) => [c, ["a"]])),
  ...Object.fromEntries([..."éèêë"].map((c) => [c, ["e"]])),
  ...Object.fromEntries([..."íìîï"].map((c) => [c, ["i"]])),
  ...Object.fromEntries([..."óòôõ"].map((c) => [c, ["o"]])),
  ...Object.fromEntries([..."úùû"].map((c) => [c, ["u"]])),
  ñ: ["n"],
  ç: ["c"],
  ä: ["ae", "a"],
  ö: ["oe", "o"],
  ü: ["ue", "u"],
  ß: ["ss"],
};

/**
 * A regex source that also matches each accented letter in its plain spellings: outside a
 * character class "á" becomes "(?:á|a)", inside one the plain letter joins the class. Escapes
 * (`\p{L}`, `\s`) are copied as they are.
 */
export function withPlainLetters(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") {
      const property = /^\\[pP]\{[^}]*\}/u.exec(source.slice(i));
      const escaped = property?.[0] ?? source.slice(i, i + 2);
      out += escaped;
      i += escaped.length - 1;
      continue;
    }
    if (c === "[" && !inClass) inClass = true;
    else if (c === "]" && inClass) inClass = false;
    const plain = PLAIN[c];
    if (plain === undefined) out += c;
    else if (inClass) out += c + plain.filter((p) => p.length === 1).join("");
    else out += `(?:${[c, ...plain].join("|")})`;
  }
  return out;
}

/**
 * The lexicon regex from its alternatives (lower-cased text, Unicode-aware `\b`). A bearing word
 * typed without its accents or with its umlauts written out still bears its meaning: where the
 * rules do not read that spelling, the phrase is asked rather than read without the word (left
 * out, "uebernaechste Woche am Dienstag" ran a week early and "amanha as 12h" today).
 */
export const lexicon = (sources: readonly string[]): RegExp => rx(new RegExp(withPlainLetters(sources.join("|"))));

/** Shorthands for rule bodies. */
export const clock = (hour: number, minute: number, meridiem: "am" | "pm" | null = null): Fragment => ({
  kind: "clock",
  hour,
  minute,
  meridiem,
});
/**
 * "3pm", "9:30 am" typed in the middle of another script ("明天 3pm 提醒我", "週五3pm開會"): the Latin
 * clock with its am/pm, for grammars whose own clock words have no am/pm. It ends where the Latin
 * letters end, so a character of the other script may follow with no space.
 */
export const latinMeridiemClock: Rule = ruleOf(String.raw`(?<![0-9:])(\d{1,2})(?::(\d{2}))?\s*(a|p)\.?m(?![a-z])\.?`, (m) =>
  clock(Number(m[1]), Number(m[2] ?? 0), m[3] === "a" ? "am" : "pm"),
);
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5];
export const WEEKEND: readonly Weekday[] = [0, 6];

/**
 * English typed into a Chinese or Japanese sentence ("聽日 3pm call client", "每個 Monday 朝早 9點",
 * "tomorrow の午後3時"). A Latin word next to Han has no word edge (`\b` sees both as letters), so the
 * edges here are Latin letters only. Full weekday names and the abbreviations that are no other
 * English word (not "sat", "sun").
 */
const LATIN_EDGE_BEFORE = "(?<![a-z])";
const LATIN_EDGE_AFTER = "(?![a-z])";
const LATIN_DAY = "sunday|monday|tuesday|wednesday|thursday|friday|saturday|mon|tues?|wed|thu(?:rs?)?|fri";
const LATIN_WEEKDAY_OF: Record<string, Weekday> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
export const latinWeekday = (name: string | undefined): Weekday | null => LATIN_WEEKDAY_OF[(name ?? "").slice(0, 3)] ?? null;
/** An English weekday name inside a CJK sentence, its name in group 1 (for the grammar's own shapes: "每個月第一個 Monday"). */
export const LATIN_DAY_IN_CJK = `${LATIN_EDGE_BEFORE}(${LATIN_DAY})${LATIN_EDGE_AFTER}`;

/**
 * The English day words read inside a CJK grammar, as its own: "every Monday" (or the grammar's own
 * `every` before the name: "每個 Monday", "毎週 Monday") and "Mondays" every week, "Monday" the coming
 * one, "next Monday" the one of next week (the policy), "every day" / "everyday", "daily" right before
 * the time ("daily 朝早8點"; "daily standup" stays the task's words), every weekend, "tomorrow" /
 * "tmr", "today", "tonight". Listed before the grammar's own day rules.
 */
export function latinDaysInCjk(every: string): Rule[] {
  const day = `${LATIN_EDGE_BEFORE}(${LATIN_DAY})(s?)${LATIN_EDGE_AFTER}`;
  return [
    ruleOf(`(?:${every}|${LATIN_EDGE_BEFORE}(?:every|each)${LATIN_EDGE_AFTER})\\s*${day}`, (m) => {
      const d = latinWeekday(m[1]);
      return d === null ? null : { kind: "weekdays", days: [d] };
    }),
    ruleOf(`${LATIN_EDGE_BEFORE}next\\s*(${LATIN_DAY})${LATIN_EDGE_AFTER}`, (m) => {
      const d = latinWeekday(m[1]);
      return d === null ? null : { kind: "weekdayName", days: [d], weeksAhead: 1 };
    }),
    ruleOf(day, (m) => {
      const d = latinWeekday(m[1]);
      if (d === null) return null;
      return m[2] === "s" ? { kind: "weekdays", days: [d] } : { kind: "weekdayName", days: [d] };
    }),
    ruleOf(`${LATIN_EDGE_BEFORE}(?:every\\s*day|daily(?=\\s*[^a-z\\s]))${LATIN_EDGE_AFTER}`, () => ({ kind: "daily" })),
    ruleOf(`(?:${every}|${LATIN_EDGE_BEFORE}(?:every|each)${LATIN_EDGE_AFTER})\\s*weekends?${LATIN_EDGE_AFTER}`, () => ({
      kind: "weekdays",
      days: [...WEEKEND],
    })),
    ruleOf(`${LATIN_EDGE_BEFORE}(?:tomorrow|tmrw?|tmw)${LATIN_EDGE_AFTER}`, () => ({ kind: "dayOffset", days: 1 })),
    ruleOf(`${LATIN_EDGE_BEFORE}today${LATIN_EDGE_AFTER}`, () => ({ kind: "dayOffset", days: 0 })),
    ruleOf(`${LATIN_EDGE_BEFORE}(?:tonight|tonite)${LATIN_EDGE_AFTER}`, () => ({ kind: "part", part: "evening", today: true })),
  ];
}

/**
 * The English words that carry schedule meaning in a CJK sentence, for the grammar's lexicon: a
 * reading that leaves one out ("next Monday", "every day except Friday", "until Friday") is asked.
 */
export const LATIN_IN_CJK_BEARING = `${LATIN_EDGE_BEFORE}(?:${LATIN_DAY}|saturdays?|sundays?|every|each|next|until|till|except|tomorrow|tmrw?|tmw|today|tonight|tonite|yesterday|weekends?)${LATIN_EDGE_AFTER}`;
