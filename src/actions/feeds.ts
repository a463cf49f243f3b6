import { type ActionContext, ActionFailure } from "../ports/action.js";
import type { FeedsConfig } from "./config.js";
import { type FeedItem, MalformedFeedError, parseFeed } from "./feed-parser.js";
import { describeUrl, type Outbound } from "./http.js";

export interface FeedFailure {
  /** Host and path of the feed. */
  feed: string;
  reason: string;
}

export interface FetchedItems {
  /** Newer than the previous successful run, newest first, deduplicated. */
  items: FeedItem[];
  /** Feeds that could not be fetched or parsed; the others still count. */
  failures: FeedFailure[];
}

const ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1";

/** The configured feeds for a topic: every keyword whose words all occur in the topic, else the fallback. */
export function feedsForTopic(topic: string, config: FeedsConfig): string[] {
  const words = new Set(
    topic
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  const matched = Object.entries(config.topics)
    .filter(([keyword]) => keyword.split(" ").every((w) => words.has(w)))
    .flatMap(([, urls]) => urls);
  return [...new Set(matched.length > 0 ? matched : config.fallback)];
}

/** Honours the encoding in the XML declaration (ISO-8859-1 feeds still exist); UTF-8 otherwise. */
function decodeXml(body: Buffer): string {
  const declared = /^<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(body.subarray(0, 200).toString("latin1"))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

async function fetchFeed(url: string, outbound: Outbound, ctx: ActionContext): Promise<FeedItem[]> {
  const res = await outbound.request(url, { headers: { accept: ACCEPT, "user-agent": "duely (feed digest)" }, signal: ctx.signal, now: ctx.now });
  try {
    // A guid like "123" is only unique within its feed; URIs (http:, tag:, urn:) are global.
    return (await parseFeed(decodeXml(res.body), res.url)).map((item) => (item.guid.includes(":") ? item : { ...item, guid: `${url}#${item.guid}` }));
  } catch (err) {
    if (err instanceof MalformedFeedError) throw new ActionFailure(`${describeUrl(url)}: ${err.message}`, { permanent: true });
    throw err;
  }
}

/** Keeps items published after `since` (undated items are kept: their age is unknown), newest first, one per guid or link. */
export function selectItems(items: FeedItem[], since: number | null): FeedItem[] {
  const seen = new Set<string>();
  const fresh = items.filter((item) => since === null || item.published === null || item.published > since);
  // Stable sort: undated items keep their feed order after the dated ones.
  fresh.sort((a, b) => (b.published ?? -Infinity) - (a.published ?? -Infinity));
  return fresh.filter((item) => {
    const keys = [`guid:${item.guid}`, `link:${item.link}`];
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}

/** The whole digest depends on the feeds: fail only when none of them could be read. */
function failureWhenAllFailed(errors: ActionFailure[]): ActionFailure {
  const permanent = errors.every((e) => e.permanent);
  const delays = errors.flatMap((e) => (e.retryAfterMs === undefined ? [] : [e.retryAfterMs]));
  return new ActionFailure(`no feed could be read: ${errors.map((e) => e.message).join("; ")}`, {
    permanent,
    ...(!permanent && delays.length > 0 && { retryAfterMs: Math.max(...delays) }),
  });
}

const asFailure = (err: unknown) => (err instanceof ActionFailure ? err : new ActionFailure(String(err), { permanent: false }));

export async function fetchItems(urls: string[], outbound: Outbound, ctx: ActionContext): Promise<FetchedItems> {
  const results = await Promise.allSettled(
    urls.map(async (url) => {
      const items = await fetchFeed(url, outbound, ctx);
      ctx.heartbeat();
      return items;
    }),
  );
  const errors = results.flatMap((r) => (r.status === "rejected" ? [asFailure(r.reason)] : []));
  if (urls.length > 0 && errors.length === urls.length) throw failureWhenAllFailed(errors);
  return {
    items: selectItems(
      results.flatMap((r) => (r.status === "fulfilled" ? r.value : [])),
      ctx.previousSuccessAt,
    ),
    failures: results.flatMap((r, i) => (r.status === "rejected" ? [{ feed: describeUrl(urls[i]!), reason: asFailure(r.reason).message }] : [])),
  };
}
