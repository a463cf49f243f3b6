import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEEDS, HttpPolicy } from "../../src/actions/config.js";
import { MalformedFeedError, parseFeed } from "../../src/actions/feed-parser.js";
import { feedsForTopic, fetchItems } from "../../src/actions/feeds.js";
import { createOutbound } from "../../src/actions/http.js";
import { ActionFailure } from "../../src/ports/action.js";
import { rejection, testContext } from "./support/context.js";
import { fixture, startFeedServer } from "./support/feed-server.js";
import type { TestServer } from "./support/http-server.js";

const outbound = createOutbound(HttpPolicy.parse({ allow_loopback: true, max_bytes: 64 * 1024 }));
let feeds: TestServer;
let url: (path: string) => string;

beforeAll(async () => {
  feeds = await startFeedServer();
  url = (path) => `${feeds.origin}${path}`;
});
afterAll(() => feeds.close());

describe("parsing", () => {
  it("normalizes RSS 2.0 items: plain-text summary, absolute link, date", async () => {
    const items = await parseFeed(fixture("finance.rss.xml"), "https://news.example/finance.rss");
    expect(items[0]).toEqual({
      title: "Central bank holds interest rates as inflation cools",
      link: "https://news.example/markets/rates",
      guid: "fin-001",
      published: Date.parse("2026-03-17T07:30:00Z"),
      summary:
        "The central bank kept its benchmark interest rate unchanged on Tuesday. Officials said inflation is cooling faster than expected & signalled cuts later this year.",
    });
    expect(items.find((i) => i.guid === "fin-005")?.link).toBe("https://news.example/markets/fx");
  });

  it("normalizes Atom entries: the alternate link, published or updated, HTML titles as text", async () => {
    const items = await parseFeed(fixture("tech.atom.xml"), "https://tech.example/atom.xml");
    expect(items.map((i) => i.link)).toEqual(["https://tech.example/chips", "https://news.example/markets/rally", "https://tech.example/payments"]);
    expect(items[2]).toMatchObject({ title: "Startup raises $40m to build payment rails", published: Date.parse("2026-03-16T10:00:00Z") });
    expect(items[2]!.summary).toBe("The round values the fintech company at $400m.");
  });

  it("reports a malformed document and a document that is not a feed", async () => {
    await expect(parseFeed(fixture("malformed.xml"), "https://x.example/")).rejects.toThrow(MalformedFeedError);
    await expect(parseFeed(fixture("not-a-feed.xml"), "https://x.example/")).rejects.toThrow(/neither an RSS nor an Atom feed/);
  });

  it("does not let DOCTYPE entities blow up: nesting is not expanded, runaway expansion fails", async () => {
    const doc = (body: string) =>
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` +
      `<rss version="2.0"><channel><item><title>${body}</title><link>https://x.example/</link></item></channel></rss>`;
    expect((await parseFeed(doc("&b;&b;"), "https://x.example/"))[0]!.title.length).toBeLessThan(20);
    await expect(parseFeed(doc("&a;".repeat(5_000)), "https://x.example/")).rejects.toThrow(MalformedFeedError);
  });
});

describe("fetching", () => {
  it("keeps only items newer than the previous successful run, one per guid or link, newest first", async () => {
    const ctx = testContext({ previousSuccessAt: Date.parse("2026-03-16T12:00:00Z") });
    const { items, failures } = await fetchItems([url("/feeds/finance.rss.xml"), url("/feeds/tech.atom.xml")], outbound, ctx);
    expect(failures).toEqual([]);
    expect(items.map((i) => i.title)).toEqual([
      "Chipmaker unveils a new AI accelerator",
      "Central bank holds interest rates as inflation cools",
      "Stock markets rally on strong bank earnings",
      "Local team wins the cup final",
      "Markets wrap: bond yields slip as investors weigh the financial outlook",
      "Currency traders brace for finance ministers' meeting",
    ]);
    expect(items.filter((i) => i.link === "https://news.example/markets/rally")).toHaveLength(1);
    expect(ctx.heartbeats()).toBe(2);
  });

  it("keeps everything on a first run", async () => {
    const { items } = await fetchItems([url("/feeds/finance.rss.xml")], outbound, testContext());
    expect(items.map((i) => i.guid)).toHaveLength(6);
  });

  it("skips a malformed feed, a non-feed and a feed over the size cap, and reports each", async () => {
    const { items, failures } = await fetchItems(
      [url("/feeds/tech.atom.xml"), url("/feeds/malformed.xml"), url("/feeds/not-a-feed.xml"), url("/huge.xml")],
      outbound,
      testContext(),
    );
    expect(items).toHaveLength(3);
    expect(failures).toEqual([
      { feed: url("/feeds/malformed.xml"), reason: expect.stringMatching(/not well-formed XML/) },
      { feed: url("/feeds/not-a-feed.xml"), reason: expect.stringMatching(/neither an RSS nor an Atom feed/) },
      { feed: url("/huge.xml"), reason: expect.stringMatching(/over 65536 bytes/) },
    ]);
  });

  it("fails permanently when every feed is unreadable for good", async () => {
    const err = await rejection(fetchItems([url("/feeds/malformed.xml"), url("/huge-declared.xml")], outbound, testContext()));
    expect(err).toBeInstanceOf(ActionFailure);
    expect((err as ActionFailure).permanent).toBe(true);
    expect((err as ActionFailure).message).toMatch(/^no feed could be read/);
  });

  it("fails retryably, with the server's delay, when an unreadable feed may recover", async () => {
    const err = (await rejection(fetchItems([url("/feeds/malformed.xml"), url("/status/503")], outbound, testContext()))) as ActionFailure;
    expect(err).toMatchObject({ permanent: false, retryAfterMs: 30_000 });
  });

  it("follows a feed's redirects", async () => {
    const { items } = await fetchItems([url("/redirect/2/tech.atom.xml")], outbound, testContext());
    expect(items).toHaveLength(3);
  });
});

describe("default feeds per topic", () => {
  it("combines every keyword found in the topic, else falls back", () => {
    const config = {
      topics: { finance: ["https://f.example/rss"], tech: ["https://t.example/rss"], "climate change": ["https://c.example/rss"] },
      fallback: ["https://all.example/rss"],
    };
    expect(feedsForTopic("Finance news", config)).toEqual(["https://f.example/rss"]);
    expect(feedsForTopic("tech and finance", config)).toEqual(["https://f.example/rss", "https://t.example/rss"]);
    expect(feedsForTopic("news on climate change", config)).toEqual(["https://c.example/rss"]);
    expect(feedsForTopic("climate", config)).toEqual(["https://all.example/rss"]);
    expect(feedsForTopic("finance news", DEFAULT_FEEDS).length).toBeGreaterThan(0);
  });
});
