/**
 * The coverage property's cases: in each of the six languages the parser reads, three phrases
 * it reads right (the bases) and the same phrases with a schedule-bearing modifier put in
 * ("except Wednesday", "on the first", "for two weeks", "3 times", "until Friday", "last",
 * "every other"). Each modified phrase names the shape it must read as; coverage.ts turns
 * shapes into runs without the parser.
 */

/** A recurrence at a wall-clock time, with what the modifier adds. Weekdays: 0 = Sunday. */
export interface Shape {
  hour: number;
  minute: number;
  days?: readonly number[];
  monthDay?: number;
  lastDayOfMonth?: true;
  /** The n-th (1-5) or last (-1) given weekday of each month. */
  nthWeekday?: { n: number; weekday: number };
  /** Every second matching day, starting with the first. */
  everyOther?: true;
  /** Last local date that may run, inclusive (YYYY-MM-DD). */
  until?: string;
  /** Runs only within this many days from now. */
  forDays?: number;
  count?: number;
}

const D: Shape = { hour: 8, minute: 0 };
const W: Shape = { hour: 9, minute: 0, days: [1, 2, 3, 4, 5] };
const M: Shape = { hour: 9, minute: 0, days: [1] };

/** Now is Thursday 5 March 2026 10:00 local, so "until Friday" is 6 March. */
export const SHAPES = {
  D,
  W,
  M,
  "D except Wednesday": { ...D, days: [0, 1, 2, 4, 5, 6] },
  "W except Wednesday": { ...W, days: [1, 2, 4, 5] },
  "D on the first": { ...D, monthDay: 1 },
  "D for two weeks": { ...D, forDays: 14 },
  "D 3 times": { ...D, count: 3 },
  "D until Friday": { ...D, until: "2026-03-06" },
  "D last day": { ...D, lastDayOfMonth: true },
  "D every other": { ...D, everyOther: true },
  "W for two weeks": { ...W, forDays: 14 },
  "W until Friday": { ...W, until: "2026-03-06" },
  "M first": { ...M, days: undefined, nthWeekday: { n: 1, weekday: 1 } },
  "M last": { ...M, days: undefined, nthWeekday: { n: -1, weekday: 1 } },
  "M every other": { ...M, everyOther: true },
  "M for two weeks": { ...M, forDays: 14 },
  "M 3 times": { ...M, count: 3 },
} satisfies Record<string, Shape>;
export type ShapeKey = keyof typeof SHAPES;
export type Base = "D" | "W" | "M";

export interface CoverageLanguage {
  lang: "en" | "zh-Hant" | "zh-Hans" | "ja" | "es" | "de";
  timezone: string;
  bases: Record<Base, string>;
  modified: ReadonlyArray<readonly [string, Exclude<ShapeKey, Base>]>;
}

