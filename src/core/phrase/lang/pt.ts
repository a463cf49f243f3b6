import * as chrono from "chrono-node";
import { latinGlue } from "../cluster.js";
import type { IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
  COMPACT_DELAY,
  clock,
  dateOrMonthDate,
  dateRange,
  englishEvery,
  exceptMonthsRule,
  exceptOf,
  type Grammar,
  lexicon,
  minutesBefore,
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
  wordHour,
} from "../grammar.js";
import { wordNumber } from "../text.js";

const NUMBERS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  quinze: 15,
  vinte: 20,
  trinta: 30,
  "quarenta e cinco": 45,
};
const NUM = String.raw`(\d{1,3}|uma?|dois|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|quinze|vinte|trinta|quarenta\s+e\s+cinco)`;
const DAY = String.raw`(?:segunda|ter[çc]a|quarta|quinta|sexta)(?:-feira|\s+feira)?s?|s[áa]bados?|domingos?`;
const SEP = String.raw`(?:\s*,\s*(?:e\s+)?|\s+e\s+|\s+ou\s+|\s+a\s+|\s+at[ée]\s+|\s*-\s*)`;
const DAY_LIST = String.raw`((?:${DAY})(?:${SEP}(?:a\s+|o\s+)?(?:${DAY}))*)`;
const MONTH = String.raw`(janeiro|fevereiro|mar[çc]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)`;
const UNIT = String.raw`(minutos?|min|horas?|dias?|semanas?|m[êe]s(?:es)?|anos?)`;
/** "8h", "8h30", "8:30", "8 horas", "8". */
const TIME = String.raw`(\d{1,2})\s*(?:horas?|h|:)(?:\s*(\d{2}))?`;
const ORDINAL = String.raw`(primeir[oa]|1[ºª]|segund[oa]|terceir[oa]|quart[oa]|quint[oa]|[úu]ltim[oa])`;

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3)) + 1;
/** Sunday first, as cron counts; "quarta" and "quinta" differ only from their fourth letter. */
const WEEKDAY_PREFIX = ["dom", "seg", "ter", "quar", "quin", "sex", "sab"];
const weekdayOf = (name: string): number | null => {
  const n = name.normalize("NFD").replace(/\p{M}/gu, "");
  const i = WEEKDAY_PREFIX.findIndex((p) => n.startsWith(p));
  return i === -1 ? null : i;
};
const days = (list: string) => readDayList(list, new RegExp(DAY, "gu"), weekdayOf, /^\s*(?:a|at[ée]|-)\s*(?:a\s+|o\s+)?$/u);
const num = (word: string | undefined) => (word === undefined ? null : wordNumber(word.replace(/\s+/gu, " "), NUMBERS));
const NTH: Record<string, number> = {
  primeiro: 1,
  primeira: 1,
  "1º": 1,
  "1ª": 1,
  segundo: 2,
  segunda: 2,
  terceiro: 3,
  terceira: 3,
  quarto: 4,
  quarta: 4,
  quinto: 5,
  quinta: 5,
  último: -1,
  última: -1,
  ultimo: -1,
  ultima: -1,
};

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("min")) return "minute";
  if (word.startsWith("h")) return "hour";
  if (word.startsWith("d")) return "day";
  if (word.startsWith("s")) return "week";
  if (word.startsWith("m")) return "month";
  return "year";
}

const PARTS: Record<string, PartOfDay> = { manhã: "morning", manha: "morning", tarde: "afternoon", noite: "night", madrugada: "early" };

/** One end of a window: "9h", "17h30", "meio-dia". */
const windowEnd = (text: string | undefined) => numericClock(text?.replace(/\s*horas?\s*/u, "h").replace(/\s+/gu, ""), /^meio-?dia/u, /^meia-?noite/u);

