import { isValidTimeZone } from "../schedule/index.js";
import { type Found, type Fragment, findFragments, type Rule, rule } from "./fragments.js";
import type { Lang } from "./grammar.js";

/**
 * Place names people put after a time ("9am London time", "東京時間", "hora de Madrid",
 * "Berliner Zeit"), lower-cased, to the IANA zone they mean. A country with one zone counts.
 */
const PLACES: Record<string, string> = {
  london: "Europe/London",
  uk: "Europe/London",
  british: "Europe/London",
  londres: "Europe/London",
  londoner: "Europe/London",
  "new york": "America/New_York",
  nyc: "America/New_York",
  ny: "America/New_York",
  "new york city": "America/New_York",
  eastern: "America/New_York",
  "east coast": "America/New_York",
  boston: "America/New_York",
  "nueva york": "America/New_York",
  "new yorker": "America/New_York",
  toronto: "America/Toronto",
  chicago: "America/Chicago",
  central: "America/Chicago",
  denver: "America/Denver",
  mountain: "America/Denver",
  "los angeles": "America/Los_Angeles",
  "san francisco": "America/Los_Angeles",
  seattle: "America/Los_Angeles",
  pacific: "America/Los_Angeles",
  "west coast": "America/Los_Angeles",
  california: "America/Los_Angeles",
  vancouver: "America/Vancouver",
  "mexico city": "America/Mexico_City",
  méxico: "America/Mexico_City",
  mexico: "America/Mexico_City",
  "ciudad de méxico": "America/Mexico_City",
  cdmx: "America/Mexico_City",
  "são paulo": "America/Sao_Paulo",
  "sao paulo": "America/Sao_Paulo",
  "buenos aires": "America/Argentina/Buenos_Aires",
  argentina: "America/Argentina/Buenos_Aires",
  bogotá: "America/Bogota",
  bogota: "America/Bogota",
  colombia: "America/Bogota",
  lima: "America/Lima",
  "santiago de chile": "America/Santiago",
  chile: "America/Santiago",
  madrid: "Europe/Madrid",
  spain: "Europe/Madrid",
  españa: "Europe/Madrid",
  peninsular: "Europe/Madrid",
  madrider: "Europe/Madrid",
  paris: "Europe/Paris",
  parís: "Europe/Paris",
  france: "Europe/Paris",
  pariser: "Europe/Paris",
  berlin: "Europe/Berlin",
  germany: "Europe/Berlin",
  alemania: "Europe/Berlin",
  berliner: "Europe/Berlin",
  deutscher: "Europe/Berlin",
  münchner: "Europe/Berlin",
  rome: "Europe/Rome",
  amsterdam: "Europe/Amsterdam",
  zurich: "Europe/Zurich",
  zürich: "Europe/Zurich",
  zürcher: "Europe/Zurich",
  vienna: "Europe/Vienna",
  wien: "Europe/Vienna",
  wiener: "Europe/Vienna",
  stockholm: "Europe/Stockholm",
  dublin: "Europe/Dublin",
  lisbon: "Europe/Lisbon",
  moscow: "Europe/Moscow",
  istanbul: "Europe/Istanbul",
  dubai: "Asia/Dubai",
  india: "Asia/Kolkata",
  mumbai: "Asia/Kolkata",
  delhi: "Asia/Kolkata",
  bangalore: "Asia/Kolkata",
  singapore: "Asia/Singapore",
  "hong kong": "Asia/Hong_Kong",
  shanghai: "Asia/Shanghai",
  beijing: "Asia/Shanghai",
  china: "Asia/Shanghai",
  taipei: "Asia/Taipei",
  taiwan: "Asia/Taipei",
  tokyo: "Asia/Tokyo",
  tokio: "Asia/Tokyo",
  tokioter: "Asia/Tokyo",
  japan: "Asia/Tokyo",
  seoul: "Asia/Seoul",
  korea: "Asia/Seoul",
  sydney: "Australia/Sydney",
  melbourne: "Australia/Melbourne",
  auckland: "Pacific/Auckland",
  "new zealand": "Pacific/Auckland",
  東京: "Asia/Tokyo",
  日本: "Asia/Tokyo",
  台北: "Asia/Taipei",
  臺北: "Asia/Taipei",
  台灣: "Asia/Taipei",
  台湾: "Asia/Taipei",
  北京: "Asia/Shanghai",
  上海: "Asia/Shanghai",
  中國: "Asia/Shanghai",
  中国: "Asia/Shanghai",
  香港: "Asia/Hong_Kong",
  倫敦: "Europe/London",
  伦敦: "Europe/London",
  ロンドン: "Europe/London",
  紐約: "America/New_York",
  纽约: "America/New_York",
  ニューヨーク: "America/New_York",
  新加坡: "Asia/Singapore",
  シンガポール: "Asia/Singapore",
  首爾: "Asia/Seoul",
  首尔: "Asia/Seoul",
  ソウル: "Asia/Seoul",
  洛杉磯: "America/Los_Angeles",
  洛杉矶: "America/Los_Angeles",
  巴黎: "Europe/Paris",
  パリ: "Europe/Paris",
  柏林: "Europe/Berlin",
  ベルリン: "Europe/Berlin",
  雪梨: "Australia/Sydney",
  悉尼: "Australia/Sydney",
};

