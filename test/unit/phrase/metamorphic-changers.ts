import type { MeasuredLang } from "./independent/rows.js";

/*
 * Changes that keep what a phrase means: a reading of the changed phrase must be the reading of
 * the phrase itself, or a question; never another schedule (metamorphic.test.ts). One small
 * function per kind, shared by every language; the words each language uses are in WORDS.
 */

interface Placed {
  text: string;
  at: "start" | "end";
}

/** Forms that say the same ("every day" / "daily", "週一" / "星期一"): a match of `from` is replaced by `to`. */
type Synonym = readonly [from: RegExp, to: string | ((said: string) => string)];

/** A Chinese or Japanese hour in numerals, in digits: "八點" -> "8點", "十二時" -> "12時". */
const HAN_HOURS: Readonly<Record<string, string>> = {
  一: "1",
  二: "2",
  兩: "2",
  两: "2",
  三: "3",
  四: "4",
  五: "5",
  六: "6",
  七: "7",
  八: "8",
  九: "9",
  十: "10",
  十一: "11",
  十二: "12",
};
const hanHour = (said: string) => HAN_HOURS[said] ?? said;
const HAN_HOUR = /(?<![0-9一二三四五六七八九十兩两第])(十[一二]?|[一二兩两三四五六七八九])(?=[點点時])/u;

interface LangWords {
  /** Politeness words or fillers, and where each goes. */
  polite: readonly Placed[];
  /** Politeness words that may be dropped from a phrase that has them (matched whole, case-insensitive). */
  politeDrop: RegExp;
  /** Request verbs without their task ("remind me"), and where each goes. */
  request: readonly Placed[];
  /** Request verbs (with their "to") that may be dropped from a phrase that has them. */
  requestDrop: RegExp;
  /** The mark that ends a sentence, and the comma that joins two parts of one. */
  stop: string;
  comma: string;
  /** Forms that say the same, each tried alone. */
  synonyms: readonly Synonym[];
  /** Latin script: case changes keep the meaning. */
  latin: boolean;
  /** Full-width digits are typed with this script's input methods. */
  fullWidth: boolean;
  /** The task may stand before or after the schedule (not in the languages whose verb ends the sentence). */
  movable: boolean;
}

const latin = (w: Omit<LangWords, "stop" | "comma" | "latin" | "fullWidth" | "movable">, movable = true): LangWords => ({
  ...w,
  stop: ".",
  comma: ", ",
  latin: true,
  fullWidth: false,
  movable,
});

const start = (text: string): Placed => ({ text, at: "start" });
const end = (text: string): Placed => ({ text, at: "end" });

