import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from "jose";

/** jose's key shapes, named here so that the rest of the auth adapters need not import jose. */
export type { JSONWebKeySet, JWK };

/** The one algorithm the built-in authorization server signs with (also its ID tokens'). */
export const SIGNING_ALG = "ES256";

/** A new private signing key as a JWK, with a kid that sorts by creation time. */
export async function newSigningKey(now: number): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `${now.toString(36)}-${randomBytes(6).toString("hex")}`, alg: SIGNING_ALG, use: "sig" };
}

/** The public half of a key: what is published at /oauth/jwks and verified against. */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}
