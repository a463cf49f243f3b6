import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  type OAuthTokenVerifier,
  verifyBearerToken,
} from "@modelcontextprotocol/server";
import { SCOPES, withImpliedScopes } from "../core/scopes.js";
import type { TokenVerifier } from "../ports/token-verifier.js";

/** Where the owner travels from the gate to the per-request server, inside the SDK's AuthInfo. */
export const OWNER_KEY = "duely_owner";

export interface BearerGateOptions {
  verifier: TokenVerifier;
  /** This server's MCP endpoint as clients reach it: the RFC 8707 resource, e.g. https://duely.example.com/mcp. */
  resourceUrl: URL;
  /** The authorization server named in the RFC 9728 metadata; null serves no metadata (static tokens only). */
  issuer: string | null;
}

/**
 * The resource-server side of /mcp: the RFC 9728 metadata document and the bearer check, built
 * on the SDK's helpers so that challenges carry `resource_metadata` exactly as clients expect.
 */
export function bearerGate(opts: BearerGateOptions) {
  const { verifier, resourceUrl, issuer } = opts;
  const resourceMetadataUrl = issuer === null ? undefined : getOAuthProtectedResourceMetadataUrl(resourceUrl);
  // Only `issuer` of the RFC 8414 document is read here; the SDK refuses a non-https issuer
  // unless it is on localhost, which the config enforces too.
  const metadata =
    issuer === null
      ? null
      : buildOAuthProtectedResourceMetadata({
          oauthMetadata: { issuer } as OAuthMetadata,
          resourceServerUrl: resourceUrl,
          scopesSupported: [...SCOPES],
          resourceName: "duely",
        });

  const sdkVerifier: OAuthTokenVerifier = {
    async verifyAccessToken(token) {
      const check = await verifier.verify(token);
      if (!check.ok) throw new OAuthError(OAuthErrorCode.InvalidToken, check.message);
      const t = check.token;
      return {
        token,
        clientId: t.clientId,
        scopes: withImpliedScopes(t.scopes),
        // The SDK refuses a token without an expiry; a static token has none, so it gets the far future.
        expiresAt: t.expiresAt === null ? Number.MAX_SAFE_INTEGER : Math.floor(t.expiresAt / 1000),
        extra: { [OWNER_KEY]: t.owner },
      };
    },
  };

  return {
    /** The metadata document and the paths it is served at (path-aware, and the root for older clients). */
    metadata,
    metadataPaths: resourceMetadataUrl === undefined ? [] : [new URL(resourceMetadataUrl).pathname, "/.well-known/oauth-protected-resource"],

    /**
     * The verified caller, or the 401 to answer. The audience is the verifier's to check (the
     * built-in issuer's is this resource URL; an external issuer's is the configured audience).
     */
    async authenticate(authorization: string | undefined): Promise<AuthInfo | Response> {
      // RFC 6750 §3.1: a request with no credentials at all gets a challenge without an error
      // code (it did nothing wrong yet); only a token that fails says `invalid_token`.
      if (!authorization) {
        const challenge = resourceMetadataUrl ? `Bearer resource_metadata="${resourceMetadataUrl}"` : "Bearer";
        return Response.json(
          { error_description: "This endpoint needs Authorization: Bearer <token>." },
          { status: 401, headers: { "WWW-Authenticate": challenge } },
        );
      }
      try {
        return await verifyBearerToken(authorization, { verifier: sdkVerifier, ...(resourceMetadataUrl && { resourceMetadataUrl }) });
      } catch (e) {
        return bearerAuthChallengeResponse(e, { ...(resourceMetadataUrl && { resourceMetadataUrl }) });
      }
    },

    /** The 403 `insufficient_scope` to answer when the token lacks one of `needed`, else null. */
    refuseScopes(auth: AuthInfo, needed: readonly string[]): Response | null {
      if (needed.every((s) => auth.scopes.includes(s))) return null;
      const error = new OAuthError(OAuthErrorCode.InsufficientScope, `This request needs the scopes: ${needed.join(" ")}`);
      return bearerAuthChallengeResponse(error, { requiredScopes: [...needed], ...(resourceMetadataUrl && { resourceMetadataUrl }) });
    },
  };
}

export type BearerGate = ReturnType<typeof bearerGate>;
