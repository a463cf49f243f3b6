import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { type Configuration } from "oidc-provider";
import type { AuthStore } from "../../../ports/auth-store.js";
import type { AuthorizationServerRoutes, RegistrationMode } from "../../../ports/authorization-server.js";
import type { Clock } from "../../../ports/clock.js";
import type { Logger } from "../../../ports/logger.js";
import type { TokenVerifier } from "../../../ports/token-verifier.js";
import { listOwners } from "../accounts.js";
import { auditTrail } from "../audit.js";
import { jwtTokenVerifier } from "../jose/access-token-verifier.js";
import { keyringCache, verificationJwks } from "../keyring.js";
import { type SignInGuardOptions, signInGuard } from "../sign-in-guard.js";
import { clientAddress } from "./client-address.js";
import { interactionRoutes } from "./interactions.js";
import { providerConfiguration, ROUTES } from "./provider-config.js";
import { keepClient, type RegistrationLimits, registrationGate } from "./registration.js";

export interface BuiltinAuthorizationServerOptions {
  /** The origin clients reach duely at, no path: the issuer; the resource is `${issuer}/mcp`. */
  issuer: string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  /** Closed with the server. */
  store: AuthStore;
  clock: Clock;
  log: Logger;
  /** Bounds on dynamic client registration, and how long a client never used is kept. */
  registration: RegistrationLimits & { unusedClientTtlMs: number; mode: RegistrationMode };
  /** Peers whose X-Forwarded-For names the client (`http.trusted_proxies`); no header counts from anyone else. */
  trustedProxies?: readonly string[];
  /** How sign-ins are throttled. @default signInGuard's defaults on `clock` and `log` */
  signIn?: Omit<SignInGuardOptions, "clock" | "log">;
  /** Tests only: how Client ID Metadata Documents are fetched (a loopback https host). */
  fetch?: Configuration["fetch"];
  /** How often the keyring is re-read, to pick up a rotation by another process. @default 30_000 */
  keysReloadMs?: number;
}

/**
 * The metadata documents and keys: the same for every request (they derive from the issuer
 * alone), so shared caches may keep them; an hour, as the protected-resource document, and the
 * keys five minutes, so that a rotation's new key is seen soon.
 */
const CACHEABLE: Readonly<Record<string, string>> = {
  "/.well-known/oauth-authorization-server": "public, max-age=3600",
  "/.well-known/openid-configuration": "public, max-age=3600",
  [ROUTES.jwks]: "public, max-age=300",
};

/**
 * oidc-provider (Koa) builds every URL it publishes or redirects to from the request's host and
 * scheme, and with `proxy` on takes them from X-Forwarded-Host and X-Forwarded-Proto. Neither
 * may come from the client: a forged X-Forwarded-Host would put an attacker's endpoints in the
 * metadata (and a shared cache would serve them to everyone). So both are pinned to the issuer
 * here, overwriting whatever arrived; the issuer is `http.public_url` or the bound address.
 */
function pinToIssuer(req: IncomingMessage, issuer: URL, address: string): void {
  req.headers["x-forwarded-host"] = issuer.host;
  req.headers["x-forwarded-proto"] = issuer.protocol.slice(0, -1);
  // What oidc-provider (ctx.ip) and its events see as the client: the address worked out from trusted hops only.
  req.headers["x-forwarded-for"] = address;
  delete req.headers.forwarded;
}

/** The paths the authorization server answers; its well-known documents stay at the root whatever the routes. */
const OWNED = /^\/(oauth\/|interaction\/|\.well-known\/(oauth-authorization-server|openid-configuration)$)/;

export interface BuiltinAuthorizationServer {
  routes: AuthorizationServerRoutes;
  /** Checks the access tokens it issued: its keys, issuer, audience = the resource, and that the grant still exists. */
  verifier: TokenVerifier;
}

/**
 * duely's own authorization server on oidc-provider, mounted beside /mcp. oidc-provider reads
 * its signing keys once, when built, so a keyring that changed (`duely owner rotate-keys`, in
 * any process) builds a new provider; interactions, sessions and grants live in the store and
 * carry over.
 */
