import { type ActionContext, ActionFailure } from "../ports/action.js";
import { MalformedFeedError, parseFeed, plainText } from "./feed-parser.js";
import { selectItems } from "./feeds.js";
import { describeUrl, type Outbound } from "./http.js";

/** The text fetched from one of an `ask` action's sources, or why it could not be. */
export interface FetchedSource {
  /** Host and path only (a query may carry a token). */
  url: string;
  text: string;
  /** Set when the source could not be read; `text` is then empty. */
  failure?: string;
}

const ACCEPT = "text/html, text/plain;q=0.9, application/json;q=0.9, application/rss+xml;q=0.9, application/atom+xml;q=0.9, */*;q=0.1";
const FEED_TYPES = /xml|rss|atom/i;

/**
 * A feed becomes its items newer than the previous successful run, one line each; HTML becomes
 * its text; anything else is taken as text. Cut to `maxChars`.
 */
async function textOf(body: Buffer, contentType: string, url: string, since: number | null, maxChars: number): Promise<string> {
  const raw = new TextDecoder("utf-8").decode(body);
  if (FEED_TYPES.test(contentType) || raw.trimStart().startsWith("<?xml")) {
    try {
      const items = selectItems(await parseFeed(raw, url), since);
      const lines = items.map(
        (i) => `- ${i.title}${i.published === null ? "" : ` (${new Date(i.published).toISOString().slice(0, 10)})`}: ${i.summary} <${i.link}>`,
      );
      return cut(lines.length ? lines.join("\n") : "(no new items in this feed)", maxChars);
    } catch (err) {
      if (!(err instanceof MalformedFeedError)) throw err;
    }
  }
  if (/html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(raw)) return plainText(raw, maxChars);
  return cut(raw, maxChars);
}

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/**
 * Fetches every source through the guarded `Outbound` (address guard, size cap, timeout), each
 * cut to its share of `maxChars`. A source that fails is reported and left out; the run fails
 * only when every source failed (permanently when every failure was).
 */
export async function fetchSources(urls: readonly string[], outbound: Outbound, ctx: ActionContext, maxChars: number): Promise<FetchedSource[]> {
  const share = Math.max(200, Math.floor(maxChars / Math.max(1, urls.length)));
  const results = await Promise.allSettled(
    urls.map(async (url) => {
      const res = await outbound.request(url, { headers: { accept: ACCEPT, "user-agent": "duely (scheduled ask)" }, signal: ctx.signal, now: ctx.now });
      ctx.heartbeat();
      return await textOf(res.body, res.headers.get("content-type") ?? "", res.url, ctx.previousSuccessAt, share);
    }),
  );
  const fetched = results.map((r, i): FetchedSource => {
    const url = describeUrl(urls[i]!);
    if (r.status === "fulfilled") return { url, text: r.value };
    const failure = r.reason instanceof ActionFailure ? r.reason : new ActionFailure(String(r.reason), { permanent: false });
    return { url, text: "", failure: failure.message };
  });
  const failed = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (urls.length > 0 && failed.length === urls.length) {
    const permanent = failed.every((e) => e instanceof ActionFailure && e.permanent);
    throw new ActionFailure(`no source could be read: ${fetched.map((f) => f.failure).join("; ")}`, { permanent });
  }
  return fetched;
}
