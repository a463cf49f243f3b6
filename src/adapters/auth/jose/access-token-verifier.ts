import { createLocalJWKSet, createRemoteJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from "jose";
import type { Clock } from "../../../ports/clock.js";
import type { TokenCheck, TokenRefusal, TokenVerifier } from "../../../ports/token-verifier.js";

export type KeySource =
  /** Keys read in process (the built-in issuer's); `fresh` re-reads them after an unknown kid (a rotation elsewhere). */
  | { kind: "local"; keys(opts: { fresh: boolean }): Promise<JSONWebKeySet> }
  /** A remote JWKS (an external issuer's), cached; an unknown kid refetches it at most every 30 s. */
  | { kind: "remote"; jwksUri: string };

export interface JwtVerifierOptions {
  issuer: string;
  /** The `aud` the token must carry. */
  audience: string;
  keys: KeySource;
  /** The claim naming the owner. */
  ownerClaim: string;
  /** RFC 9068 `at+jwt`, which the built-in issuer sets; null accepts any (identity providers differ). */
  type: "at+jwt" | null;
  clock: Clock;
  /** A reason to refuse a token that is otherwise valid (its grant was revoked), or null. */
  refuse?(payload: JWTPayload): Promise<string | null>;
}

const ALGORITHMS = ["ES256", "ES384", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"];
/** Allowed skew between the issuer's clock and ours. */
const CLOCK_TOLERANCE_S = 5;

const refused = (refusal: TokenRefusal, message: string): TokenCheck => ({ ok: false, refusal, message });

function refusalOf(e: unknown): TokenCheck {
  if (e instanceof errors.JWTExpired) return refused("expired", "token expired");
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === "iss") return refused("wrong_issuer", "token iss invalid");
    if (e.claim === "aud") return refused("wrong_audience", "token aud invalid: not issued for this server");
    if (e.claim === "typ") return refused("wrong_type", "token typ invalid: not an access token");
    return refused("malformed", `token ${e.claim} ${e.reason === "missing" ? "missing" : "invalid"}`);
  }
  if (e instanceof errors.JWKSNoMatchingKey) return refused("unknown_key", "unknown signing key");
  if (e instanceof errors.JWSSignatureVerificationFailed) return refused("bad_signature", "bad signature");
  if (e instanceof errors.JOSEError) return refused("malformed", "token invalid");
  throw e;
}

/** The scopes of a token: `scope` (RFC 9068, space-separated), else `scp` (Entra ID: a string or a list). */
function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scope ?? payload.scp;
  if (typeof raw === "string") return raw.split(" ").filter(Boolean);
  return Array.isArray(raw) ? raw.filter((s): s is string => typeof s === "string") : [];
}

/**
 * JWT access tokens checked with jose: signature against the issuer's keys, `iss`, `aud`,
 * `exp`/`nbf` on the injected clock, then the owner claim. Sender-constrained tokens (`cnf`)
 * are refused: /mcp takes plain bearer tokens only and checks no proof of possession.
 */
export function jwtTokenVerifier(opts: JwtVerifierOptions): TokenVerifier {
  const remote = opts.keys.kind === "remote" ? createRemoteJWKSet(new URL(opts.keys.jwksUri), { cooldownDuration: 30_000, cacheMaxAge: 600_000 }) : null;
  const local = opts.keys.kind === "local" ? opts.keys : null;

  async function verifyWith(token: string, fresh: boolean) {
    const keySet = remote ?? createLocalJWKSet(await local!.keys({ fresh }));
    return jwtVerify(token, keySet, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(opts.clock.now()),
      requiredClaims: ["exp"],
      ...(opts.type && { typ: opts.type }),
    });
  }

  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        try {
          ({ payload } = await verifyWith(token, false));
        } catch (e) {
          if (!(local && e instanceof errors.JWKSNoMatchingKey)) throw e;
          ({ payload } = await verifyWith(token, true));
        }
      } catch (e) {
        return refusalOf(e);
      }
      if (payload.cnf !== undefined) return refused("wrong_type", "sender-constrained tokens are not accepted");
      const why = await opts.refuse?.(payload);
      if (why) return refused("revoked", why);
      const owner = payload[opts.ownerClaim];
      if (typeof owner !== "string" || owner === "") return refused("no_owner", `token has no ${opts.ownerClaim} claim naming the owner`);
      const clientId = typeof payload.client_id === "string" ? payload.client_id : typeof payload.azp === "string" ? payload.azp : "";
      return { ok: true, token: { owner, scopes: scopesOf(payload), clientId, expiresAt: payload.exp! * 1000 } };
    },
  };
}
