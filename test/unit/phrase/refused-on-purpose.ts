import type { RefusedOnPurpose } from "./table.js";

const NY = "America/New_York";
const NOW = "2026-03-05T15:07:30Z";

const SKIP_COUNT = "people read a skip count ('2日おき', '每隔兩天') as every N or every N+1 days";

/** Phrases with a clear meaning that are refused on purpose, with the reason. */
export const refusedOnPurpose: RefusedOnPurpose[] = [
  {
    lang: "en",
    text: "on the 31st of every month at 9am",
    timezone: NY,
    now: NOW,
    code: "ambiguous_schedule",
    reason: "months without a 31st could be skipped or moved to the month's last day; asked rather than guessed",
  },
  {
    lang: "en",
    text: "every 2 weeks on Monday and Thursday at 9",
    timezone: NY,
    now: NOW,
    code: "invalid_schedule",
    reason: "an every-interval schedule has one anchor, so one weekday",
  },
  { lang: "en", text: "every year on February 29 at 9am", timezone: NY, now: NOW, code: "invalid_schedule", reason: "cron would run it once in four years" },
  {
    lang: "en",
    text: "tomorrow at midnight",
    timezone: NY,
    now: NOW,
    code: "ambiguous_schedule",
    reason: "midnight of a named day is read as its start by some and its end by others",
  },
  {
    lang: "en",
    text: "every 3 days at 2:30am",
    timezone: NY,
    now: "2026-03-07T12:00:00Z",
    code: "invalid_schedule",
    reason: "the first run falls in the DST gap; the interval would carry 03:00 forever",
  },
  { lang: "en", text: "at 9am IST", timezone: NY, now: NOW, code: "ambiguous_schedule", reason: "IST is India, Ireland or Israel" },
  { lang: "zh-Hant", text: "每隔兩天早上9點", timezone: "Asia/Taipei", now: NOW, code: "ambiguous_schedule", reason: SKIP_COUNT },
  { lang: "ja", text: "2日おきに9時", timezone: "Asia/Tokyo", now: NOW, code: "ambiguous_schedule", reason: SKIP_COUNT },
  {
    lang: "en",
    text: "every morning at 7 unless I'm travelling",
    timezone: NY,
    now: NOW,
    code: "ambiguous_schedule",
    reason: "a condition the scheduler cannot know",
  },
  { lang: "en", text: "at 8 or 9", timezone: NY, now: NOW, code: "ambiguous_schedule", reason: "two times to choose from" },
  {
    lang: "hi-Latn",
    text: "roz 9 baje, agar baarish na ho",
    timezone: "Asia/Kolkata",
    now: NOW,
    code: "ambiguous_schedule",
    reason: "a condition (if it does not rain)",
  },
  {
    lang: "en",
    text: "every Monday at 9 and on the last day of the month",
    timezone: NY,
    now: NOW,
    code: "ambiguous_schedule",
    reason: "two schedules: reading only the last day would drop the Mondays",
  },
];
