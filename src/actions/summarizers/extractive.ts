import { bestSentences } from "../relevance.js";
import type { DigestLength, DigestRequest } from "./digest.js";

/**
 * The offline summarizer: it only selects and quotes, never writes. Its first line says so,
 * so nobody reads quoted headlines as a model's summary.
 */

export const EXTRACTIVE_LABEL = "Extractive digest (headlines and sentences quoted from the feeds; not an LLM summary)";

const SENTENCES: Record<DigestLength, number> = { short: 0, medium: 1, long: 2 };
const SENTENCE_MAX_CHARS = 280;
/** A title or quote keeps its words but not its links: the only links in a digest are the items' own. */
const withoutLinks = (s: string) => s.replace(/https?:\/\/\S+/g, "[link]");

export function extractiveDigest(req: DigestRequest): string {
  const { topic, items } = req;
  const head = req.matched
    ? `${EXTRACTIVE_LABEL} about "${topic}": ${items.length} of ${req.available} new items, most relevant first.`
    : `${EXTRACTIVE_LABEL}: none of ${req.available} new items mention "${topic}"; the newest are:`;
  const entries = items.map((item, i) => {
    const quotes = bestSentences(topic, item.summary, SENTENCES[req.length], SENTENCE_MAX_CHARS);
    return [`${i + 1}. ${withoutLinks(item.title)}`, ...quotes.map((q) => `   ${withoutLinks(q)}`), `   ${item.link}`].join("\n");
  });
  return [head, ...entries].join("\n\n");
}
