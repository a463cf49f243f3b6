import type { Fragment, IntervalUnitWord, PartOfDay, Rule } from "../fragments.js";
import {
  clock,
  englishEvery,
  exceptMonthsRule,
  fromBeforeInterval,
  type Grammar,
  latinMeridiemClock,
  lexicon,
  monthDayList,
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

/**
 * Hindi, in Latin script (Hinglish, as typed in chats: "kal subah 9 baje") and in Devanagari,
 * from one table of words per script: daily, weekly, one-off and relative phrases, plus the
 * ends, counts and exceptions the coverage rule needs. chrono-node has no Hindi parser, so the
 * rules read the dates (aaj/kal/parson, a weekday). "kal" is both yesterday and tomorrow; in a
 * request for the future it is read as tomorrow, and noted.
 */
interface Words {
  /** Each entry an alternation; Sunday first. */
  weekdays: readonly string[];
  daily: string;
  every: string;
  /** "weekend": Saturday and Sunday, after the word for every. */
  weekend: string;
  /** Monday to Friday, said alone ("weekdays pe"): the English word is the one typed. */
  workdays: string;
  oclock: string;
  parts: Record<string, PartOfDay>;
  today: string;
  tomorrow: string;
  dayAfter: string;
  after: string;
  within: string;
  units: Record<IntervalUnitWord, string>;
  numbers: Record<string, number>;
  half: string;
  /** "aadha ghanta", "dedh ghanta", "dhai ghante": half, one and a half, two and a half hours. */
  fractions: Record<string, number>;
  quarterPast: string;
  quarterTo: string;
  /** "1 tarikh": the day of the month. */
  date: string;
  monthOf: string;
  until: string;
  from: string;
  and: string;
  times: string;
  /** "din mein", "roz": in a day, before "do baar" (twice a day). */
  perDay: string;
  /** "hafte mein", "mahine mein": in a week or a month. */
  perWeek: string;
  except: string;
  vagueWeak: string;
  vague: string;
  now: string;
  other: string;
  /** Month names, January first (Hinglish writes the English ones). */
  months: readonly string[];
  /** "agle mahine": next month, before "ki 5 tarikh". */
  nextMonth: string;
  /** "agle hafte": next week, a period asked alone and a first day after it ("agle hafte se"). */
  nextWeek: string;
  /** "is weekend": this weekend, a period asked for its day. */
  thisWeekend: string;
  year: string;
  first: string;
  last: string;
  /** Words that only stress a count: "sirf 3 baar". */
  only: string;
  /** "agle 3 din", "agle shanivar": the next, before a number of days (how long the runs go on) or a weekday (next week's, as "next Saturday"). */
  next: string;
  /** "is mahine", "is shanivar": this, before the month (the runs end on its last day) or a weekday (the coming one). */
  this: string;
  /** "mahine ke baaki din": the rest of the days, after the month. */
  rest: string;
  /** "mahine ke ant tak": the end, after the month. */
  end: string;
  /** "poore hafte", "is hafte", "mahine bhar", "kuch din": all week, this week, the month long, some days: asked (which days, ending when?). */
  allWeek: string;
  /** "ek din chhod ke": every other day. */
  otherDay: string;
  /** Where a word ends: Devanagari vowel signs are marks, not letters. */
  edge: string;
}

function grammarOf(lang: "hi-Latn" | "hi-Deva", w: Words, examples: Grammar["examples"]): Grammar {
  const E = w.edge;
  const word = (alternation: string) => `(?<!${E})(?:${alternation})(?!${E})`;
  const N = `(\\d{1,3}|${Object.keys(w.numbers).join("|")})`;
  const num = (t: string | undefined): number | null => (t === undefined ? null : /^\d+$/u.test(t) ? Number(t) : (w.numbers[t] ?? null));
  const unitAlternation = Object.values(w.units).join("|");
  const UNIT = `(${unitAlternation})`;
  const unitOf = (text: string): IntervalUnitWord => {
    for (const [unit, alternation] of Object.entries(w.units) as Array<[IntervalUnitWord, string]>)
      if (new RegExp(`^(?:${alternation})$`, "u").test(text)) return unit;
    return "day";
  };
  const DAY = `(?:${w.weekdays.join("|")})`;
  const weekdayOf = (name: string): number | null => {
    const i = w.weekdays.findIndex((alternation) => new RegExp(`^(?:${alternation})$`, "u").test(name));
    return i === -1 ? null : i;
  };
  const DAY_LIST = `(${DAY}(?:\\s*(?:,|${w.and}|${w.from}|-)\\s*${DAY})*)`;
  const days = (list: string) => readDayList(list, new RegExp(DAY, "gu"), weekdayOf, new RegExp(`^\\s*(?:${w.from}|-)\\s*$`, "u"));
  const PART = `(${Object.keys(w.parts).join("|")})`;
  const partOf = (text: string | undefined): PartOfDay => w.parts[text ?? ""] ?? "morning";

  const MONTH = `(${w.months.join("|")})`;
  const monthOf = (name: string | undefined): number => w.months.findIndex((alternation) => new RegExp(`^(?:${alternation})$`, "u").test(name ?? "")) + 1;
  /** A clock with the part of the day before it: "subah 9", "shaam 5 baje". */
  const PART_CLOCK = `${PART}?\\s*(\\d{1,2})(?:[:.](\\d{2}))?\\s*(?:${w.oclock})?`;
  const partClock = (part: string | undefined, hour: string | undefined, minute: string | undefined) => ({
    hour: Number(hour),
    minute: Number(minute ?? 0),
    meridiem: null,
    ...(part !== undefined && { part: partOf(part) }),
  });
  const FRACTION = `(${Object.keys(w.fractions).join("|")})`;
  const rules: Rule[] = [
    slashDate("day-month"),
    // "roz 8 am", "kal 7:30 pm": Hinglish writes the English clock with its am/pm.
    latinMeridiemClock,
    // "subah 9 se shaam 5 baje tak": a window, each end with its part of the day.
    ruleOf(word(`${PART_CLOCK}\\s*(?:${w.from})\\s*${PART_CLOCK}\\s*(?:${w.until})`), (m) =>
      windowOf(partClock(m[1], m[2], m[3]), partClock(m[4], m[5], m[6])),
    ),
    ruleOf(word(`(?:${w.every})\\s*(?:${w.year})\\s*${N}\\s*${MONTH}(?:\\s*(?:को|ko))?`), (m): Fragment[] | null => {
      const day = num(m[1]);
      return day === null
        ? null
        : [
            { kind: "interval", every: 1, unit: "year" },
            { kind: "monthDate", month: monthOf(m[2]), day },
          ];
    }),
    ruleOf(word(`(?:${w.nextMonth})\\s*(?:की|ki|ke|के)?\\s*${N}\\s*(?:${w.date})(?:\\s*(?:को|ko))?`), (m) => {
      const day = num(m[1]);
      return day === null ? null : { kind: "monthAhead", months: 1, day };
    }),
    ruleOf(word(`(?:${w.every})\\s*(?:${w.monthOf})\\s*(?:के|ke|ki|की)\\s*(?:${w.last})\\s*(?:${w.units.day})(?:\\s*(?:को|ko))?`), () => ({
      kind: "lastDayOfMonth",
    })),
    ruleOf(word(`(?:${w.every})\\s*(?:${w.monthOf})\\s*(?:के|ke|ki|की)\\s*(${w.first}|${w.last})\\s*(${DAY})(?:\\s*(?:को|ko))?`), (m) => {
      const weekday = weekdayOf(m[2] ?? "");
      const nth = new RegExp(`^(?:${w.last})$`, "u").test(m[1] ?? "") ? -1 : 1;
      return weekday === null ? null : { kind: "nthWeekday", nth, weekdays: [weekday] };
    }),
    ruleOf(word(`${N}\\s*${MONTH}`), (m) => {
      const day = num(m[1]);
      return day === null ? null : { kind: "monthDate", month: monthOf(m[2]), day };
    }),
    ruleOf(word(`${FRACTION}\\s*(?:${w.units.hour})\\s*(?:${w.after}|${w.within})`), (m) => ({
      kind: "relative",
      amount: w.fractions[m[1] ?? ""] ?? 30,
      unit: "minute",
    })),
    // "agle teen din", "agle 3 din tak": how long the runs go on.
    ruleOf(word(`(?:${w.next})\\s*${N}\\s*${UNIT}(?:\\s*(?:${w.until}))?`), (m) => {
      const amount = num(m[1]);
      return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
    }),
    // "is mahine", "mahine ke baaki din": until the month's last day (grammar.ts); "mahine ke ant tak": its last day as an end.
    restOfMonth(word(w.this), word(w.monthOf)),
    restOfMonth(word(w.rest), word(w.monthOf), "before"),
    ruleOf(word(`(?:${w.monthOf})\\s*(?:के|ke)\\s*(?:${w.end})(?=\\s*(?:${w.until}))`), () => ({ kind: "monthEnd", month: null })),
    ruleOf(word(w.otherDay), () => ({ kind: "interval", every: 2, unit: "day" })),
    // "15 tarikh tak": that day of this month as the last; "may ke ant tak": the month's last day.
    ruleOf(word(`${N}\\s*(?:${w.date})(?=\\s*(?:${w.until}))`), (m) => {
      const day = num(m[1]);
      return day === null ? null : { kind: "monthDay", day };
    }),
    ruleOf(word(`${MONTH}\\s*(?:के|ke)\\s*(?:${w.end})(?=\\s*(?:${w.until}))`), (m) => ({ kind: "monthEnd", month: monthOf(m[1]) })),
    englishEvery(DAY_LIST, days),
    ruleOf(word(`${N}\\s*${UNIT}\\s*${w.until}`), (m) => {
      const amount = num(m[1]);
      return amount === null ? null : { kind: "duration", amount, unit: unitOf(m[2] ?? "") };
    }),
    ruleOf(word(`(?:${w.perDay})\\s*${N}\\s*(?:${w.times})`), (m) => timesPer(num(m[1]), true)),
    ruleOf(word(`(?:${w.perWeek})\\s*${N}\\s*(?:${w.times})`), (m) => timesPer(num(m[1]), false)),
    ruleOf(word(`${N}\\s*(?:${w.times})`), (m) => {
      const times = num(m[1]);
      return times === null ? null : { kind: "count", times };
    }),
    ruleOf(word(w.vagueWeak), () => ({ kind: "vague", what: "time", weak: true })),
    ruleOf(word(w.vague), () => ({ kind: "vague", what: "time" })),
    ruleOf(word(`(?:${w.every})\\s*(?:${w.weekend})`), () => ({ kind: "weekdays", days: [...WEEKEND] })),
    ruleOf(word(`(?:(?:${w.every})\\s*)?(?:${w.workdays})`), () => ({ kind: "weekdays", days: [...WEEKDAYS] })),
    exceptMonthsRule(word(`${MONTH}(?:\\s*(?:${w.and})\\s*${MONTH})*\\s*(?:${w.except})`), new RegExp(MONTH), monthOf),
    ruleOf(word(`${DAY_LIST}\\s*(?:${w.except})`), (m) => {
      const list = days(m[1] ?? "");
      return list === null ? null : { kind: "except", days: list };
    }),
    ruleOf(word(`${DAY}\\s*${w.from}\\s*${DAY}(?:\\s*${w.until})?`), (m) => {
      const list = days(m[0]);
      return list === null ? null : { kind: "weekdays", days: list };
    }),
    // "har mahine 1 aur 15 tarikh ko": several days of every month.
    ruleOf(word(`(?:${w.every})\\s*(?:${w.monthOf})\\s*(?:की|ki|ke)?\\s*\\d{1,2}(?:\\s*(?:${w.and})\\s*\\d{1,2})+\\s*(?:${w.date})\\s*(?:को|ko)?`), (m) => {
      const days = monthDayList(m[0]);
      return days === null ? null : [{ kind: "interval", every: 1, unit: "month" }, ...days];
    }),
    ruleOf(word(`(?:${w.every})\\s*(?:${w.monthOf})\\s*(?:की|ki|ke)?\\s*${N}\\s*(?:${w.date})\\s*(?:को|ko)?`), (m): Fragment[] | null => {
      const day = num(m[1]);
      return day === null
        ? null
        : [
            { kind: "interval", every: 1, unit: "month" },
            { kind: "monthDay", day },
          ];
    }),
    // "har dusre (hafte) guruvar": every other Thursday, the week said or not.
    ruleOf(word(`(?:${w.every})\\s*(?:${w.other})\\s*(?:(?:${w.units.week})\\s*)?${DAY}`), (m) => {
      const weekday = weekdayOf(m[0].match(new RegExp(DAY, "u"))?.[0] ?? "");
      return weekday === null ? null : { kind: "interval", every: 2, unit: "week", weekday };
    }),
    ruleOf(word(`(?:${w.every})\\s*${DAY_LIST}`), (m) => {
      const list = days(m[1] ?? "");
      return list === null ? null : { kind: "weekdays", days: list };
    }),
    ruleOf(word(w.daily), () => ({ kind: "daily" })),
    ruleOf(word(`(?:${w.every})\\s*(?:${w.other})\\s*(?:${w.units.day})`), () => ({ kind: "interval", every: 2, unit: "day" })),
    ruleOf(word(`(?:${w.every})\\s*(?:${N}\\s*)?${UNIT}(?:\\s*(?:${w.within}))?`), (m) => {
      const every = m[1] === undefined ? 1 : num(m[1]);
      return every === null ? null : { kind: "interval", every, unit: unitOf(m[2] ?? "") };
    }),
    ruleOf(word(`${N}\\s*${UNIT}\\s*(?:${w.after}|${w.within})`), (m) => {
      const amount = num(m[1]);
      return amount === null ? null : { kind: "relative", amount, unit: unitOf(m[2] ?? "") };
    }),
    ruleOf(word(`(?:${w.every})\\s*${PART}`), (m) => ({ kind: "daily", part: partOf(m[1]) })),
    ruleOf(word(w.dayAfter), () => ({ kind: "dayOffset", days: 2 })),
    ruleOf(word(w.tomorrow), (m) => ({ kind: "dayOffset", days: 1, note: `read '${m[0]}' as tomorrow (it also means yesterday)` })),
    ruleOf(word(w.today), () => ({ kind: "dayOffset", days: 0 })),
    ruleOf(word(`(?:${w.half})\\s*${N}\\s*(?:${w.oclock})`), (m) => {
      const hour = num(m[1]);
      return hour === null ? null : clock(hour, 30);
    }),
    ruleOf(word(`(?:${w.quarterPast})\\s*${N}\\s*(?:${w.oclock})`), (m) => {
      const hour = num(m[1]);
      return hour === null ? null : clock(hour, 15);
    }),
    ruleOf(word(`(?:${w.quarterTo})\\s*${N}\\s*(?:${w.oclock})`), (m) => {
      const hour = num(m[1]);
      return hour === null ? null : clock(hour - 1, 45);
    }),
    ruleOf(word(`(\\d{1,2})(?:[:.](\\d{2}))?\\s*(?:${w.oclock})`), (m) => clock(Number(m[1]), Number(m[2] ?? 0))),
    ruleOf(word(`${N}\\s*(?:${w.oclock})`), (m) => {
      const hour = num(m[1]);
      return hour === null ? null : clock(hour, 0);
    }),
    ruleOf(`(\\d{1,2}):(\\d{2})`, (m) => clock(Number(m[1]), Number(m[2]))),
    ruleOf(word(PART), (m) => ({ kind: "part", part: partOf(m[1]) })),
    // "agle shanivar" is next week's Saturday (the policy for "next Saturday"); "is shanivar" the coming one.
    ruleOf(word(`(?:(${w.next})|${w.this})\\s*(${DAY})`), (m) => {
      const weekday = weekdayOf(m[2] ?? "");
      if (weekday === null) return null;
      return m[1] === undefined ? { kind: "weekdayName", days: [weekday], withThis: true } : { kind: "weekdayName", days: [weekday], weeksAhead: 1 };
    }),
    ruleOf(word(DAY), (m) => {
      const weekday = weekdayOf(m[0]);
      return weekday === null ? null : { kind: "weekdayName", days: [weekday] };
    }),
    ruleOf(word(w.now), () => ({ kind: "immediate" })),
    ruleOf(word(w.until), () => ({ kind: "until", side: "before" })),
    // "somvar se roz": the day before "se" is the first day; "somvar se shukravar" is a range, read above.
    fromBeforeInterval(`(?<=(?:${w.oclock})\\s*)${word(w.from)}(?=\\s*(?:${w.every})\\s*\\d+\\s*(?:${w.units.hour}|${w.units.minute}))`),
    startWord(`(?<=${word(DAY)}\\s*(?:${w.from === "se" ? "ko\\s+|" : "को\\s+|"})?)${word(w.from)}(?!\\s*${DAY})`, "before"),
    // "agle hafte se somvar se shukravar": after next week, "se" starts the repetition even before a day range.
    startWord(`(?<=${word(w.nextWeek)}\\s*)${word(w.from)}`, "before"),
    ruleOf(word(w.nextWeek), (m) => periodOf(m[0], /./u, null)),
    ruleOf(word(w.thisWeekend), (m) => periodOf(m[0], null, null)),
    // "weekend pe subah 10 baje": this weekend or every weekend? After the rules that say which.
    ruleOf(word(w.weekend), () => ({ kind: "vague", what: "weekend" })),
  ];

  const bearing = lexicon([
    word(DAY),
    word(MONTH),
    word(w.first),
    word(w.last),
    word(`${N}\\s*(?:${w.date})`),
    word(w.every),
    word(w.daily),
    word(w.workdays),
    word(w.until),
    word(w.except),
    word(`${N}\\s*(?:${w.times})`),
    word(`${N}\\s*${UNIT}`),
    word(`${N}\\s*(?:${w.oclock})`),
    word(`${w.today}|${w.tomorrow}|${w.dayAfter}`),
    word(w.nextWeek),
    word(w.next),
    word(w.weekend),
    word(w.allWeek),
    `\\d{1,2}:\\d{2}`,
    `\\d{1,2}\\s*[ap]\\.?m(?![\\p{L}])`,
  ]);
  return { lang, chrono: null, rules, glue: new RegExp(`^(?:[\\s,.]|${w.and}|${w.only}|को|ko|ki|ke|की|के|par|पर|pe|पे)*$`, "u"), bearing, examples };
}

export const hiLatn = grammarOf(
  "hi-Latn",
  {
    // English day names are common in Hinglish ("har monday subah 9 baje").
    weekdays: [
      "ravivar|raviwar|itvaar|itwar|itwaar|sunday",
      "somvar|somwar|somvaar|monday",
      "mangalvar|mangalwar|mangalvaar|tuesday",
      "budhvar|budhvaar|budhwar|wednesday",
      "guruvar|guruwar|brihaspativar|veervar|thursday",
      "shukravar|shukrawar|shukravaar|friday",
      "shanivar|shaniwar|shanivaar|saturday",
    ],
    daily: "roz|rozana|rozaana|har\\s+roz|har\\s+din|pratidin|rojana",
    every: "har",
    weekend: "weekends?|hafte\\s+ke\\s+aakhir",
    workdays: "weekdays?|working\\s+days?|kaam\\s+ke\\s+din",
    oclock: "baje|bajey|bje",
    parts: {
      subah: "morning",
      subha: "morning",
      savere: "morning",
      dopahar: "afternoon",
      dopeher: "afternoon",
      shaam: "evening",
      sham: "evening",
      raat: "night",
      rat: "night",
    },
    today: "aaj",
    tomorrow: "kal",
    dayAfter: "parson|parso",
    after: "baad",
    within: "mein|me",
    units: {
      minute: "minute|minat|mins?|minton",
      hour: "ghante|ghanta|ghanton",
      day: "din",
      week: "hafte|hafta|hafton",
      month: "mahine|mahina|mahino",
      year: "saal",
    },
    numbers: {
      ek: 1,
      do: 2,
      teen: 3,
      char: 4,
      chaar: 4,
      paanch: 5,
      panch: 5,
      chhah: 6,
      chhe: 6,
      saat: 7,
      aath: 8,
      nau: 9,
      das: 10,
      gyarah: 11,
      barah: 12,
      pandrah: 15,
      bees: 20,
      tees: 30,
    },
    half: "saade|sadhe|saadhe|saadhey|sade",
    fractions: { aadhe: 30, aadha: 30, adha: 30, dedh: 90, derh: 90, dhai: 150, dhaai: 150 },
    quarterPast: "sawa|savaa",
    quarterTo: "paune|pone",
    date: "tarikh|taarikh|tareekh",
    monthOf: "mahine|mahina",
    next: "agle|agla|agli",
    this: "is|iss",
    rest: "ke\\s+baaki\\s+din|ke\\s+baki\\s+din|ke\\s+bache\\s+(?:hue\\s+)?din",
    end: "ant|aakhir|akhir|end",
    allWeek: "poore\\s+hafte|pure\\s+hafte|poora\\s+hafta|pura\\s+hafta|is\\s+hafte|mahine\\s+bhar|kuch\\s+din",
    otherDay: "ek\\s+din\\s+chhod\\s*(?:ke|kar)|har\\s+d(?:u|oo)sre\\s+din",
    until: "tak",
    from: "se",
    and: "aur|,",
    times: "baar|bar|dafa",
    perDay: "din\\s+(?:mein|me|main)|roz(?:ana)?|har\\s+din",
    perWeek: "(?:hafte|mahine)\\s+(?:mein|me|main)",
    except: "ko\\s+chhodkar|ko\\s+chhod\\s+kar|chhodkar|chhod\\s*ke|ke\\s+alawa|ke\\s+siva",
    vagueWeak: "baad\\s+mein|thodi\\s+der\\s+mein|jaldi",
    vague: "kabhi\\s+bhi|kabhi|kisi\\s+din",
    now: "abhi|turant|fauran",
    other: "dusre|doosre",
    months: [
      "january|jan|janvari",
      "february|feb|farvari",
      "march|mar",
      "april|apr|aprail",
      "may|mai",
      "june|jun|joon",
      "july|jul|julai",
      "august|aug|agast",
      "september|sep|sept|sitambar",
      "october|oct|aktubar",
      "november|nov|navambar",
      "december|dec|disambar",
    ],
    nextMonth: "agle\\s+mahine|agle\\s+mahina|agla\\s+mahina",
    nextWeek: "agle\\s+hafte|agle\\s+haftey|agla\\s+hafta|next\\s+week",
    thisWeekend: "(?:is|iss|ye|yeh)\\s+(?:weekend|hafte\\s+ke\\s+aakhir)",
    year: "saal|varsh",
    first: "pehle|pehla|pehli|pahle|pahla|pahli",
    last: "aakhri|akhri|aakhiri|antim",
    only: "sirf|keval|bas",
    edge: "[\\p{L}\\p{N}]",
  },
  {
    daily: "roz subah 8 baje",
    weekly: "har somvar subah 9 baje",
    once: "kal subah 9 baje",
    monthly: "har mahine ki 1 tarikh ko subah 9 baje",
    yearly: "har saal 3 march ko subah 9 baje",
    everyOther: "har dusre mangalvar subah 9 baje",
    thisSaturday: "is shanivaar subah 10 baje",
    everyWeekend: "har weekend subah 10 baje",
    lastDay: "har mahine ke aakhri din subah 9 baje",
    until: "30 june tak",
  },
);

export const hiDeva = grammarOf(
  "hi-Deva",
  {
    weekdays: ["रविवार|इतवार", "सोमवार", "मंगलवार", "बुधवार", "गुरुवार|बृहस्पतिवार|वीरवार", "शुक्रवार", "शनिवार"],
    daily: "रोज़ाना|रोजाना|रोज़|रोज|हर\\s+रोज़|हर\\s+दिन|प्रतिदिन",
    every: "हर|प्रति",
    weekend: "वीकेंड|सप्ताहांत",
    workdays: "वीकडेज़|वीकडेज|कार्यदिवस",
    oclock: "बजे",
    parts: { सुबह: "morning", दोपहर: "afternoon", शाम: "evening", रात: "night" },
    today: "आज",
    tomorrow: "कल",
    dayAfter: "परसों",
    after: "बाद",
    within: "में",
    units: { minute: "मिनट", hour: "घंटे|घंटा|घंटों|घण्टे", day: "दिन", week: "हफ़्ते|हफ्ते|हफ्ता|हफ़्ता|सप्ताह", month: "महीने|महीना", year: "साल|वर्ष" },
    numbers: { एक: 1, दो: 2, तीन: 3, चार: 4, पांच: 5, पाँच: 5, छह: 6, सात: 7, आठ: 8, नौ: 9, दस: 10, ग्यारह: 11, बारह: 12, पंद्रह: 15, बीस: 20, तीस: 30 },
    half: "साढ़े|साढे",
    fractions: { आधे: 30, आधा: 30, डेढ़: 90, डेढ: 90, ढाई: 150 },
    quarterPast: "सवा",
    quarterTo: "पौने",
    date: "तारीख|तारीख़",
    monthOf: "महीने",
    next: "अगले|अगला|अगली",
    this: "इस",
    rest: "के\\s*बाकी\\s*दिन|के\\s*बाक़ी\\s*दिन|के\\s*बचे\\s*(?:हुए\\s*)?दिन",
    end: "अंत|आखिर|आख़िर",
    allWeek: "पूरे\\s*हफ़?्ते|पूरा\\s*हफ़?्ता|इस\\s*हफ़?्ते|महीने\\s*भर|कुछ\\s*दिन",
    otherDay: "एक\\s*दिन\\s*छोड़\\s*(?:के|कर)|हर\\s*दूसरे\\s*दिन",
    until: "तक",
    from: "से",
    and: "और|,",
    times: "बार|दफ़ा",
    perDay: "दिन\\s*में|रोज़ाना|रोजाना|रोज़|रोज|हर\\s+दिन",
    perWeek: "(?:हफ़्ते|हफ्ते|महीने)\\s*में",
    except: "को\\s*छोड़कर|को\\s*छोड़\\s*कर|छोड़कर|के\\s*अलावा|के\\s*सिवा",
    vagueWeak: "बाद\\s*में|थोड़ी\\s*देर\\s*में|जल्दी",
    vague: "कभी\\s*भी|कभी|किसी\\s*दिन",
    now: "अभी|तुरंत|फ़ौरन|फौरन",
    other: "दूसरे",
    months: ["जनवरी", "फ़रवरी|फरवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर|सितम्बर", "अक्टूबर|अक्तूबर", "नवंबर|नवम्बर", "दिसंबर|दिसम्बर"],
    nextMonth: "अगले\\s*महीने|अगला\\s*महीना",
    nextWeek: "अगले\\s*हफ़?्ते|अगले\\s*सप्ताह|अगला\\s*हफ़?्ता",
    thisWeekend: "इस\\s*(?:वीकेंड|सप्ताहांत)",
    year: "साल|वर्ष",
    first: "पहले|पहला|पहली",
    last: "आखिरी|आख़िरी|अंतिम",
    only: "सिर्फ़|सिर्फ|केवल|बस",
    edge: "[\\p{L}\\p{M}\\p{N}]",
  },
  {
    daily: "रोज़ सुबह 8 बजे",
    weekly: "हर सोमवार सुबह 9 बजे",
    once: "कल सुबह 9 बजे",
    monthly: "हर महीने की 1 तारीख को सुबह 9 बजे",
    yearly: "हर साल 3 मार्च को सुबह 9 बजे",
    everyOther: "हर दूसरे मंगलवार सुबह 9 बजे",
    thisSaturday: "इस शनिवार सुबह 10 बजे",
    everyWeekend: "हर वीकेंड सुबह 10 बजे",
    lastDay: "हर महीने के आखिरी दिन सुबह 9 बजे",
    until: "30 जून तक",
  },
);
