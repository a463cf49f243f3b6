import type { MeasuredLang } from "./independent/rows.js";

/*
 * Changes that keep what a phrase means: a reading of the changed phrase must be the reading of
 * the phrase itself, or a question; never another schedule (metamorphic.test.ts). One small
 * function per kind, shared by every language; the words each language uses are in WORDS.
 */

interface LangWords {
  /** A politeness word or filler, and where it goes. */
  polite: { text: string; at: "start" | "end" };
  /** Politeness words that may be dropped from a phrase that has them (matched whole, case-insensitive). */
  politeDrop: RegExp;
  /** A request verb without its task ("remind me"), and where it goes. */
  request: { text: string; at: "start" | "end" };
  /** Request verbs (with their "to") that may be dropped from a phrase that has them. */
  requestDrop: RegExp;
  /** The mark that ends a sentence, and the comma that joins two parts of one. */
  stop: string;
  comma: string;
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

export const WORDS: Readonly<Record<MeasuredLang, LangWords>> = {
  en: latin({
    polite: { text: "please ", at: "start" },
    politeDrop: /\b(?:please|pls|plz)\b,?\s*/giu,
    request: { text: "remind me ", at: "start" },
    requestDrop: /\bremind me(?: to)?\b\s*/giu,
  }),
  es: latin({
    polite: { text: "por favor, ", at: "start" },
    politeDrop: /(?<!\p{L})(?:por favor|porfa)(?!\p{L}),?\s*/giu,
    request: { text: "recuérdame ", at: "start" },
    requestDrop: /(?<!\p{L})recu[eé]rdame(?!\p{L})\s*/giu,
  }),
  de: latin({
    polite: { text: "bitte ", at: "start" },
    politeDrop: /(?<!\p{L})bitte(?!\p{L}),?\s*/giu,
    request: { text: "erinnere mich ", at: "start" },
    requestDrop: /(?<!\p{L})erinnere mich(?: daran)?(?!\p{L}),?\s*/giu,
  }),
  fr: latin({
    polite: { text: "s'il te plaît, ", at: "start" },
    politeDrop: /(?<!\p{L})s'il (?:te|vous) pla[iî]t(?!\p{L}),?\s*/giu,
    request: { text: "rappelle-moi ", at: "start" },
    requestDrop: /(?<!\p{L})rappelle-moi(?: de)?(?!\p{L})\s*/giu,
  }),
  pt: latin({
    polite: { text: "por favor, ", at: "start" },
    politeDrop: /(?<!\p{L})por favor(?!\p{L}),?\s*/giu,
    request: { text: "me lembre ", at: "start" },
    requestDrop: /(?<!\p{L})(?:me lembre|lembre-me)(?: de)?(?!\p{L})\s*/giu,
  }),
  it: latin({
    polite: { text: "per favore, ", at: "start" },
    politeDrop: /(?<!\p{L})per favore(?!\p{L}),?\s*/giu,
    request: { text: "ricordami ", at: "start" },
    requestDrop: /(?<!\p{L})ricordami(?: di)?(?!\p{L})\s*/giu,
  }),
  "hi-Latn": latin(
    {
      polite: { text: "please ", at: "start" },
      politeDrop: /(?<!\p{L})please(?!\p{L}),?\s*/giu,
      request: { text: " yaad dilana", at: "end" },
      requestDrop: /\s*(?<!\p{L})yaad dila(?:na|o|do|dena|iye)(?!\p{L})/giu,
    },
    false,
  ),
  "zh-Hant": {
    polite: { text: "麻煩", at: "start" },
    politeDrop: /麻煩|請/gu,
    request: { text: "提醒我", at: "start" },
    requestDrop: /提醒我/gu,
    stop: "。",
    comma: "，",
    latin: false,
    fullWidth: true,
    movable: true,
  },
  "zh-Hans": {
    polite: { text: "帮我", at: "start" },
    politeDrop: /麻烦|请|帮我/gu,
    request: { text: "提醒我", at: "start" },
    requestDrop: /提醒我/gu,
    stop: "。",
    comma: "，",
    latin: false,
    fullWidth: true,
    movable: true,
  },
  ja: {
    polite: { text: "、よろしく", at: "end" },
    politeDrop: /、?(?:よろしく(?:お願いします)?|お願いします)/gu,
    request: { text: "、リマインドして", at: "end" },
    requestDrop: /、?リマインドして/gu,
    stop: "。",
    comma: "、",
    latin: false,
    fullWidth: true,
    movable: false,
  },
  ko: {
    polite: { text: " 부탁해요", at: "end" },
    politeDrop: /\s*(?:부탁해요|부탁해)/gu,
    request: { text: " 알려줘", at: "end" },
    requestDrop: /\s*알려(?:줘|주세요)/gu,
    stop: ".",
    comma: ", ",
    latin: false,
    fullWidth: true,
    movable: false,
  },
  "hi-Deva": {
    polite: { text: "कृपया ", at: "start" },
    politeDrop: /कृपया\s*/gu,
    request: { text: " याद दिलाना", at: "end" },
    requestDrop: /\s*याद दिला(?:ना|ओ|दो|देना)/gu,
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
  polite: ({ text, lang }) => [put(text, WORDS[lang].polite)],
  /** The same words taken out of a phrase that has them. */
  politeDropped: ({ text, lang }) => drop(text, WORDS[lang].politeDrop),
  /** "remind me", "提醒我", "recuérdame", "リマインドして", "알려줘", "yaad dilana", put in. */
  request: ({ text, lang }) => [put(text, WORDS[lang].request)],
  /** The request verb (and its "to") taken out of a phrase that has it. */
  requestDropped: ({ text, lang }) => drop(text, WORDS[lang].requestDrop),
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
