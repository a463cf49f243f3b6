import { ActionFailure } from "../ports/action.js";
import type { ActionsConfig, ChannelTarget } from "./config.js";
import { describeUrl } from "./http.js";

/** The process environment, passed in (never read from `process.env` here). */
export type Env = Record<string, string | undefined>;

/** A secret named in config; a missing one is the owner's to fix, so retrying will not help. */
export function readSecret(env: Env, name: string, usedFor: string): string {
  const value = env[name];
  if (value === undefined || value === "") {
    throw new ActionFailure(`${usedFor}: the environment variable ${name} is not set`, { permanent: true });
  }
  return value;
}

/**
 * Every credential the config can reach: env values it names, and every channel URL of every
 * owner (`channels`: one owner's output must not carry another's URL either; a Slack or
 * webhook URL is often its own credential, an ntfy topic is one, and any of them may carry a
 * token in its path or query), whole and as `describeUrl` writes it. Used to scrub messages and
 * results before they leave. Values under 6 characters are left alone: scrubbing them would
 * mangle ordinary words.
 */
export function secretValues(config: ActionsConfig, channels: readonly ChannelTarget[], env: Env): string[] {
  const names: string[] = [];
  const literal: string[] = [];
  if (config.summarizer.provider !== "none") names.push(config.summarizer.api_key_env);
  for (const target of channels) {
    if (target.type === "webhook") names.push(target.secret_env);
    if (target.type === "email" && target.smtp.pass_env !== undefined) names.push(target.smtp.pass_env);
    if (target.type !== "email") literal.push(target.url, describeUrl(target.url));
  }
  const values = [...names.map((n) => env[n]), ...literal].filter((v): v is string => v !== undefined && v.length >= 6);
  // Longest first, so a secret containing another is replaced whole.
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** `scheme://user:password@` in any URL, e.g. an SMTP or ntfy URL quoted by a library's error. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
/** Query parameters that carry credentials by name. */
const CREDENTIAL_PARAM = /([?&](?:access_token|token|auth|key|api_key|apikey|secret|password|pass|sig|signature)=)[^&\s#"']+/gi;

/**
 * The one redaction: every configured secret, then credentials any URL carries in its userinfo
 * or in a query parameter named for one. Applied to every run result and failure message the
 * action runner returns, which is where run errors are recorded from.
 */
export function redact(text: string, secrets: readonly string[]): string {
  const known = secrets.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
  return known.replace(USERINFO, "$1[redacted]@").replace(CREDENTIAL_PARAM, "$1[redacted]");
}

/** `redact` applied to every string inside a JSON-like value. */
export function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  }
  return value;
}
