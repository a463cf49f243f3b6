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
  wordHour,
} from "../grammar.js";
import { wordNumber } from "../text.js";

const NUMBERS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  quinze: 15,
  vingt: 20,
  trente: 30,
  "quarante-cinq": 45,
};
const NUM = String.raw`(\d{1,3}|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|quarante-cinq)`;
const DAY = String.raw`(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?`;
const SEP = String.raw`(?:\s*,\s*(?:et\s+)?|\s+et\s+|\s+ou\s+|\s+au\s+|\s*-\s*)`;
const DAY_LIST = String.raw`(${DAY}(?:${SEP}(?:le\s+)?${DAY})*)`;
const MONTH = String.raw`(janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre)`;
const UNIT = String.raw`(minutes?|min|heures?|h|jours?|semaines?|mois|ans?|années?)`;
/** "8h", "8h15", "8 h 15", "8:15", "8 heures", "20 heures 30". */
const TIME = String.raw`(\d{1,2})\s*(?:heures?|h|:)(?:\s*(\d{2}))?`;
const ORDINAL = String.raw`(premier|1er|deuxi[èe]me|second|troisi[èe]me|quatri[èe]me|cinqui[èe]me|dernier)`;

const MONTHS = ["jan", "fév", "mar", "avr", "mai", "juin", "juil", "aoû", "sep", "oct", "nov", "déc"];
const monthOf = (name: string): number => {
  const n = name.replace(/^fev/u, "fév").replace(/^aou/u, "aoû").replace(/^dec/u, "déc");
  return MONTHS.findIndex((m) => n.startsWith(m) && !(m === "juin" && n.startsWith("juil"))) + 1;
};
const WEEKDAY_NAMES = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];
const weekdayOf = (name: string): number | null => {
  const i = WEEKDAY_NAMES.findIndex((d) => name.startsWith(d));
  return i === -1 ? null : i;
};
const days = (list: string) => readDayList(list, new RegExp(DAY, "gu"), weekdayOf, /^\s*(?:au|-)\s*(?:le\s+)?$/u);
const num = (word: string | undefined) => (word === undefined ? null : wordNumber(word, NUMBERS));
const NTH: Record<string, number> = {
  premier: 1,
  "1er": 1,
  deuxième: 2,
  deuxieme: 2,
  second: 2,
  troisième: 3,
  troisieme: 3,
  quatrième: 4,
  quatrieme: 4,
  cinquième: 5,
  cinquieme: 5,
  dernier: -1,
};

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("min")) return "minute";
  if (word.startsWith("h")) return "hour";
  if (word.startsWith("j")) return "day";
  if (word.startsWith("s")) return "week";
  if (word.startsWith("mois")) return "month";
  return "year";
}

const PARTS: Record<string, PartOfDay> = { matin: "morning", "après-midi": "afternoon", "apres-midi": "afternoon", soir: "evening", nuit: "night" };

/** One end of a window: "9h", "17h30", "midi". */
const windowEnd = (text: string | undefined) => numericClock(text?.replace(/\s*heures?\s*/u, "h"), /^midi/u, /^minuit/u);
const nth = (word: string | undefined) => NTH[word ?? ""] ?? 1;

