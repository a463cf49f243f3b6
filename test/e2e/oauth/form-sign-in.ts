// The sign-in and consent pages walked with plain HTTP (fetch, a cookie jar, redirects followed
// by hand), as a script or an attacker would: no browser needed, so these tests run wherever
// Node does. The pages' behaviour in a real browser is what the Chromium tests check.
import { createHash, randomBytes } from "node:crypto";
import { OWNER, PASSWORD } from "./support.js";

/** A registered public client with a loopback redirect URI (nothing listens there: the code is read from the Location). */
export const CALLBACK = "http://127.0.0.1:9/callback";

export async function registerClient(issuer: string, metadata: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const r = await fetch(`${issuer}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ client_name: "script", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none", application_type: "native", ...metadata }),
  });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {}
  return { status: r.status, json, headers: r.headers, clientId: String(json.client_id ?? "") };
}

/** Cookies by name, sent on every request (oidc-provider's are path-scoped, and extra ones are ignored). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export interface SignInOptions {
  owner?: string;
  password?: string;
  /** Sent as X-Forwarded-For, for a server that trusts the loopback peer as a proxy. */
  forwardedFor?: string;
}

/** One sign-in attempt in progress: the interaction it reached and the cookies that carry it. */
export class FormSignIn {
  readonly jar = new CookieJar();
  readonly verifier = randomBytes(32).toString("base64url");
  private readonly issuer: string;
  private readonly clientId: string;
  private readonly resource: string;
  private readonly headers: Record<string, string>;
  private constructor(issuer: string, clientId: string, forwardedFor?: string) {
    this.issuer = issuer;
    this.clientId = clientId;
    this.resource = `${issuer}/mcp`;
    this.headers = forwardedFor ? { "x-forwarded-for": forwardedFor } : {};
  }

  private async get(url: string): Promise<Response> {
    const r = await fetch(new URL(url, this.issuer), { redirect: "manual", headers: { cookie: this.jar.header(), ...this.headers } });
    this.jar.take(r);
    return r;
  }
  private async post(url: string, form: URLSearchParams): Promise<Response> {
    const r = await fetch(new URL(url, this.issuer), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: this.jar.header(), "content-type": "application/x-www-form-urlencoded", ...this.headers },
      body: form,
    });
    this.jar.take(r);
    return r;
  }

  /** Starts an authorization request and follows it to the sign-in page; returns the interaction path. */
  static async start(issuer: string, clientId: string, forwardedFor?: string): Promise<{ flow: FormSignIn; interaction: string }> {
    const flow = new FormSignIn(issuer, clientId, forwardedFor);
    const u = new URL(`${issuer}/oauth/authorize`);
    const challenge = createHash("sha256").update(flow.verifier).digest("base64url");
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: CALLBACK,
      scope: "tasks:read tasks:write",
      resource: flow.resource,
      state: "s",
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    const r = await flow.get(String(u));
    const location = r.headers.get("location") ?? "";
    if (r.status !== 303 || !location.includes("/interaction/")) throw new Error(`authorize answered ${r.status} ${location} ${await r.text()}`);
    return { flow, interaction: new URL(location, issuer).pathname };
  }

  /** Posts the sign-in form: the raw answer (a 303 onwards when accepted). */
  login(interaction: string, o: SignInOptions = {}): Promise<Response> {
    return this.post(`${interaction}/login`, new URLSearchParams({ username: o.owner ?? OWNER, password: o.password ?? PASSWORD }));
  }

  /** After an accepted sign-in: consents to every scope and trades the code for tokens. */
  async finish(afterLogin: Response): Promise<Tokens> {
    let r = afterLogin;
    for (let i = 0; i < 6; i++) {
      const location = r.headers.get("location") ?? "";
      if (r.status !== 303 && r.status !== 302) throw new Error(`expected a redirect, got ${r.status}: ${await r.text()}`);
      if (location.startsWith(CALLBACK)) return this.redeem(new URL(location).searchParams.get("code") ?? "");
      if (/\/interaction\/[^/]+$/.test(new URL(location, this.issuer).pathname)) {
        const path = new URL(location, this.issuer).pathname;
        const page = await this.get(path);
        const html = await page.text();
        if (!html.includes('id="allow"')) throw new Error(`expected the consent page, got ${page.status}: ${html.slice(0, 300)}`);
        r = await this.post(
          `${path}/confirm`,
          new URLSearchParams([
            ["scope", "tasks:read"],
            ["scope", "tasks:write"],
          ]),
        );
      } else r = await this.get(location);
    }
    throw new Error("too many redirects");
  }

  /** The token request for a code: the raw JSON and status, for replay tests too. */
  async redeemRaw(code: string): Promise<{ status: number; json: Record<string, unknown> }> {
    const r = await fetch(`${this.issuer}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...this.headers },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: this.verifier,
        redirect_uri: CALLBACK,
        client_id: this.clientId,
        resource: this.resource,
      }),
    });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  }

  private async redeem(code: string): Promise<Tokens> {
    const { status, json } = await this.redeemRaw(code);
    if (status !== 200) throw new Error(`token endpoint answered ${status}: ${JSON.stringify(json)}`);
    return { accessToken: String(json.access_token), refreshToken: String(json.refresh_token), code };
  }
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** The authorization code they were redeemed from (spent). */
  code: string;
}

/** A whole sign-in and consent by form, as the owner: tokens for the client. */
export async function signInByForm(issuer: string, clientId: string, o: SignInOptions = {}): Promise<Tokens> {
  const { flow, interaction } = await FormSignIn.start(issuer, clientId, o.forwardedFor);
  return flow.finish(await flow.login(interaction, o));
}

/** A refresh-token grant: the raw status and JSON. */
export async function refresh(issuer: string, clientId: string, refreshToken: string) {
  const r = await fetch(`${issuer}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, resource: `${issuer}/mcp` }),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}
