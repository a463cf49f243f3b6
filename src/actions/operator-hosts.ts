import type { ActionsConfig, HttpPolicy } from "./config.js";

/**
 * The model's `base_url` is the operator's own endpoint: the model client reaches it even on a
 * loopback or private address (a local Ollama at `localhost:11434`), without an `allow_hosts`
 * entry. Owners' feeds never get that, so a local model server is not every owner's "feed".
 * Link-local (cloud metadata), unspecified and reserved addresses stay refused for it too, and
 * a redirect away from it is checked against the plain policy's classes as usual.
 */
export function allowingModelHost(policy: HttpPolicy, config: ActionsConfig): HttpPolicy {
  const s = config.summarizer;
  if (s.provider === "none" || s.base_url === undefined) return policy;
  const url = new URL(s.base_url);
  const host = `${url.hostname.toLowerCase()}:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
  return { ...policy, allow_hosts: [...new Set([...policy.allow_hosts, host])] };
}
