/**
 * Terminology. A phrase is read in two steps:
 * - a per-language *grammar* (lang/*.ts) finds *fragments* in the text: a clock time, a part of
 *   the day, a recurrence cue ("every", "每週一三五"), a zone, a vague word …
 * - the interpreter (read-*.ts) combines the fragments, language-blind, into one schedule.
 * Only one-off dates ("tomorrow", "next Friday", "3月20日") are left to chrono-node.
 */

/** Cron numbering: Sunday = 0 … Saturday = 6. */
export type Weekday = number;

/** A part of the day that shifts a 12-hour clock reading or, alone, leaves the time open. */
export type PartOfDay = "early" | "morning" | "noon" | "afternoon" | "evening" | "night";

export type IntervalUnitWord = "minute" | "hour" | "day" | "week" | "month" | "year";

/** A clock reading as the text says it; `part` when a part of the day is said right with it. */
export interface ClockReading {
  hour: number;
  minute: number;
  meridiem: "am" | "pm" | null;
  part?: PartOfDay;
  exact?: "noon" | "midnight";
}

/** Where a phrase's end sits relative to the date it names: "until Friday", or "金曜日まで". */
export type EndSide = "before" | "after";

export type Fragment =
  /**
   * A clock reading. `meridiem` is set only when the text says am/pm (or 午前/午後). `exact`
   * readings are final (noon, midnight, or a 24-hour time chrono resolved) and no part of the
   * day shifts them.
   */
  | { kind: "clock"; hour: number; minute: number; meridiem: "am" | "pm" | null; exact?: "noon" | "midnight" | "resolved" }
  /** "morning", "下午", "abends"; `today` marks "tonight"/"今晚"/"heute Abend". */
  | { kind: "part"; part: PartOfDay; today?: boolean }
  /** Every day; `part` for "every morning" / "毎朝". */
  | { kind: "daily"; part?: PartOfDay }
  /** On these weekdays every week ("weekdays", "every Monday and Thursday", "每週一三五"). */
  | { kind: "weekdays"; days: Weekday[] }
  /** "except Wednesday", "außer am Wochenende", "水曜日以外": days taken out of the repetition. */
  | { kind: "except"; days: Weekday[] }
  /** "except in March", "三月除外", "außer im März": months taken out of the repetition (1-12). */
  | { kind: "exceptMonths"; months: number[] }
  /** Every `every` units ("every 3 days", "alle 15 Minuten"); `weekday` for "every other Tuesday". */
  | { kind: "interval"; every: number; unit: IntervalUnitWord; weekday?: Weekday }
  /**
   * A weekday named without a recurrence cue ("on Monday"): recurring only beside one ("every
   * 2 weeks"). `weeksAhead`: that day in the Monday-to-Sunday week so many weeks on ("来週の
   * 金曜日" 1, "再来週の金曜日" 2).
   */
  /** `afterNext`: "the Friday after next", whose week depends on whether this week's Friday is still ahead. */
  /** `weeksAfter`: "a week from Friday", so many weeks after the coming Friday. */
  /**
   * `withThis`: said with "this" ("neste sábado", "is shanivar"): the coming one, as when bare, but
   * not a weekly habit in a list ("this Saturday and Sunday" are two dates).
   */
  | { kind: "weekdayName"; days: Weekday[]; weeksAhead?: number; afterNext?: true; weeksAfter?: number; withThis?: true }
  /** A day of the month ("on the 1st", "1號", "am 1."); recurring only with an interval month. */
  | { kind: "monthDay"; day: number }
  /**
   * A calendar date with no year ("March 3", "3月3日"); recurring only with an interval year.
   * `inRange`: one of the days of a range ("March 10 to 12"), which "every day" only says again.
   */
  | { kind: "monthDate"; month: number; day: number; inRange?: true; eitherOrder?: true }
  /**
   * "on the 5th of next month", "来月5日": a day in the month so many months on. `nth` instead of
   * a day number: "the first Monday of next month" (`nth` 1–5, or -1 for the last).
   */
  | { kind: "monthAhead"; months: number; day: number; nth?: { nth: number; weekday: Weekday } }
  /**
   * "the end of March", "3月末": that month's last day; `month` null: this month's ("这个月底", "今月末"),
   * or with `monthsAhead` the month's so many months on ("下個月底").
   */
  | { kind: "monthEnd"; month: number | null; monthsAhead?: number }
  /** "the last day of the month", "月末": cron's `L`. */
  | { kind: "lastDayOfMonth" }
  /** "the first Monday of the month" (`nth` 1–5), "the last Friday" (`nth` -1): cron's `1#1`, `5L`. */
  | { kind: "nthWeekday"; nth: number; weekdays: Weekday[] }
  /**
   * A calendar date chrono found ("tomorrow", "next Friday", "3月20日"). `roll` says how to move
   * it forward when the time on it is already past: a bare weekday by a week, a day of the month
   * by a month, a date without a year by a year; "none": the phrase fixed the day ("明天").
   */
  | { kind: "date"; year: number; month: number; day: number; roll: "none" | "week" | "month" | "year"; eitherOrder?: true }
  /** "every hour at :30", "on the half hour": the minute past each hour an hourly repetition runs at. */
  | { kind: "minutePast"; minute: number }
  /** "in 20 minutes", "20分鐘後", "dentro de 2 horas". */
  | { kind: "relative"; amount: number; unit: IntervalUnitWord }
  /** A date relative to today that chrono misses ("pasado mañana", "明後日"); `note` when the word could mean another day. */
  | { kind: "dayOffset"; days: number; note?: string }
  | { kind: "immediate" }
  /** "from 9 to 5", "9時から17時まで": the times a repetition within the day runs between, both included. */
  | { kind: "window"; from: ClockReading; to: ClockReading }
  /**
   * "until", "bis", "hasta", "まで": the date on its `side` is the last day that may run. `through`:
   * the words name their own last day, the end of the week, month or year they are said in
   * ("今月いっぱい", "이번 달 내내", "這個月每天", "daily this month", "for the rest of the month",
   * "今年いっぱい"), with no date beside them (grammar.ts `restOfMonth` for the Latin-script grammars).
   */
  | { kind: "until"; side: EndSide; through?: "week" | "month" | "year" }
  /** "starting", "beginning", "from" before a date: the first day that may run (read-start.ts). */
  | { kind: "start"; side?: EndSide }
  /** "for two weeks", "zwei Wochen lang", "2주 동안": runs stop that long after now. */
  | { kind: "duration"; amount: number; unit: IntervalUnitWord }
  /** "3 times", "dreimal", "3回": the number of runs. */
  | { kind: "count"; times: number }
  /** Words that look like schedule words but say nothing here ("提醒我一次": each reminder once). */
  | { kind: "noise" }
  /** An explicit zone: `timezone` is an IANA name or null when the name is not known. */
  | { kind: "zone"; timezone: string | null; label: string }
  /**
   * A word that makes the phrase vague on purpose. `weak` ones ("later", "soon") only refuse
   * when nothing more precise was said ("later today at 5pm" is fine). "workdays": a word
   * people use for Monday–Friday and Monday–Saturday alike ("jours ouvrables"). "ordinal": "every
   * second Monday", every other Monday for some and the month's second Monday for others.
   * `perDay`: "twice a day", "1日2回", vague unless the phrase says exactly that many times of day.
   * "past": "last Friday", "last week", a day already gone (chrono would read it forward).
   * "subMinute": "every second", "every 30 seconds": more often than any schedule can repeat.
   * "weekend": a weekend said without this or every ("週末早上十點"), which the language does not mark.
   * "calendar": a date on the lunar calendar ("農曆八月十五", "旧暦", "음력"), which is not read.
   * "clockMinutes": "八點五" with no 分, five minutes past in Mandarin and five 字 of five minutes in Cantonese.
   * "monthPart": the start or the middle of the month ("月初", "月頭", "月中"), which names no day of it.
   */
  | {
      kind: "vague";
      what:
        | "time"
        | "day"
        | "weekend"
        | "timezone"
        | "interval"
        | "workdays"
        | "ordinal"
        | "past"
        | "dayMonth"
        | "occasion"
        | "subMinute"
        | "calendar"
        | "clockMinutes"
        | "monthPart";
      weak?: boolean;
      perDay?: number;
      /** A period that lies ahead ("next week" 1 week, "el mes que viene" 1 month): the day said with it is in it (read-ahead.ts). */
      ahead?: { unit: "week" | "month"; count: number };
      /** "每隔兩天", "2日おき" ("interval"): the number said and its unit, so the question can name both readings. */
      skip?: { amount: number; unit: IntervalUnitWord };
      /** A month named without a day ("三月", "march"): which one (1-12), for the n-th weekday said with it (read-ahead.ts). */
      month?: number;
    };

