import type { RefusedOnPurpose } from "./table.js";

const NY = "America/New_York";
const NOW = "2026-03-05T15:07:30Z";

const LAST_DAY = "5-field cron has no 'L' (last day of month); an every-month schedule would drift after February";
const NTH_WEEKDAY = "5-field cron ORs day-of-month and weekday, so 'the first Monday' cannot be said";
const SKIP_COUNT = "people read a skip count ('2日おき', '每隔兩天') as every N or every N+1 days";

/** Phrases with a clear meaning that are refused on purpose, with the reason. */
export const refusedOnPurpose: RefusedOnPurpose[] = [
  { lang: "en", text: "on the last day of the month at 9", timezone: NY, now: NOW, code: "invalid_schedule", reason: LAST_DAY },
  {
    lang: "en",
    text: "on the 31st of every month at 9am",
    timezone: NY,
    now: NOW,
    code: "invalid_schedule",
    reason: "months without a 31st would be skipped silently; the user likely means the month's end",
  },
  { lang: "en", text: "the first Monday of every month at 9", timezone: NY, now: NOW, code: "invalid_schedule", reason: NTH_WEEKDAY },
  {
    lang: "en",
    text: "every hour from 9am to 5pm",
    timezone: NY,
    now: NOW,
    code: "invalid_schedule",
    reason: "a window within the day is neither one cron minute/hour pair nor one interval",
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
    text: "every day at 8am and 6:30pm",
    timezone: NY,
    now: NOW,
    code: "invalid_schedule",
    reason: "one cron expression has one minute list for all hours",
  },
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
  { lang: "zh-Hant", text: "每月最後一天早上9點", timezone: "Asia/Taipei", now: NOW, code: "invalid_schedule", reason: LAST_DAY },
  { lang: "zh-Hant", text: "每隔兩天早上9點", timezone: "Asia/Taipei", now: NOW, code: "ambiguous_schedule", reason: SKIP_COUNT },
  { lang: "zh-Hans", text: "每月最后一天早上9点", timezone: "Asia/Shanghai", now: NOW, code: "invalid_schedule", reason: LAST_DAY },
  { lang: "zh-Hans", text: "每月第一个周一早上9点", timezone: "Asia/Shanghai", now: NOW, code: "invalid_schedule", reason: NTH_WEEKDAY },
  { lang: "ja", text: "月末の9時", timezone: "Asia/Tokyo", now: NOW, code: "invalid_schedule", reason: LAST_DAY },
  { lang: "ja", text: "2日おきに9時", timezone: "Asia/Tokyo", now: NOW, code: "ambiguous_schedule", reason: SKIP_COUNT },
  { lang: "ja", text: "毎月第1月曜日の9時", timezone: "Asia/Tokyo", now: NOW, code: "invalid_schedule", reason: NTH_WEEKDAY },
  { lang: "es", text: "el último día de cada mes a las 9", timezone: "Europe/Madrid", now: NOW, code: "invalid_schedule", reason: LAST_DAY },
  { lang: "es", text: "el primer lunes de cada mes a las 9", timezone: "Europe/Madrid", now: NOW, code: "invalid_schedule", reason: NTH_WEEKDAY },
  { lang: "es", text: "cada hora de 9 a 17", timezone: "Europe/Madrid", now: NOW, code: "invalid_schedule", reason: "a window within the day" },
  { lang: "de", text: "am letzten Tag des Monats um 9 Uhr", timezone: "Europe/Berlin", now: NOW, code: "invalid_schedule", reason: LAST_DAY },
  { lang: "de", text: "jeden ersten Montag im Monat um 9 Uhr", timezone: "Europe/Berlin", now: NOW, code: "invalid_schedule", reason: NTH_WEEKDAY },
  { lang: "de", text: "stündlich von 9 bis 17 Uhr", timezone: "Europe/Berlin", now: NOW, code: "invalid_schedule", reason: "a window within the day" },
];
