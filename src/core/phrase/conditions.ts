import type { Lang } from "./grammar.js";

/**
 * Words that open a condition or an alternative: "every day at 9 unless it rains", "at 8 or 9",
 * "roz 9 baje, agar baarish na ho". Right after the schedule, or opening the sentence it is in,
 * they make the runs depend on something the scheduler cannot know, or leave two schedules to
 * choose from; reading the schedule without them would be a task the user did not ask for.
 * Elsewhere they are the request's own words ("check if the site is up"), so they are not in
 * the lexicon of schedule-bearing words, which counts anywhere in the text.
 */
const CONDITION_WORDS: Record<Lang, readonly string[]> = {
  en: ["if", "unless", "or", "when", "whenever", "provided", "as long as", "only if", "in case", "depending on"],
  es: ["si", "salvo que", "a menos que", "o", "cuando", "siempre que", "en caso de", "solo si"],
  de: ["wenn", "falls", "sofern", "es sei denn", "oder", "nur wenn", "solange"],
  // "s'il te plaît" (please) is no condition.
  fr: [
    "si",
    "s['’]il(?!\\s+(?:te|vous)\\s+pla[iî]t)",
    "s['’]ils",
    "sauf si",
    "à moins que",
    "à moins qu['’]",
    "ou",
    "quand",
    "lorsque",
    "lorsqu['’]",
    "seulement si",
  ],
  pt: ["se", "a não ser que", "a menos que", "caso", "ou", "quando", "desde que", "só se"],
  it: ["se", "a meno che", "tranne se", "o", "oppure", "quando", "purché", "nel caso", "solo se"],
  "hi-Latn": ["agar", "jab", "ya", "warna", "nahi to"],
  "hi-Deva": ["अगर", "जब", "या", "वरना", "नहीं तो"],
  "zh-Hant": ["如果", "除非", "或者", "或", "還是", "要是", "假如"],
  "zh-Hans": ["如果", "除非", "或者", "或", "还是", "要是", "假如"],
  ja: ["もし", "または", "あるいは", "もしくは"],
  ko: ["만약", "아니면", "또는", "혹은"],
};

/**
 * Japanese and Korean also say a condition with a verb ending, anywhere in the sentence:
 * 雨が降ったら, 晴れなら, 終わったら, 비가 오면, 주말이면; Chinese with a closing 的话 (下雨的话). Korean nouns that end in 면 (화면
 * "screen", 라면, 측면, 장면 …) are not conditions. The weather's days say the same with a noun: 雨の日は, 비 오는 날은
 * ("on rainy days"): the scheduler cannot know the weather, so they are asked as 雨なら is, never dropped.
 */
const CONDITION_ENDINGS: Partial<Record<Lang, RegExp>> = {
  ja: /(?:たら|だら|なら(?![なずびべ])|れば|ければ|場合|(?:雨|雪|晴れ)の(?:日|時))/u,
  "zh-Hant": /的話/u,
  "zh-Hans": /的话/u,
  ko: /(?<=\p{Script=Hangul})(?<![화라측반전표방냉국장])면(?![\p{Script=Hangul}])|경우|(?:비|눈)\s*(?:가|이)?\s*(?:오는|올)\s*(?:날|때)|맑은\s*날/u,
};

/**
 * Right after a clock time, "になったら" and "(이/가) 되면" say when, not if: "夜7時になったら教えて",
 * "저녁 7시 되면 알려줘" ("when it is 7pm, tell me"). Only there; "雨になったら" stays a condition.
 */
const BECOMES: Partial<Record<Lang, RegExp>> = {
  ja: /^\s*(?:に\s*)?なったら/u,
  ko: /^\s*(?:이|가)?\s*되면/u,
};
const CLOCK_END: Partial<Record<Lang, RegExp>> = { ja: /(?:時|分|半|\d)\s*$/u, ko: /(?:시|분|반|\d)\s*$/u };

/** A word ends where no letter, mark or digit of an alphabetic script follows; Han, kana and Hangul run on. */
const END = String.raw`(?![\p{Script=Latin}\p{Script=Devanagari}\p{M}\p{N}])`;
const OPENERS = Object.fromEntries(
  Object.entries(CONDITION_WORDS).map(([lang, words]) => [lang, new RegExp(String.raw`^[\s,;:()\-–—、，]*(?:${words.join("|")})${END}`, "u")]),
) as Record<Lang, RegExp>;
/** An alternative or condition word just before the schedule: "at 9 or 10 tomorrow". */
const CLOSERS = Object.fromEntries(
  Object.entries(CONDITION_WORDS).map(([lang, words]) => [
    lang,
    new RegExp(String.raw`(?<![\p{Script=Latin}\p{Script=Devanagari}\p{M}])(?:${words.join("|")})[\s,;:()\-–—、，]*$`, "u"),
  ]),
) as Record<Lang, RegExp>;
const SENTENCE_END = /[.!?;。！？\n]/u;

/**
 * The condition or alternative next to the schedule at [start, end) of the lower-cased text
 * (the rest of its sentence, as the user wrote it in `shown`), or null when there is none.
 */
export function conditionNextTo(lang: Lang, lowered: string, shown: string, start: number, end: number): string | null {
  const opener = OPENERS[lang];
  if (opener.test(lowered.slice(end)))
    return (
      shown
        .slice(end)
        .split(SENTENCE_END)[0]
        ?.replace(/^[\s,;:、，]+/u, "")
        .trim() ?? null
    );
  const sentenceStart = Math.max(...[...lowered.slice(0, start).matchAll(new RegExp(SENTENCE_END, "gu"))].map((m) => m.index + 1), 0);
  const before = lowered.slice(sentenceStart, start);
  if (opener.test(before) || CLOSERS[lang].test(before))
    return shown
      .slice(sentenceStart, start)
      .replace(/[\s,;:、，]+$/u, "")
      .trim();
  const ending = CONDITION_ENDINGS[lang];
  if (ending === undefined) return null;
  let after = lowered.slice(end).split(SENTENCE_END)[0] ?? "";
  const becomes = BECOMES[lang]?.exec(after);
  if (becomes != null && CLOCK_END[lang]?.test(lowered.slice(start, end))) after = after.slice(becomes[0].length);
  if (ending.test(before)) return shown.slice(sentenceStart, start).trim();
  return ending.test(after) ? shown.slice(end, end + after.length).trim() : null;
}
