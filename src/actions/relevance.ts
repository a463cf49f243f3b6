import type { FeedItem } from "./feed-parser.js";

/**
 * Relevance of feed items to a topic, without a model: TF-IDF over topic terms, with a loose
 * prefix match standing in for stemming ("finance" ~ "financial", "bank" ~ "banking").
 */

const STOPWORDS = new Set(
  (
    "a an and are as at be by for from has have in into is it its of on or that the this to was were will with " +
    "about after all any latest new news daily today week weekly morning evening update updates headlines top " +
    "stories story summary summarize digest brief briefing me my our please what whats"
  ).split(" "),
);

const tokenize = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The words of a topic that say what it is about ("finance news" → ["finance"]). */
const topicTerms = (topic: string) => [...new Set(tokenize(topic).filter((w) => !STOPWORDS.has(w)))];

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Short words must match exactly ("ai" is not "aid"); a word of 4+ letters matches its extensions
 * ("bank" ~ "banking"); longer words may also differ in their last two letters, sharing at least
 * five ("finance" ~ "financial", but not "final").
 */
export function termMatches(term: string, word: string): boolean {
  if (term === word) return true;
  const [shorter, longer] = term.length <= word.length ? [term, word] : [word, term];
  if (shorter.length < 4) return false;
  if (longer.startsWith(shorter)) return true;
  return commonPrefix(term, word) >= Math.max(5, shorter.length - 2);
}

const countMatches = (term: string, words: string[]) => words.filter((w) => termMatches(term, w)).length;

export interface Ranked {
  item: FeedItem;
  score: number;
}

const TITLE_WEIGHT = 3;

/** Scores every item (0 = unrelated); highest first, ties keep the input order (newest first). */
export function rankByTopic(topic: string, items: FeedItem[]): Ranked[] {
  const terms = topicTerms(topic);
  const docs = items.map((item) => ({ title: tokenize(item.title), body: tokenize(item.summary) }));
  const idf = terms.map((t) => {
    const df = docs.filter((d) => countMatches(t, d.title) + countMatches(t, d.body) > 0).length;
    return Math.log(1 + items.length / (1 + df));
  });
  const ranked = items.map((item, i) => {
    const doc = docs[i]!;
    const score = terms.reduce((sum, t, j) => sum + (TITLE_WEIGHT * countMatches(t, doc.title) + countMatches(t, doc.body)) * idf[j]!, 0);
    return { item, score };
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/** The items a digest is made of: the relevant ones when any are, else the newest. */
export function pickItems(topic: string, items: FeedItem[], max: number): { items: FeedItem[]; matched: boolean } {
  const relevant = rankByTopic(topic, items).filter((r) => r.score > 0);
  return relevant.length > 0 ? { items: relevant.slice(0, max).map((r) => r.item), matched: true } : { items: items.slice(0, max), matched: false };
}

/** The sentences of `text` that best match the topic, in their original order. */
export function bestSentences(topic: string, text: string, count: number, maxChars: number): string[] {
  const terms = topicTerms(topic);
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.length > 0);
  const scored = sentences.map((s, i) => ({ s, i, score: terms.reduce((n, t) => n + countMatches(t, tokenize(s)), 0) }));
  const chosen = [...scored].sort((a, b) => b.score - a.score || a.i - b.i).slice(0, count);
  return chosen.sort((a, b) => a.i - b.i).map(({ s }) => (s.length <= maxChars ? s : `${s.slice(0, maxChars - 1).trimEnd()}…`));
}
