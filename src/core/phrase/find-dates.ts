import type { Chrono } from "chrono-node";
import { localTimeAt } from "../schedule/index.js";
import type { Found } from "./fragments.js";
import { blank } from "./text.js";

const LATIN_LETTER = /[a-zà-öø-ÿ]/;

/**
 * One-off dates (and any time the grammar missed) found by chrono-node; a month without a day
 * ("in March") comes back as a vague day in the text left over
 * once the grammar's fragments are blanked out.
 *
 * The reference is early on the user's current day on the wall clock, *as a system-local
 * Date* with the system's offset.
 * Passing the true instant with the user's offset is not enough: several chrono parsers
 * (zh `ZHHantCasualDateParser`, ja `JPCasualDateParser`, …) read `refDate` with system-local
 * getters, so on a UTC host at 22:00 in New York "明天" came out two days ahead. With this
 * reference every parser sees the same wall clock; the components it returns are wall-clock
 * values in the user's zone and are resolved to instants with the zone's real rules later.
 */
export function findDates(chrono: Chrono, lowered: string, finds: Found[], now: number, timezone: string): Found[] {
  const wall = localTimeAt(now, timezone);
  // Early today, not now: the grammar's time is blanked out, so with forwardDate chrono would
  // weigh its own implied noon against now and move "Friday", said on a Friday afternoon, a
  // week on. 03:00 rather than midnight: chrono's zh parsers read "明天" said before 02:00 as
  // today; here it is always the next calendar day.
  const instant = new Date(wall.year, wall.month - 1, wall.day, 3);
  const reference = { instant, timezone: -instant.getTimezoneOffset() };
  const text = blank(lowered, finds);
  const out: Found[] = [];
  for (const r of chrono.parse(text, reference, { forwardDate: true })) {
    const start = r.index;
    // chrono's zh parsers run a match on over the blanked words after it ("明天起每天晚上九點" came
    // back whole), so the date's span would hide the words the grammar found there: it ends
    // where its own characters end, before the blanks and the punctuation it ran on over
    // ("從今天開始每天晚上八點，持續一週": the comma had stretched "今天" over "開始").
    const end = start + r.text.replace(/[\s\p{P}]+$/u, "").length;
    if (insideWord(text, start, end)) continue;
    // "the day", "a day", "the month" come back as relative dates (tomorrow, next month), as
    // would "summarize the news of the day"; the grammar reads real relative phrases itself.
    if (r.tags().has("result/relativeDate")) continue;
    const s = r.start;
    if (!s.isCertain("day") && !s.isCertain("weekday") && s.isCertain("month")) {
      out.push({ fragment: { kind: "vague", what: "day", month: s.get("month") ?? undefined }, start, end, text: r.text });
      continue;
    }
    if (s.isCertain("day") || s.isCertain("weekday")) {
      const roll = s.isCertain("year")
        ? "none"
        : s.isCertain("day") && s.isCertain("month")
          ? "year"
          : s.isCertain("weekday") && !s.isCertain("day")
            ? "week"
            : "none";
      const date = { kind: "date", year: s.get("year") ?? wall.year, month: s.get("month") ?? wall.month, day: s.get("day") ?? wall.day, roll } as const;
      out.push({ fragment: date, start, end, text: r.text });
    }
    if (s.isCertain("hour")) {
      const time = { kind: "clock", hour: s.get("hour") ?? 0, minute: s.get("minute") ?? 0, meridiem: null, exact: "resolved" } as const;
      out.push({ fragment: time, start, end, text: r.text });
    }
  }
  return out;
}

/** chrono reads "fr" in "früh" as Friday; a Latin match glued to a letter is not a word. */
function insideWord(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? " ";
  const after = text[end] ?? " ";
  return (LATIN_LETTER.test(before) && LATIN_LETTER.test(text[start] ?? "")) || (LATIN_LETTER.test(after) && LATIN_LETTER.test(text[end - 1] ?? ""));
}
