import { ASK_VERB, CONDITIONAL } from "./intent.js";

/**
 * The `rules` assistant's `ask` action: a request that wants the model's answer ("write me a
 * poem") or wants to hear only when something holds ("only tell me if it's down"). The sources
 * are the URLs in the request; the condition is what follows "if"; the prompt is the request
 * without its schedule.
 */

const URL = /https?:\/\/[^\s,;，。]+[^\s,;，。.!?)]/g;

const CONDITION = [
  /\b(?:only )?(?:tell|notify|alert|ping) me(?: only)? (?:if|when) (.+?)(?:[;.]|$)/i,
  /\blet me know(?: only)? (?:if|when) (.+?)(?:[;.]|$)/i,
  /\bbut only if (.+?)(?:[;.]|$)/i,
  /只有(.+?)(?:的時候|的时候|時|时)?才(?:通知|告訴|告诉)我/,
];

export function askActionOf(text: string, matched: string): { type: "ask"; prompt: string; sources?: string[]; deliver_if?: string } | null {
  const conditional = CONDITIONAL.some((p) => p.test(text));
  if (!conditional && !ASK_VERB.some((p) => p.test(text))) return null;
  const sources = [...new Set(text.match(URL) ?? [])];
  const condition = conditional ? CONDITION.map((p) => p.exec(text)?.[1]?.trim()).find((c) => c) : undefined;
  const prompt =
    text
      .replace(matched, " ")
      .replace(/^[\s,.;:，。]+|[\s,.;:，。]+$/g, "")
      .replace(/\s+/g, " ")
      .slice(0, 4000) || text;
  return { type: "ask", prompt, ...(sources.length > 0 && { sources }), ...(condition && { deliver_if: condition.slice(0, 500) }) };
}
