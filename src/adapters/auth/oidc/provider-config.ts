import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { errors } from "oidc-provider";
import { SCOPES } from "../../../core/scopes.js";
import type { AuthStore } from "../../../ports/auth-store.js";
import type { RegistrationMode } from "../../../ports/authorization-server.js";
import type { Clock } from "../../../ports/clock.js";
import { ownerExists } from "../accounts.js";
import { SIGNING_ALG } from "../jose/signing-keys.js";
import { type Keyring, signingJwks } from "../keyring.js";
import { consentPolicy } from "./consent.js";
import { messagePage } from "./pages.js";
import { clientMetadataCheck } from "./registration.js";
import { storeAdapter } from "./store-adapter.js";

export interface ProviderSettings {
  /** The MCP endpoint: the one resource tokens are issued for (their audience). */
  resource: string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  /** A registered client that never gets a token expires this long after registering. */
  unusedClientTtlMs: number;
  store: AuthStore;
  clock: Clock;
  /** Which new clients are taken: the registration endpoint and metadata documents are on or off (and advertised or not) accordingly. */
  registrationMode: RegistrationMode;
  /** Tests only: fetches Client ID Metadata Documents from a loopback host. */
  fetch?: Configuration["fetch"];
}

const DAY_S = 86_400;
export const ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  jwks: "/oauth/jwks",
  end_session: "/oauth/logout",
} as const;

/**
 * oidc-provider's configuration for duely: OAuth 2.1 authorization code with PKCE (S256, every
 * client), JWT access tokens for the one resource (RFC 8707, RFC 9068), rotating refresh
 * tokens, open dynamic client registration and Client ID Metadata Documents, as MCP clients
 * (ChatGPT, Claude) expect. Everything OpenID Connect adds beyond that is off.
 */
export function providerConfiguration(s: ProviderSettings, ring: Keyring): Configuration {
  const accessTokenTTL = Math.floor(s.accessTokenTtlMs / 1000);
  return {
    adapter: (model: string) => storeAdapter(s.store, s.clock, model, s.unusedClientTtlMs),
    jwks: signingJwks(ring) as Configuration["jwks"],
    cookies: {
      keys: ring.cookieSecrets,
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    async findAccount(_ctx, sub) {
      if (!(await ownerExists(s.store, sub))) return undefined;
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    responseTypes: ["code"],
    // duely's scopes are listed here too: registration refuses a client `scope` naming others.
    scopes: ["openid", "offline_access", ...SCOPES],
    claims: { openid: ["sub"] },
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      id_token_signed_response_alg: SIGNING_ALG,
    },
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG] },
    ttl: {
      AccessToken: accessTokenTTL,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 14 * DAY_S,
      Grant: 365 * DAY_S,
      IdToken: 600,
      // Rotation gives a fresh period on each use.
      RefreshToken: Math.floor(s.refreshTokenTtlMs / 1000),
    },
    // Every use rotates; using a rotated one again revokes the whole grant (theft detection).
    rotateRefreshToken: true,
    // With or without offline_access: not every MCP client asks for it.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // The grant id in the token lets /mcp refuse a revoked grant's tokens at once, not at expiry.
    extraTokenClaims: async (_ctx, token) => (token.kind === "AccessToken" ? { gid: token.grantId } : undefined),
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // A sender-constrained token would need proof checking at /mcp; bearer only.
      dPoP: { enabled: false },
      introspection: { enabled: false },
      revocation: {
        enabled: true,
        // The default rule, spelled out (the default prints a notice): a client revokes only its own tokens.
        async allowedPolicy(_ctx, client, token) {
          if (token.clientId === client.clientId) return true;
          // A public client gets 200 and nothing happens: no probing of other clients' tokens.
          if (client.clientAuthMethod === "none") return false;
          throw new errors.InvalidRequest("client is not authorized to revoke the presented token");
        },
      },
      // Off, `registration_endpoint` leaves the metadata, so MCP clients do not try it (authorization-server.ts still answers it, 403).
      registration: { enabled: s.registrationMode === "open", initialAccessToken: false, issueRegistrationAccessToken: false },
      // Experimental in oidc-provider and pinned to draft 02: the exact version in package.json matters.
      // Off, a URL client id is looked up in the store like any other, and found in none.
      clientIdMetadataDocument: {
        enabled: s.registrationMode !== "closed",
        ack: "draft-02",
        allowFetch: async () => true,
        allowClient: async () => true,
        cacheDuration: { min: 60, max: DAY_S },
      },
      resourceIndicators: {
        enabled: true,
        // A client that sends no `resource` still gets a token for /mcp.
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? s.resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== s.resource) throw new errors.InvalidTarget(`unknown resource ${indicator}; this server issues tokens for ${s.resource}`);
          return { scope: SCOPES.join(" "), audience: s.resource, accessTokenTTL, accessTokenFormat: "jwt", jwt: { sign: { alg: SIGNING_ALG } } };
        },
      },
    },
    // Size and redirect-URI rules for every client, registered or published (registration.ts).
    extraClientMetadata: clientMetadataCheck,
    routes: ROUTES,
    interactions: { policy: consentPolicy(), url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A browser client may call the token and revocation endpoints from a page on one of its redirect URIs' origins.
    clientBasedCORS: (_ctx, origin, client) => origin !== "null" && client.redirectUris!.some((u) => URL.parse(u)?.origin === origin),
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = "html";
      ctx.body = messagePage("Sign-in problem", String(out.error_description ?? "The request was refused."), String(out.error));
    },
    ...(s.fetch && { fetch: s.fetch }),
  };
}
