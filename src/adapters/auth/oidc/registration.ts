import { errors } from "oidc-provider";
import { type BucketSpec, type BucketState, take } from "../../../core/token-bucket.js";
import type { AuthStore } from "../../../ports/auth-store.js";
import type { Clock } from "../../../ports/clock.js";
import { CLIENTS_LISTING } from "../clients.js";

/** A client's whole metadata, as JSON: ChatGPT's, Claude's and the Inspector's are well under 2 KiB. */
export const MAX_METADATA_CHARS = 16 * 1024;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_CHARS = 2_000;
const MAX_NAME_CHARS = 200;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Why a redirect URI may not be registered, or null. OAuth 2.1 (§1.5, §8.4.2) and the MCP
 * authorization spec: https, or http on a loopback host for a native app; an app's private-use
 * scheme (cursor://…) goes back to that app, so it passes too (oidc-provider already refuses
 * javascript:, data:, file: and the like, and custom schemes for web clients).
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_URI_CHARS) return `a redirect URI is longer than ${MAX_URI_CHARS} characters`;
  const u = URL.parse(uri);
  if (!u) return `${uri} is not a URI`;
  if (u.protocol === "http:" && !LOOPBACK_HOSTS.has(u.hostname))
    return `${uri}: http redirect URIs must be on a loopback host (127.0.0.1, [::1], localhost); use https`;
  return null;
}

/**
 * Why a client's metadata may not be registered (size and redirect URIs), or null; `field` is
 * `redirect_uris` when that is the fault, which RFC 7591 answers with an error code of its own.
 */
export function clientMetadataProblem(metadata: Record<string, unknown>): { field: "redirect_uris" | "metadata"; problem: string } | null {
  if (JSON.stringify(metadata).length > MAX_METADATA_CHARS)
    return { field: "metadata", problem: `client metadata is larger than ${MAX_METADATA_CHARS} characters` };
  const uris = Array.isArray(metadata.redirect_uris) ? (metadata.redirect_uris as unknown[]) : [];
  if (uris.length > MAX_REDIRECT_URIS) return { field: "redirect_uris", problem: `more than ${MAX_REDIRECT_URIS} redirect_uris` };
  for (const uri of uris) {
    const problem = redirectUriProblem(String(uri));
    if (problem) return { field: "redirect_uris", problem };
  }
  if (typeof metadata.client_name === "string" && metadata.client_name.length > MAX_NAME_CHARS) {
    return { field: "metadata", problem: `client_name is longer than ${MAX_NAME_CHARS} characters` };
  }
  return null;
}

/**
 * oidc-provider's hook for it: its validator for extra client metadata sees the whole metadata
 * of every client it builds (registered, published as a metadata document, or read back from
 * the store), so one listed property makes it run for each. `software_id` is RFC 7591's own.
 */
export const clientMetadataCheck = {
  properties: ["software_id"],
  validator(_ctx: unknown, _key: string, _value: unknown, metadata: Record<string, unknown>): void {
    const found = clientMetadataProblem(metadata);
    if (!found) return;
    if (found.field === "metadata") throw new errors.InvalidClientMetadata(found.problem);
    // Its constructor takes no message: it is written for a mismatch at /authorize.
    const e = new errors.InvalidRedirectUri();
    e.error_description = found.problem;
    throw e;
  },
};

export interface RegistrationLimits {
  /** Registrations per client address. */
  perAddress: BucketSpec;
  /** Registered clients at most; more are refused until unused ones expire. */
  maxClients: number;
}

export interface Refusal {
  status: number;
  retryAfterS: number;
  error: string;
  description: string;
}

/**
 * Bounds dynamic client registration: a token bucket per client address (in this process; a
 * bounded table) and a cap on how many clients the store holds.
 */
export function registrationGate(store: AuthStore, clock: Clock, limits: RegistrationLimits) {
  const buckets = new Map<string, BucketState>();
  const MAX_ADDRESSES = 10_000;
  return {
    async refuse(address: string): Promise<Refusal | null> {
      const now = clock.now();
      const taken = take(buckets.get(address), limits.perAddress, 1, now);
      buckets.delete(address);
      buckets.set(address, taken.state);
      if (buckets.size > MAX_ADDRESSES) buckets.delete(buckets.keys().next().value!);
      if (!taken.ok) {
        return {
          status: 429,
          retryAfterS: Math.ceil(taken.retryAfterMs / 1000),
          error: "temporarily_unavailable",
          description: "too many client registrations from this address; try again later",
        };
      }
      const count = (await store.list("Client", CLIENTS_LISTING)).length;
      if (count >= limits.maxClients) {
        return {
          status: 503,
          retryAfterS: 3600,
          error: "temporarily_unavailable",
          description: `this server holds its maximum of ${limits.maxClients} registered clients; unused ones expire`,
        };
      }
      return null;
    },
  };
}

/**
 * Keeps a client that is used: each token it gets pushes its expiry to `ttlMs` from now (its
 * refresh tokens' life, so a client outlives them), written at most once an hour per client.
 * A client never used expires at its registration's `unusedClientTtlMs` (store-adapter.ts).
 */
export async function keepClient(store: AuthStore, clock: Clock, clientId: string, ttlMs: number): Promise<void> {
  const client = await store.get("Client", clientId);
  const until = clock.now() + ttlMs;
  if (!client || client.accountId !== CLIENTS_LISTING || (client.expiresAt !== null && client.expiresAt >= until - 3_600_000)) return;
  await store.put({ ...client, expiresAt: until });
}
