import { randomBytes } from "node:crypto";
import type { AuthStore } from "../../ports/auth-store.js";
import type { Clock } from "../../ports/clock.js";
import { type JSONWebKeySet, type JWK, newSigningKey, publicJwk } from "./jose/signing-keys.js";

interface StoredKey {
  jwk: JWK;
  /** active: signs new tokens (exactly one); retiring: only verifies tokens it signed before. */
  status: "active" | "retiring";
  createdAt: number;
  retiredAt?: number;
}

/** The built-in issuer's secrets, one record so that a rotation is one write. */
export interface Keyring {
  /** Grows by one with every rotation. */
  version: number;
  keys: StoredKey[];
  /** Signs the sign-in cookies; the first signs, all verify. */
  cookieSecrets: string[];
}

const KIND = "Keyring";
const ID = "current";
const newCookieSecret = () => randomBytes(32).toString("base64url");

async function readOrCreate(store: AuthStore, clock: Clock): Promise<Keyring> {
  const found = await store.get(KIND, ID);
  if (found) return found.payload as unknown as Keyring;
  const now = clock.now();
  const first: Keyring = { version: 1, keys: [{ jwk: await newSigningKey(now), status: "active", createdAt: now }], cookieSecrets: [newCookieSecret()] };
  // Two processes starting on an empty store: one creates, the other reads what it wrote.
  if (await store.create({ kind: KIND, id: ID, payload: first as unknown as Record<string, unknown>, expiresAt: null })) return first;
  return (await store.get(KIND, ID))!.payload as unknown as Keyring;
}

/**
 * A new signing key signs from now on; the old one is kept, published and verifying, until no
 * token it signed can still be valid (`retireAfterMs`, the longest access-token life plus
 * skew), and dropped at a later rotation. The cookie secret rotates too (the previous one still verifies).
 *
 * `retireNow` is for a key that may have leaked: every old key and cookie secret goes at once, so
 * the access tokens they signed stop verifying (servers check the keyring on every request) and
 * sign-ins in progress start over. Grants and refresh tokens are not keys: apps refresh and go on.
 */
export async function rotateKeyring(
  store: AuthStore,
  clock: Clock,
  retireAfterMs: number,
  opts: { retireNow?: boolean } = {},
): Promise<{ kid: string; dropped: string[] }> {
  const ring = await readOrCreate(store, clock);
  const now = clock.now();
  const kept = opts.retireNow
    ? []
    : ring.keys
        .map((k): StoredKey => (k.status === "active" ? { ...k, status: "retiring", retiredAt: now } : k))
        .filter((k) => k.retiredAt === undefined || now - k.retiredAt < retireAfterMs);
  const dropped = ring.keys.filter((k) => !kept.some((c) => c.jwk.kid === k.jwk.kid)).map((k) => k.jwk.kid!);
  const jwk = await newSigningKey(now);
  const next: Keyring = {
    version: ring.version + 1,
    keys: [{ jwk, status: "active", createdAt: now }, ...kept],
    cookieSecrets: [newCookieSecret(), ...(opts.retireNow ? [] : ring.cookieSecrets)].slice(0, 2),
  };
  await store.put({ kind: KIND, id: ID, payload: next as unknown as Record<string, unknown>, expiresAt: null });
  return { kid: jwk.kid!, dropped };
}

/** The private keys, the signing one first (oidc-provider signs with the first that fits). */
export const signingJwks = (ring: Keyring): JSONWebKeySet => ({
  keys: [...ring.keys].sort((a, b) => (a.status === "active" ? -1 : b.status === "active" ? 1 : b.createdAt - a.createdAt)).map((k) => k.jwk),
});

export const verificationJwks = (ring: Keyring): JSONWebKeySet => ({ keys: ring.keys.map((k) => publicJwk(k.jwk)) });

/**
 * The keyring as a serving process sees it: re-read at most every `maxAgeMs`, so a rotation
 * by `duely owner rotate-keys` (another process) is picked up; `fresh` re-reads at once (after
 * a token with an unknown kid), at most once a second; `latest` always re-reads (and updates
 * what `current` answers).
 */
export function keyringCache(store: AuthStore, clock: Clock, maxAgeMs = 30_000) {
  let ring: Keyring | null = null;
  let readAt = 0;
  async function latest(): Promise<Keyring> {
    ring = await readOrCreate(store, clock);
    readAt = clock.now();
    return ring;
  }
  return {
    async current(opts: { fresh?: boolean } = {}): Promise<Keyring> {
      const age = clock.now() - readAt;
      if (!ring || age >= maxAgeMs || (opts.fresh && age >= 1_000)) return latest();
      return ring;
    },
    latest,
  };
}
export type KeyringCache = ReturnType<typeof keyringCache>;
