import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { DUELY_VERSION } from "../version.js";

/**
 * The health check of a local service: a real MCP handshake with `token`, answered within
 * `timeoutMs`. Resolves to the version the server reports; rejects when it does not answer.
 */
export async function probeServer(url: string, token: string, timeoutMs = 3_000): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  const client = new Client({ name: "duely-bridge", version: DUELY_VERSION });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` }, signal } });
  try {
    await client.connect(transport, { timeout: timeoutMs, signal });
    return client.getServerVersion()?.version ?? "unknown";
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** `probeServer` as the local service's health check (launch.ts): over HTTP, at the URL its discovery file names. */
export const httpProbe = (service: { url: string }, secret: string): Promise<string> => probeServer(service.url, secret);