export const WORDS: Readonly<Record<MeasuredLang, LangWords>> = {
  en: latin({
    polite: [start("please "), end(", please"), start("hey, ")],
    politeDrop: /\b(?:please|pls|plz)\b,?\s*/giu,
    request: [start("remind me "), start("can you remind me "), end(", remind me")],
    requestDrop: /\bremind me(?: to)?\b\s*/giu,
    synonyms: [
      [/\bevery day\b/iu, "daily"],
      [/\bdaily\b/iu, "every day"],
      [/(\d)\s?([ap])m\b/iu, "$1 $2.m."],
      [/(\d)\s([ap])m\b/iu, "$1$2m"],
      [/\btomorrow\b/iu, "tmrw"],
      [/(?<![:\d])(\d{1,2})\s?([ap]m)\b/iu, "$1:00$2"],
    ],
  }),
  es: latin({
    polite: [start("por favor, "), end(", por favor"), start("porfa ")],
    politeDrop: /(?<!\p{L})(?:por favor|porfa)(?!\p{L}),?\s*/giu,
    request: [start("recuérdame "), start("¿me recuerdas "), end(", recuérdamelo")],
    requestDrop: /(?<!\p{L})recu[eé]rdame(?!\p{L})\s*/giu,
    synonyms: [
      [/(?<!\p{L})todos los días(?!\p{L})/iu, "cada día"],
      [/(?<!\p{L})cada día(?!\p{L})/iu, "todos los días"],
      [/(?<!\p{L})las (\d{1,2})(?![:\d])(?= de la (?:mañana|tarde|noche))/iu, "las $1:00"],
    ],
  }),
  de: latin({
    polite: [start("bitte "), end(", bitte"), start("hey, ")],
    politeDrop: /(?<!\p{L})bitte(?!\p{L}),?\s*/giu,
    request: [start("erinnere mich "), start("kannst du mich erinnern: "), end(", erinnere mich")],
    requestDrop: /(?<!\p{L})erinnere mich(?: daran)?(?!\p{L}),?\s*/giu,
    synonyms: [
      [/(?<!\p{L})jeden Tag(?!\p{L})/iu, "täglich"],
      [/(?<!\p{L})täglich(?!\p{L})/iu, "jeden Tag"],
      [/(?<![:\d])(\d{1,2}) Uhr\b/iu, "$1:00 Uhr"],
    ],
  }),
  fr: latin({
    polite: [start("s'il te plaît, "), end(", s'il te plaît"), end(" stp")],
    politeDrop: /(?<!\p{L})(?:s'il (?:te|vous) pla[iî]t|stp|svp)(?!\p{L}),?\s*/giu,
    request: [start("rappelle-moi "), start("tu peux me rappeler "), end(", rappelle-le-moi")],
    requestDrop: /(?<!\p{L})rappelle-moi(?: de)?(?!\p{L})\s*/giu,
    synonyms: [
      [/(?<!\p{L})tous les jours(?!\p{L})/iu, "chaque jour"],
      [/(?<!\p{L})chaque jour(?!\p{L})/iu, "tous les jours"],
      [/(?<![:\d])(\d{1,2})h(?![\d\p{L}])/iu, "$1h00"],
    ],
  }),
  pt: latin({
    polite: [start("por favor, "), end(", por favor"), start("oi, ")],
    politeDrop: /(?<!\p{L})por favor(?!\p{L}),?\s*/giu,
    request: [start("me lembre "), start("você pode me lembrar "), end(", me lembra")],
    requestDrop: /(?<!\p{L})(?:me lembre|lembre-me)(?: de)?(?!\p{L})\s*/giu,
    synonyms: [
      [/(?<!\p{L})todo dia(?!\p{L})/iu, "todos os dias"],
      [/(?<!\p{L})todos os dias(?!\p{L})/iu, "todo dia"],
      [/(?<![:\d])(\d{1,2})h(?![\d\p{L}])/iu, "$1h00"],
    ],
  }),
  it: latin({
    polite: [start("per favore, "), end(", per favore"), start("ciao, ")],
    politeDrop: /(?<!\p{L})per favore(?!\p{L}),?\s*/giu,
    request: [start("ricordami "), start("mi ricordi "), end(", ricordamelo")],
    requestDrop: /(?<!\p{L})ricordami(?: di)?(?!\p{L})\s*/giu,
    synonyms: [
      [/(?<!\p{L})ogni giorno(?!\p{L})/iu, "tutti i giorni"],
      [/(?<!\p{L})tutti i giorni(?!\p{L})/iu, "ogni giorno"],
    ],
  }),
  "hi-Latn": latin(
    {
      polite: [start("please "), end(" please"), end(" zara")],
      politeDrop: /(?<!\p{L})please(?!\p{L}),?\s*/giu,
      request: [end(" yaad dilana"), end(" mujhe yaad dila dena")],
      requestDrop: /\s*(?<!\p{L})yaad dila(?:na|o|do|dena|iye)(?!\p{L})/giu,
      synonyms: [
        [/(?<!\p{L})roz(?!\p{L})/iu, "har din"],
        [/(?<!\p{L})har din(?!\p{L})/iu, "roz"],
      ],
    },
    false,
  ),
  "zh-Hant": {
    polite: [start("麻煩"), start("請"), start("幫我"), end("，謝謝")],
    politeDrop: /麻煩|請|，?謝謝/gu,
    request: [start("提醒我"), end("提醒我"), start("可以")],
    requestDrop: /提醒我/gu,
    synonyms: [
      [/星期(?=[一二三四五六日天])/u, "禮拜"],
      [/禮拜(?=[一二三四五六日天])/u, "星期"],
      [HAN_HOUR, hanHour],
      [/週(?=[一二三四五六日])/u, "星期"],
      [/每天/u, "每日"],
    ],
    stop: "。",
    comma: "，",
    latin: false,
    fullWidth: true,
    movable: true,
  },
  "zh-Hans": {
    polite: [start("帮我"), start("请"), start("麻烦"), end("，谢谢")],
    politeDrop: /麻烦|请|帮我|，?谢谢/gu,
    request: [start("提醒我"), end("提醒我"), start("可以")],
    requestDrop: /提醒我/gu,
    synonyms: [
      [/星期(?=[一二三四五六日天])/u, "礼拜"],
      [/周(?=[一二三四五六日])/u, "星期"],
      [HAN_HOUR, hanHour],
      [/每天/u, "每日"],
    ],
    stop: "。",
    comma: "，",
    latin: false,
    fullWidth: true,
    movable: true,
  },
  ja: {
    polite: [end("、よろしく"), end("お願いします"), start("すみません、")],
    politeDrop: /、?(?:よろしく(?:お願いします)?|お願いします)/gu,
    request: [end("、リマインドして"), end("に教えて")],
    requestDrop: /、?リマインドして/gu,
    synonyms: [
      [/([月火水木金土日])曜日/u, "$1曜"],
      [/([月火水木金土日])曜(?!日)/u, "$1曜日"],
      [HAN_HOUR, hanHour],
    ],
    stop: "。",
    comma: "、",
    latin: false,
    fullWidth: true,
    movable: false,
  },
  ko: {
    polite: [end(" 부탁해요"), start("저기, ")],
    politeDrop: /\s*(?:부탁해요|부탁해)/gu,
    request: [end(" 알려줘"), end(" 알려 주세요")],
    requestDrop: /\s*알려(?:줘|주세요)/gu,
    synonyms: [[/매일/u, "날마다"]],
    stop: ".",
    comma: ", ",
    latin: false,
    fullWidth: true,
    movable: false,
  },
  "hi-Deva": {
    polite: [start("कृपया "), end(" प्लीज़")],
    politeDrop: /कृपया\s*/gu,
    request: [end(" याद दिलाना"), end(" मुझे याद दिला देना")],
    requestDrop: /\s*याद दिला(?:ना|ओ|दो|देना)/gu,
    synonyms: [[/रोज़?(?!\p{L}|\p{M})/u, "हर दिन"]],
    stop: "।",
    comma: ", ",
    latin: false,
    fullWidth: false,
    movable: false,
  },
};

/** What a changer may know of the phrase besides its text: the part the reader took as the schedule. */
export interface Phrase {
  text: string;
  lang: MeasuredLang;
  /** The reading's `matched`: the schedule words, when they are one span of the text. */
  matched: string;
}

export type Changer = (p: Phrase) => string[];

/** Sentence-ending marks a changer may move out of the way and put back. */
const END = /[\s.!?。！？।]+$/u;
const splitEnd = (text: string): [string, string] => {
  const end = END.exec(text)?.[0] ?? "";
  return [text.slice(0, text.length - end.length), end];
};

const put = (text: string, { text: word, at }: { text: string; at: "start" | "end" }): string => {
  if (at === "start") return word + text;
  const [body, end] = splitEnd(text);
  return body + word + end;
};

const drop = (text: string, words: RegExp): string[] => {
  const dropped = text.replace(words, "").trim();
  return dropped === text.trim() || dropped === "" ? [] : [dropped];
};

const toFullWidth = (text: string) => text.replace(/[0-9:]/g, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0));
const toHalfWidth = (text: string) => text.replace(/[０-９：]/gu, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) - 0xfee0));

