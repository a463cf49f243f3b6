import type { Grammar } from "./grammar.js";
import { de } from "./lang/de.js";
import { en } from "./lang/en.js";
import { es } from "./lang/es.js";
import { fr } from "./lang/fr.js";
import { hiDeva, hiLatn } from "./lang/hi.js";
import { it } from "./lang/it.js";
import { ja } from "./lang/ja.js";
import { ko } from "./lang/ko.js";
import { pt } from "./lang/pt.js";
import { zhHans, zhHant } from "./lang/zh.js";

/**
 * Kana, or kanji Chinese does not use (毎 vs 每, 曜日, the middle dot of a Japanese list: ・ is not
 * a kana by script), settle Japanese.
 */
const JAPANESE = /[\p{sc=Hiragana}\p{sc=Katakana}毎曜・]/u;
/**
 * Kanji words Japanese uses for these things and Chinese mostly does not (午前/午後, 明日, "1日N回"
 * where Chinese says 一天N次, "30分後"): Japanese, unless a word only Chinese uses is there too
 * ("1小時30分後", "每天", "點", "禮拜"), which Japanese would write 時間 / 毎日 / 時 / 曜日.
 */
const JAPANESE_KANJI =
  /日\s*[0-9一二三四五六七八九十]{1,2}\s*回|午前|午後|明日|明後日|今晩|夕方|来週|来月|再来週|今週|[0-9〇一二三四五六七八九十]\s*(?:分後|時間後|時間半|時間以内)/u;
const CHINESE_ONLY = /小時|小时|鐘頭|钟头|分鐘|分钟|禮拜|礼拜|星期|每|[點点號号這这]/u;
const HAN = /\p{sc=Han}/u;
const TRADITIONAL = /[點鐘週後禮個兩號過時間這麼現馬們對還從開會臺灣紐倫幾稍]/gu;
const SIMPLIFIED = /[点钟周后礼个两号过时间这么现马们对还从开会台湾纽伦几稍]/gu;

/**
 * Words that only (or mostly) one of the Latin-script languages uses, for a vote. "de" before a
 * month only Portuguese spells that way counts for Portuguese too, as "de" counts for Spanish:
 * "de 10 a 12 de março às 9h" has two Spanish "de" and went to Spanish on the tie. Portuguese
 * says "por" ("por favor") and writes hours as "12h" as much as the languages whose words those are:
 * "por favor, a cada 10 minutos, 3 vezes" went to Spanish and "amanha as 12h" to French, each of
 * which read the phrase without the Portuguese words (the count, tomorrow).
 */
