import type { IncomingMessage, ServerResponse } from "node:http";
import { errors, type Provider } from "oidc-provider";
import { SCOPES, type Scope } from "../../../core/scopes.js";
import type { AuthStore } from "../../../ports/auth-store.js";
import { checkOwnerPassword } from "../accounts.js";
import type { AuditTrail } from "../audit.js";
import type { SignInGuard } from "../sign-in-guard.js";
import { applyConsent, askedScopes } from "./consent.js";
import { type ClientLabel, consentPage, formTargetOf, loginPage, messagePage, sendPage } from "./pages.js";

const PATH = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/;
const FORM_LIMIT = 16 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString("utf8");
    if (text.length > FORM_LIMIT) throw new errors.InvalidRequest("form too large");
  }
  return new URLSearchParams(text);
}

/**
 * The sign-in and consent pages, at /interaction/:uid (GET shows the step oidc-provider asks
 * for) and /interaction/:uid/{login,confirm,abort} (POST). The owner signs in with the name and
 * password from `duely owner add`, sees which client asks for which scopes, and ticks them.
 */
export interface InteractionRoutesOptions {
  provider: () => Provider;
  store: AuthStore;
  /** The MCP endpoint: the resource whose scopes the consent page asks about. */
  resource: string;
  guard: SignInGuard;
  /** Sign-ins, failed ones and consents are recorded here. */
  audit: AuditTrail;
}

export function interactionRoutes({ provider, store, resource, guard, audit }: InteractionRoutesOptions) {
  /** `address`: the client's, as the server worked it out (socket peer, or trusted proxies' hops). */
  return async function handle(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    const m = PATH.exec(new URL(req.url ?? "/", "http://localhost").pathname);
    if (!m) return sendPage(res, 404, messagePage("Not found", "There is no such page."));
    const action = m[2];
    const p = provider();
    try {
      const details = await p.interactionDetails(req, res);
      const { uid, prompt, params } = details;
      if (m[1] !== uid) return sendPage(res, 400, messagePage("Sign-in problem", "This page belongs to another sign-in. Start again from your app."));
      const redirectUri = typeof params.redirect_uri === "string" ? params.redirect_uri : undefined;
      const targets = formTargetOf(redirectUri);
      const client = await p.Client.find(String(params.client_id));
      const label: ClientLabel = { id: String(params.client_id), name: client?.clientName ?? null, published: /^https:\/\//.test(String(params.client_id)) };
      const asked = askedScopes(prompt, resource).filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));

      if (req.method === "GET" && !action) {
        if (prompt.name === "login") return sendPage(res, 200, loginPage(uid, label), targets);
        if (prompt.name === "consent") {
          // The origin says where the owner goes next; a custom scheme (cursor://…) has none, so the whole URI does.
          const origin = redirectUri ? URL.parse(redirectUri)?.origin : undefined;
          const returnTo = origin && origin !== "null" ? origin : (redirectUri ?? "the app");
          return sendPage(res, 200, consentPage(uid, details.session?.accountId ?? "", label, returnTo, asked), targets);
        }
        return sendPage(res, 400, messagePage("Sign-in problem", "This step is not supported.", prompt.name));
      }
      if (req.method !== "POST" || !action) return sendPage(res, 405, messagePage("Not allowed", "Use the buttons on the page."));

      if (action === "abort") {
        await p.interactionFinished(req, res, { error: "access_denied", error_description: "The owner refused access." }, { mergeWithLastSubmission: false });
        return;
      }
      const form = await readForm(req);
      if (action === "login") {
        if (prompt.name !== "login") return sendPage(res, 400, messagePage("Sign-in problem", "You are signed in already."));
        const name = form.get("username") ?? "";
        const outcome = await guard.attempt(name, address, () => checkOwnerPassword(store, name, form.get("password") ?? ""));
        if (outcome.kind === "throttled") {
          const seconds = Math.ceil(outcome.retryAfterMs / 1000);
          res.setHeader("retry-after", String(seconds));
          const why = outcome.why === "busy" ? "Too many sign-ins are being checked right now." : "Too many failed sign-ins.";
          return sendPage(res, 429, loginPage(uid, label, `${why} Try again in ${seconds} s.`), targets);
        }
        if (outcome.kind === "wrong") {
          await audit.record("sign_in_failed", {
            owner: name,
            client_id: label.id,
            address,
            failures_of_owner: outcome.failuresOfOwner,
            failures_from_address: outcome.failuresFromAddress,
          });
          return sendPage(res, 401, loginPage(uid, label, "Wrong owner name or password."), targets);
        }
        await audit.record("sign_in", { owner: outcome.owner, client_id: label.id, address });
        await p.interactionFinished(req, res, { login: { accountId: outcome.owner, remember: false } }, { mergeWithLastSubmission: false });
        return;
      }
      if (prompt.name !== "consent") return sendPage(res, 400, messagePage("Sign-in problem", "There is nothing to allow."));
      const grant = details.grantId
        ? await p.Grant.find(details.grantId)
        : new p.Grant({ accountId: details.session!.accountId, clientId: String(params.client_id) });
      if (!grant) return sendPage(res, 400, messagePage("Sign-in problem", "This app's access was revoked meanwhile. Start again from your app."));
      applyConsent(grant, prompt, new Set(form.getAll("scope")));
      const grantId = await grant.save();
      await audit.record("consent", {
        owner: details.session?.accountId,
        client_id: label.id,
        grant_id: grantId,
        scopes: [...new Set(form.getAll("scope"))].join(" "),
        address,
      });
      await p.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
    } catch (e) {
      if (e instanceof errors.SessionNotFound) {
        return sendPage(res, 400, messagePage("Sign-in expired", "This sign-in took too long or was finished already. Start again from your app."));
      }
      if (e instanceof errors.OIDCProviderError)
        return sendPage(res, e.statusCode ?? 400, messagePage("Sign-in problem", e.error_description ?? e.message, e.error));
      throw e;
    }
  };
}
