import * as chrono from "chrono-node";
import { latinGlue } from "../cluster.js";
import type { Fragment, IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
  COMPACT_DELAY,
  clock,
  dateOrMonthDate,
  dateRange,
  dayRange,
  englishEvery,
  exceptMonthsRule,
  exceptOf,
  frequencyUnlessMeeting,
  type Grammar,
  lexicon,
  monthDayList,
  noonAnd,
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
  windowOf,
} from "../grammar.js";
import { wordNumber } from "../text.js";

const NUMBERS: Record<string, number> = {
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  quince: 15,
  veinte: 20,
  treinta: 30,
  "cuarenta y cinco": 45,
  otro: 2,
  otra: 2,
};
const NUM = String.raw`(\d{1,3}|un|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta|cuarenta\s+y\s+cinco)`;
const HOUR = String.raw`(\d{1,2}|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)`;
const DAY = String.raw`(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bados?|domingos?)`;
/** Dictated lists lose their commas: "lunes miercoles y viernes". */
const SEP = String.raw`(?:\s*,\s*(?:y\s+)?|\s+y\s+|\s+e\s+|\s+o\s+|\s+a\s+|\s+al\s+|\s*-\s*|\s+)`;
const DAY_LIST = String.raw`(${DAY}(?:${SEP}${DAY})*)`;
const MONTH = String.raw`(enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre)`;
const UNIT = String.raw`(minutos?|min|horas?|d[íi]as?|semanas?|mes(?:es)?|años?)`;

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const monthOf = (name: string) => MONTHS.indexOf(name.replace(/^set/u, "sep").slice(0, 3)) + 1;
const WEEKDAY_PREFIX = ["do", "lu", "ma", "mi", "ju", "vi", "sá"];
const weekdayOf = (name: string): number | null => {
  const i = WEEKDAY_PREFIX.indexOf(name.replace(/^sa/u, "sá").slice(0, 2));
  return i === -1 ? null : i;
};
const days = (list: string) => readDayList(list, new RegExp(DAY, "gu"), weekdayOf, /^\s*(?:a|al|-)\s*$/u);

const num = (word: string | undefined) => (word === undefined ? null : wordNumber(word.replace(/\s+/gu, " "), NUMBERS));

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("min")) return "minute";
  if (word.startsWith("h")) return "hour";
  if (word.startsWith("d")) return "day";
  if (word.startsWith("s")) return "week";
  if (word.startsWith("mes")) return "month";
  return "year";
}

/** "manana": "mañana" typed or dictated without its tilde. */
const PARTS: Record<string, PartOfDay> = { mañana: "morning", manana: "morning", madrugada: "early", tarde: "afternoon", noche: "night" };

function clockOf(
  hourWord: string,
  minutes: string | undefined,
  plus: string | undefined,
  minus: string | undefined,
  meridiem: string | undefined,
): Fragment | null {
  const hour = num(hourWord);
  if (hour === null) return null;
  const am = meridiem === undefined ? null : meridiem.startsWith("a") ? "am" : "pm";
  if (minutes !== undefined) return clock(hour, Number(minutes), am);
  if (plus !== undefined) {
    const m = plus === "media" ? 30 : plus === "cuarto" ? 15 : num(plus);
    return m === null ? null : clock(hour, m, am);
  }
  if (minus !== undefined) {
    const m = minus === "cuarto" ? 15 : num(minus);
    return m === null ? null : clock(hour - 1, 60 - m, am);
  }
  return clock(hour, 0, am);
}

const ORDINAL = String.raw`(primer|primero|segundo|tercer|tercero|cuarto|quinto|[úu]ltimo)`;
const NTH: Record<string, number> = { primer: 1, primero: 1, segundo: 2, tercer: 3, tercero: 3, cuarto: 4, quinto: 5, último: -1, ultimo: -1 };
const WEEKDAY_WORDS = String.raw`(?:d[íi]as\s+(?:laborables|h[áa]biles|de\s+semana|entre\s+semana|de\s+trabajo))`;
const END = String.raw`(\d{1,2}(?:[:.]\d{2})?|mediod[íi]a|medianoche)`;

/** One end of a window: "9", "17:30", "mediodía". */
const windowEnd = (text: string | undefined) => numericClock(text, /^mediod/u, /^medianoche/u);