/** Abbreviations, matched case-sensitively ("EST", never "est"). Null: refused as ambiguous. */
const ABBREVIATIONS: Record<string, string | null> = {
  UTC: "UTC",
  GMT: "UTC",
  PST: "America/Los_Angeles",
  PDT: "America/Los_Angeles",
  PT: "America/Los_Angeles",
  MST: "America/Denver",
  MDT: "America/Denver",
  MT: "America/Denver",
  CST: "America/Chicago",
  CDT: "America/Chicago",
  CT: "America/Chicago",
  EST: "America/New_York",
  EDT: "America/New_York",
  ET: "America/New_York",
  AKST: "America/Anchorage",
  AKDT: "America/Anchorage",
  HST: "Pacific/Honolulu",
  BST: "Europe/London",
  WET: "Europe/Lisbon",
  WEST: "Europe/Lisbon",
  CET: "Europe/Berlin",
  CEST: "Europe/Berlin",
  MEZ: "Europe/Berlin",
  MESZ: "Europe/Berlin",
  EET: "Europe/Athens",
  EEST: "Europe/Athens",
  MSK: "Europe/Moscow",
  JST: "Asia/Tokyo",
  KST: "Asia/Seoul",
  HKT: "Asia/Hong_Kong",
  SGT: "Asia/Singapore",
  AEST: "Australia/Sydney",
  AEDT: "Australia/Sydney",
  AWST: "Australia/Perth",
  NZST: "Pacific/Auckland",
  NZDT: "Pacific/Auckland",
  // India, Ireland or Israel.
  IST: null,
};

/**
 * Abbreviations that are also a word of a language read here: French "et" (and), "est" (is),
 * "cet" (this), German "ist", Italian "est" (east), English "west", "wet".
 */
const WORDS_LIKE_ZONES: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(["west", "wet"]),
  fr: new Set(["et", "est", "cet"]),
  de: new Set(["ist"]),
  it: new Set(["est"]),
};

/**
 * In capitals among small letters, an abbreviation is a zone ("9am EST"; two letters only right
 * after a time: "PT" is also a session). Where case says nothing — in small letters ("8am est",
 * "9 am utc"), or in a phrase all in capitals ("TOUS LES JOURS À 8H15 ET À 17H45") — it is a
 * zone only right after a time, in three letters or more unless in capitals, and never when it
 * spells a word of the phrase's language. Left out, "8am est" ran at 8am in the user's own zone.
 */
function abbreviationIsZone(m: RegExpExecArray, lang: Lang): boolean {
  const capitals = m[0] === m[0].toUpperCase();
  if (capitals && /\p{Ll}/u.test(m.input)) return m[0].length > 2 || followsClock(m);
  if (!followsClock(m) || (!capitals && m[0].length === 2)) return false;
  return WORDS_LIKE_ZONES[lang]?.has(m[0].toLowerCase()) !== true;
}

/** Looks `name` up, then without its leading words ("Call London" -> "London"). */
function placeZone(label: string, name: string): Fragment | null {
  const words = name.toLowerCase().split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const timezone = PLACES[words.slice(i).join(" ")];
    if (timezone !== undefined) return { kind: "zone", timezone, label };
  }
  return null;
}

