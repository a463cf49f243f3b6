import { type Grant, interactionPolicy, type KoaContextWithOIDC, type PromptDetail } from "oidc-provider";
import { SCOPES } from "../../../core/scopes.js";

/** What the consent prompt carries about scopes, per resource indicator. */
interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
  rejectedResourceScopesRequested?: Record<string, string[]>;
}

const REASKED = Symbol("rejected scopes requested again");
type WithReasked = KoaContextWithOIDC["oidc"] & { [REASKED]?: Record<string, string[]> };

/**
 * The default policy, plus one consent check. By default a scope the owner once refused
 * counts as "encountered" and is never asked for again, so a client stepping up after a 403
 * insufficient_scope would silently get the same read-only token back, forever. This check
 * prompts when a request asks for a scope the grant has rejected.
 */
export function consentPolicy(): interactionPolicy.DefaultPolicy {
  const { Check, base } = interactionPolicy;
  const policy = base();
  const check = new Check(
    "rs_scopes_rejected_requested",
    "previously refused scopes requested again",
    (ctx) => {
      const oidc = ctx.oidc as WithReasked;
      // Just consented: asking again would loop.
      if (oidc.result?.consent || !oidc.grant) return Check.NO_NEED_TO_PROMPT;
      for (const indicator of Object.keys(oidc.resourceServers ?? {})) {
        const rejected = new Set(oidc.grant.getRejectedResourceScope(indicator).split(" ").filter(Boolean));
        const again = [...oidc.requestParamScopes].filter((s) => rejected.has(s));
        if (again.length > 0) {
          oidc[REASKED] = { [indicator]: again };
          return Check.REQUEST_PROMPT;
        }
      }
      return Check.NO_NEED_TO_PROMPT;
    },
    (ctx) => ({ rejectedResourceScopesRequested: (ctx.oidc as WithReasked)[REASKED] }),
  );
  policy.get("consent")!.checks.add(check);
  return policy;
}

/** The scopes the consent page asks about for a resource: never granted yet, or refused before and asked for again. */
export function askedScopes(prompt: PromptDetail, indicator: string): string[] {
  const d = prompt.details as ConsentDetails;
  return [...new Set([...(d.missingResourceScopes?.[indicator] ?? []), ...(d.rejectedResourceScopesRequested?.[indicator] ?? [])])];
}

/** Removes scopes from a grant's rejected lists (oidc-provider has no call for it, and `rejected` wins over granted). */
function unreject(grant: Grant, indicator: string, scopes: readonly string[]): void {
  const drop = (v: string) =>
    v
      .split(" ")
      .filter((s) => !scopes.includes(s))
      .join(" ");
  const r = grant.rejected;
  if (r?.resources?.[indicator]) r.resources[indicator] = drop(r.resources[indicator]);
  if (r?.openid?.scope) r.openid.scope = drop(r.openid.scope);
}

/**
 * Writes the owner's choice into the grant: the ticked scopes granted, the unticked ones
 * rejected. duely's scopes are also OpenID "static" scopes (dynamic client registration
 * refuses a client scope the server does not list), so oidc-provider asks about them twice,
 * as OpenID scopes and as resource scopes; both are answered, or the consent prompt loops.
 */
export function applyConsent(grant: Grant, prompt: PromptDetail, chosen: ReadonlySet<string>): void {
  const d = prompt.details as ConsentDetails;
  const ours = (s: string) => (SCOPES as readonly string[]).includes(s);
  const oidcYes = (d.missingOIDCScope ?? []).filter((s) => !ours(s) || chosen.has(s));
  const oidcNo = (d.missingOIDCScope ?? []).filter((s) => ours(s) && !chosen.has(s));
  if (oidcYes.length > 0) grant.addOIDCScope(oidcYes);
  if (oidcNo.length > 0) grant.rejectOIDCScope(oidcNo);
  if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
  for (const indicator of Object.keys({ ...d.missingResourceScopes, ...d.rejectedResourceScopesRequested })) {
    const asked = askedScopes(prompt, indicator);
    const yes = asked.filter((s) => chosen.has(s));
    const no = asked.filter((s) => !chosen.has(s));
    if (yes.length > 0) {
      unreject(grant, indicator, yes);
      grant.addResourceScope(indicator, yes);
      grant.addOIDCScope(yes);
    }
    if (no.length > 0) {
      grant.rejectResourceScope(indicator, no);
      grant.rejectOIDCScope(no);
    }
  }
}
