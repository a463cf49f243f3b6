import type { ServerResponse } from "node:http";
import htmlSafe from "oidc-provider/lib/helpers/html_safe.js";
import { SCOPE_MEANING, type Scope } from "../../../core/scopes.js";

/** Escapes every interpolated value; the templates below never insert anything raw. */
function html(strings: TemplateStringsArray, ...values: (string | number | SafeHtml)[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += (v instanceof SafeHtml ? v.text : htmlSafe(v)) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}
class SafeHtml {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const join = (parts: SafeHtml[]) => new SafeHtml(parts.map((p) => p.text).join(""));

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#111}" +
  "label{display:block;margin:.8rem 0}input[type=text],input[type=password]{display:block;width:100%;padding:.5rem;font:inherit}" +
  "button{margin:1rem .5rem 0 0;padding:.6rem 1.2rem;font:inherit}.error{color:#a00;font-weight:600}code{word-break:break-all}";

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new SafeHtml(STYLE)}</style></head>
<body><main>${body}</main></body></html>`.text;
}

export interface ClientLabel {
  id: string;
  name: string | null;
  /** Its id is the URL of its published metadata document (CIMD), rather than a self-registration. */
  published: boolean;
}

export function loginPage(uid: string, client: ClientLabel, error?: string): string {
  return layout(
    "Sign in to duely",
    html`<h1>Sign in to duely</h1>
<p><strong>${client.name ?? client.id}</strong> wants to use your scheduled tasks. Sign in as the owner first.</p>
${error ? html`<p class="error" role="alert" id="error">${error}</p>` : html``}
<form method="post" action="/interaction/${uid}/login">
<label for="username">Owner name</label><input type="text" id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit" id="signin">Sign in</button><button type="submit" id="cancel" formaction="/interaction/${uid}/abort" formnovalidate>Cancel</button>
</form>`,
  );
}

export function consentPage(uid: string, owner: string, client: ClientLabel, returnTo: string, scopes: readonly Scope[]): string {
  const who = client.published
    ? html`<p>Its identity is published at <code>${client.id}</code> (host <strong>${new URL(client.id).host}</strong>).</p>`
    : html`<p>It registered itself and is not verified. Client id: <code>${client.id}</code>.</p>`;
  const boxes = join(scopes.map((s) => html`<label><input type="checkbox" name="scope" value="${s}" checked> <code>${s}</code>: ${SCOPE_MEANING[s]}</label>`));
  return layout(
    "Allow access to duely?",
    html`<h1>Allow ${client.name ?? "this app"} to use duely as ${owner}?</h1>
${who}
<p>After you decide, you return to <strong>${returnTo}</strong>.</p>
<form method="post" action="/interaction/${uid}/confirm">
<fieldset><legend>It may</legend>${boxes}</fieldset>
<button type="submit" id="allow">Allow</button><button type="submit" id="deny" formaction="/interaction/${uid}/abort">Deny</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, detail?: string): string {
  return layout(title, html`<h1>${title}</h1><p>${message}</p>${detail ? html`<p><code>${detail}</code></p>` : html``}`);
}

/**
 * Writes a page with a strict policy. Chrome applies `form-action` to every redirect after a
 * form POST (sign-in → authorize → the client's redirect URI), so the client's origin (or its
 * custom scheme) is allowed as a form target too; 'self' alone aborts the last hop.
 */
export function sendPage(res: ServerResponse, status: number, page: string, formTargets: readonly string[] = []): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "x-frame-options": "DENY",
    // Not no-referrer: Chrome then sends `Origin: null` with the form posts, which the Origin
    // check on loopback binds refuses. same-origin still tells the client's site nothing.
    "referrer-policy": "same-origin",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
  });
  res.end(page);
}

/** What `form-action` must also allow for a redirect URI: its origin, or for a custom scheme (cursor://…) the scheme. */
export function formTargetOf(redirectUri: string | undefined): string[] {
  const u = redirectUri ? URL.parse(redirectUri) : null;
  if (!u) return [];
  return [u.protocol === "http:" || u.protocol === "https:" ? u.origin : u.protocol];
}
