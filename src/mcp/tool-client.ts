import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { DUELY_VERSION } from "../version.js";
import type { createMcpServer } from "./server.js";

/** Calls duely's tools as an MCP client does; `call` resolves to the tool's structured result (`ok: false` with `error` when it refused). */
export interface ToolClient {
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A client of the server at `url`, signed in with `token` (the local service and its secret). */
export async function httpToolClient(url: string, token: string): Promise<ToolClient> {
  const client = new Client({ name: "duely-cli", version: DUELY_VERSION });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return { call: callOn(client), close: () => client.close() };
}

/** A client of `server`, in this process, over a linked in-memory pair. */
export async function inProcessToolClient(server: ReturnType<typeof createMcpServer>): Promise<ToolClient> {
  const client = new Client({ name: "duely-cli", version: DUELY_VERSION });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { call: callOn(client), close: () => client.close() };
}

const callOn =
  (client: Client) =>
  async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const result = await client.callTool({ name, arguments: args });
    return (
      (result.structuredContent as Record<string, unknown> | undefined) ?? { ok: false, error: { code: "internal", message: JSON.stringify(result.content) } }
    );
  };
