import { DomainError } from "../errors.js";
import { anchorInGap, type CivilTime, unknownTimeZone } from "../schedule/index.js";
import { count, formatClock } from "./format.js";
import type { IntervalUnitWord } from "./fragments.js";
import type { Examples } from "./grammar.js";

/**
 * Every refusal the reader makes, worded for a model that must ask the user one question.
 * `field` is "when" (the phrase) unless the zone is at fault.
 */
const ask = (question: string, example: string) => `Ask the user: "${question}" e.g. '${example}'.`;

/** The common refusal: the phrase is unclear about when, and one question to the user settles it. */
const askWhen = (message: string, expected: string, question: string, example: string) =>
  new DomainError("ambiguous_schedule", message, { field: "when", expected, hint: ask(question, example) });

export const refuse = {
  noWhen: (ex: Examples) =>
    askWhen("The phrase names no date, time or repetition.", "A time, a date and time, or a repetition with a time", "When should it run?", ex.once),
  vagueTime: (ex: Examples) =>
    askWhen(
      'The phrase leaves the time open ("later", "sometime", "soon").',
      "An exact time, e.g. a clock time or 'in 20 minutes'",
      "At what time exactly?",
      ex.once,
    ),
  timesPerDay: (perDay: number, said: number, ex: Examples) =>
    askWhen(
      `The phrase says ${perDay} times a day but ${said === 0 ? "not at what times" : `${said} time${said === 1 ? "" : "s"} of day`}.`,
      `${perDay} clock times, e.g. 9am and 9pm`,
      `At which ${perDay} times of day?`,
      ex.daily,
    ),
  monthPart: (said: string, ex: Examples) =>
    askWhen(
      `The phrase names a part of the month ('${said}') but not the day.`,
      "The day of the month and a time",
      `Which day of the month, and at what time?`,
      ex.monthly,
    ),
  vagueDay: (said: string, ex: Examples) =>
    askWhen(`The phrase names a period ('${said}') but not the day.`, "A day within the period and a time", `Which day ${said}, and at what time?`, ex.once),
  thisOrEveryWeekend: (said: string, ex: Examples) =>
    new DomainError("ambiguous_schedule", `The phrase names the weekend ('${said}') without saying this one or every one.`, {
      field: "when",
      expected: "This weekend only, or every weekend, with the time",
      hint: `Ask the user: "This weekend only, or every weekend?" e.g. '${ex.thisSaturday}' (one run; Sunday is a second task) or '${ex.everyWeekend}'.`,
    }),
  noTime: (what: string, example: string) =>
    askWhen(`The phrase says ${what} but not at what time.`, "A clock time (e.g. 08:00 or 8am)", `What time ${what}?`, example),
  noDayOfWeek: (ex: Examples) =>
    askWhen("A weekly repetition needs the day of the week.", "A weekday, e.g. 'every 2 weeks on Monday'", "On which day of the week?", ex.everyOther),
  noDayOfMonth: (ex: Examples) =>
    askWhen("A monthly repetition needs the day of the month.", "A day of the month from 1 to 28", "On which day of the month?", ex.monthly),
  noDateOfYear: (ex: Examples) =>
    askWhen("A yearly repetition needs the date.", "A month and day, e.g. 'every year on March 3'", "On which date every year?", ex.yearly),
  conflicting: (what: string) =>
    new DomainError("ambiguous_schedule", `The phrase says ${what}; it cannot be read as one schedule.`, {
      field: "when",
      expected: "One repetition (or one date) and one time",
      hint: "Ask the user which one they mean, or create one task per schedule.",
    }),
  nightOrDay: (said: string, { hour, minute }: { hour: number; minute: number }) => {
    const night = formatClock(hour, minute);
    const day = formatClock(hour + 12, minute);
    const spoken = minute === 0 ? String(hour) : `${hour}:${String(minute).padStart(2, "0")}`;
    const question = `${night} (${hour < 5 ? "at night" : "early in the morning"}) or ${day} (${hour < 6 ? "in the afternoon" : "in the evening"})?`;
    return new DomainError("ambiguous_schedule", `'${said}' could be ${night} or ${day}: a bare hour from 1 to 6 is not read on the 24-hour clock.`, {
      field: "when",
      expected: `A time with am/pm, a part of the day, or the 24-hour clock (e.g. ${spoken}am, ${spoken}pm or ${day})`,
      hint: `Ask the user: "${question}" Say '${spoken}am' or '${spoken}pm'.`,
    });
  },
  /** "every 30 min from 9 to 5 on saturday": the day said once, with no word for every week. */
  oneDayOrEvery: (said: string, ex: Examples) =>
    askWhen(
      `'${said}' beside a repetition within the day could mean that one day or that day every week.`,
      "The day with a word for every week, e.g. 'on Saturdays' or 'every Saturday'; for one day only, the task created on that day with an end",
      `Every ${said.replace(/^(?:on|am|el|le|il|no|na)\s+/iu, "")}, or only the coming one?`,
      ex.weekly,
    ),
  midnightOfDay: (ex: Examples) =>
    askWhen(
      "'Midnight' of a named day can mean its start or its end.",
      "00:00 of a named day, or 23:59",
      "Midnight at the start or at the end of that day?",
      ex.once,
    ),
  /** Both readings, each with how to say it, when the number and its unit are known ("every 2 days, or every 3 days?"). */
  skipCount: (ex: Examples, skip?: { amount: number; unit: IntervalUnitWord }) => {
    const message = "'Every other N' with a skip count ('2日おき', '每隔两天') is read as every N or every N+1 by different people.";
    const expected = "An interval without a skip count: 'every N days' (3日ごと, 每3天)";
    if (skip === undefined) return askWhen(message, expected, "Every how many days?", ex.daily);
    const [one, other] = [count(skip.amount, skip.unit), count(skip.amount + 1, skip.unit)];
    return new DomainError("ambiguous_schedule", message, {
      field: "when",
      expected,
      hint: `Ask the user: "Every ${one}, or every ${other} (${one} skipped between runs)?" e.g. 'every ${one}' or 'every ${other}', with the time.`,
    });
  },
  dayMissingInSomeMonths: (day: number, ex: Examples) =>
    askWhen(
      `Not every month has a day ${day}: in the others it could be skipped or moved to the month's last day.`,
      "A day of the month from 1 to 28, or the last day of the month",
      `In months without a day ${day}, skip them or run on the last day?`,
      ex.lastDay,
    ),
  workdays: (ex: Examples) =>
    askWhen(
      "The phrase names working days with a word that means Monday to Friday for some and Monday to Saturday for others.",
      "The days named, e.g. Monday to Friday",
      "Monday to Friday, or Monday to Saturday?",
      ex.weekly,
    ),
  /** A schedule's finest step is the minute (cron's, and the `every` kind's): the reason, not "no repetition". */
  subMinute: () =>
    new DomainError("limit_exceeded", "The phrase repeats more often than once a minute; the shortest interval between two runs is one minute.", {
      field: "when",
      expected: "A repetition of a minute or longer, e.g. 'every minute' or 'every 5 minutes'",
      hint: ask("Will every minute (or longer) do? duely does not run a task more often.", "every minute"),
    }),
  everySecond: (ex: Examples) =>
    askWhen(
      "'Every second Monday' is every other Monday for some and the second Monday of each month for others.",
      "'every other Monday', or 'the second Monday of every month'",
      "Every other week, or the second one of each month?",
      ex.everyOther,
    ),
  clockMinutes: (ex: Examples) =>
    askWhen(
      "A time written with a small number after the hour and no 分 ('八點五') is that many minutes past in Mandarin and that many 字, five minutes each, in Cantonese (08:05 or 08:25).",
      "The minutes with 分 ('八點二十五分') or with 個字 ('八點五個字'), or the time as 8:25",
      "How many minutes past the hour?",
      ex.once,
    ),
  dayMonth: (ex: Examples) =>
    askWhen(
      "A date written with two numbers up to 12 ('3/4') is day/month in some countries and month/day in others.",
      "The month by its name, e.g. 'April 3' or '3 April'",
      "Which month and day?",
      ex.once,
    ),
  occasion: (ex: Examples) =>
    askWhen(
      "The phrase names an occasion ('my birthday', 'the weekend') whose date is not known here.",
      "The date itself, or the last day by its name",
      "On which date?",
      ex.once,
    ),
  /** Read as the Gregorian date, "農曆八月十五" would run on the wrong day, weeks from the festival. */
  lunarDate: (said: string, ex: Examples) =>
    askWhen(
      `The phrase names a date on the lunar calendar ('${said}'); only Gregorian dates are read.`,
      "The Gregorian date, e.g. the date the lunar day falls on this year",
      "Which date on the ordinary (Gregorian) calendar is that?",
      ex.once,
    ),
  afterNext: (nearer: string, further: string) =>
    askWhen(
      `'The … after next' said while that day is still ahead this week is ${nearer} for some and ${further} for others.`,
      `The date itself, e.g. '${nearer}' or '${further}'`,
      `${nearer} or ${further}?`,
      further,
    ),
  recentlyPassed: (passed: string, nextYear: string) =>
    askWhen(
      `The date has just passed this year (${passed}); read as it stands it would be next year's, ${nextYear}.`,
      `A coming date, or '${nextYear}' for next year's`,
      `${nextYear}, next year, or another date?`,
      nextYear,
    ),
  pastDay: (ex: Examples) =>
    askWhen(
      "The phrase names a day that has passed ('last Friday', 'last week').",
      "A coming date, or a repetition",
      "Which coming day, or did you mean every week?",
      ex.once,
    ),
  startWithoutDate: (word: string, ex: Examples) =>
    askWhen(`The phrase says '${word}' but names no day the runs start on.`, "A first day, e.g. 'starting Monday'", "From which day?", ex.daily),
  startLater: () =>
    new DomainError("ambiguous_schedule", "A task has no start date, and this repetition cannot be made to wait for the day it starts.", {
      field: "when",
      expected: "A repetition that starts now, or a task created on its first day",
      hint: 'Ask the user: "Start it now, or shall I set it up on its first day?"',
    }),
  endWithoutDate: (word: string, ex: Examples) =>
    askWhen(
      `The phrase says '${word}' but names no date the runs end on.`,
      "An end date next to it, e.g. 'until June 30'",
      "Until which date?",
      `${ex.daily} ${ex.until}`,
    ),
  unusedWords: (words: string[], ex: Examples) =>
    new DomainError(
      "ambiguous_schedule",
      `The words ${words.map((w) => `'${w}'`).join(", ")} can change when the task runs, but the reading did not use them.`,
      {
        field: "when",
        expected: "A schedule whose every word about when is read, or only the schedule words",
        hint: `${ask(`What should ${words.map((w) => `'${w}'`).join(", ")} change about when it runs?`, ex.daily)} If those words are not about when it runs, pass only the schedule words as \`when\`.`,
      },
    ),
  noSuchDate: (what: string, ex: Examples) =>
    new DomainError("invalid_schedule", `${what} is not a date every year has.`, {
      field: "when",
      expected: "A month and day that exist every year (not February 29)",
      hint: `Offer February 28 or March 1, e.g. '${ex.yearly}'.`,
    }),
  badClock: (what: string) =>
    new DomainError("invalid_schedule", `'${what}' is not a time of day.`, {
      field: "when",
      expected: "Hours 0–23 and minutes 0–59, or 1–12 with am/pm",
    }),
  notExpressible: (what: string, hint: string) => new DomainError("invalid_schedule", `${what} cannot be expressed as one schedule.`, { field: "when", hint }),
  anchorInGap: (wall: CivilTime) => anchorInGap(wall, "when"),
  inThePast: (wall: string, timezone: string) =>
    new DomainError("in_the_past", `${wall} (${timezone}) is already past.`, {
      field: "when",
      expected: "A time after now",
      hint: "Ask the user for a later date or time.",
    }),
  beyondHorizon: (wall: string, days: number) =>
    new DomainError("beyond_horizon", `${wall} is more than ${days} days ahead.`, {
      field: "when",
      expected: `A first run within ${days} days`,
      hint: "Ask for an earlier date, or create the task closer to the time.",
    }),
  unknownZone: (label: string) =>
    new DomainError("unknown_timezone", `'${label}' is not a time zone this server knows.`, {
      field: "when",
      expected: "A city ('London time'), an abbreviation (EST) or an IANA name (Europe/London)",
      hint: "Ask the user for the city whose time they mean, or pass the IANA zone as `timezone`.",
    }),
  badZoneOption: (timezone: string) => unknownTimeZone(timezone, "timezone"),
  ambiguousZone: () =>
    askWhen(
      "The zone abbreviation names more than one zone (IST: India, Ireland or Israel).",
      "A city or an IANA zone, e.g. 'India time' or Asia/Kolkata",
      "Which city's time?",
      "9am India time",
    ),
  twoZones: (a: string, b: string) =>
    new DomainError("ambiguous_schedule", `The phrase names two zones (${a}, ${b}).`, {
      field: "when",
      expected: "At most one zone",
      hint: "Ask the user which zone the time is in.",
    }),
};
