import type { Lang } from "../../../src/core/phrase/index.js";

/**
 * The coverage property's phrasings: per language, three phrases the parser reads right (a
 * daily, a weekday and a weekly repetition, each split into its day words and its time) and
 * the ways people put a schedule-bearing modifier into them, before, inside or after. `{d}`
 * and `{t}` stand for the base's day words and time.
 */
export type BaseKey = "D" | "W" | "M";
export type ModifierKey = "except Wednesday" | "for two weeks" | "3 times" | "until Friday" | "first" | "last" | "last day";

export interface CoverageForms {
  lang: Lang;
  timezone: string;
  /** [day words, time, what joins them] */
  bases: Record<BaseKey, readonly [string, string, string]>;
  modifiers: Partial<Record<ModifierKey, { on: readonly BaseKey[]; forms: readonly string[] }>>;
}

const DWM: readonly BaseKey[] = ["D", "W", "M"];
const DW: readonly BaseKey[] = ["D", "W"];

export const FORMS: readonly CoverageForms[] = [
  {
    lang: "en",
    timezone: "America/New_York",
    bases: { D: ["every day", "at 8am", " "], W: ["every weekday", "at 9am", " "], M: ["every Monday", "at 9am", " "] },
    modifiers: {
      "except Wednesday": {
        on: DW,
        forms: ["{d} except Wednesday {t}", "{d} {t} except Wednesday", "{d} {t}, except on Wednesdays", "{d} {t} but not on Wednesday"],
      },
      "for two weeks": { on: DWM, forms: ["{d} {t} for two weeks", "{d} {t} for 2 weeks", "for two weeks, {d} {t}", "{d} {t} for the next 2 weeks"] },
      "3 times": { on: DWM, forms: ["{d} {t}, 3 times", "{d} {t} three times", "3 times, {d} {t}"] },
      "until Friday": { on: DWM, forms: ["{d} {t} until Friday", "{d} {t} till Friday", "until Friday, {d} {t}"] },
      first: { on: ["M"], forms: ["every first Monday of the month {t}", "the first Monday of every month {t}", "every 1st Monday {t}"] },
      last: { on: ["M"], forms: ["every last Monday of the month {t}", "the last Monday of each month {t}"] },
      "last day": { on: ["D"], forms: ["every last day of the month {t}", "on the last day of every month {t}"] },
    },
  },
  {
    lang: "zh-Hant",
    timezone: "Asia/Taipei",
    bases: { D: ["每天", "早上8點", ""], W: ["週一到週五", "早上9點", ""], M: ["每週一", "早上9點", ""] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["除了週三，{d}{t}", "{d}{t}，週三除外", "{d}{t}，星期三除外"] },
      "for two weeks": { on: DWM, forms: ["{d}{t}，持續兩週", "{d}{t}，持續2週"] },
      "3 times": { on: DWM, forms: ["{d}{t}，提醒三次", "{d}{t}，共3次"] },
      "until Friday": { on: DWM, forms: ["{d}{t}，到星期五為止", "到週五為止，{d}{t}"] },
      first: { on: ["M"], forms: ["每個月第一個週一{t}"] },
      last: { on: ["M"], forms: ["每個月最後一個週一{t}"] },
      "last day": { on: ["D"], forms: ["每個月最後一天{t}"] },
    },
  },
  {
    lang: "zh-Hans",
    timezone: "Asia/Shanghai",
    bases: { D: ["每天", "早上8点", ""], W: ["工作日", "早上9点", ""], M: ["每周一", "早上9点", ""] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["除了周三，{d}{t}", "{d}{t}，周三除外"] },
      "for two weeks": { on: DWM, forms: ["{d}{t}，持续两周", "{d}{t}，连续2周"] },
      "3 times": { on: DWM, forms: ["{d}{t}，提醒3次", "{d}{t}，一共三次"] },
      "until Friday": { on: DWM, forms: ["{d}{t}，到周五为止", "{d}{t}，截止到周五"] },
      first: { on: ["M"], forms: ["每个月第一个周一{t}", "每月的第1个周一{t}"] },
      last: { on: ["M"], forms: ["每个月最后一个周一{t}"] },
      "last day": { on: ["D"], forms: ["每个月最后一天{t}", "每月月底{t}"] },
    },
  },
  {
    lang: "ja",
    timezone: "Asia/Tokyo",
    bases: { D: ["毎日", "8時", ""], W: ["平日の", "9時", ""], M: ["毎週月曜日の", "9時", ""] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["水曜日以外の{d}{t}", "{d}{t}、水曜日を除く", "水曜日を除いて{d}{t}"] },
      "for two weeks": { on: DWM, forms: ["2週間、{d}{t}", "{d}{t}、2週間"] },
      "3 times": { on: DWM, forms: ["{d}{t}に3回", "{d}{t}、3回"] },
      "until Friday": { on: DWM, forms: ["金曜日まで{d}{t}", "{d}{t}、金曜日まで"] },
      first: { on: ["M"], forms: ["毎月第1月曜日の{t}", "毎月第一月曜日の{t}"] },
      last: { on: ["M"], forms: ["毎月最終月曜日の{t}"] },
      "last day": { on: ["D"], forms: ["毎月末日の{t}", "毎月月末の{t}"] },
    },
  },
  {
    lang: "es",
    timezone: "Europe/Madrid",
    bases: { D: ["todos los días", "a las 8", " "], W: ["de lunes a viernes", "a las 9", " "], M: ["todos los lunes", "a las 9", " "] },
    modifiers: {
      "except Wednesday": {
        on: DW,
        forms: ["{d} excepto el miércoles {t}", "{d} {t} excepto los miércoles", "{d} {t}, salvo el miércoles", "{d} menos los miércoles {t}"],
      },
      "for two weeks": { on: DWM, forms: ["{d} {t} durante dos semanas", "{d} {t} durante 2 semanas", "durante dos semanas, {d} {t}"] },
      "3 times": { on: DWM, forms: ["{d} {t}, 3 veces", "{d} {t} tres veces"] },
      "until Friday": { on: DWM, forms: ["{d} {t} hasta el viernes", "hasta el viernes, {d} {t}"] },
      first: { on: ["M"], forms: ["el primer lunes de cada mes {t}", "cada primer lunes de mes {t}"] },
      last: { on: ["M"], forms: ["el último lunes de cada mes {t}"] },
      "last day": { on: ["D"], forms: ["el último día de cada mes {t}"] },
    },
  },
  {
    lang: "de",
    timezone: "Europe/Berlin",
    bases: { D: ["jeden Tag", "um 8 Uhr", " "], W: ["werktags", "um 9 Uhr", " "], M: ["jeden Montag", "um 9 Uhr", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["{d} außer Mittwoch {t}", "{d} {t}, außer mittwochs", "{d} {t} außer am Mittwoch"] },
      "for two weeks": { on: DWM, forms: ["{d} {t}, zwei Wochen lang", "{d} {t} für zwei Wochen", "{d} {t} für 2 Wochen"] },
      "3 times": { on: DWM, forms: ["{d} {t}, dreimal", "{d} {t}, 3 mal"] },
      "until Friday": { on: DWM, forms: ["{d} {t} bis Freitag", "{d} {t} bis zum Freitag", "bis Freitag {d} {t}"] },
      first: { on: ["M"], forms: ["jeden ersten Montag im Monat {t}", "am ersten Montag jedes Monats {t}"] },
      last: { on: ["M"], forms: ["jeden letzten Montag im Monat {t}", "am letzten Montag des Monats {t}"] },
      "last day": { on: ["D"], forms: ["am letzten Tag jedes Monats {t}", "jeweils zum Monatsende {t}"] },
    },
  },
];