/**
 * The changes, by kind. Each returns the changed phrases, none when the change does not apply
 * (a language without the form, a phrase without the word).
 */
export const CHANGERS: Readonly<Record<string, Changer>> = {
  /** "please", "麻煩", "por favor", "bitte", "s'il te plaît", "よろしく", "부탁해요", put in. */
  polite: ({ text, lang }) => WORDS[lang].polite.map((word) => put(text, word)),
  /** The same words taken out of a phrase that has them. */
  politeDropped: ({ text, lang }) => drop(text, WORDS[lang].politeDrop),
  /** "remind me", "提醒我", "recuérdame", "リマインドして", "알려줘", "yaad dilana", put in. */
  request: ({ text, lang }) => WORDS[lang].request.map((word) => put(text, word)),
  /** The request verb (and its "to") taken out of a phrase that has it. */
  requestDropped: ({ text, lang }) => drop(text, WORDS[lang].requestDrop),
  /** A form that says the same put for another ("every day" / "daily", "星期一" / "禮拜一", "月曜日" / "月曜"). */
  synonym: ({ text, lang }) =>
    WORDS[lang].synonyms.map(([from, to]) => (typeof to === "string" ? text.replace(from, to) : text.replace(from, to))).filter((t) => t !== text),
  /**
   * Accents left out, as people type without them ("miercoles", "a las 8 de la manana", "a 8h",
   * "as 9h"); German umlauts written out ("taeglich", "Uebermorgen").
   */
  plainLetters: ({ text, lang }) => {
    if (!["es", "fr", "pt", "it", "de"].includes(lang)) return [];
    const plain =
      lang === "de"
        ? text.replace(/[äöüÄÖÜß]/gu, (c) => ({ ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" })[c] ?? c)
        : text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
    return plain === text ? [] : [plain];
  },
  /** Digits and colons typed full-width in Chinese, Japanese and Korean, or back to ASCII. */
  fullWidth: ({ text, lang }) => {
    if (!WORDS[lang].fullWidth) return [];
    const half = toHalfWidth(text);
    return half !== text ? [half] : toFullWidth(text) !== text ? [toFullWidth(text)] : [];
  },
  /** Every space doubled, and spaces around the whole phrase. */
  spaces: ({ text }) => [` ${text.replace(/ /g, "  ")} `],
  /** The sentence's end mark taken off, or one put on; an exclamation mark instead. */
  punctuation: ({ text, lang }) => {
    const [body, end] = splitEnd(text);
    const bang = WORDS[lang].fullWidth ? "！" : "!";
    return [end.trim() === "" ? body + WORDS[lang].stop : body, body + bang];
  },
  /** Latin script in lower case, in upper case, and with its first letter upper-cased. */
  letterCase: ({ text, lang }) => {
    if (!WORDS[lang].latin) return [];
    const first = text.charAt(0).toUpperCase() + text.slice(1);
    return [text.toLowerCase(), text.toUpperCase(), first].filter((t) => t !== text);
  },
  /**
   * The task words moved to the other side of the schedule words, joined by a comma: "remind
   * me to stretch, every weekday at 3pm" and "every weekday at 3pm, remind me to stretch". Only
   * where the schedule is one span with the task on one side, in the languages that allow both orders.
   */
  taskMoved: ({ text, lang, matched }) => {
    if (!WORDS[lang].movable) return [];
    const [body, end] = splitEnd(text);
    const at = body.indexOf(matched);
    if (matched === "" || at === -1) return [];
    const trim = (s: string) => s.replace(/^[\s,，、:：]+|[\s,，、:：]+$/gu, "");
    const before = trim(body.slice(0, at));
    const after = trim(body.slice(at + matched.length));
    const { comma } = WORDS[lang];
    if (before !== "" && after === "") return [matched + comma + before + end];
    if (after !== "" && before === "") return [after + comma + matched + end];
    return [];
  },
};

export type ChangerKind = keyof typeof CHANGERS;
