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
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
  dieci: 10,
  undici: 11,
  dodici: 12,
  quindici: 15,
  venti: 20,
  trenta: 30,
  quarantacinque: 45,
};
const NUM = String.raw`(\d{1,3}|un[oa]?|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|quindici|venti|trenta|quarantacinque)`;
const DAY = String.raw`(?:luned[ìi]|marted[ìi]|mercoled[ìi]|gioved[ìi]|venerd[ìi]|sabato|sabati|domenica|domeniche)`;
/** Dictated lists lose their commas: "lunedì mercoledì e venerdì". */
const SEP = String.raw`(?:\s*,\s*(?:e\s+)?|\s+e\s+|\s+o\s+|\s+al\s+|\s*-\s*|\s+)`;
const DAY_LIST = String.raw`(${DAY}(?:${SEP}(?:il\s+|la\s+)?${DAY})*)`;
const MONTH = String.raw`(gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)`;
const UNIT = String.raw`(minuti|minuto|min|ore|ora|giorni|giorno|settimane|settimana|mesi|mese|anni|anno)`;
const HOUR = String.raw`(\d{1,2})(?:[:.](\d{2}))?`;
const ORDINAL = String.raw`(prim[oa]|second[oa]|terz[oa]|quart[oa]|quint[oa]|ultim[oa])`;

const MONTHS = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"];
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3)) + 1;
const WEEKDAY_PREFIX = ["dom", "lun", "mar", "mer", "gio", "ven", "sab"];
const weekdayOf = (name: string): number | null => {
  const i = WEEKDAY_PREFIX.findIndex((p) => name.startsWith(p));
  return i === -1 ? null : i;
};
const days = (list: string) => readDayList(list, new RegExp(DAY, "gu"), weekdayOf, /^\s*(?:al|-)\s*$/u);
const num = (word: string | undefined) => (word === undefined ? null : wordNumber(word, NUMBERS));
const NTH: Record<string, number> = {
  primo: 1,
  prima: 1,
  secondo: 2,
  seconda: 2,
  terzo: 3,
  terza: 3,
  quarto: 4,
  quarta: 4,
  quinto: 5,
  quinta: 5,
  ultimo: -1,
  ultima: -1,
};

function unitOf(word: string): IntervalUnitWord {
  if (word.startsWith("min")) return "minute";
  if (word.startsWith("or")) return "hour";
  if (word.startsWith("gi")) return "day";
  if (word.startsWith("set")) return "week";
  if (word.startsWith("mes")) return "month";
  return "year";
}

const PARTS: Record<string, PartOfDay> = { mattina: "morning", mattino: "morning", pomeriggio: "afternoon", sera: "evening", notte: "night" };

/** One end of a window: "9", "17:30", "mezzogiorno". */
const windowEnd = (text: string | undefined) => numericClock(text, /^mezzogiorno/u, /^mezzanotte/u);