const rules: Rule[] = [
  slashDate("day-month"),
  startWord(
    String.raw`\b(?:a\s+partir\s+de(?:l|\s+la|\s+el)?|empezando(?:\s+el)?|comenzando(?:\s+el)?|desde(?:\s+el)?)(?=\s+(?:mañana|manana|pasado|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|\d{1,2}\s+de\s+\p{L}|(?:la\s+)?(?:semana|pr[óo]xim)))`,
    "after",
  ),
  COMPACT_DELAY,
  ruleOf(String.raw`\b(?:en|dentro\s+de)\s+(?:(una|1)\s+)?hora\s+y\s+media\b|\b(?:en|dentro\s+de)\s+${NUM}\s+horas\s+y\s+media\b`, (m) => {
    const hours = m[2] === undefined ? 1 : num(m[2]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  // "durante los próximos 3 días", "los próximos 5 días": said without "durante" it is still how long.
  ruleOf(String.raw`\b(?:(?:(?:durante|por|en)\s+)?(?:los|las)\s+pr[óo]xim[oa]s|durante|por)\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\b${NUM}\s+veces\s+(?:(?:al|por|cada)\s+(d[íi]a|semana|mes)|(diarias))\b`, (m) =>
    timesPer(num(m[1]), m[2]?.startsWith("d") === true || m[3] !== undefined),
  ),
  ruleOf(String.raw`\b${NUM}\s+veces\b`, (m) => {
    const times = num(m[1]);
    return times === null ? null : { kind: "count", times };
  }),
  ruleOf(String.raw`\b(?:el\s+|a\s+)?(?:fin(?:al)?|finales|fines|[úu]ltimo\s+d[íi]a)\s+de\s+${MONTH}\b`, (m) => ({
    kind: "monthEnd",
    month: monthOf(m[1] ?? ""),
  })),
  // "hasta fin de año": the year ends with December's last day.
  ruleOf(String.raw`\b(?:el\s+|a\s+)?(?:fin(?:al)?|finales)\s+(?:de|del)\s+a[ñn]o\b`, () => ({ kind: "monthEnd", month: 12 })),
  ruleOf(String.raw`\b(?:el\s+)?(?:d[íi]a\s+)?(\d{1,2})\s+del?\s+(?:mes\s+(?:que\s+viene|pr[óo]ximo|siguiente)|pr[óo]ximo\s+mes)\b`, (m) => ({
    kind: "monthAhead",
    months: 1,
    day: Number(m[1]),
  })),
  ruleOf(String.raw`\b(?:en|dentro\s+de)\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\b(?:en|dentro\s+de)\s+media\s+hora\b`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:m[áa]s\s+tarde|luego|pronto|en\s+un\s+rato|dentro\s+de\s+un\s+rato|despu[ée]s)\b`, () => ({
    kind: "vague",
    what: "time",
    weak: true,
  })),
  ruleOf(String.raw`\b(?:alg[úu]n\s+d[íi]a|en\s+alg[úu]n\s+momento|cuando\s+sea|un\s+d[íi]a\s+de\s+estos|cuando\s+puedas)\b`, () => ({
    kind: "vague",
    what: "time",
  })),
  ruleOf(
    String.raw`\b(?:cada|todos\s+los)?\s*(?:el\s+)?[úu]ltimo\s+d[íi]a\s+(?:de\s+cada|del|de\s+todos\s+los)\s+mes(?:es)?\b|\b(?:todos\s+los\s+meses|cada\s+mes)\s*,?\s+el\s+[úu]ltimo\s+d[íi]a\b|\b(?:a\s+|al\s+)?(?:fin(?:al)?|finales)\s+de\s+(?:cada\s+|del\s+)?mes\b`,
    () => ({ kind: "lastDayOfMonth" }),
  ),
  ruleOf(String.raw`\b(?:el\s+|cada\s+)?primer\s+d[íi]a\s+(?:de\s+cada|del|de\s+todos\s+los)\s+mes(?:es)?\b|\bcada\s+primero\s+de(?:l)?\s+mes\b`, () => [
    { kind: "interval", every: 1, unit: "month" },
    { kind: "monthDay", day: 1 },
  ]),
  // "el primer lunes del mes que viene": one day, in the month ahead.
  ruleOf(String.raw`\b(?:el\s+)?${ORDINAL}\s+(${DAY})\s+del\s+(?:mes\s+que\s+viene|pr[óo]ximo\s+mes|mes\s+pr[óo]ximo)\b`, (m) => {
    const weekday = weekdayOf(m[2] ?? "");
    return weekday === null ? null : { kind: "monthAhead", months: 1, day: 1, nth: { nth: NTH[m[1] ?? ""] ?? 1, weekday } };
  }),
  // "el último viernes de marzo": the n-th weekday of the month named after it (read-ahead.ts).
  ruleOf(String.raw`\b(?:el\s+)?${ORDINAL}\s+(${DAY})\s+de(?=\s+${MONTH}\b(?!\s*(?:de\s+)?\d))`, (m) => {
    const weekday = weekdayOf(m[2] ?? "");
    return weekday === null ? null : { kind: "nthWeekday", nth: NTH[m[1] ?? ""] ?? 1, weekdays: [weekday] };
  }),
  // "el segundo y cuarto jueves de cada mes": each ordinal named.
  ruleOf(String.raw`\b(?:cada|todos\s+los)?\s*(?:el\s+)?${ORDINAL}(?:\s+y\s+(?:el\s+)?${ORDINAL})?\s+(${DAY})\s+(?:de\s+cada|del|de)\s+mes\b`, (m) => {
    const weekday = weekdayOf(m[3] ?? "");
    if (weekday === null) return null;
    return [m[1], m[2]].filter((o) => o !== undefined).map((o): Fragment => ({ kind: "nthWeekday", nth: NTH[o ?? ""] ?? 1, weekdays: [weekday] }));
  }),
  exceptMonthsRule(
    String.raw`\b(?:excepto|salvo|menos|quitando)\s+(?:en|durante)\s+(?:el\s+mes\s+de\s+)?${MONTH}(?:\s*(?:,|y|o)\s*${MONTH})*\b`,
    new RegExp(MONTH),
    monthOf,
  ),
  ruleOf(
    String.raw`\b(?:excepto|salvo|menos|excluyendo|quitando|sin\s+contar)\s+(?:el\s+|los\s+|las\s+)?(?:${DAY_LIST}|(fin(?:es)?\s+de\s+semana|findes?|s[áa]bados?\s+y\s+domingos?))\b`,
    (m) => exceptOf(m[1], days),
  ),
  // "un día sí y otro no", "día por medio": every other day.
  ruleOf(String.raw`\bun\s+d[íi]a\s+s[íi]\s*,?\s+(?:y\s+)?(?:otro|un\s+d[íi]a)\s+no\b|\bd[íi]a\s+por\s+medio\b`, () => ({
    kind: "interval",
    every: 2,
    unit: "day",
  })),
  // "cada quince días los lunes": fifteen days said with a weekday is every other week (alone still 15 days).
  ruleOf(
    String.raw`\bcada\s+(?:dos|2|otro)\s+(${DAY})\b|\bun\s+(${DAY})\s+s[íi]\s+y\s+otro\s+no\b|\bcada\s+(?:quince|15)\s+d[íi]as\s+(?:el|los)\s+(${DAY})\b`,
    (m) => {
      const weekday = weekdayOf(m[1] ?? m[2] ?? m[3] ?? "");
      return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
    },
  ),
  ruleOf(
    String.raw`\b(?:de\s+)?lunes\s+a\s+viernes\b|\bentre\s+semana\b|\b(?:(?:todos\s+)?los\s+|en\s+|cada\s+)?${WEEKDAY_WORDS}\b|\b(?:todos\s+los\s+|cada\s+)?d[íi]a\s+(?:laborable|h[áa]bil)\b`,
    () => ({ kind: "weekdays", days: [...WEEKDAYS] }),
  ),
  dateRange(String.raw`del?`, "al?", MONTH, monthOf),
  dayRange(String.raw`de(?:sde)?`, DAY, String.raw`al?`, days),
  ruleOf(String.raw`\b(?:todas\s+las|cada)\s+(mañana|manana|tarde|noche)s?\b`, (m) => ({ kind: "daily", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(String.raw`\b(?:todos\s+los\s+(?:santos\s+)?d[íi]as|cada\s+d[íi]a|diariamente|a\s+diario|diario)\b`, () => ({ kind: "daily" })),
  ruleOf(String.raw`\b(?:los|todos\s+los|cada)\s+(?:fin(?:es)?\s+de\s+semana|findes?)\b`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  englishEvery(DAY_LIST, days),
  // "cada que sea lunes" (Mexico): whenever it is Monday.
  ruleOf(String.raw`\b(?:todos\s+los|cada(?:\s+que\s+(?:sea|es)(?:\s+el)?)?|los)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "todos los días a las 9 este mes", "el resto del mes": until the month's last day (grammar.ts).
  restOfMonth(
    String.raw`\b(?:(?:durante|por|en)\s+)?el\s+resto\s+de(?:l|\s+este)?|\blo\s+que\s+queda\s+de(?:l|\s+este)?|\b(?:durante\s+)?este`,
    String.raw`mes\b`,
  ),
  ruleOf(
    String.raw`\b(?:este|el\s+pr[óo]ximo)\s+(?:fin\s+de\s+semana|finde)\b|\b(?:el\s+)?(?:fin\s+de\s+semana|finde)\s+que\s+viene\b|\b(?:la\s+)?(?:pr[óo]xima|esta)\s+semana\b|\bla\s+semana\s+(?:que\s+viene|pr[óo]xima)\b|\b(?:el\s+)?(?:pr[óo]ximo|este)\s+mes\b|\bel\s+mes\s+que\s+viene\b`,
    (m) => periodOf(m[0], /pr[óo]xima\s+semana|semana\s+(?:que\s+viene|pr[óo]xima)/u, /pr[óo]ximo\s+mes|mes\s+que\s+viene/u),
  ),
  // "el finde a las 10": this weekend or every weekend? After the rules that say which.
  ruleOf(String.raw`\b(?:(?:en\s+)?el\s+)?(?:fin\s+de\s+semana|finde)\b`, () => ({ kind: "vague", what: "weekend" })),
  ruleOf(String.raw`\bcada\s+(\d{1,2})\s+de\s+${MONTH}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[2] ?? ""), day: Number(m[1]) },
  ]),
  ruleOf(String.raw`\bcada\s+media\s+hora\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\bcada\s+cuarto\s+de\s+hora\b`, () => ({ kind: "interval", every: 15, unit: "minute" })),
  ruleOf(String.raw`\bcada\s+(?:${NUM}\s+)?${UNIT}\b`, (m) => {
    const every = m[1] === undefined ? 1 : num(m[1]);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(
    String.raw`\b(?:todas\s+las\s+(semana)s|todos\s+los\s+(mes)es|todos\s+los\s+(año)s|(semana)lmente|(mens)ualmente|(anual)mente|(?:de|del)\s+(?:cada|todos\s+los)\s+(mes)(?:es)?)\b`,
    (m) => {
      const word = m.slice(1).find((g) => g !== undefined) ?? "";
      return { kind: "interval", every: 1, unit: word.startsWith("sem") ? "week" : word.startsWith("mes") || word.startsWith("mens") ? "month" : "year" };
    },
  ),
  ruleOf(String.raw`\b(?:el\s+)?(\d{1,2}|primero)\s+de\s+${MONTH}\b(?:\s+(?:de|del)\s+(\d{4})\b)?`, (m) =>
    dateOrMonthDate(m[3], monthOf(m[2] ?? ""), m[1] === "primero" ? 1 : Number(m[1])),
  ),
  // "los días 1 y 15": several days of the month.
  ruleOf(String.raw`\b(?:los\s+)?d[íi]as\s+\d{1,2}(?:\s*(?:,|y)\s*(?:el\s+)?\d{1,2})+\b(?!\s*(?:de\s+${MONTH}|[:.]\d))`, (m) => monthDayList(m[0])),
  ruleOf(String.raw`\b(?:el\s+)?d[íi]a\s+(\d{1,2})\b|\bel\s+(\d{1,2}|primero)\b(?!\s*(?:de\s+${MONTH}|[:.]\d))`, (m) => ({
    kind: "monthDay",
    day: m[2] === "primero" ? 1 : Number(m[1] ?? m[2]),
  })),
  // "pasado manana": typed or dictated without the tilde, as "manana" is.
  ruleOf(String.raw`\bpasado\s+ma[ñn]ana\b`, () => ({ kind: "dayOffset", days: 2 })),
  // "la 1 del mediodía" is 13:00: mediodía there is the part of the day, not the clock.
  ruleOf(String.raw`\bdel\s+mediod[íi]a\b`, () => ({ kind: "part", part: "noon" })),
  ruleOf(String.raw`\b(?:a\s+|al\s+)?mediod[íi]a\b(?:\s+(?:y\s+(media|cuarto)|(menos)\s+cuarto)\b)?`, (m) =>
    noonAnd(m[1] === undefined ? (m[2] === undefined ? null : "quarterTo") : m[1] === "media" ? "half" : "quarter"),
  ),
  ruleOf(String.raw`\b(?:a\s+)?(?:la\s+)?medianoche\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(String.raw`\besta\s+noche\b|\besta\s+tarde-noche\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\besta\s+(mañana|tarde)\b`, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning", today: true })),
  // "el lunes que viene": the Monday of next week, as chrono reads "el próximo lunes".
  ruleOf(String.raw`\b(?:el\s+)?(${DAY})\s+que\s+viene\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "weekdayName", days: [weekday], weeksAhead: 1 };
  }),
  ruleOf(String.raw`\bde\s+madrugada\b`, () => ({ kind: "part", part: "early" })),
  ruleOf(String.raw`\b(?:de|por|en)\s+la\s+(mañana|manana|madrugada|tarde|noche)\b`, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" })),
  // "mañana temprano a las 6": early in the morning.
  ruleOf(String.raw`\btemprano\b`, () => ({ kind: "part", part: "morning" })),
  ruleOf(
    String.raw`\b(?:de|desde)\s+(?:las?\s+|el\s+)?${END}(?:\s*h)?\s+(?:a|hasta)\s+(?:las?\s+|el\s+)?${END}(?:\s*h)?\b|\bentre\s+(?:las?\s+|el\s+)?${END}(?:\s*h)?\s+y\s+(?:las?\s+|el\s+)?${END}(?:\s*h)?\b`,
    (m) => {
      return windowOf(windowEnd(m[1] ?? m[3]), windowEnd(m[2] ?? m[4]));
    },
  ),
  ruleOf(String.raw`\b(?:hasta|hasta\s+el|hasta\s+la)\b`, () => ({ kind: "until", side: "after" })),
  ruleOf(
    String.raw`\b(?:a\s+)?(?:las|la)\s+${HOUR}(?:[:.](\d{2})|\s+y\s+(media|cuarto|${NUM})|\s+menos\s+(cuarto|${NUM}))?(?:\s*(a|p)\.?\s*m\b\.?)?(?:\s*(?:h|hs|horas)\b)?`,
    (m) => clockOf(m[1] ?? "", m[2], m[3], m[5], m[7]),
  ),
  ruleOf(String.raw`\b(\d{1,2})(?:[:.](\d{2}))?\s*(a|p)\.?\s*m\b\.?`, (m) => clockOf(m[1] ?? "", m[2], undefined, undefined, m[3])),
  ruleOf(String.raw`\b(\d{1,2}):(\d{2})\b`, (m) => clock(Number(m[1]), Number(m[2]))),
  ruleOf(String.raw`\b(?:ahora\s+mismo|ahora|inmediatamente|de\s+inmediato|enseguida|ya\s+mismo)\b`, () => ({ kind: "immediate" })),
];

/** Spanish words that can carry schedule meaning (coverage.ts). */
const FREQUENCY = String.raw`(?:diari[oa]s?|diariamente|semanal(?:mente)?|mensual(?:mente)?|anual(?:mente)?|quincenal(?:mente)?)`;
/** The meetings named by how often they meet ("la reunión semanal"): `frequencyUnlessMeeting`. */
const MEETING = String.raw`(?:reuni[óo]n(?:es)?|junta|llamada|videollamada|clase|sesi[óo]n|stand-?\s?up|sync)`;
const REPEATS_ELSEWHERE = String.raw`(?:\b(?:todos\s+los|todas\s+las|cada)\b|\bentre\s+semana\b|\bde\s+lunes\s+a\s+viernes\b)`;

const BEARING = [
  String.raw`(?<=\by\s+(?:a\s+)?(?:las?\s+)?)\d{1,2}\b(?![:.]?\d)`,
  String.raw`\b(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bados?|domingos?)\b`,
  String.raw`\b(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre)\b`,
  String.raw`\b(?:primer|primero|segundo|tercer|tercero|quinto|pen[úu]ltimo)\b(?!\s+(?:paso|art[íi]culo|noticia|correo|mensaje|informe))`,
  // "último" says when only before a day or a period: "las últimas noticias" is the latest news,
  // and "de última hora" breaking news.
  String.raw`\b[úu]ltim[oa]s?\b(?=\s+(?:${DAY}|d[íi]as?|semanas?|mes(?:es)?|a[ñn]os?|fin|del?\s+(?:cada\s+)?mes)\b)`,
  String.raw`(?<!\bde\s+)\b[úu]ltim[oa]s?\b(?=\s+horas?\b)`,
  String.raw`\bcuarto\b(?=\s+(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|d[íi]a))`,
  String.raw`\b(?:cada|todos|todas)\b(?=\s+(?:\d|los|las|d[íi]a|semana|mes|a[ñn]o|hora|minuto|mañana|tarde|noche|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|primer|[úu]ltimo|dos|tres|cuatro|cinco|seis|quince|veinte|treinta|media|cuarto|otro|otra|fin))`,
  frequencyUnlessMeeting(FREQUENCY, MEETING, REPEATS_ELSEWHERE, true),
  String.raw`\b(?:excepto|salvo|menos|excluyendo|quitando)\b(?!\s+(?:de\s+)?\d+\s*(?:minutos|horas))`,
  String.raw`\bhasta\b`,
  // "toda la semana", "el resto de la semana": which days, ending when? Asked, never dropped.
  String.raw`\btoda\s+la\s+semana\b|\bresto\s+de\s+la\s+semana\b`,
  // "durante unos días": how many? Asked, never a repetition without its end.
  String.raw`\b(?:unos|algunos|unos\s+cuantos|un\s+par\s+de)\s+(?:d[íi]as|semanas|meses)\b`,
  String.raw`\b(?:desde|de)\b(?=\s+(?:las?\s+)?\d{1,2}(?:[:.]\d{2})?\s+(?:a|hasta)\b)`,
  String.raw`\bentre\b(?=\s+(?:las?\s+)?\d)`,
  // Before a day, a range of days: never the two dates alone (read-one-day.ts).
  String.raw`\bentre\b(?=\s+(?:el\s+)?(?:hoy|ma[ñn]ana|pasado|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo))`,
  String.raw`\b(?:pr[óo]xim[oa]|siguiente|que\s+viene)\b`,
  String.raw`\b${NUM}\s+veces\b`,
  String.raw`\b${NUM}\s+(?:minutos?|min|horas?|d[íi]as|semanas?|mes(?:es)?|años?)\b`,
  String.raw`\b(?:las?|a\s+las?)\s+\d{1,2}(?:[:.]\d{2})?\b`,
  String.raw`\b\d{1,2}:\d{2}\b`,
  String.raw`\b\d{1,2}\s*(?:h|hs)\b`,
  String.raw`\b(?:mediod[íi]a|medianoche|hoy|mañana|pasado\s+ma[ñn]ana|esta\s+noche|laborables|fin(?:es)?\s+de\s+semana|findes?)\b`,
];

export const es: Grammar = {
  lang: "es",
  chrono: chrono.es.casual,
  rules,
  glue: latinGlue([
    "a",
    "las",
    "la",
    "el",
    "los",
    "de",
    "del",
    "y",
    "en",
    "cada",
    "todos",
    "todas",
    "por",
    "desde",
    // "cada dos horas a partir de las 12": the first run's time, read as a start (read-frequent.ts).
    "partir",
    "sobre",
    "hacia",
    "al",
    "e",
    "solo",
    "sólo",
    "solamente",
    // "mañana tipo a las 8", "como a las 8", "a eso de las 8": filler before a time.
    "tipo",
    "como",
    "eso",
  ]),
  bearing: lexicon(BEARING),
  examples: {
    daily: "todos los días a las 8",
    weekly: "todos los lunes a las 9",
    once: "mañana a las 9",
    monthly: "el día 1 de cada mes a las 9",
    yearly: "cada año el 3 de marzo a las 9",
    everyOther: "cada dos martes a las 9",
    thisSaturday: "este sábado a las 10",
    everyWeekend: "todos los fines de semana a las 10",
    lastDay: "el último día de cada mes a las 9",
    until: "hasta el 30 de junio",
  },
};
