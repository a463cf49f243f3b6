import type { FeedItem } from "../feed-parser.js";

export type DigestLength = "short" | "medium" | "long";

/** What a summarizer is asked to condense. */
export interface DigestRequest {
  topic: string;
  /** Already picked and capped, most relevant first. */
  items: FeedItem[];
  /** False when no item mentioned the topic and `items` are just the newest. */
  matched: boolean;
  /** New items found in the feeds, before picking. */
  available: number;
  /** BCP 47 tag or a language name, as the task gave it; LLM summarizers only. */
  language: string | undefined;
  length: DigestLength;
}
