/** Why a bearer token was refused; each is answered 401 `invalid_token` with its message. */
export const TOKEN_REFUSALS = [
  /** Not a JWT, nor shaped like one. */
  "malformed",
  /** Not a configured static token, and no other verifier to ask. */
  "unknown_token",
  "bad_signature",
  /** Signed by a key the issuer does not publish (or no longer does). */
  "unknown_key",
  "expired",
  "wrong_issuer",
  /** Not issued for this server (RFC 8707 audience). */
  "wrong_audience",
  /** Its grant was revoked, or it is of a kind not accepted here (an ID token, a sender-constrained token). */
  "revoked",
  "wrong_type",
  /** It names no owner (the configured claim is missing or empty). */
  "no_owner",
] as const;
export type TokenRefusal = (typeof TOKEN_REFUSALS)[number];

export interface VerifiedToken {
  /** Whose tasks the caller acts on. */
  owner: string;
  /** As granted, before implied scopes are added. */
  scopes: readonly string[];
  clientId: string;
  /** Epoch ms; null for a token that never expires (a configured static token). */
  expiresAt: number | null;
}

export type TokenCheck = { ok: true; token: VerifiedToken } | { ok: false; refusal: TokenRefusal; message: string };

/**
 * Turns a bearer token into the owner it acts for. MUST check everything that makes the token
 * valid here (signature, issuer, audience, expiry, revocation); scopes are checked by the caller.
 */
export interface TokenVerifier {
  verify(token: string): Promise<TokenCheck>;
}