const LATIN_WORDS: Array<[Grammar, RegExp]> = [
  [
    es,
    /(?<![\p{L}])(?:mañana|manana|hoy|ayer|las|los|cada|todos|todas|días?|día|semanas?|mes|año|lunes|martes|miércoles|miercoles|jueves|viernes|sábados?|sabados?|domingos?|minutos|horas?|dentro|tarde|noche|mediodía|medianoche|ahora|pasado|próximo|próxima|recuérdame|recuerdame|de|del|el|por|cuarto|media|último|ultimo|fin|quincena|diario|diariamente|enseguida|inmediato|laborables|excepto|salvo|hasta|veces|durante|cada|más|luego)(?![\p{L}])/giu,
  ],
  [
    de,
    /(?<![\p{L}])(?:um|uhr|jeden|jede|jedes|alle|täglich|morgen|morgens|heute|gestern|übermorgen|abends?|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|minuten|stunden?|tage?n?|wochen?|monats?|jahr|jährlich|stündlich|wöchentlich|monatlich|halbstündlich|halb|mittags?|mitternacht|sofort|jetzt|bitte|erinnere|mich|im|und|nach|zweiten|werktags|wochenende|nächsten?|später|früh|vormittags|nachmittags|nachts|viertel|zeit|außer|bis|lang|dreimal|zweimal|demnächst|irgendwann|später)(?![\p{L}])/giu,
  ],
  [
    fr,
    /(?<![\p{L}])(?:tous|toutes|chaque|jours?|lundis?|mardis?|mercredis?|jeudis?|vendredis?|samedis?|dimanches?|demain|aujourd|soirs?|matins?|midi|minuit|heures?|dans|sauf|jusqu|pendant|fois|semaines?|mois|ce|cet|cette|les|du|des|à|rappelle-moi|rappelle|prochaine?|premier|dernier|après-midi|quinze|ouvrés|ouvrables|sur|plus|tard|maintenant|tout|suite|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|ans?|le|et|ces|un|une|demain)(?![\p{L}])|\d{1,2}h(?:\d{2})?(?![\p{L}])/giu,
  ],
  [
    pt,
    /(?<![\p{L}])(?:todo|todos|neste|nesta|nesse|nessa|deste|desta|toda|todas|fim|fins|dia|dias|segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingos?|feira|amanhã|amanha|hoje|às|ao|aos|noite|manhã|manha|meio-dia|meia-noite|minutos|horas|daqui|vezes|até|exceto|úteis|uteis|útil|util|mês|mes|em|os|no|na|nos|nas|lembre|lembre-me|me|próxima|depois|mais|qualquer|dessas|desses|sim|não|uma|duas|dois|semanas|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|fim|menos|cada|durante|do|da|tarde|hora|horas|por)(?![\p{L}])|\d{1,2}h(?:\d{2})?(?![\p{L}])|(?<![\p{L}])final(?=\s+de\s+semana)|\bde(?=\s+\p{L}+\s+em\s+\p{L}+)|(?<![\p{L}])de(?=\s+(?:janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro)(?![\p{L}]))/giu,
  ],
  [
    it,
    /(?<![\p{L}])(?:ogni|giorno|giorni|lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica|domani|dopodomani|oggi|stasera|stamattina|domattina|sera|mattina|mezzogiorno|mezzanotte|alle|dalle|all|ore|tra|fra|minuti|settimana|settimane|mese|tranne|escluso|fino|volte|per|ricordami|ricorda|più|tardi|prossimo|prossima|ultimo|primo|lavorativi|feriali|notte|pomeriggio|sì|di|del|il|tutti|tutte|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|adesso|subito|ora|un['’]ora|mezz['’]ora)(?![\p{L}])/giu,
  ],
  [
    hiLatn,
    /(?<![\p{L}])(?:roz|rozana|har|din|baje|bajay|subah|subha|shaam|sham|raat|dopahar|kal|parson|aaj|somvar|mangalvar|budhvar|budhvaar|guruvar|brihaspativar|shukravar|shanivar|ravivar|itvaar|ghante|ghanta|ghanton|minute|baad|mein|yaad|dilao|dilana|dila|tak|hafte|hafta|mahine|mahina|tarikh|baar|se|aur|bhi|kabhi|ek|do|teen|chaar|paanch|chhod|alawa|karo|kar|ko|ki|ke)(?![\p{L}])/giu,
  ],
  [
    en,
    /(?<![\p{L}])(?:every|each|at|on|the|days?|daily|hours?|tomorrow|today|tonight|next|and|remind|me|weeks?|months?|years?|morning|evening|afternoon|night|noon|midnight|weekdays?|weekends?|other|later|now|from|of|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|o'clock|until|except)(?![\p{L}])/giu,
  ],
];

/**
 * Picks the grammar by script, then by vote: Japanese when kana or Japanese-only kanji appear,
 * Chinese (traditional unless simplified forms outnumber) for other Han text, and for Latin
 * text the language with the most of its own words, English on a tie. "am" / "pm" are no vote for
 * English: Hinglish and the others write them too ("roz 8 am" went to English and ran once, "roz" dropped).
 */
export function grammarFor(text: string): Grammar {
  if (/\p{sc=Hangul}/u.test(text)) return ko;
  if (/\p{sc=Devanagari}/u.test(text)) return hiDeva;
  if (JAPANESE.test(text) || (JAPANESE_KANJI.test(text) && !CHINESE_ONLY.test(text))) return ja;
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
