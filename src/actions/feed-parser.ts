import type { XMLParser } from "fast-xml-parser";

/** One article from a feed, normalized across RSS 2.0, RSS 1.0 (RDF) and Atom. */
export interface FeedItem {
  title: string;
  /** Absolute http(s) URL; items without one are dropped (a digest cites its sources). */
  link: string;
  /** The feed's own id for the item (RSS guid, Atom id); the link when it has none. */
  guid: string;
  /** Epoch ms; null when the feed gives no parseable date. */
  published: number | null;
  /** Plain text (tags stripped, entities decoded), at most SUMMARY_MAX_CHARS. */
  summary: string;
}

/** Thrown for a document that is not a well-formed RSS or Atom feed. */
export class MalformedFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedFeedError";
  }
}

const SUMMARY_MAX_CHARS = 1_000;
const TITLE_MAX_CHARS = 300;

type Xml = { parser: XMLParser; validate: typeof import("fast-xml-parser")["XMLValidator"]["validate"] };

/**
 * fast-xml-parser is imported with the first feed parsed, not with the worker: an always-on
 * service that runs no feed digest never holds it (its ~40 modules, ~2 MB). Node caches the
 * module; the parser is built once.
 */
let loading: Promise<Xml> | null = null;
function xmlParser(): Promise<Xml> {
  loading ??= import("fast-xml-parser").then(({ XMLParser, XMLValidator }) => ({
    parser: new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@_",
      removeNSPrefix: true,
      parseTagValue: false,
      trimValues: true,
      isArray: (name) => name === "item" || name === "entry" || name === "link",
      // Bounded DOCTYPE entities: a billion-laughs feed fails instead of eating memory.
      processEntities: { maxEntityCount: 50, maxTotalExpansions: 1_000, maxExpandedLength: 100_000 },
    }),
    validate: (text, opts) => XMLValidator.validate(text, opts),
  }));
  return loading;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Feed text fields often hold escaped HTML; the digest wants plain text. */
export function plainText(html: string, max: number): string {
  const text = decodeEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

type Node = unknown;

function textOf(node: Node): string {
  if (typeof node === "string") return node;
  if (typeof node === "number") return String(node);
  if (node && typeof node === "object" && "#text" in node) return textOf((node as { "#text": unknown })["#text"]);
  return "";
}

function field(obj: Record<string, Node>, ...names: string[]): string {
  for (const name of names) {
    const value = obj[name];
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = textOf(v).trim();
      if (text) return text;
    }
  }
  return "";
}

function absoluteHttpUrl(raw: string, base: string): string | null {
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function parseDate(raw: string): number | null {
  const ms = raw ? Date.parse(raw) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

function atomLink(entry: Record<string, Node>): string {
  const links = (entry.link as Node[] | undefined) ?? [];
  const attrs = links.filter((l): l is Record<string, string> => !!l && typeof l === "object");
  const pick = attrs.find((l) => !l["@_rel"] || l["@_rel"] === "alternate") ?? attrs[0];
  return pick?.["@_href"] ?? "";
}

function normalize(raw: Record<string, Node>, atom: boolean, feedUrl: string): FeedItem | null {
  const guid = field(raw, atom ? "id" : "guid");
  const rawLink = atom ? atomLink(raw) : field(raw, "link") || (/^https?:\/\//.test(guid) ? guid : "");
  const link = absoluteHttpUrl(rawLink, feedUrl);
  if (!link) return null;
  const summary = atom ? field(raw, "summary", "content") : field(raw, "description", "encoded");
  return {
    title: plainText(field(raw, "title"), TITLE_MAX_CHARS) || "(untitled)",
    link,
    guid: guid || link,
    published: parseDate(atom ? field(raw, "published", "updated") : field(raw, "pubDate", "date")),
    summary: plainText(summary, SUMMARY_MAX_CHARS),
  };
}

/** Parses an RSS or Atom document. `feedUrl` resolves relative links. */
export async function parseFeed(xml: string, feedUrl: string): Promise<FeedItem[]> {
  const { parser, validate } = await xmlParser();
  const valid = validate(xml);
  if (valid !== true) throw new MalformedFeedError(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  let doc: Record<string, Node>;
  try {
    doc = parser.parse(xml) as Record<string, Node>;
  } catch (err) {
    throw new MalformedFeedError(err instanceof Error ? err.message : String(err));
  }
  const child = (node: Node, key: string): Node => (node !== null && typeof node === "object" ? (node as Record<string, Node>)[key] : undefined);
  const list = (node: Node): Node[] => (Array.isArray(node) ? node : []);
  let entries: Node[];
  // `item` and `entry` are always parsed as arrays (see `isArray`).
  if (doc.rss !== undefined) entries = list(child(child(doc.rss, "channel"), "item"));
  else if (doc.RDF !== undefined) entries = list(child(doc.RDF, "item"));
  else if (doc.feed !== undefined) entries = list(child(doc.feed, "entry"));
  else throw new MalformedFeedError("neither an RSS nor an Atom feed");
  const atom = doc.rss === undefined && doc.RDF === undefined;
  return entries.flatMap((raw) => (raw !== null && typeof raw === "object" ? (normalize(raw as Record<string, Node>, atom, feedUrl) ?? []) : []));
}