export async function startBuiltinAuthorizationServer(o: BuiltinAuthorizationServerOptions): Promise<BuiltinAuthorizationServer> {
  const resource = `${o.issuer}/mcp`;
  const keyring = keyringCache(o.store, o.clock, o.keysReloadMs);
  const settings = {
    resource,
    accessTokenTtlMs: o.accessTokenTtlMs,
    refreshTokenTtlMs: o.refreshTokenTtlMs,
    unusedClientTtlMs: o.registration.unusedClientTtlMs,
    registrationMode: o.registration.mode,
    store: o.store,
    clock: o.clock,
    fetch: o.fetch,
  };
  const registrations = registrationGate(o.store, o.clock, o.registration);
  const audit = auditTrail(o.store, o.clock, o.log);
  // oidc-provider's events are not awaited; record() reports a store failure itself, this anything else.
  const unrecorded = (e: unknown) => o.log.log("error", "could not record an audit entry", { error: String(e) });
  let built: { version: number; provider: Provider; callback: ReturnType<Provider["callback"]> } | null = null;

  async function provider() {
    const ring = await keyring.current();
    if (built?.version !== ring.version) {
      const p = new Provider(o.issuer, providerConfiguration(settings, ring));
      // Trusts the forwarded headers, which pinToIssuer sets from the issuer on every request.
      p.proxy = true;
      p.on("server_error", (_ctx, e: Error) => o.log.log("error", "authorization server error", { error: e.message }));
      const refused = (event: string) => (_ctx: unknown, e: { error?: string; error_description?: string; error_detail?: string }) =>
        o.log.log("debug", `authorization server: ${event}`, { error: e.error, description: e.error_detail ?? e.error_description });
      p.on("authorization.error", refused("authorization.error"));
      p.on("grant.error", (ctx, e: { error?: string; error_description?: string; error_detail?: string }) => {
        // oidc-provider revokes the whole grant on both (RFC 9700 §4.14, §4.13): a stolen token or code was probably used.
        // The reason is in error_detail; clients only see "grant request is invalid".
        const replay = /^(authorization code already consumed|refresh token already used)$/.exec(e.error_detail ?? "");
        // A failed PKCE check: the code is burned below, once this answer is ready.
        if (/code_verifier/.test(e.error_detail ?? "") && ctx.oidc?.params?.grant_type === "authorization_code") ctx.state.burnCode = true;
        if (replay) {
          audit
            .record(replay[1]!.startsWith("refresh") ? "refresh_reuse" : "code_replay", {
              client_id: ctx.oidc?.client?.clientId,
              owner: ctx.oidc?.account?.accountId,
              address: ctx.ip,
            })
            .catch(unrecorded);
        } else refused("grant.error")(ctx, e);
      });
      // RFC 9700 §4.8.2: a wrong code_verifier means someone else may hold the code, so it is
      // spent (oidc-provider would let the right verifier try again). Awaited before answering,
      // so a second try right after the refusal finds no code.
      p.use(async (ctx, next) => {
        await next();
        const code = ctx.oidc?.params?.code;
        if (ctx.state.burnCode && typeof code === "string") await (await p.AuthorizationCode.find(code, { ignoreExpiration: true }))?.destroy();
      });
      p.on("registration_create.error", refused("registration_create.error"));
      p.on("registration_create.success", (ctx, client) => {
        audit.record("client_registration", { client_id: client.clientId, client_name: client.clientName, address: ctx.ip }).catch(unrecorded);
      });
      p.on("grant.success", (ctx) => {
        const id = ctx.oidc.client?.clientId;
        if (id)
          keepClient(o.store, o.clock, id, o.refreshTokenTtlMs).catch((e: unknown) =>
            o.log.log("warn", "could not extend a client's life", { client_id: id, error: String(e) }),
          );
      });
      p.on("revocation.error", refused("revocation.error"));
      built = { version: ring.version, provider: p, callback: p.callback() };
    }
    return built;
  }
  await provider();
  if ((await listOwners(o.store)).length === 0) {
    o.log.log("warn", "no owner can sign in yet: create one with `duely owner add NAME`", { issuer: o.issuer });
  }
  const issuerUrl = new URL(o.issuer);
  const trusted = new Set(o.trustedProxies ?? []);
  const guard = signInGuard({ clock: o.clock, log: o.log, ...o.signIn });
  const interactions = interactionRoutes({ provider: () => built!.provider, store: o.store, resource, guard, audit });

  const routes: AuthorizationServerRoutes = {
    issuer: o.issuer,
    owns: (path) => OWNED.test(path),
    async handle(req: IncomingMessage, res: ServerResponse) {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      // Tokens are signed with the latest key: one from a key just retired would be refused at /mcp.
      if (path === ROUTES.token) await keyring.latest();
      const current = await provider();
      const address = clientAddress(req, trusted);
      pinToIssuer(req, issuerUrl, address);
      if (path.startsWith("/interaction/")) return interactions(req, res, address);
      const cache = CACHEABLE[path];
      if (cache) res.setHeader("cache-control", cache);
      if (path === ROUTES.registration && o.registration.mode !== "open") {
        // oidc-provider would answer 404, which reads as a wrong URL; this says that registration is off and what to do.
        const how =
          o.registration.mode === "closed"
            ? "this server takes no new clients (auth.registration.mode is closed)"
            : "this server takes no dynamic client registration; use a Client ID Metadata Document (an https URL as client_id)";
        res.writeHead(403, { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "no-store" });
        res.end(JSON.stringify({ error: "access_denied", error_description: how }));
        return;
      }
      if (path === ROUTES.registration && req.method === "POST") {
        const refusal = await registrations.refuse(address);
        if (refusal) {
          o.log.log("warn", "client registration refused", { address, reason: refusal.description });
          res.writeHead(refusal.status, {
            "content-type": "application/json",
            "retry-after": String(refusal.retryAfterS),
            "access-control-allow-origin": "*",
            "cache-control": "no-store",
          });
          res.end(JSON.stringify({ error: refusal.error, error_description: refusal.description }));
          return;
        }
      }
      if (path === ROUTES.registration) {
        // oidc-provider sets no CORS on registration; a browser client (MCP Inspector) registers from its page.
        res.setHeader("access-control-allow-origin", "*");
        if (req.method === "OPTIONS") {
          res.writeHead(204, {
            "access-control-allow-methods": "POST, OPTIONS",
            "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type",
            "access-control-max-age": "600",
          });
          res.end();
          return;
        }
      }
      await current.callback(req, res);
    },
    close: () => o.store.close(),
  };

  const verifier = jwtTokenVerifier({
    issuer: o.issuer,
    audience: resource,
    // Read on every request, as the grant is: a key retired at once (`rotate-keys --retire-now`,
    // a leaked key) must stop verifying at once in every process, not at the next periodic read.
    keys: { kind: "local", keys: async () => verificationJwks(await keyring.latest()) },
    ownerClaim: "sub",
    type: "at+jwt",
    clock: o.clock,
    async refuse(payload) {
      const grant = typeof payload.gid === "string" ? await o.store.get("Grant", payload.gid) : null;
      if (!grant) return "grant revoked";
      // A grant is one owner's consent to one client: a token naming another's grant is not that consent.
      if (grant.payload.accountId !== payload.sub || grant.payload.clientId !== payload.client_id) return "grant not issued to this owner and client";
      return null;
    },
  });
  return { routes, verifier };
}
