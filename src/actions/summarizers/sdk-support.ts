import { ActionFailure } from "../../ports/action.js";
import { failureForStatus, type Outbound } from "../http.js";

/** What both LLM SDKs accept as `fetch`. */
export type SdkFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const NEVER = new AbortController().signal;

/**
 * A fetch for the SDKs that goes through `Outbound`, so LLM calls get the same address guard,
 * redirect re-checks and size cap as everything else. Statuses are handed back untouched.
 */
export function fetchVia(outbound: Outbound, now: () => number, timeoutMs: number): SdkFetch {
  return async (input, init = {}) => {
    if (typeof input !== "string" && !(input instanceof URL)) throw new TypeError("fetchVia: pass the URL, not a Request");
    const body = init.body;
    if (body != null && typeof body !== "string" && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer)) {
      throw new TypeError("fetchVia: only string and byte bodies are supported");
    }
    const res = await outbound.send(String(input), {
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(body != null && { body: body instanceof ArrayBuffer ? new Uint8Array(body) : body }),
      signal: init.signal ?? NEVER,
      now,
      timeoutMs,
    });
    return new Response(NULL_BODY_STATUS.has(res.status) ? null : res.body, { status: res.status, headers: res.headers });
  };
}

function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

const brief = (s: string) => (s.length <= 200 ? s : `${s.slice(0, 199)}…`);

/**
 * Both SDKs throw an `APIError` with `status` and `headers` for an HTTP error, an
 * `APIConnectionError` (cause attached) for a transport failure, and `APIUserAbortError` when
 * the signal fired. Our own ActionFailure from `fetchVia` (refused address, size cap) wins.
 */
export function failureFromSdkError(err: unknown, label: string, now: number): ActionFailure {
  const own = causeChain(err).find((e): e is ActionFailure => e instanceof ActionFailure);
  if (own)
    return new ActionFailure(`${label}: ${own.message}`, {
      permanent: own.permanent,
      ...(own.retryAfterMs !== undefined && { retryAfterMs: own.retryAfterMs }),
    });
  const e = err as { status?: unknown; headers?: unknown; name?: unknown; message?: unknown };
  const message = typeof e.message === "string" ? brief(e.message) : String(err);
  if (typeof e.status === "number" && e.headers instanceof Headers) {
    const failure = failureForStatus(e.status, e.headers, now, label);
    return new ActionFailure(`${failure.message} (${message})`, {
      permanent: failure.permanent,
      ...(failure.retryAfterMs !== undefined && { retryAfterMs: failure.retryAfterMs }),
    });
  }
  if (e.name === "APIUserAbortError") return new ActionFailure(`${label}: cancelled (the run was stopped)`, { permanent: false });
  return new ActionFailure(`${label}: ${message}`, { permanent: false });
}
