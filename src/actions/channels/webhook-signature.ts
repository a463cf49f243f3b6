import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures in the Standard Webhooks shape (https://www.standardwebhooks.com/):
 *
 *   webhook-id:        the delivery's id, the same on every retry (the run's idempotency key)
 *   webhook-timestamp: seconds since the epoch when this attempt was sent
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">
 *
 * Signing the id and the timestamp with the body lets a receiver refuse a captured delivery
 * replayed later: a stale timestamp fails, and a fresh one cannot be forged without the secret.
 * A secret written `whsec_<base64>` (the standard's form) is used as those bytes; any other
 * string as its UTF-8 bytes.
 */

export type SignedHeaders = Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string>;

const keyOf = (secret: string): Buffer => (secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8"));

const mac = (secret: string, id: string, timestamp: string, body: string | Buffer) =>
  createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest();

/** The three headers for one attempt; `nowMs` is the sending time. */
export function signWebhook(secret: string, id: string, body: string, nowMs: number): SignedHeaders {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${mac(secret, id, timestamp, body).toString("base64")}` };
}

/**
 * Remembers deliveries already accepted, to refuse an exact replay inside the tolerance window:
 * `seen` answers whether `key` was recorded and not yet expired at `nowS`, and records it until
 * `untilS`. A receiver with several processes implements it on shared storage.
 */
export interface ReplayCache {
  seen(key: string, nowS: number, untilS: number): boolean;
}

/** A per-process ReplayCache: an entry lives until its timestamp leaves the window. */
export function memoryReplayCache(): ReplayCache {
  const entries = new Map<string, number>();
  return {
    seen(key, nowS, untilS) {
      for (const [k, until] of entries) if (until < nowS) entries.delete(k);
      if (entries.has(key)) return true;
      entries.set(key, untilS);
      return false;
    },
  };
}

export type Verification =
  | { ok: true; id: string; timestamp: number }
  | { ok: false; reason: "missing_headers" | "bad_timestamp" | "stale" | "bad_signature" | "replayed" };

type HeaderBag = Readonly<Record<string, string | string[] | undefined>> | Headers;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

/**
 * Verifies a delivery as a receiver should, before parsing the body: the signature over the
 * exact body bytes (any `v1,` entry of a space-separated list matches: key rotation), a
 * timestamp within `toleranceS` of `nowMs` either way, and, with a `replay` cache, an
 * id-and-timestamp pair not accepted before. A retry of the same delivery carries the same
 * `webhook-id` with a new timestamp: it verifies, and the receiver dedupes it by the id.
 */
export function verifyWebhook(secret: string, headers: HeaderBag, body: string | Buffer, nowMs: number, toleranceS = 300, replay?: ReplayCache): Verification {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) return { ok: false, reason: "missing_headers" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "bad_timestamp" };
  const sentS = Number(timestamp);
  if (Math.abs(nowMs / 1000 - sentS) > toleranceS) return { ok: false, reason: "stale" };
  const expected = mac(secret, id, timestamp, body);
  const matches = signatures.split(" ").some((entry) => {
    const [version, sig] = entry.split(",", 2);
    const given = Buffer.from(sig ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: "bad_signature" };
  if (replay?.seen(`${id}.${timestamp}`, nowMs / 1000, sentS + toleranceS)) return { ok: false, reason: "replayed" };
  return { ok: true, id, timestamp: sentS };
}