const rules: Rule[] = [
  slashDate("day-month"),
  // "quinze para as nove": a quarter to nine.
  ruleOf(String.raw`\b(quinze|dez|cinco|vinte|\d{1,2})\s+(?:minutos\s+)?(?:para\s+(?:as|a)|pras?)\s+${NUM}\b(?!\s*(?:h\s*\d|:\d))`, (m) => {
    const at = minutesBefore(num(m[2]), num(m[1]));
    return at === null ? null : clock(at.hour, at.minute);
  }),
  // "de 10 a 12 de março": a range of dates (grammar.ts), before the single date "12 de março" and the clock window.
  dateRange("d[eo]", String.raw`(?:a|ao|at[ée])`, MONTH, monthOf),
  startWord(
    String.raw`\b(?:a\s+partir\s+d[eoa]|come[çc]ando\s+(?:n[oa]|em|d[eoa])|desde\s+(?:o|a))(?=\s+(?:amanh[ãa]|depois\s+de\s+amanh|segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|dia\s+\d|\d{1,2}\s+de\s+\p{L}|(?:a\s+)?semana\s+que\s+vem|(?:a\s+)?pr[óo]xima))`,
    "after",
  ),
  COMPACT_DELAY,
  ruleOf(String.raw`\bde\s+${NUM}\s+em\s+${NUM}\s+${UNIT}\b`, (m) => {
    const every = num(m[1]);
    return every === null || every !== num(m[2]) ? null : { kind: "interval", every, unit: unitOf(m[3] ?? "") };
  }),
  ruleOf(String.raw`\b(?:daqui\s+a|em|dentro\s+de)\s+(?:uma|1)\s+hora\s+e\s+meia\b|\b(?:daqui\s+a|em|dentro\s+de)\s+${NUM}\s+horas\s+e\s+meia\b`, (m) => {
    const hours = m[1] === undefined ? 1 : num(m[1]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  ruleOf(String.raw`\b(?:daqui\s+a|em|dentro\s+de)\s+meia\s+hora\b`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:daqui\s+a|dentro\s+de|em)\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
  }),
  // "pelos próximos 3 dias", "nos próximos 5 dias": how long, with or without "durante".
  ruleOf(String.raw`\b(?:(?:(?:durante|por|em)\s+)?(?:pel|n)?[oa]s\s+pr[óo]xim[oa]s|durante|por)\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\b${NUM}\s+vezes\s+(?:(?:ao|por|cada)\s+(dia|semana|m[êe]s)|(diariamente))\b`, (m) =>
    timesPer(num(m[1]), m[2] === "dia" || m[3] !== undefined),
  ),
  ruleOf(String.raw`\b${NUM}\s+vezes\b`, (m) => {
    const times = num(m[1]);
    return times === null ? null : { kind: "count", times };
  }),
  // Before the vague "depois" (later), which would leave "amanhã" alone: tomorrow, a day early.
  ruleOf(String.raw`\bdepois\s+de\s+amanh[ãa]\b`, () => ({ kind: "dayOffset", days: 2 })),
  ruleOf(String.raw`\b(?:mais\s+tarde|depois|logo|em\s+breve|daqui\s+a\s+pouco)\b`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(String.raw`\b(?:qualquer\s+dia(?:\s+dess[ea]s)?|um\s+dia\s+dess[ea]s|algum\s+dia|qualquer\s+hora|quando\s+der)\b`, () => ({
    kind: "vague",
    what: "time",
  })),
  ruleOf(String.raw`\b(?:o\s+)?(?:fim|final)\s+de\s+${MONTH}\b`, (m) => ({ kind: "monthEnd", month: monthOf(m[1] ?? "") })),
  ruleOf(String.raw`\b(?:no\s+)?(?:dia\s+)?(\d{1,2})\s+do\s+(?:m[êe]s\s+que\s+vem|pr[óo]ximo\s+m[êe]s|m[êe]s\s+seguinte)\b`, (m) => ({
    kind: "monthAhead",
    months: 1,
    day: Number(m[1]),
  })),
  ruleOf(
    String.raw`\b(?:tod[oa]\s+|em\s+tod[oa]\s+)?(?:n?o\s+)?[úu]ltimo\s+dia\s+(?:de\s+cada|do|de\s+todo)\s+m[êe]s\b|\b(?:no\s+)?(?:fim|final)\s+(?:de\s+cada|do)\s+m[êe]s\b`,
    () => ({ kind: "lastDayOfMonth" }),
  ),
  ruleOf(String.raw`\b(?:tod[oa]\s+|em\s+tod[oa]\s+)?(?:n?[ao]\s+)?${ORDINAL}\s+(${DAY})\s+(?:de\s+cada|do|de\s+todo)\s+m[êe]s\b`, (m) => {
    const weekday = weekdayOf(m[2] ?? "");
    return weekday === null ? null : { kind: "nthWeekday", nth: NTH[m[1] ?? ""] ?? 1, weekdays: [weekday] };
  }),
  exceptMonthsRule(
    String.raw`\b(?:menos|exceto|salvo|fora)\s+(?:em|no\s+m[êe]s\s+de|durante)\s+${MONTH}(?:\s*(?:,|e|ou)\s*${MONTH})*\b`,
    new RegExp(MONTH),
    monthOf,
  ),
  ruleOf(
    String.raw`\b(?:menos|exceto|salvo|tirando|fora|sem\s+contar)\s+(?:n?[oa]s?\s+|aos?\s+|às?\s+)?(?:${DAY_LIST}|((?:fim|fins)\s+de\s+semana|s[áa]bados?\s+e\s+domingos?))\b`,
    (m) => exceptOf(m[1], days),
  ),
  ruleOf(String.raw`\b(${DAY})\s+sim\s*,?\s+(?:${DAY})\s+n[ãa]o\b|\b(?:a\s+)?cada\s+duas\s+(${DAY})\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? m[2] ?? "");
    return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  ruleOf(
    String.raw`\b(?:de\s+)?segunda(?:-feira)?\s+a\s+sexta(?:-feira)?\b|\b(?:(?:todos\s+)?(?:os\s+|nos\s+)|em\s+)?dias\s+[úu]teis\b|\b(?:tod[oa]\s+|em\s+)?dia\s+[úu]til\b|\bdurante\s+a\s+semana\b`,
    () => ({ kind: "weekdays", days: [...WEEKDAYS] }),
  ),
  ruleOf(String.raw`\b(?:tod[oa]\s+|n?o\s+)?primeiro\s+dia\s+(?:de\s+cada|do|de\s+todo)\s+m[êe]s\b`, () => [
    { kind: "interval", every: 1, unit: "month" },
    { kind: "monthDay", day: 1 },
  ]),
  // "neste sábado": the coming one, said with "this" (a list after it names dates, not a habit).
  ruleOf(String.raw`\b(?:n?este|n?esta|n?esse|n?essa)\s+(${DAY})\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? "");
    return weekday === null ? null : { kind: "weekdayName", days: [weekday], withThis: true };
  }),
  ruleOf(String.raw`\b(${DAY})\s+que\s+vem\b|\b(?:n?a\s+|n?o\s+)?pr[óo]xim[ao]\s+(${DAY})`, (m) => {
    const weekday = weekdayOf(m[1] ?? m[2] ?? "");
    return weekday === null ? null : { kind: "weekdayName", days: [weekday], weeksAhead: 1 };
  }),
  // "todo dia 1 e 15", "nos dias 1 e 15 de cada mês": several days of the month.
  ruleOf(String.raw`\b(?:(todo)\s+|n?os\s+)?dias?\s+\d{1,2}º?(?:\s*(?:,|e)\s*\d{1,2}º?)+\b(?!\s*(?:de\s+${MONTH}|h\b|:))`, (m) => {
    const days = monthDayList(m[0]);
    return days === null || m[1] === undefined ? days : [{ kind: "interval", every: 1, unit: "month" }, ...days];
  }),
  ruleOf(String.raw`\b(?:todo\s+)?dia\s+(\d{1,2})(?:º)?\s+de\s+cada\s+m[êe]s\b|\btodo\s+dia\s+(\d{1,2})\b(?!\s*(?:de\s+${MONTH}|h|:))`, (m) => [
    { kind: "interval", every: 1, unit: "month" },
    { kind: "monthDay", day: Number(m[1] ?? m[2]) },
  ]),
  ruleOf(String.raw`\b(?:tod[oa]s?\s+(?:as\s+)?|cada\s+)(manh[ãa]|tarde|noite)s?\b`, (m) => ({ kind: "daily", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(String.raw`\b(?:todos\s+os\s+dias|todo\s+(?:santo\s+)?dia|cada\s+dia|diariamente)\b`, () => ({ kind: "daily" })),
  // "dia sim, dia não", "dias alternados": every other day.
  ruleOf(String.raw`\b(?:um\s+)?dia\s+sim\s*,?\s*(?:e\s+)?(?:outro|um\s+dia|dia)\s+n[ãa]o\b|\bdias\s+alternados\b`, () => ({
    kind: "interval",
    every: 2,
    unit: "day",
  })),
  englishEvery(DAY_LIST, days),
  ruleOf(String.raw`\b(?:todos\s+os|nos|aos|em\s+todos\s+os)\s+fins\s+de\s+semana\b|\btodo\s+fim\s+de\s+semana\b`, () => ({
    kind: "weekdays",
    days: [...WEEKEND],
  })),
  ruleOf(String.raw`\b(?:tod[oa]s?\s+(?:[ao]s\s+)?|às\s+|aos\s+|nas\s+|nos\s+)${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  ruleOf(String.raw`\b(?:de\s+)?(${DAY})\s+a\s+(${DAY})\b`, (m) => {
    const list = days(m[0]);
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "todo dia às 9 este mês", "pelo resto do mês": until the month's last day (grammar.ts).
  restOfMonth(String.raw`\b(?:(?:durante|por)\s+)?(?:o|pelo)\s+resto\s+d(?:o|este|esse)|\b(?:durante\s+)?n?(?:este|esse)`, String.raw`m[êe]s\b`),
  ruleOf(
    String.raw`\b(?:n?este|n?esse|n?o\s+pr[óo]ximo)\s+(?:fim|final)\s+de\s+semana\b|\b(?:na\s+)?(?:pr[óo]xima|esta|nesta)\s+semana\b|\bsemana\s+que\s+vem\b|\b(?:no\s+)?(?:pr[óo]ximo|este)\s+m[êe]s\b|\bm[êe]s\s+que\s+vem\b`,
    (m) => periodOf(m[0], /pr[óo]xima\s+semana|semana\s+que\s+vem/u, /pr[óo]ximo\s+m[êe]s|m[êe]s\s+que\s+vem/u),
  ),
  // "no fim de semana às 10h": this weekend or every weekend? After the rules that say which.
  ruleOf(String.raw`\b(?:n?o\s+)?(?:fim|final)\s+de\s+semana\b`, () => ({ kind: "vague", what: "weekend" })),
  ruleOf(String.raw`\b(?:tod[oa]\s+ano\s+(?:em|no\s+dia|n?o\s+dia)?\s*|todo\s+dia\s+)(\d{1,2})\s+de\s+${MONTH}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[2] ?? ""), day: Number(m[1]) },
  ]),
  ruleOf(String.raw`\b(?:a\s+cada|de)\s+meia\s+(?:em\s+meia\s+)?hora\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\bde\s+(hora)\s+em\s+hora\b|\bde\s+(semana)\s+em\s+semana\b`, (m) => ({
    kind: "interval",
    every: 1,
    unit: m[1] !== undefined ? "hour" : "week",
  })),
  ruleOf(String.raw`\b(?:a\s+)?cada\s+(?:${NUM}\s+)?${UNIT}\b`, (m) => {
    const every = m[1] === undefined ? 1 : num(m[1]);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(
    String.raw`\b(?:toda\s+(hora)|toda\s+(semana)|todas\s+as\s+(semana)s|todo\s+(m[êe]s)|todos\s+os\s+(mes)es|todo\s+(ano)|todos\s+os\s+(ano)s|(semana)lmente|(mensal)mente|(anual)mente|(?:de|do)\s+(?:cada|todo)\s+(m[êe]s))\b`,
    (m) => {
      const word = m.slice(1).find((g) => g !== undefined) ?? "";
      const unit: IntervalUnitWord = word === "hora" ? "hour" : word.startsWith("semana") ? "week" : word.startsWith("m") ? "month" : "year";
      return { kind: "interval", every: 1, unit };
    },
  ),
  ruleOf(String.raw`\b(?:n?o\s+)?(?:dia\s+)?(\d{1,2}|1º|primeiro)\s+de\s+${MONTH}\b(?:\s+de\s+(\d{4})\b)?`, (m) =>
    dateOrMonthDate(m[3], monthOf(m[2] ?? ""), /^\d+$/u.test(m[1] ?? "") ? Number(m[1]) : 1),
  ),
  ruleOf(String.raw`\b(?:n?o\s+)?dia\s+(\d{1,2})(?:º)?\b(?!\s*(?:de\s+${MONTH}|h\b|:))`, (m) => ({ kind: "monthDay", day: Number(m[1]) })),
  ruleOf(String.raw`\bamanh[ãa]\s+(?:de|à|a)\s+(manh[ãa]|tarde|noite)\b`, (m) => [
    { kind: "dayOffset", days: 1 },
    { kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" },
  ]),
  ruleOf(String.raw`\b(?:ao\s+|à\s+)?meio[-\s]?dia\b(?:\s+e\s+(meia|quinze|um\s+quarto)\b)?`, (m) =>
    noonAnd(m[1] === undefined ? null : m[1] === "meia" ? "half" : "quarter"),
  ),
  ruleOf(String.raw`\b(?:à\s+)?meia-?noite\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(String.raw`\bhoje\s+(?:à|a)\s+noite\b|\besta\s+noite\b|\bhoje\s+de\s+noite\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\bhoje\s+(?:de|à|a)\s+(manh[ãa]|tarde)\b|\besta\s+(manh[ãa]|tarde)\b`, (m) => ({
    kind: "part",
    part: PARTS[m[1] ?? m[2] ?? ""] ?? "morning",
    today: true,
  })),
  ruleOf(String.raw`\b(?:da|de|à|pela)\s+(manh[ãa]|tarde|noite|madrugada)\b`, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(
    String.raw`\b(?:d[ao]s?|entre\s+(?:as\s+)?)\s*(\d{1,2}\s*(?:h|horas?|:)?\s*(?:\d{2})?|meio-?dia)\s+(?:[àa]s?|até(?:\s+(?:as|às))?|e(?:\s+as)?|ao)\s+(\d{1,2}\s*(?:h|horas?|:)?\s*(?:\d{2})?|meio-?dia|meia-?noite)`,
    (m) => windowOf(windowEnd(m[1]), windowEnd(m[2])),
  ),
  ruleOf(String.raw`\bat[ée]\b`, () => ({ kind: "until", side: "after" })),
  // "às oito e meia", "oito horas e quinze": the hour in words, after "às" or before "horas".
  ruleOf(
    String.raw`\b(?:(?:às?|as)\s+(uma|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze)(?:\s+horas?)?|(uma|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze)\s+horas?)(?:\s+e\s+(meia|quinze))?\b`,
    (m) => wordHour(NUMBERS[m[1] ?? m[2] ?? ""], m[3] === "meia" ? "half" : m[3] === "quinze" ? "quarter" : null),
  ),
  ruleOf(String.raw`\b(?:às?\s+|a\s+partir\s+das?\s+)?${TIME}(?:\s+e\s+(meia|quinze|um\s+quarto))?`, (m) => {
    const minute = m[3] === "meia" ? 30 : m[3] === undefined ? Number(m[2] ?? 0) : 15;
    return clock(Number(m[1]), minute);
  }),
  // "as 8" typed without the accent, unless a plural noun follows (a count: "as 3 tarefas").
  ruleOf(String.raw`\b(?:às?|as(?!\s+\d{1,2}\s+(?!horas\b)\p{L}+s\b))\s+(\d{1,2})\b(?![:.]?\d)(?:\s+e\s+(meia|um\s+quarto))?`, (m) =>
    clock(Number(m[1]), m[2] === undefined ? 0 : m[2] === "meia" ? 30 : 15),
  ),
  ruleOf(String.raw`\b(?:agora\s+mesmo|agora|imediatamente|j[áa]|neste\s+instante)\b`, () => ({ kind: "immediate" })),
];

/** Portuguese words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  // Before a day, a range of days: never the two dates alone (read-one-day.ts).
  String.raw`\bentre\b(?=\s+(?:o\s+dia\s+)?(?:hoje|amanh[ãa]|depois|segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|\d{1,2}\s+de))`,
  String.raw`(?<=\be\s+(?:às?\s+)?)\d{1,2}\b(?![:.]?\d)`,
  String.raw`\b(?:segunda|ter[çc]a|quarta|quinta|sexta)(?:-feira|\s+feira)?s?\b(?!\s+(?:vez|semana|edi[çc][ãa]o))`,
  String.raw`\b(?:s[áa]bados?|domingos?)\b`,
  String.raw`\b${MONTH}\b`,
  String.raw`\b(?:primeir[oa]|terceir[oa]|[úu]ltim[oa]|pen[úu]ltim[oa])\b(?!\s+(?:vez|not[íi]cia|mensagem|artigo|e-?mail|horas?\b))`,
  String.raw`\b(?:tod[oa]s?|cada)\b(?=\s+(?:\d|os|as|o|a|dia|semana|m[êe]s|ano|hora|minuto|manh[ãa]|tarde|noite|segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|fim|primeir|[úu]ltim|duas|dois|tr[êe]s|quinze|meia))`,
  String.raw`\b(?:diariamente|semanalmente|mensalmente|anualmente|quinzenalmente)\b`,
  String.raw`\bsim\s*,?\s+\p{L}+\s+n[ãa]o\b`,
  // "un dia si y otro no" typed without accents can be taken for Portuguese: every other day, never dropped.
  String.raw`\bdia\s+sim?\b`,
  String.raw`\bde\s+\d+\s+em\s+\d+\b`,
  // "a semana toda", "pelo resto da semana": which days, ending when? Asked, never dropped.
  // "durante uns dias": how many? Asked, never a repetition without its end.
  String.raw`\b(?:uns|alguns|uns\s+poucos)\s+(?:dias|semanas|meses)\b`,
  String.raw`\b(?:a\s+)?semana\s+(?:toda|inteira)\b|\btoda\s+a\s+semana\b|\bresto\s+da\s+semana\b`,
  String.raw`\bdi[áa]ri[oa]s?\b`,
  String.raw`\b(?:menos|exceto|salvo|tirando)\b(?!\s+(?:de\s+)?\d+\s*(?:minutos|horas))`,
  String.raw`\bat[ée]\b`,
  String.raw`\b(?:das?|dos?|entre)\b(?=\s+(?:as\s+)?\d{1,2}\s*(?:h|horas?|:)?\s*(?:\d{2})?\s+(?:às?|até|e)\b)`,
  String.raw`\b(?:pr[óo]xim[oa]|seguinte|que\s+vem)\b`,
  String.raw`\b${NUM}\s+vezes\b`,
  String.raw`\b${NUM}\s+(?:minutos?|horas?|dias|semanas?|m[êe]s(?:es)?|anos)\b`,
  String.raw`\b\d{1,2}\s*h(?:\d{2})?\b`,
  String.raw`\b\d{1,2}:\d{2}\b`,
  String.raw`\bàs?\s+\d{1,2}\b`,
  String.raw`\b(?:meio-?dia|meia-?noite|hoje|amanh[ãa]|úteis|uteis|[úu]til|(?:fim|fins)\s+de\s+semana)\b`,
];

export const pt: Grammar = {
  lang: "pt",
  chrono: chrono.pt.casual,
  rules,
  glue: latinGlue([
    "às",
    "as",
    "a",
    "ao",
    "o",
    "os",
    "de",
    "do",
    "da",
    "no",
    "na",
    "nos",
    "nas",
    "e",
    "em",
    "só",
    "somente",
    "cada",
    "todo",
    "toda",
    "todos",
    "todas",
    "por",
    // "cada dos horas a partir de las 12": the first run's time, read as a start (read-frequent.ts).
    "partir",
    "me",
    "lembre",
    "lembre-me",
  ]),
  bearing: lexicon(BEARING),
  examples: {
    daily: "todos os dias às 8h",
    weekly: "toda segunda-feira às 9h",
    once: "amanhã às 9h",
    monthly: "todo dia 1 às 9h",
    yearly: "todo ano em 3 de março às 9h",
    everyOther: "terça sim, terça não, às 9h",
    thisSaturday: "este sábado às 10h",
    everyWeekend: "todos os fins de semana às 10h",
    lastDay: "no último dia de cada mês às 9h",
    until: "até 30 de junho",
  },
};