const rules: Rule[] = [
  slashDate("day-month"),
  startWord(
    String.raw`\b(?:a\s+partire\s+da(?:l|lla)?|(?:a\s+)?cominciare\s+da(?:l|lla)?|partendo\s+da(?:l|lla)?)(?=\s*(?:domani|dopodomani|luned|marted|mercoled|gioved|venerd|sabato|domenica|\d{1,2}\s+\p{L}|(?:la\s+)?prossima\s+settimana|settimana\s+prossima))`,
    "after",
  ),
  // "dalla settimana prossima", "da lunedì, …": a first day; "dal lunedì al venerdì" is a range (its "al" follows).
  startWord(
    String.raw`\b(?:da|dal(?:la)?)(?=\s+(?:(?:la\s+)?prossima\s+settimana|settimana\s+prossima|domani|dopodomani|(?:luned|marted|mercoled|gioved|venerd)[iì]|sabato|domenica)(?!\p{L})(?!\s+(?:al|a|fino)\b))`,
    "after",
  ),
  COMPACT_DELAY,
  ruleOf(String.raw`\b(?:tra|fra)\s+(?:un['’]\s*ora|una\s+ora)\s+e\s+mezz[ao]\b|\b(?:tra|fra)\s+${NUM}\s+ore\s+e\s+mezz[ao]\b`, (m) => {
    const hours = m[1] === undefined ? 1 : num(m[1]);
    return hours === null ? null : { kind: "relative", amount: 60 * hours + 30, unit: "minute" };
  }),
  ruleOf(String.raw`\b(?:tra|fra)\s+mezz['’]\s*ora\b`, () => ({ kind: "relative", amount: 30, unit: "minute" })),
  ruleOf(String.raw`\b(?:tra|fra)\s+(?:un['’]\s*ora)\b`, () => ({ kind: "relative", amount: 1, unit: "hour" })),
  ruleOf(String.raw`\b(?:tra|fra)\s+${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(String.raw`\b${NUM}\s+volte\s+(?:(?:al|alla|a|per|ogni)\s+(giorno|settimana|mese)|(quotidianamente))\b`, (m) =>
    timesPer(num(m[1]), m[2] === "giorno" || m[3] !== undefined),
  ),
  ruleOf(String.raw`\b(?:per\s+)?${NUM}\s+volte\b`, (m) => {
    const times = num(m[1]);
    return times === null ? null : { kind: "count", times };
  }),
  // "per i prossimi 3 giorni", "nei prossimi tre giorni", "i prossimi 5 giorni": how long.
  ruleOf(String.raw`\b(?:(?:per|durante)\s+(?:le\s+prossime\s+|i\s+prossimi\s+)?|(?:nei|negli|nelle|i|le)\s+prossim[ei]\s+)${NUM}\s+${UNIT}\b`, (m) => {
    const amount = num(m[1]);
    return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
  }),
  // "un giorno sì e uno no", "a giorni alterni": every other day.
  ruleOf(String.raw`\bun\s+giorno\s+s[ìi]\s+e\s+(?:uno|un\s+giorno)\s+no\b|\ba\s+giorni\s+alterni\b`, () => ({ kind: "interval", every: 2, unit: "day" })),
  ruleOf(String.raw`\b(?:pi[ùu]\s+tardi|dopo|presto|tra\s+poco|fra\s+poco|in\s+seguito)\b`, () => ({ kind: "vague", what: "time", weak: true })),
  ruleOf(String.raw`\b(?:prima\s+o\s+poi|un\s+giorno|uno\s+di\s+questi\s+giorni|quando\s+puoi|qualche\s+volta)\b`, () => ({ kind: "vague", what: "time" })),
  ruleOf(String.raw`\b(?:la\s+)?fine\s+(?:di\s+)?${MONTH}\b`, (m) => ({ kind: "monthEnd", month: monthOf(m[1] ?? "") })),
  ruleOf(String.raw`\b(?:il\s+)?(\d{1,2}|primo)\s+(?:giorno\s+)?del\s+(?:mese\s+prossimo|prossimo\s+mese|mese\s+successivo)\b`, (m) => ({
    kind: "monthAhead",
    months: 1,
    day: m[1] === "primo" ? 1 : Number(m[1]),
  })),
  ruleOf(
    String.raw`\b(?:ogni\s+)?(?:l['’]\s*)?ultimo\s+giorno\s+(?:di\s+ogni|del|di\s+tutti\s+i)\s+mes[ei]\b|\b(?:(?<!\bfino\s+)a\s+)?fine\s+(?:di\s+ogni\s+|del\s+)?mese\b`,
    () => ({ kind: "lastDayOfMonth" }),
  ),
  // "l'ultimo venerdì del mese", "il secondo e il quarto giovedì del mese": each ordinal named.
  ruleOf(
    String.raw`\b(?:ogni\s+)?(?:il\s+|l['’]\s*|la\s+)?${ORDINAL}(?:\s+e\s+(?:il\s+|l['’]\s*|la\s+)?${ORDINAL})?\s+(${DAY})\s+(?:di\s+ogni|del|di\s+tutti\s+i)\s+mes[ei]\b`,
    (m) => {
      const weekday = weekdayOf(m[3] ?? "");
      if (weekday === null) return null;
      return [m[1], m[2]].filter((o) => o !== undefined).map((o): Fragment => ({ kind: "nthWeekday", nth: NTH[o ?? ""] ?? 1, weekdays: [weekday] }));
    },
  ),
  ruleOf(
    String.raw`\bil\s+(\d{1,2}|1°|primo)\b(?:\s+(?:di\s+ogni|del)\s+mese)?(?!\s*(?:[:.]\d|${MONTH}|${DAY}))|\bogni\s+(\d{1,2}|primo)\s+del\s+mese\b`,
    (m) => {
      // Group 2 is the month in the lookahead: "ogni 5 del mese" is group 3 (read as the 1st before).
      const day = /^\d+$/u.test(m[1] ?? m[3] ?? "") ? Number(m[1] ?? m[3]) : 1;
      return /mese/u.test(m[0])
        ? [
            { kind: "interval", every: 1, unit: "month" },
            { kind: "monthDay", day },
          ]
        : { kind: "monthDay", day };
    },
  ),
  exceptMonthsRule(
    String.raw`\b(?:tranne|escluso|eccetto|salvo|non)\s+(?:a|in|ad|durante)\s+${MONTH}(?:\s*(?:,|e|o)\s*${MONTH})*\b`,
    new RegExp(MONTH),
    monthOf,
  ),
  ruleOf(
    String.raw`\b(?:tranne|escluso|esclusi|eccetto|salvo|a\s+parte)\s+(?:il\s+|la\s+|i\s+|le\s+)?(?:${DAY_LIST}|((?:il\s+)?fine\s+settimana|(?:i\s+)?weekend|sabato\s+e\s+domenica))\b`,
    (m) => exceptOf(m[1], days),
  ),
  ruleOf(String.raw`\bun\s+(${DAY})\s+s[ìi]\s+e\s+uno\s+no\b|\bogni\s+due\s+(${DAY})\b|\b(${DAY})\s+(?:a\s+)?settimane\s+alterne\b`, (m) => {
    const weekday = weekdayOf(m[1] ?? m[2] ?? m[3] ?? "");
    return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
  }),
  // "Giorni feriali" is every day but Sundays and holidays, Saturday included, yet many say it for Monday to Friday: asked.
  ruleOf(String.raw`\b(?:nei\s+|i\s+)?giorni\s+feriali\b|\bferiali\b`, () => ({ kind: "vague", what: "workdays" })),
  ruleOf(
    String.raw`\b(?:dal\s+)?luned[ìi]\s+al\s+venerd[ìi]\b|\b(?:nei\s+|tutti\s+i\s+|i\s+)?giorni\s+lavorativi\b|\b(?:ogni\s+)?giorno\s+lavorativo\b|\bin\s+settimana\b|\bdurante\s+la\s+settimana\b`,
    () => ({ kind: "weekdays", days: [...WEEKDAYS] }),
  ),
  dateRange("dal", "al", MONTH, monthOf),
  dayRange("dal", DAY, "al", days),
  ruleOf(String.raw`\b(?:ogni|tutte\s+le|tutti\s+i)\s+(mattin[ao]|mattine|pomeriggi?o?|sera|sere|nott[ei])\b`, (m) => {
    const w = m[1] ?? "";
    const part: PartOfDay = w.startsWith("matt") ? "morning" : w.startsWith("pom") ? "afternoon" : w.startsWith("ser") ? "evening" : "night";
    return { kind: "daily", part };
  }),
  ruleOf(String.raw`\b(?:ogni\s+giorno|tutti\s+i\s+giorni|quotidianamente|giornalmente)\b`, () => ({ kind: "daily" })),
  ruleOf(String.raw`\b(?:ogni|tutti\s+i|nei)\s+(?:fine\s+settimana|weekend)\b`, () => ({ kind: "weekdays", days: [...WEEKEND] })),
  englishEvery(DAY_LIST, days),
  // "ogni sabato mattina", "il martedì sera": the days with their part of the day, every week.
  ruleOf(String.raw`\b(?:ogni|tutti\s+i|tutte\s+le|il|la)\s+${DAY_LIST}\s+(mattina|pomeriggio|sera|notte)\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null
      ? null
      : [
          { kind: "weekdays", days: list },
          { kind: "part", part: PARTS[m[2] ?? ""] ?? "morning" },
        ];
  }),
  ruleOf(String.raw`\b(?:ogni|tutti\s+i|tutte\s+le|il|la)\s+${DAY_LIST}\b`, (m) => {
    const list = days(m[1] ?? "");
    return list === null ? null : { kind: "weekdays", days: list };
  }),
  // "ogni giorno alle 9 questo mese", "per il resto del mese": until the month's last day (grammar.ts).
  restOfMonth(String.raw`\b(?:per\s+)?il\s+resto\s+(?:del|di\s+questo)|\b(?:per\s+)?questo`, String.raw`mese\b`),
  ruleOf(
    String.raw`\b(?:questo|il\s+prossimo)\s+(?:fine\s+settimana|weekend)\b|\b(?:la\s+)?(?:prossima|questa)\s+settimana\b|\bsettimana\s+prossima\b|\b(?:il\s+)?(?:prossimo|questo)\s+mese\b|\bmese\s+prossimo\b`,
    (m) => periodOf(m[0], /prossima\s+settimana|settimana\s+prossima/u, /prossimo\s+mese|mese\s+prossimo/u),
  ),
  // "il fine settimana alle 10", "nel weekend": this weekend or every weekend? After the rules that say which.
  ruleOf(String.raw`\b(?:(?:nel|il|durante\s+il)\s+)?(?:fine\s+settimana|weekend)\b`, () => ({ kind: "vague", what: "weekend" })),
  ruleOf(String.raw`\b(?:ogni\s+anno\s+il|tutti\s+gli\s+anni\s+il|ogni)\s+(\d{1,2})\s+${MONTH}\b`, (m) => [
    { kind: "interval", every: 1, unit: "year" },
    { kind: "monthDate", month: monthOf(m[2] ?? ""), day: Number(m[1]) },
  ]),
  ruleOf(String.raw`\bogni\s+mezz['’]\s*ora\b`, () => ({ kind: "interval", every: 30, unit: "minute" })),
  ruleOf(String.raw`\bogni\s+quarto\s+d['’]\s*ora\b`, () => ({ kind: "interval", every: 15, unit: "minute" })),
  ruleOf(String.raw`\bogni\s+(?:${NUM}\s+)?${UNIT}\b`, (m) => {
    const every = m[1] === undefined ? 1 : num(m[1]);
    return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
  }),
  ruleOf(
    String.raw`\b(?:(settiman)almente|(mensil)mente|(annual)mente|(?:di|del)\s+(?:ogni|tutti\s+i)\s+(mes)[ei]|tutti\s+i\s+(mes)i|tutte\s+le\s+(settiman)e)\b`,
    (m) => {
      const word = m.slice(1).find((g) => g !== undefined) ?? "";
      return { kind: "interval", every: 1, unit: word.startsWith("sett") ? "week" : word.startsWith("mes") ? "month" : "year" };
    },
  ),
  ruleOf(String.raw`\b(?:il\s+)?(\d{1,2}|1°|primo)\s+${MONTH}\b(?:\s+(\d{4})\b)?`, (m) =>
    dateOrMonthDate(m[3], monthOf(m[2] ?? ""), /^\d+$/u.test(m[1] ?? "") ? Number(m[1]) : 1),
  ),
  ruleOf(String.raw`\bdopodomani\b`, () => ({ kind: "dayOffset", days: 2 })),
  ruleOf(String.raw`\bdomani\s+(mattina|pomeriggio|sera|notte)\b`, (m) => [
    { kind: "dayOffset", days: 1 },
    { kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" },
  ]),
  ruleOf(String.raw`\b(?:a\s+)?mezzogiorno\b(?:\s+(?:e\s+(mezzo|mezza|un\s+quarto|quarto)|(meno)\s+(?:un\s+)?quarto)\b)?`, (m) =>
    noonAnd(m[1] === undefined ? (m[2] === undefined ? null : "quarterTo") : m[1].startsWith("mezz") ? "half" : "quarter"),
  ),
  ruleOf(String.raw`\b(?:a\s+)?mezzanotte\b`, () => ({ kind: "clock", hour: 0, minute: 0, meridiem: null, exact: "midnight" })),
  ruleOf(String.raw`\bstasera\b|\bstanotte\b|\bquesta\s+sera\b`, () => ({ kind: "part", part: "evening", today: true })),
  ruleOf(String.raw`\bstamattina\b|\bquesta\s+mattina\b|\bquesto\s+pomeriggio\b`, (m) => ({
    kind: "part",
    part: m[0].includes("pom") ? "afternoon" : "morning",
    today: true,
  })),
  ruleOf(String.raw`\b(?:di|del|della|la|il|in)\s+(mattina|mattino|pomeriggio|sera|notte)\b`, (m) => ({ kind: "part", part: PARTS[m[1] ?? ""] ?? "morning" })),
  ruleOf(
    String.raw`\b(?:dalle|tra\s+le|fra\s+le)\s+(\d{1,2}(?:[:.]\d{2})?|mezzogiorno)\s+(?:alle|e\s+le|fino\s+alle)\s+(\d{1,2}(?:[:.]\d{2})?|mezzogiorno|mezzanotte)\b`,
    (m) => windowOf(windowEnd(m[1]), windowEnd(m[2])),
  ),
  ruleOf(String.raw`\bfino\s+(?:al|alla|a|all['’])(?=\s|\p{L}|$)`, () => ({ kind: "until", side: "after" })),
  // "fino al 31": the day of this month (or the next that has it) as the last day.
  ruleOf(String.raw`(?<=\bfino\s+al\s+)(\d{1,2})\b(?!\s*(?:[:.]\d|${MONTH}))`, (m) => ({ kind: "monthDay", day: Number(m[1]) })),
  // "alle 8 e 17" is 8:17, as Italians say minutes; "alle 8 e alle 17" is two times.
  ruleOf(
    String.raw`\b(?:alle|all['’]\s*|alle\s+ore|verso\s+le|ore)\s*${HOUR}(?:\s+e\s+(mezza|mezzo|un\s+quarto|quarto|\d{1,2}\b(?![:.]\d)))?(?:\s+meno\s+un\s+quarto)?`,
    (m) => {
      const hour = Number(m[1]);
      if (m[0].includes("meno un quarto")) return clock(hour - 1, 45);
      const words = m[3];
      const minute = words === undefined ? Number(m[2] ?? 0) : /^\d/u.test(words) ? Number(words) : words.startsWith("mezz") ? 30 : 15;
      return clock(hour, minute);
    },
  ),
  ruleOf(String.raw`\ball['’]\s*una\b`, () => clock(1, 0)),
  // "alle sei e mezza", "alle nove meno un quarto": the hour in words.
  ruleOf(
    String.raw`\balle\s+(due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici)(?:\s+e\s+(mezza|mezzo|un\s+quarto)|\s+(meno\s+un\s+quarto))?\b`,
    (m) => {
      const hour = num(m[1]);
      if (hour === null) return null;
      if (m[3] !== undefined) return clock(hour - 1, 45);
      return clock(hour, m[2] === undefined ? 0 : m[2].startsWith("mezz") ? 30 : 15);
    },
  ),
  ruleOf(String.raw`\b(\d{1,2}):(\d{2})\b`, (m) => clock(Number(m[1]), Number(m[2]))),
  ruleOf(String.raw`\b(?:adesso|subito|immediatamente|ora\s+stesso|in\s+questo\s+momento)\b`, () => ({ kind: "immediate" })),
  // Last of all, so "l'ultimo venerdì del mese" is read first: "venerdì scorso" has passed.
  ruleOf(String.raw`\b${DAY}\s+scors[oa]\b|\bscors[oa]\s+${DAY}|\b(?:la\s+)?settimana\s+scorsa\b|\b(?:il\s+)?(?:mese|fine\s+settimana)\s+scorso\b`, () => ({
    kind: "vague",
    what: "past",
  })),
];

/** Italian words that can carry schedule meaning (coverage.ts). */
const BEARING = [
  // "tutta la settimana", "il resto della settimana": which days, ending when? Asked, never dropped.
  // "per qualche giorno", "per alcuni giorni": how many? Asked, never a repetition without its end.
  String.raw`\bqualche\s+(?:giorno|settimana|mese)\b|\balcun[ie]\s+(?:giorni|settimane|mesi)\b`,
  String.raw`\btutta\s+la\s+settimana\b|\bresto\s+della\s+settimana\b`,
  // Before a day, a range of days: never the two dates alone (read-one-day.ts).
  String.raw`\b(?:tra|fra)\b(?=\s+(?:il\s+)?(?:oggi|domani|dopodomani|luned|marted|mercoled|gioved|venerd|sabato|domenica))`,
  String.raw`(?<=\be\s+(?:alle\s+)?)\d{1,2}\b(?![:.]?\d)`,
  String.raw`\b${DAY}\b`,
  String.raw`\b${MONTH}\b`,
  String.raw`\b(?:prim[oa]|terz[oa]|quint[oa]|ultim[oa]|penultim[oa])\b(?!\s+(?:volta|articolo|notizia|messaggio|puntata|numero|o\s+poi))`,
  String.raw`\b(?:second[oa]|quart[oa])\b(?=\s+(?:${DAY}|giorno|settimana))`,
  String.raw`\b(?:ogni|tutti|tutte)\b(?=\s+(?:\d|i|le|giorn|settiman|mes|ann|or[ae]|minut|mattin|pomerigg|ser|nott|luned|marted|mercoled|gioved|venerd|sabat|domenic|fine|prim|ultim|due|tre|quattro|cinque|dieci|quindici|venti|trenta|mezz|quarto))`,
  String.raw`\b(?:quotidianamente|giornalmente|settimanalmente|mensilmente|annualmente)\b`,
  String.raw`\bs[ìi]\s+e\s+uno\s+no\b|\balterne\b`,
  String.raw`\b(?:tranne|escluso|esclusi|eccetto|salvo)\b`,
  String.raw`\bfino\b`,
  String.raw`\b(?:dalle|tra\s+le|fra\s+le)\b(?=\s+\d)`,
  String.raw`\b(?:prossim[oa]|successiv[oa])\b`,
  String.raw`\b${NUM}\s+volte\b`,
  String.raw`\b${NUM}\s+(?:minuti|ore|giorni|settimane|mesi|anni)\b`,
  String.raw`\b(?:alle|all['’]|ore)\s*\d{1,2}\b`,
  String.raw`\b\d{1,2}:\d{2}\b`,
  String.raw`\b(?:mezzogiorno|mezzanotte|oggi|domani|dopodomani|stasera|feriali|lavorativi|fine\s+settimana|weekend)\b`,
];

export const it: Grammar = {
  lang: "it",
  chrono: chrono.it.casual,
  rules,
  glue: latinGlue([
    "alle",
    "a",
    "al",
    "il",
    "la",
    "le",
    "i",
    "l",
    "di",
    "del",
    "della",
    "e",
    "in",
    "ogni",
    "tutti",
    "tutte",
    "per",
    "verso",
    "ricordami",
    "solo",
    "soltanto",
  ]),
  bearing: lexicon(BEARING),
  examples: {
    daily: "ogni giorno alle 8",
    weekly: "ogni lunedì alle 9",
    once: "domani alle 9",
    monthly: "il 1° di ogni mese alle 9",
    yearly: "ogni anno il 3 marzo alle 9",
    everyOther: "un martedì sì e uno no alle 9",
    thisSaturday: "questo sabato alle 10",
    everyWeekend: "ogni fine settimana alle 10",
    lastDay: "l'ultimo giorno di ogni mese alle 9",
    until: "fino al 30 giugno",
  },
};