const rules: Rule[] = [
  slashDate("day-month"),
  startWord(
    String.raw`\b(?:[àa]\s+partir\s+(?:de|du|d['’])|[àa]\s+compter\s+(?:de|du|d['’])|d[èe]s|en\s+commen[çc]ant)(?=\s*(?:demain|apr[èe]s-demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|(?:le\s+)?\d{1,2}(?:er)?\s+\p{L}|la\s+semaine\s+prochaine))`,
    "after",
  ),
  COMPACT_DELAY,
  ruleOf(String.raw`\bdans\s+(?:une|1)\s+heure\s+et\s+demie\b|\bdans\s+${NUM}\s+heures\s+et\s+demie\b`, (m) => {
    const hours = m[1] === undefined ? 1 : num(m[1]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  ruleOf(String.raw`\bdans\s+(?:une\s+)?demi-heure\b`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  // "quinze jours" is two weeks and "huit jours" one, as people count them (both ends included).
  ruleOf(String.raw`\bdans\s+(quinze|huit)\s+jours\b`, (m) => ({ kind: "relative", amount: m[1] === "quinze" ? 14 : 7, unit: "day" })),
  ruleOf(String.raw`\b(?:dans|d['’]ici)\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\b(?:pendant|durant|pour)\s+(?:les\s+)?(quinze|huit)\s+(?:prochains\s+)?jours\b`, (m) => ({
    kind: "duration",
    amount: m[1] === "quinze" ? 14 : 7,
    unit: "day",
  })),
  // "pendant les 3 prochains jours", "les 5 prochains jours": how long, with or without "pendant".
  ruleOf(
    String.raw`\b(?:(?:pendant|durant|pour)\s+(?:les\s+)?(?:prochaine?s\s+)?|les\s+(?=\S+\s+prochaine?s\b))${NUM}\s+(?:prochain(?:e)?s\s+)?${UNIT}\b`,
    (m) => {
      const amount = num(m[1]);
      return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
    },
  ),
  ruleOf(String.raw`\b${NUM}\s+fois\s+(?:par\s+(jour|semaine|mois|heure)|(quotidiennement))\b`, (m) =>
    timesPer(num(m[1]), m[2] === "jour" || m[3] !== undefined),
  ),
  ruleOf(String.raw`\b${NUM}\s+fois\b`, (m) => {
    const times = num(m[1]);
    return times === null ? null : { kind: "count", times };
  }),
  // "un jour sur deux": every other day.
  ruleOf(String.raw`\bun\s+jour\s+sur\s+deux\b`, () => ({ kind: "interval", every: 2, unit: "day" })),
  ruleOf(String.raw`\b(?:plus\s+tard|bient[ôo]t|tout\s+[àa]\s+l['’]heure|dans\s+un\s+moment|tant[ôo]t)\b`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(String.raw`\b(?:un\s+de\s+ces\s+jours|un\s+jour|quand\s+tu\s+(?:peux|veux)|[àa]\s+un\s+moment|un\s+de\s+ces\s+quatre)\b`, () => ({
    kind: "vague",
    what: "time",
  })),
  // "jusqu'à la fin du mois": this month's end, not the end of every month.
  // "d'ici la fin du mois": by the month's end, an "until" like "jusqu'à la" (the month's end is read by the last-day rule).
  ruleOf(String.raw`\bd['’]ici\s+la(?=\s+fin\s+du\s+mois\b)`, () => ({ kind: "until", side: "after" })),
  ruleOf(String.raw`(?<=\bjusqu['’][àa]\s+la\s+)fin\s+du\s+mois\b`, () => ({ kind: "monthEnd", month: null })),
  ruleOf(String.raw`\b(?:la\s+)?fin\s+(?:de\s+|d['’])?${MONTH}\b`, (m) => ({ kind: "monthEnd", month: monthOf(m[1] ?? "") })),
  ruleOf(String.raw`\b(?:le\s+)?(\d{1,2})(?:er)?\s+du\s+mois\s+prochain\b`, (m) => ({ kind: "monthAhead", months: 1, day: Number(m[1]) })),
  ruleOf(
    String.raw`\b(?:(?:chaque|tous\s+les)\s+)?(?:le\s+)?dernier\s+jour\s+(?:de\s+chaque|du|de\s+tous\s+les)\s+mois\b|\b(?:[àa]\s+la\s+)?fin\s+(?:de\s+chaque|du)\s+mois\b`,
    () => ({ kind: "lastDayOfMonth" }),
  ),
  // "le premier lundi du mois prochain": one day, in the month ahead.
  ruleOf(String.raw`\b(?:le\s+)?${ORDINAL}\s+(${DAY})\s+du\s+mois\s+prochain\b`, (m) => {
    const weekday = weekdayOf(m[2] ?? "");
    return weekday === null ? null : { kind: "monthAhead", months: 1, day: 1, nth: { nth: nth(m[1]), weekday } };
  }),
  // "le dernier vendredi du mois", "tous les derniers vendredis du mois", "les deuxième et quatrième jeudis du mois".
  ruleOf(
    String.raw`\b(?:chaque\s+|tous\s+les\s+)?(?:le\s+|les\s+)?${ORDINAL}s?(?:\s+et\s+(?:le\s+)?${ORDINAL}s?)?\s+(${DAY})\s+(?:de\s+chaque|du|de\s+tous\s+les)\s+mois\b`,
    (m) => {
      const weekday = weekdayOf(m[3] ?? "");
      if (weekday === null) return null;
      return [m[1], m[2]].filter((o) => o !== undefined).map((o): Fragment => ({ kind: "nthWeekday", nth: nth(o), weekdays: [weekday] }));
    },
  ),
  // "tous les 5 du mois": that day of every month.
  ruleOf(String.raw`\btous\s+les\s+(\d{1,2}|1er)\s+du\s+mois\b`, (m) => [
    { kind: "interval", every: 1, unit: "month" },
    { kind: "monthDay", day: m[1] === "1er" ? 1 : Number(m[1]) },
  ]),
  exceptMonthsRule(
    String.raw`\b(?:sauf|except[ée]|hormis|pas)\s+(?:en|au\s+mois\s+d['e]\s*)\s*${MONTH}(?:\s*(?:,|et|ou)\s*${MONTH})*\b`,
    new RegExp(MONTH),
    monthOf,
  ),
  ruleOf(
    String.raw`\b(?:sauf|except[ée]|hormis|[àa]\s+part)\s+(?:le\s+|les\s+)?(?:${DAY_LIST}|(week-?ends?|fins?\s+de\s+semaine|samedis?\s+et\s+dimanches?))\b`,
    (m) => exceptOf(m[1], days),
  ),
  ruleOf(String.raw`\b(?:un|une)\s+(${DAY})\s+sur\s+deux\b|\b(?:tous\s+les\s+deux|un\s+sur\s+deux)\s+(${DAY})\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? m[2] ?? "");
    return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  ruleOf(
    String.raw`\b(?:une\s+semaine\s+sur\s+deux|tous\s+les\s+quinze\s+jours|tous\s+les\s+15\s+jours(?=\s+(?:le\s+)?${DAY})|toutes\s+les\s+deux\s+semaines)\b`,
    () => ({
      kind: "interval",
      every: 2,
      unit: "week",
    }),
  ),
  // "Jours ouvrables" is Monday to Saturday in law and Monday to Friday in much everyday use: asked.
  ruleOf(String.raw`\b(?:les\s+|tous\s+les\s+)?jours\s+ouvrables\b`, () => ({ kind: "vague", what: "workdays" })),
  ruleOf(
    String.raw`\b(?:du\s+)?lundi\s+au\s+vendredi\b|\ben\s+semaine\b|\b(?:(?:tous\s+)?les\s+|chaque\s+)?jours?\s+(?:de\s+(?:la\s+)?semaine|ouvr[ée]s?)\b`,
    () => ({ kind: "weekdays", days: [...WEEKDAYS] }),
  ),
  dateRange("du", "au", MONTH, monthOf),
  dayRange("du", DAY, "au", days),
  ruleOf(String.raw`\b(?:tous\s+les|chaque)\s+(matin|soir|après-midi|apres-midi|nuit)s?\b|\btoutes\s+les\s+(nuit)s\b`, (m) => ({
    kind: "daily",
    part: PARTS[m[1] ?? m[2] ?? ""] ?? "morning",
  })),
  ruleOf(String.raw`\b(?:tous\s+les\s+jours|chaque\s+jour|quotidiennement|journellement)\b`, () => ({ kind: "daily" })),
  ruleOf(String.raw`\b(?:tous\s+les|chaque|le|les)\s+week-?ends?\b|\ble\s+samedi\s+et\s+(?:le\s+)?dimanche\b`, () => ({
    kind: "weekdays",
    days: [...WEEKEND],
  })),
  englishEvery(DAY_LIST, days),
  ruleOf(String.raw`\b(?:tous\s+les|chaque|les)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "tous les jours à 9h ce mois-ci", "pour le reste du mois": until the month's last day (grammar.ts).
  restOfMonth(String.raw`\b(?:(?:pour|pendant|durant)\s+)?le\s+reste\s+(?:du|de\s+ce)|\b(?:pendant\s+|durant\s+)?ce`, String.raw`mois(?:-ci)?\b`),
  ruleOf(String.raw`\b(?:ce|le)\s+week-?end\b|\b(?:la\s+)?semaine\s+prochaine\b|\bcette\s+semaine\b|\b(?:le\s+)?mois\s+prochain\b|\bce\s+mois-ci\b`, (m) =>
    periodOf(m[0], /semaine\s+prochaine/u, /mois\s+prochain/u),
  ),
  ruleOf(String.raw`\b(?:chaque|tous\s+les)\s+(\d{1,2})\s+${MONTH}\b|\b(?:chaque\s+ann[ée]e|tous\s+les\s+ans)\s+le\s+(\d{1,2})\s+${MONTH}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[2] ?? m[4] ?? ""), day: Number(m[1] ?? m[3]) },
  ]),
  ruleOf(String.raw`\btoutes\s+les\s+demi-heures\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\btous\s+les\s+quarts\s+d['’]heure\b`, () => ({ kind: "interval", every: 15, unit: "minute" })),
  ruleOf(String.raw`\b(?:tous|toutes)\s+les\s+${NUM}\s+${UNIT}\b`, (m) => {
    const every = num(m[1]);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(
    String.raw`\b(?:toutes\s+les\s+(heure)s|chaque\s+(heure|semaine|mois|ann[ée]e)|toutes\s+les\s+(semaine)s|tous\s+les\s+(mois|an)s?|(hebdo)madairement|(mens)uellement|(ann)uellement|(?:de|du)\s+(?:chaque|tous\s+les)\s+(mois))\b`,
    (m) => {
      const word = m.slice(1).find((g) => g !== undefined) ?? "";
      const unit: IntervalUnitWord = word.startsWith("heure")
        ? "hour"
        : word.startsWith("sem") || word === "hebdo"
          ? "week"
          : word.startsWith("mois") || word === "mens"
            ? "month"
            : "year";
      return { kind: "interval", every: 1, unit };
    },
  ),
  ruleOf(String.raw`\b(?:le\s+)?(\d{1,2}|1er|premier)\s+${MONTH}\b(?:\s+(\d{4})\b)?`, (m) =>
    dateOrMonthDate(m[3], monthOf(m[2] ?? ""), m[1] === "1er" || m[1] === "premier" ? 1 : Number(m[1])),
  ),
  // "le 1 et 15", "les 1er et 15": several days of the month.
  ruleOf(String.raw`\bles?\s+(?:1er|\d{1,2})(?:\s*(?:,|et)\s*(?:le\s+)?(?:1er|\d{1,2}))+\b(?!\s*(?:h\b|heures?|:|${MONTH}))`, (m) =>
    monthDayList(m[0].replace("1er", "1")),
  ),
  ruleOf(
    String.raw`\ble\s+(\d{1,2}|1er|premier)\b(?!\s*(?:h\b|heures?|:|${MONTH}))|(?<=\bjusqu['’]au\s+)(\d{1,2})\b(?!\s*(?:h\b|heures?|:|${MONTH}))`,
    (m) => ({
      kind: "monthDay",
      day: m[1] === "1er" || m[1] === "premier" ? 1 : Number(m[1] ?? m[3]),
    }),
  ),
  ruleOf(String.raw`\bapr[èe]s-demain\b`, () => ({ kind: "dayOffset", days: 2 })),
  ruleOf(String.raw`\bdemain\s+(matin|soir|après-midi|apres-midi)\b`, (m) => [
    { kind: "dayOffset", days: 1 },
    { kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" },
  ]),
  ruleOf(String.raw`\b(?:[àa]\s+)?midi\b(?:\s+(?:et\s+(demie?|quart)|(moins)\s+(?:le\s+)?quart)\b)?`, (m) =>
    noonAnd(m[1] === undefined ? (m[2] === undefined ? null : "quarterTo") : m[1].startsWith("demi") ? "half" : "quarter"),
  ),
  ruleOf(String.raw`\b(?:[àa]\s+)?minuit\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(String.raw`\bce\s+soir\b|\bcette\s+nuit\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\b(?:ce\s+(matin)|cet\s+(après-midi|apres-midi))\b`, (m) => ({ kind: "part", part: PARTS[m[1] ?? m[2] ?? ""] ?? "morning", today: true })),
  ruleOf(String.raw`\b(?:du|de\s+l['’]|le|la)\s*(matin|après-midi|apres-midi|soir|nuit)\b|\b(?:de\s+la)\s+(nuit)\b`, (m) => ({
    kind: "part",
    part: PARTS[m[1] ?? m[2] ?? ""] ?? "morning",
  })),
  ruleOf(
    String.raw`\b(?:de|entre)\s+(\d{1,2}\s*(?:h|heures?|:)\s*(?:\d{2})?|midi|minuit)\s+(?:[àa]|et|jusqu['’][àa])\s+(\d{1,2}\s*(?:h|heures?|:)\s*(?:\d{2})?|midi|minuit)`,
    (m) => windowOf(windowEnd(m[1]?.replace(/\s+/gu, "")), windowEnd(m[2]?.replace(/\s+/gu, ""))),
  ),
  ruleOf(String.raw`\bjusqu['’](?:au|[àa](?:\s+la|\s+l['’])?)(?=\s|$)|\bjusqu['’][àa]\b`, () => ({ kind: "until", side: "after" })),
  // "huit heures et demie", "neuf heures moins le quart": the hour in words.
  ruleOf(
    String.raw`\b(?:[àa]\s+)?(une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze)\s+heures?(?:\s+(et\s+demie|et\s+quart|moins\s+le\s+quart))?\b`,
    (m) => wordHour(NUMBERS[m[1] ?? ""], m[2] === undefined ? null : m[2].endsWith("demie") ? "half" : m[2].startsWith("moins") ? "quarterTo" : "quarter"),
  ),
  ruleOf(String.raw`\b(?:[àa]\s+)?${TIME}(?:\s+et\s+(demie|quart))?(?:\s+moins\s+le\s+quart)?`, (m) => {
    const hour = Number(m[1]);
    if (m[0].includes("moins le quart")) return clock(hour - 1, 45);
    const minute = m[3] === "demie" ? 30 : m[3] === "quart" ? 15 : Number(m[2] ?? 0);
    return clock(hour, minute);
  }),
  ruleOf(String.raw`\b(?:maintenant|tout\s+de\s+suite|imm[ée]diatement|d[èe]s\s+maintenant|sur-le-champ)\b`, () => ({ kind: "immediate" })),
  // Last of all, so "le dernier vendredi du mois" is read first: "vendredi dernier" has passed.
  ruleOf(String.raw`\b${DAY}\s+(?:dernier|pass[ée])\b|\bla\s+semaine\s+(?:derni[èe]re|pass[ée]e)\b|\ble\s+(?:mois|week-end)\s+(?:dernier|pass[ée])\b`, () => ({
    kind: "vague",
    what: "past",
  })),
];

/** French words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  String.raw`(?<=\bet\s+(?:[àa]\s+)?)\d{1,2}\b(?![:.]?\d)`,
  String.raw`\b${DAY}\b`,
  String.raw`\b${MONTH}\b`,
  String.raw`\b(?:premier|1er|deuxi[èe]me|troisi[èe]me|quatri[èe]me|cinqui[èe]me|dernier|derni[èe]re)\b(?!\s+(?:article|message|[ée]pisode|num[ée]ro|rapport))`,
  String.raw`\b(?:tous|toutes|chaque)\b(?=\s+(?:\d|les|jour|semaine|mois|an|ann[ée]e|heure|minute|matin|soir|nuit|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|week|premier|dernier|deux|trois|quatre|cinq|six|dix|quinze|vingt|trente|demi|quart))`,
  String.raw`\b(?:quotidiennement|hebdomadairement|mensuellement|annuellement|quotidien|hebdomadaire|mensuel)\b`,
  String.raw`\bsur\s+deux\b`,
  // "toute la semaine", "le reste de la semaine", "bihebdomadaire" (twice a week, or every two weeks?): asked, never dropped.
  // "pendant quelques jours", "pour le mois": how long? Asked, never a repetition without its end.
  String.raw`\bquelques\s+(?:jours|semaines|mois)\b|\bpour\s+le\s+mois\b`,
  String.raw`\btoute\s+la\s+semaine\b|\breste\s+de\s+la\s+semaine\b|\bbi-?hebdomadaire\b|\bquotidienne\b`,
  String.raw`\b(?:sauf|except[ée]|hormis)\b`,
  String.raw`\bjusqu['’]`,
  String.raw`\b(?:de|entre)\b(?=\s+\d{1,2}\s*(?:h|heures?|:))`,
  // Before a day, a range of days: never the two dates alone (read-one-day.ts).
  String.raw`\bentre\b(?=\s+(?:le\s+)?(?:aujourd|demain|apr[èe]s-demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d))`,
  String.raw`\b(?:prochaine?|suivante?)\b`,
  String.raw`\b${NUM}\s+fois\b`,
  String.raw`\b${NUM}\s+(?:minutes?|heures?|jours|semaines?|mois|ans|ann[ée]es)\b`,
  String.raw`\b(?:pendant|durant)\b(?=\s+(?:les\s+)?(?:\d|une?|deux|trois|quatre|cinq|six|huit|dix|quinze|prochain))`,
  String.raw`\b\d{1,2}\s*(?:h|heures?)(?:\s*\d{2})?\b`,
  String.raw`\b\d{1,2}:\d{2}\b`,
  String.raw`\b(?:midi|minuit|aujourd['’]hui|demain|apr[èe]s-demain|ce\s+soir|week-?ends?|ouvr[ée]s|ouvrables)\b`,
];

export const fr: Grammar = {
  lang: "fr",
  chrono: chrono.fr.casual,
  rules,
  glue: latinGlue([
    "à",
    "a",
    "au",
    "le",
    "la",
    "les",
    "l",
    "de",
    "du",
    "des",
    "et",
    "en",
    "chaque",
    "tous",
    "toutes",
    "vers",
    "dès",
    "pour",
    "me",
    "rappeler",
    "rappelle-moi",
  ]),
  bearing: lexicon(BEARING),
  examples: {
    daily: "tous les jours à 8h",
    weekly: "tous les lundis à 9h",
    once: "demain à 9h",
    monthly: "le 1er de chaque mois à 9h",
    yearly: "chaque année le 3 mars à 9h",
    everyOther: "un mardi sur deux à 9h",
    thisSaturday: "ce samedi à 10h",
    everyWeekend: "tous les week-ends à 10h",
    lastDay: "le dernier jour de chaque mois à 9h",
    until: "jusqu'au 30 juin",
  },
};