export const COVERAGE: readonly CoverageLanguage[] = [
  {
    lang: "en",
    timezone: "America/New_York",
    bases: { D: "every day at 8am", W: "every weekday at 9am", M: "every Monday at 9am" },
    modified: [
      ["every day except Wednesday at 8am", "D except Wednesday"],
      ["every day at 8am except Wednesday", "D except Wednesday"],
      ["every weekday except Wednesday at 9am", "W except Wednesday"],
      ["on the first of every month at 8am", "D on the first"],
      ["every day at 8am for two weeks", "D for two weeks"],
      ["every day at 8am, 3 times", "D 3 times"],
      ["every day at 8am until Friday", "D until Friday"],
      ["every last day of the month at 8am", "D last day"],
      ["every other day at 8am", "D every other"],
      ["every weekday at 9am for two weeks", "W for two weeks"],
      ["every weekday at 9am until Friday", "W until Friday"],
      ["every first Monday of the month at 9am", "M first"],
      ["every last Monday of the month at 9am", "M last"],
      ["every other Monday at 9am", "M every other"],
      ["every Monday at 9am for two weeks", "M for two weeks"],
      ["every Monday at 9am, 3 times", "M 3 times"],
    ],
  },
  {
    lang: "zh-Hant",
    timezone: "Asia/Taipei",
    bases: { D: "每天早上8點", W: "週一到週五早上9點", M: "每週一早上9點" },
    modified: [
      ["除了週三，每天早上8點", "D except Wednesday"],
      ["每天早上8點，週三除外", "D except Wednesday"],
      ["除了週三，週一到週五早上9點", "W except Wednesday"],
      ["每個月1號早上8點", "D on the first"],
      ["每天早上8點，持續兩週", "D for two weeks"],
      ["每天早上8點，提醒三次", "D 3 times"],
      ["每天早上8點，到星期五為止", "D until Friday"],
      ["每個月最後一天早上8點", "D last day"],
      ["每隔一天早上8點", "D every other"],
      ["週一到週五早上9點，持續兩週", "W for two weeks"],
      ["週一到週五早上9點，到週五為止", "W until Friday"],
      ["每個月第一個週一早上9點", "M first"],
      ["每個月最後一個週一早上9點", "M last"],
      ["每隔一週的週一早上9點", "M every other"],
      ["每週一早上9點，持續兩週", "M for two weeks"],
      ["每週一早上9點，共三次", "M 3 times"],
    ],
  },
  {
    lang: "zh-Hans",
    timezone: "Asia/Shanghai",
    bases: { D: "每天早上8点", W: "工作日早上9点", M: "每周一早上9点" },
    modified: [
      ["除了周三，每天早上8点", "D except Wednesday"],
      ["每天早上8点，周三除外", "D except Wednesday"],
      ["除了周三，工作日早上9点", "W except Wednesday"],
      ["每个月1号早上8点", "D on the first"],
      ["每天早上8点，持续两周", "D for two weeks"],
      ["每天早上8点，提醒3次", "D 3 times"],
      ["每天早上8点，到周五为止", "D until Friday"],
      ["每个月最后一天早上8点", "D last day"],
      ["每隔一天早上8点", "D every other"],
      ["工作日早上9点，持续两周", "W for two weeks"],
      ["工作日早上9点，到周五为止", "W until Friday"],
      ["每个月第一个周一早上9点", "M first"],
      ["每个月最后一个周一早上9点", "M last"],
      ["每隔一周的周一早上9点", "M every other"],
      ["每周一早上9点，持续两周", "M for two weeks"],
      ["每周一早上9点，共3次", "M 3 times"],
    ],
  },
  {
    lang: "ja",
    timezone: "Asia/Tokyo",
    bases: { D: "毎日8時", W: "平日の9時", M: "毎週月曜日の9時" },
    modified: [
      ["水曜日以外の毎日8時", "D except Wednesday"],
      ["毎日8時、水曜日を除く", "D except Wednesday"],
      ["水曜日以外の平日の9時", "W except Wednesday"],
      ["毎月1日の8時", "D on the first"],
      ["2週間、毎日8時", "D for two weeks"],
      ["毎日8時に3回", "D 3 times"],
      ["金曜日まで毎日8時", "D until Friday"],
      ["毎月末日の8時", "D last day"],
      ["1日おきに8時", "D every other"],
      ["2週間、平日の9時", "W for two weeks"],
      ["金曜日まで平日の9時", "W until Friday"],
      ["毎月第1月曜日の9時", "M first"],
      ["毎月最終月曜日の9時", "M last"],
      ["隔週月曜日の9時", "M every other"],
      ["2週間、毎週月曜日の9時", "M for two weeks"],
      ["毎週月曜日の9時に3回", "M 3 times"],
    ],
  },
  {
    lang: "es",
    timezone: "Europe/Madrid",
    bases: { D: "todos los días a las 8", W: "de lunes a viernes a las 9", M: "todos los lunes a las 9" },
    modified: [
      ["todos los días excepto el miércoles a las 8", "D except Wednesday"],
      ["todos los días a las 8 excepto los miércoles", "D except Wednesday"],
      ["de lunes a viernes excepto el miércoles a las 9", "W except Wednesday"],
      ["el día 1 de cada mes a las 8", "D on the first"],
      ["todos los días a las 8 durante dos semanas", "D for two weeks"],
      ["todos los días a las 8, 3 veces", "D 3 times"],
      ["todos los días a las 8 hasta el viernes", "D until Friday"],
      ["el último día de cada mes a las 8", "D last day"],
      ["cada dos días a las 8", "D every other"],
      ["de lunes a viernes a las 9 durante dos semanas", "W for two weeks"],
      ["los días laborables a las 9 hasta el viernes", "W until Friday"],
      ["el primer lunes de cada mes a las 9", "M first"],
      ["el último lunes de cada mes a las 9", "M last"],
      ["cada dos lunes a las 9", "M every other"],
      ["todos los lunes a las 9 durante dos semanas", "M for two weeks"],
      ["todos los lunes a las 9, 3 veces", "M 3 times"],
    ],
  },
  {
    lang: "de",
    timezone: "Europe/Berlin",
    bases: { D: "jeden Tag um 8 Uhr", W: "werktags um 9 Uhr", M: "jeden Montag um 9 Uhr" },
    modified: [
      ["jeden Tag außer Mittwoch um 8 Uhr", "D except Wednesday"],
      ["jeden Tag um 8 Uhr, außer mittwochs", "D except Wednesday"],
      ["werktags außer mittwochs um 9 Uhr", "W except Wednesday"],
      ["am Ersten jedes Monats um 8 Uhr", "D on the first"],
      ["jeden Tag um 8 Uhr, zwei Wochen lang", "D for two weeks"],
      ["jeden Tag um 8 Uhr, dreimal", "D 3 times"],
      ["jeden Tag um 8 Uhr bis Freitag", "D until Friday"],
      ["am letzten Tag jedes Monats um 8 Uhr", "D last day"],
      ["jeden zweiten Tag um 8 Uhr", "D every other"],
      ["werktags um 9 Uhr, zwei Wochen lang", "W for two weeks"],
      ["werktags um 9 Uhr bis Freitag", "W until Friday"],
      ["jeden ersten Montag im Monat um 9 Uhr", "M first"],
      ["jeden letzten Montag im Monat um 9 Uhr", "M last"],
      ["jeden zweiten Montag um 9 Uhr", "M every other"],
      ["jeden Montag um 9 Uhr, zwei Wochen lang", "M for two weeks"],
      ["jeden Montag um 9 Uhr, dreimal", "M 3 times"],
    ],
  },
];
