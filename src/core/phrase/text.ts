/**
 * Folds full-width ASCII ("８：３０", common in Chinese and Japanese input), the ideographic
 * space and Devanagari digits ("९ बजे") to their ASCII forms, one character for one, so offsets
 * still point into the original.
 */
export function foldWidth(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCodePoint(code - 0xfee0);
    else if (code === 0x3000) out += " ";
    else if (code >= 0x966 && code <= 0x96f) out += String(code - 0x966);
    else out += ch;
  }
  return out;
}

/**
 * One space for every run of spaces and tabs, none at either end: the grammars spell a space as
 * one ("9h moins le quart", "de la tarde"), and a doubled one must not make a rule miss its words.
 */
export function squeezeSpaces(text: string): string {
  return text.replace(/[ \t\u3000]{2,}|\t/g, " ").trim();
}

/** Lower-cases character by character, keeping any character whose lower case changes length. */
export function lowerKeepingOffsets(text: string): string {
  let out = "";
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length ? lower : ch;
  }
  return out;
}

/** Replaces `[start, end)` spans with spaces, keeping every other offset. */
export function blank(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  let out = text;
  for (const { start, end } of spans) out = out.slice(0, start) + " ".repeat(end - start) + out.slice(end);
  return out;
}

const CJK_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  兩: 2,
  两: 2,
  // Colloquial "two of" ("倆小時後"), said without a measure word.
  倆: 2,
  俩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Characters `cjkNumber` reads, for use inside a regex character class. */
export const CJK_NUMERAL = "〇零一二兩两倆俩三四五六七八九十廿卅";

/**
 * Reads "8", "八", "十二", "二十五", "三十" (0–99), and minutes said with a leading zero ("零五",
 * "〇五": 5, as in "十點零五分"); null for anything else.
 */
export function cjkNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  // 廿 and 卅 are twenty and thirty in one character ("九點廿分", "廿五號").
  if (/^[廿卅]/u.test(text)) return cjkNumber(`${text[0] === "廿" ? "二" : "三"}十${text.slice(1)}`);
  const tens = text.indexOf("十");
  if (tens === -1) {
    if (text.length === 2 && /^[零〇]/u.test(text)) return CJK_DIGITS[text.slice(1)] ?? null;
    return text.length === 1 ? (CJK_DIGITS[text] ?? null) : null;
  }
  const head = text.slice(0, tens);
  const tail = text.slice(tens + 1);
  const high = head === "" ? 1 : head.length === 1 ? CJK_DIGITS[head] : undefined;
  const low = tail === "" ? 0 : tail.length === 1 ? CJK_DIGITS[tail] : undefined;
  return high === undefined || low === undefined ? null : high * 10 + low;
}

/** Reads digits or a word from `words`; null when it is neither. */
export function wordNumber(text: string, words: Readonly<Record<string, number>>): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  return words[text] ?? null;
}
