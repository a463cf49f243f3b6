import { createHash, timingSafeEqual } from "node:crypto";
import { SCOPES } from "../../core/scopes.js";
import type { TokenCheck, TokenVerifier } from "../../ports/token-verifier.js";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Static bearer tokens from the config (token → owner), for scripts and CI: every scope, no
 * expiry. A token that is not one of them goes to `next` (the OAuth verifier), if any.
 * Compares against every token in constant time per token, so timing says nothing about which matched.
 */
export function staticTokenVerifier(tokens: Readonly<Record<string, string>>, next?: TokenVerifier): TokenVerifier {
  const table = Object.entries(tokens).map(([token, owner]) => ({ hash: digest(token), owner }));
  return {
    async verify(token): Promise<TokenCheck> {
      const hash = digest(token);
      let owner: string | null = null;
      for (const entry of table) if (timingSafeEqual(entry.hash, hash)) owner = entry.owner;
      if (owner !== null) return { ok: true, token: { owner, scopes: SCOPES, clientId: "static-token", expiresAt: null } };
      return next ? next.verify(token) : { ok: false, refusal: "unknown_token", message: "Unknown bearer token." };
    },
  };
}