export interface Found {
  fragment: Fragment;
  start: number;
  end: number;
  text: string;
}

export interface Rule {
  re: RegExp;
  /** Returns the fragments one match stands for, or null to let a later rule try. */
  read: (m: RegExpExecArray) => Fragment | Fragment[] | null;
}

/**
 * Finds fragments, rule by rule: a rule earlier in the list wins any overlap, so the list is
 * ordered from the most specific ("every other Tuesday") to the most general ("Tuesday").
 */
export function findFragments(text: string, rules: readonly Rule[]): Found[] {
  const found: Found[] = [];
  const taken: Array<[number, number]> = [];
  for (const rule of rules) {
    for (const m of text.matchAll(rule.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0].trim() === "" || taken.some(([s, e]) => start < e && end > s)) continue;
      const read = rule.read(m as RegExpExecArray);
      if (read === null) continue;
      taken.push([start, end]);
      for (const fragment of Array.isArray(read) ? read : [read]) found.push({ fragment, start, end, text: m[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const WORD_EDGE = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;

/**
 * A global Unicode regex from a literal (keeping its other flags), with `\b` made Unicode-aware:
 * JavaScript's `\b` only knows [A-Za-z0-9_], so `\bübermorgen` or `días\b` would never match.
 * Grammars see lower-cased text, so their literals need no `i`.
 */
export function rx(literal: RegExp): RegExp {
  const flags = [...new Set([...literal.flags, "g", "u"])].join("");
  return new RegExp(literal.source.replaceAll(String.raw`\b`, WORD_EDGE), flags);
}

export const rule = (re: RegExp, read: Rule["read"]): Rule => ({ re: rx(re), read });
