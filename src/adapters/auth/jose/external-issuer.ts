import type { Clock } from "../../../ports/clock.js";
import type { TokenVerifier } from "../../../ports/token-verifier.js";
import { jwtTokenVerifier } from "./access-token-verifier.js";

export interface ExternalIssuerOptions {
  issuer: string;
  audience: string;
  /** Absent: read from the issuer's metadata. */
  jwksUri?: string;
  ownerClaim: string;
  clock: Clock;
}

/** RFC 8414 puts the well-known segment before the issuer's path; OpenID discovery appends it. */
function metadataUrls(issuer: string): string[] {
  const u = new URL(issuer);
  const path = u.pathname.replace(/\/$/, "");
  return [`${u.origin}/.well-known/oauth-authorization-server${path}`, `${u.origin}${path}/.well-known/openid-configuration`];
}

/** The issuer's `jwks_uri`, from the first metadata document that names this issuer exactly. */
export async function discoverJwksUri(issuer: string): Promise<string> {
  const problems: string[] = [];
  for (const url of metadataUrls(issuer)) {
    try {
      const res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
      if (!res.ok) {
        problems.push(`${url}: HTTP ${res.status}`);
        continue;
      }
      const meta = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (meta.issuer !== issuer) problems.push(`${url}: names issuer ${JSON.stringify(meta.issuer)}, not ${JSON.stringify(issuer)}`);
      else if (typeof meta.jwks_uri !== "string") problems.push(`${url}: has no jwks_uri`);
      else return meta.jwks_uri;
    } catch (e) {
      problems.push(`${url}: ${(e as Error).message}`);
    }
  }
  throw new Error(`cannot find the JWKS of ${issuer} (set auth.jwks_uri): ${problems.join("; ")}`);
}

/** Checks an outside identity provider's JWT access tokens against its published keys. */
export async function externalTokenVerifier(opts: ExternalIssuerOptions): Promise<TokenVerifier> {
  const jwksUri = opts.jwksUri ?? (await discoverJwksUri(opts.issuer));
  return jwtTokenVerifier({
    issuer: opts.issuer,
    audience: opts.audience,
    keys: { kind: "remote", jwksUri },
    ownerClaim: opts.ownerClaim,
    // Providers type their access tokens differently (at+jwt, JWT, none); audience and issuer decide.
    type: null,
    clock: opts.clock,
  });
}
