import http from "node:http";
import https from "node:https";
import { ActionFailure } from "../ports/action.js";
import { assertLiteralAllowed, guardedLookup, RefusedAddressError, urlTarget } from "./address-guard.js";
import type { HttpPolicy } from "./config.js";

/**
 * The one way actions talk HTTP. Every hop (each redirect included) passes the address guard;
 * the whole exchange is bounded by a timeout and a body size; failures come out as ActionFailure
 * saying whether another attempt may help.
 */

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The run's signal: the request stops when the worker does. */
  signal: AbortSignal;
  /** Reads the (injectable) clock, to turn a `Retry-After` date into a delay. */
  now: () => number;
  /** @default policy.timeout_ms */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** After redirects. */
  url: string;
}

export interface Outbound {
  /** Sends and fails on any non-2xx status: 408, 425, 429 and 5xx retryable (honouring Retry-After), others permanent. */
  request(url: string, req: OutboundRequest): Promise<OutboundResponse>;
  /** Sends and returns whatever status came back (the LLM SDKs map statuses themselves). */
  send(url: string, req: OutboundRequest): Promise<OutboundResponse>;
}

const RETRYABLE_STATUS = new Set([408, 425, 429]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ["authorization", "x-api-key", "cookie", "proxy-authorization"];
const DAY_MS = 86_400_000;

class TooLargeError extends Error {}

/** `Retry-After` as seconds or an HTTP date; capped at a day, never negative. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), DAY_MS) : undefined;
}

/** The failure for a non-2xx status; `what` names the target without secrets (see `describeUrl`). */
export function failureForStatus(status: number, headers: Headers, now: number, what: string): ActionFailure {
  const retryable = RETRYABLE_STATUS.has(status) || status >= 500;
  const retryAfterMs = parseRetryAfter(headers.get("retry-after"), now);
  return new ActionFailure(`${what}: HTTP ${status}`, {
    permanent: !retryable,
    ...(retryable && retryAfterMs !== undefined && { retryAfterMs }),
  });
}

/** Host and path only: query strings and userinfo may carry tokens. */
export function describeUrl(url: string | URL): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  return headers;
}

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

function sendOnce(url: URL, hop: Hop, policy: HttpPolicy, signal: AbortSignal): Promise<Omit<OutboundResponse, "url">> {
  return new Promise((resolve, reject) => {
    const target = urlTarget(url);
    assertLiteralAllowed(target, policy);
    const client = url.protocol === "https:" ? https : http;
    // agent: false gives each request its own socket, so no pooled socket skips the lookup guard.
    const req = client.request(url, { method: hop.method, headers: hop.headers, agent: false, lookup: guardedLookup(target, policy) });
    let settled = false;
    // Destroying a request mid-body surfaces as a generic ECONNRESET; remember why we did it.
    let cause: unknown;
    const abortWith = (err: unknown) => {
      cause ??= err;
      req.destroy(err instanceof Error ? err : new Error("aborted"));
    };
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      fn();
    };
    const fail = (err: unknown) => finish(() => reject(cause ?? err));
    const onAbort = () => abortWith(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", fail);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const headers = toHeaders(res.headers);
      if (REDIRECT_STATUS.has(status)) {
        res.resume();
        return finish(() => resolve({ status, headers, body: Buffer.alloc(0) }));
      }
      if (Number(res.headers["content-length"]) > policy.max_bytes) return abortWith(new TooLargeError());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.max_bytes) abortWith(new TooLargeError());
        else chunks.push(chunk);
      });
      res.on("end", () => finish(() => resolve({ status, headers, body: Buffer.concat(chunks) })));
      res.on("error", fail);
      res.on("close", () => fail(new Error("connection closed before the body ended")));
    });
    req.end(hop.body);
  });
}

function nextHop(from: URL, status: number, location: string, hop: Hop): { url: URL; hop: Hop } {
  const url = new URL(location, from);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ActionFailure(`${describeUrl(from)}: redirect to a non-HTTP URL`, { permanent: true });
  }
  const headers = { ...hop.headers };
  if (url.origin !== from.origin) for (const name of Object.keys(headers)) if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) delete headers[name];
  // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
  const asGet = status === 303 || ((status === 301 || status === 302) && hop.method === "POST");
  if (!asGet) return { url, hop: { ...hop, headers } };
  for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
  return { url, hop: { method: "GET", headers, body: undefined } };
}

/** What bounded the exchange, to tell a timeout from a stopped run from a network error. */
interface Bounds {
  run: AbortSignal;
  timeout: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
}

function mapNetworkError(err: unknown, target: string, bounds: Bounds): ActionFailure {
  if (err instanceof ActionFailure) return err;
  if (err instanceof RefusedAddressError) return new ActionFailure(`${target}: ${err.message}`, { permanent: true });
  if (err instanceof TooLargeError) return new ActionFailure(`${target}: response body over ${bounds.maxBytes} bytes`, { permanent: true });
  if (bounds.run.aborted) return new ActionFailure(`${target}: cancelled (the run was stopped)`, { permanent: false });
  if (bounds.timeout.aborted) return new ActionFailure(`${target}: timed out after ${bounds.timeoutMs} ms`, { permanent: false });
  const code = (err as { code?: unknown }).code;
  const detail = typeof code === "string" ? code : err instanceof Error ? err.message : String(err);
  return new ActionFailure(`${target}: network error (${detail})`, { permanent: false });
}

export function createOutbound(policy: HttpPolicy): Outbound {
  async function send(rawUrl: string, req: OutboundRequest): Promise<OutboundResponse> {
    const timeoutMs = req.timeoutMs ?? policy.timeout_ms;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([req.signal, timeout]);
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new ActionFailure(`not a valid URL: ${describeUrl(rawUrl)}`, { permanent: true });
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new ActionFailure(`${describeUrl(url)}: only http and https URLs are fetched`, { permanent: true });
    }
    let hop: Hop = { method: req.method ?? "GET", headers: { ...req.headers }, body: req.body };
    try {
      for (let redirects = 0; ; redirects++) {
        if (signal.aborted) throw signal.reason;
        const res = await sendOnce(url, hop, policy, signal);
        const location = res.headers.get("location");
        if (!REDIRECT_STATUS.has(res.status) || location === null) return { ...res, url: url.href };
        if (redirects >= policy.max_redirects) {
          throw new ActionFailure(`${describeUrl(rawUrl)}: more than ${policy.max_redirects} redirects`, { permanent: true });
        }
        ({ url, hop } = nextHop(url, res.status, location, hop));
      }
    } catch (err) {
      throw mapNetworkError(err, describeUrl(url), { run: req.signal, timeout, timeoutMs, maxBytes: policy.max_bytes });
    }
  }

  return {
    send,
    async request(url, req) {
      const res = await send(url, req);
      if (res.status >= 200 && res.status < 300) return res;
      throw failureForStatus(res.status, res.headers, req.now(), describeUrl(url));
    },
  };
}
