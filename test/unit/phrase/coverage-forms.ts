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
  {
    lang: "fr",
    timezone: "Europe/Paris",
    bases: { D: ["tous les jours", "à 8h", " "], W: ["du lundi au vendredi", "à 9h", " "], M: ["tous les lundis", "à 9h", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["{d} sauf le mercredi {t}", "{d} {t} sauf le mercredi", "{d} {t}, sauf les mercredis"] },
      "for two weeks": { on: DWM, forms: ["{d} {t} pendant deux semaines", "{d} {t} pendant 2 semaines", "pendant deux semaines, {d} {t}"] },
      "3 times": { on: DWM, forms: ["{d} {t}, 3 fois", "{d} {t} trois fois"] },
      "until Friday": { on: DWM, forms: ["{d} {t} jusqu'à vendredi", "{d} {t} jusqu'au vendredi"] },
      first: { on: ["M"], forms: ["le premier lundi de chaque mois {t}", "chaque premier lundi du mois {t}"] },
      last: { on: ["M"], forms: ["le dernier lundi de chaque mois {t}", "le dernier lundi du mois {t}"] },
      "last day": { on: ["D"], forms: ["le dernier jour de chaque mois {t}", "le dernier jour du mois {t}"] },
    },
  },
  {
    lang: "pt",
    timezone: "America/Sao_Paulo",
    bases: { D: ["todos os dias", "às 8h", " "], W: ["de segunda a sexta", "às 9h", " "], M: ["toda segunda-feira", "às 9h", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["{d} {t}, exceto quarta", "{d} exceto às quartas {t}", "{d} {t}, menos quarta-feira"] },
      "for two weeks": { on: DWM, forms: ["{d} {t} durante duas semanas", "{d} {t} por 2 semanas"] },
      "3 times": { on: DWM, forms: ["{d} {t}, 3 vezes", "{d} {t} três vezes"] },
      "until Friday": { on: DWM, forms: ["{d} {t} até sexta", "{d} {t} até sexta-feira", "até sexta, {d} {t}"] },
      first: { on: ["M"], forms: ["na primeira segunda-feira de cada mês {t}", "toda primeira segunda do mês {t}"] },
      last: { on: ["M"], forms: ["na última segunda-feira de cada mês {t}"] },
      "last day": { on: ["D"], forms: ["no último dia de cada mês {t}", "todo último dia do mês {t}"] },
    },
  },
  {
    lang: "it",
    timezone: "Europe/Rome",
    bases: { D: ["ogni giorno", "alle 8", " "], W: ["dal lunedì al venerdì", "alle 9", " "], M: ["ogni lunedì", "alle 9", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["{d} tranne il mercoledì {t}", "{d} {t} tranne il mercoledì", "{d} {t}, escluso il mercoledì"] },
      "for two weeks": { on: DWM, forms: ["{d} {t} per due settimane", "{d} {t} per 2 settimane"] },
      "3 times": { on: DWM, forms: ["{d} {t} per 3 volte", "{d} {t}, 3 volte"] },
      "until Friday": { on: DWM, forms: ["{d} {t} fino a venerdì", "{d} {t} fino al venerdì"] },
      first: { on: ["M"], forms: ["il primo lunedì di ogni mese {t}", "ogni primo lunedì del mese {t}"] },
      last: { on: ["M"], forms: ["l'ultimo lunedì di ogni mese {t}", "ogni ultimo lunedì del mese {t}"] },
      "last day": { on: ["D"], forms: ["l'ultimo giorno di ogni mese {t}", "l'ultimo giorno del mese {t}"] },
    },
  },
  {
    lang: "ko",
    timezone: "Asia/Seoul",
    bases: { D: ["매일", "오전 8시", " "], W: ["평일", "오전 9시", " "], M: ["매주 월요일", "오전 9시", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["수요일 빼고 {d} {t}", "수요일 제외하고 {d} {t}"] },
      "for two weeks": { on: DWM, forms: ["2주 동안 {d} {t}", "{d} {t}, 2주 동안"] },
      "3 times": { on: DWM, forms: ["{d} {t}에 3번", "{d} {t}, 3회"] },
      "until Friday": { on: DWM, forms: ["금요일까지 {d} {t}", "{d} {t}, 금요일까지"] },
      first: { on: ["M"], forms: ["매월 첫 번째 월요일 {t}", "매달 첫째 월요일 {t}"] },
      last: { on: ["M"], forms: ["매월 마지막 월요일 {t}"] },
      "last day": { on: ["D"], forms: ["매달 마지막 날 {t}", "매월 말일 {t}"] },
    },
  },
  {
    lang: "hi-Latn",
    timezone: "Asia/Kolkata",
    bases: { D: ["roz", "subah 8 baje", " "], W: ["somvar se shukravar", "subah 9 baje", " "], M: ["har somvar", "subah 9 baje", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["budhvaar ko chhodkar {d} {t}", "{d} {t}, budhvar ke alawa"] },
      "for two weeks": { on: DWM, forms: ["do hafte tak {d} {t}", "{d} {t}, 2 hafte tak"] },
      "3 times": { on: DWM, forms: ["{d} {t}, 3 baar", "{d} {t} teen baar"] },
      "until Friday": { on: DWM, forms: ["shukravar tak {d} {t}", "{d} {t}, shukravar tak"] },
    },
  },
  {
    lang: "hi-Deva",
    timezone: "Asia/Kolkata",
    bases: { D: ["रोज़", "सुबह 8 बजे", " "], W: ["सोमवार से शुक्रवार", "सुबह 9 बजे", " "], M: ["हर सोमवार", "सुबह 9 बजे", " "] },
    modifiers: {
      "except Wednesday": { on: DW, forms: ["बुधवार को छोड़कर {d} {t}", "{d} {t}, बुधवार के अलावा"] },
      "for two weeks": { on: DWM, forms: ["दो हफ्ते तक {d} {t}", "{d} {t}, 2 हफ्ते तक"] },
      "3 times": { on: DWM, forms: ["{d} {t}, 3 बार", "{d} {t} तीन बार"] },
      "until Friday": { on: DWM, forms: ["शुक्रवार तक {d} {t}", "{d} {t}, शुक्रवार तक"] },
    },
  },
];
