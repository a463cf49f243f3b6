import type { IncomingMessage } from "node:http";

/** `::ffff:203.0.113.9` and `203.0.113.9` are one client. */
const plain = (address: string): string => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

/**
 * The address a request came from, for throttling and logs: the socket's peer, unless that
 * peer is one of `trustedProxies` (`http.trusted_proxies`); then the X-Forwarded-For hop that
 * reached the nearest trusted proxy, read from the right, since a client can write any
 * entries it likes on the left. Without trusted proxies no header counts.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = plain(req.socket.remoteAddress ?? "unknown");
  if (!trustedProxies.has(peer)) return peer;
  const header = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.has(hops[i]!)) return hops[i]!;
  return hops[0] ?? peer;
}