/** True when the text before a match ends with a clock reading ("9am", "09:00", "9 Uhr"). */
const followsClock = (m: RegExpExecArray): boolean => ENDS_WITH_TIME.test(m.input.slice(0, m.index));
const ENDS_WITH_TIME = /(?:\d|[ap]\.?m\.?|noon|midnight|uhr|時|点|點)\s*\(?\s*$/i;

const byLength = (a: string, b: string) => b.length - a.length;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const LATIN_PLACES = Object.keys(PLACES)
  .filter((k) => !/[\p{sc=Han}\p{sc=Katakana}]/u.test(k))
  .sort(byLength)
  .map(escapeRegExp);
const CJK_PLACES = Object.keys(PLACES)
  .filter((k) => /[\p{sc=Han}\p{sc=Katakana}]/u.test(k))
  .sort(byLength);
const IANA_AREAS = "Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|US|Canada|Brazil|Mexico|Chile";
const PLACE = String.raw`[\p{Lu}][\p{L}]+(?:\s+[\p{Lu}][\p{L}]+){0,2}`;
const LATIN_PLACE = `(${LATIN_PLACES.join("|")})`;

/** The rules for a phrase in `lang`: an abbreviation that spells one of its words is no zone (above). */
const rulesIn = (lang: Lang): Rule[] => [
  rule(new RegExp(String.raw`\b(?:${IANA_AREAS})/[A-Za-z0-9_+\-]+(?:/[A-Za-z_]+)?\b`), (m) => ({
    kind: "zone",
    timezone: isValidTimeZone(m[0]) ? m[0] : null,
    label: m[0],
  })),
  rule(/\b(?:UTC|GMT)\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?\b/, (m) => {
    const hours = Number(m[2]);
    // POSIX-style Etc/GMT names invert the sign: UTC+8 is Etc/GMT-8.
    const timezone = m[3] === undefined || m[3] === "00" ? `Etc/GMT${m[1] === "+" ? "-" : "+"}${hours}` : "";
    return { kind: "zone", timezone: hours <= 14 && isValidTimeZone(timezone) ? timezone : null, label: m[0] };
  }),
  rule(new RegExp(String.raw`\b(?:${Object.keys(ABBREVIATIONS).join("|")})\b`, "i"), (m) => {
    const timezone = ABBREVIATIONS[m[0].toUpperCase()];
    if (timezone === undefined || !abbreviationIsZone(m, lang)) return null;
    return timezone === null ? { kind: "vague", what: "timezone" } : { kind: "zone", timezone, label: m[0] };
  }),
  rule(new RegExp(String.raw`\b(?:in\s+|on\s+)?${LATIN_PLACE}\s+time(?:\s+zone)?\b`, "i"), (m) => placeZone(m[0], m[1] ?? "")),
  // "5pm Pacific", "9am in Tokyo", "9am London": a place right after a time names its zone.
  rule(/\b(pacific|eastern|central|mountain)\b/i, (m) => (followsClock(m) ? placeZone(m[0], m[1] ?? "") : null)),
  rule(new RegExp(String.raw`\b(?:in\s+)?${LATIN_PLACE}\b(?!\s+time)`, "i"), (m) => (followsClock(m) ? placeZone(m[0], m[1] ?? "") : null)),
  rule(new RegExp(String.raw`\bhora\s+(?:de\s+|del\s+)?${LATIN_PLACE}\b`, "i"), (m) => placeZone(m[0], m[1] ?? "")),
  rule(/\bhora\s+(española|peninsular)\b/i, () => placeZone("hora peninsular", "madrid")),
  rule(new RegExp(String.raw`\b${LATIN_PLACE}\s+(?:zeit|ortszeit)\b`, "i"), (m) => placeZone(m[0], m[1] ?? "")),
  rule(new RegExp(`(${CJK_PLACES.join("|")})(?:時間|时间)`), (m) => placeZone(m[0], m[1] ?? "")),
];

const RULES = new Map<Lang, Rule[]>();
const rulesFor = (lang: Lang): Rule[] => {
  const known = RULES.get(lang);
  if (known !== undefined) return known;
  const rules = rulesIn(lang);
  RULES.set(lang, rules);
  return rules;
};

/**
 * Zones where dates are written day first as often as month first, also by people who write in a
 * language that puts the month first: Hong Kong and Macau (British and Portuguese day-first use beside
 * the Chinese month-first one). There a date such as "8/4" is asked rather than read month first.
 */
const DAY_FIRST_TOO = new Set(["Asia/Hong_Kong", "Asia/Macau"]);
export const writesDayFirstToo = (timezone: string): boolean => DAY_FIRST_TOO.has(timezone);

/**
 * Finds explicit zones in `text` (original case: "EST" is a zone, "est" is Spanish).
 * An unknown "<Place> time" right after a clock reading is reported with a null zone, so the
 * caller refuses it instead of silently using the user's own zone.
 */
export function findZones(text: string, lang: Lang): Found[] {
  const found = findFragments(text, rulesFor(lang));
  for (const m of text.matchAll(new RegExp(String.raw`(?:in\s+)?(${PLACE})\s+time(?![\p{L}])`, "gu"))) {
    const start = m.index;
    const end = start + m[0].length;
    if (found.some((f) => start < f.end && end > f.start) || !followsClock(m as RegExpExecArray)) continue;
    found.push({ fragment: { kind: "zone", timezone: null, label: m[0] }, start, end, text: m[0] });
  }
  return found.sort((a, b) => a.start - b.start);
}
