import { REMIND_VERB } from "./intent.js";

/**
 * The `rules` assistant's wording: the action, title and topic it derives from a request, and
 * its replies. Plain English replies whatever the user's language (a known limit of the baseline).
 */

/** Words that frame a request rather than name its topic (en, es, de). */
const FRAME_WORDS = new Set(
  (
    "please can could would you i want like to send give get email make write prepare create set up schedule me us for a an the latest recent newest " +
    "summarize summarise summary summaries digest of on about with and quick short brief it them every each day daily morning evening " +
    "por favor envíame enviame mándame mandame hazme un una el la los las de del resumen resume resúmeme resumeme últimas ultimas sobre y cada " +
    "bitte schick schicke sende mir eine einen ein die der das den dem zusammenfassung fasse zusammen über zu von aktuellen neuesten neusten und jeden"
  ).split(" "),
);

/** Framing in Chinese and Japanese, removed as substrings (no word breaks to split on). */
const CJK_FRAME =
  /请|請|帮我|幫我|给我|給我|发给我|發給我|总结一下|總結一下|总结|總結|摘要|汇总|匯總|整理一下|整理|一下|要約して|要約を|要約|まとめて|ください|送って|お願い/g;

const EDGE = /^[\s,.;:!?，。、！？「」"'“”()（）-]+|[\s,.;:!?，。、！？「」"'“”()（）-]+$/gu;
const trimEdges = (s: string) => s.replace(EDGE, "").replace(/\s+/g, " ");

function withoutSpan(text: string, span: string): string {
  const i = span === "" ? -1 : text.indexOf(span);
  return i < 0 ? text : `${text.slice(0, i)} ${text.slice(i + span.length)}`;
}

/** What a digest is about: the request minus its schedule and its framing words. */
export function topicOf(text: string, matched: string): string {
  const rest = withoutSpan(text, matched).replace(CJK_FRAME, " ");
  const kept = rest.split(/[\s,.;:!?，。、！？]+/u).filter((w) => w !== "" && !FRAME_WORDS.has(w.toLowerCase()));
  const topic = trimEdges(kept.join(" "));
  return topic === "" ? "news" : topic.slice(0, 200);
}

const AFTER_VERB = /^\s*(to|that|about|of|daran,?|dass|que|de|a)\s+/i;

/** What a reminder says: the words after "remind me (to)", or before 「…をリマインドして」. */
export function messageOf(text: string, matched: string): string {
  const rest = withoutSpan(text, matched);
  for (const verb of REMIND_VERB) {
    const m = verb.exec(rest);
    if (!m) continue;
    const after = trimEdges(rest.slice(m.index + m[0].length).replace(AFTER_VERB, ""));
    const before = trimEdges(rest.slice(0, m.index).replace(/(を|と|のを|ように|って)$/u, ""));
    // A particle left at the front of a Japanese clause ("に歯医者の予約") is not part of it.
    const message = (after !== "" ? after : before).replace(/^(に|を|は|で|、)+/u, "");
    if (message !== "") return message.slice(0, 2000);
  }
  const plain = trimEdges(rest);
  return plain === "" ? "Reminder" : plain.slice(0, 2000);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`);

export function titleFor(action: { type: "summarize"; topic: string } | { type: "notify"; message: string } | { type: "ask"; prompt: string }): string {
  if (action.type === "ask") return clip(capitalize(action.prompt), 80);
  return action.type === "summarize"
    ? clip(`${capitalize(action.topic)}${/digest/i.test(action.topic) ? "" : " digest"}`, 80)
    : clip(`Reminder: ${action.message}`, 80);
}

/**
 * A question for the user from an error's hint: the hint's quoted question when it has one
 * (`Ask the user: "At what time exactly?"`), else one that fits the code.
 */
export function questionFor(code: string, message: string, hint: string | undefined): string {
  const quoted = hint ? /Ask the user:? "([^"]+)"/.exec(hint)?.[1] : undefined;
  if (quoted) return `${message} ${quoted}`;
  switch (code) {
    case "in_the_past":
      return `${message} Which later date or time should I use?`;
    case "beyond_horizon":
      return `${message} Which earlier date should I use?`;
    default:
      return `${message} ${hint ?? ""} What would you like instead?`.replace(/\s+/g, " ");
  }
}

export const CHAT_REPLY =
  'I can schedule news digests and reminders for you on duely. Tell me what to do and when, for example "every weekday at 8am, summarize finance news".';
