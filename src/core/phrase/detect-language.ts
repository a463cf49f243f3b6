import type { Grammar } from "./grammar.js";
import { de } from "./lang/de.js";
import { en } from "./lang/en.js";
import { es } from "./lang/es.js";
import { ja } from "./lang/ja.js";
import { zhHans, zhHant } from "./lang/zh.js";

/** Kana, or kanji Chinese does not use for these words (毎 vs 每, 曜日, 午前/午後, 明日). */
const JAPANESE =
  /[\p{sc=Hiragana}\p{sc=Katakana}毎曜]|午前|午後|明日|明後日|今晩|夕方|来週|来月|再来週|今週|[0-9〇一二三四五六七八九十]\s*(?:分後|時間後|時間半|時間以内)/u;
const HAN = /\p{sc=Han}/u;
const TRADITIONAL = /[點鐘週後禮個兩號過時間這麼現馬們對還從開會臺灣紐倫幾稍]/gu;
const SIMPLIFIED = /[点钟周后礼个两号过时间这么现马们对还从开会台湾纽伦几稍]/gu;

/** Words that only (or mostly) one of the Latin-script languages uses, for a vote. */
const LATIN_WORDS: Array<[Grammar, RegExp]> = [
  [
    es,
    /(?<![\p{L}])(?:mañana|manana|hoy|ayer|las|los|cada|todos|todas|días?|día|semanas?|mes|año|lunes|martes|miércoles|miercoles|jueves|viernes|sábados?|sabados?|domingos?|minutos|horas?|dentro|tarde|noche|mediodía|medianoche|ahora|pasado|próximo|próxima|recuérdame|recuerdame|de|del|el|por|cuarto|media|último|ultimo|fin|quincena|diario|diariamente|enseguida|inmediato)(?![\p{L}])/giu,
  ],
  [
    de,
    /(?<![\p{L}])(?:um|uhr|jeden|jede|jedes|alle|täglich|morgen|morgens|heute|gestern|übermorgen|abends?|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|minuten|stunden?|tage?n?|wochen?|monats?|jahr|jährlich|stündlich|wöchentlich|monatlich|halbstündlich|halb|mittags?|mitternacht|sofort|jetzt|bitte|erinnere|mich|im|und|nach|zweiten|werktags|wochenende|nächsten?|später|früh|vormittags|nachmittags|nachts|viertel|zeit)(?![\p{L}])/giu,
  ],
  [
    en,
    /(?<![\p{L}])(?:every|each|at|on|the|days?|daily|minutes|hours?|tomorrow|today|tonight|next|and|pm|remind|me|weeks?|months?|years?|morning|evening|afternoon|night|noon|midnight|weekdays?|weekends?|other|later|now|from|of|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|o'clock)(?![\p{L}])/giu,
  ],
];

/**
 * Picks the grammar by script, then by vote: Japanese when kana or Japanese-only kanji appear,
 * Chinese (traditional unless simplified forms outnumber) for other Han text, and for Latin
 * text the language with the most of its own words, English on a tie.
 */
export function grammarFor(text: string): Grammar {
  if (JAPANESE.test(text)) return ja;
  if (HAN.test(text)) {
    const simplified = text.match(SIMPLIFIED)?.length ?? 0;
    const traditional = text.match(TRADITIONAL)?.length ?? 0;
    return simplified > traditional ? zhHans : zhHant;
  }
  let best: Grammar = en;
  let bestVotes = 0;
  for (const [grammar, words] of LATIN_WORDS) {
    const votes = text.match(words)?.length ?? 0;
    if (votes > bestVotes || (votes === bestVotes && grammar === en)) {
      best = grammar;
      bestVotes = votes;
    }
  }
  return best;
}
