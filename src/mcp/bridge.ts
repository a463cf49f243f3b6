import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  isJSONRPCRequest,
  isJSONRPCResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { Logger } from "../ports/logger.js";
import { bridgeSubscriptions } from "./bridge-subscriptions.js";

/** A running service the bridge relays to. */
export interface Upstream {
  /** Its MCP endpoint. */
  url: string;
  /** The bearer token it accepts from this user (the local secret). */
  token: string;
  /** Whether its process still runs (checked before each request and while requests wait). */
  alive(): boolean;
  /** Names it in error messages: "pid 1234, log /home/me/.local/share/duely/service.log". */
  label: string;
}

export interface BridgeOptions {
  /**
   * Finds the service, starting it when none runs. Rejects with an Error whose message is
   * written for the user (a version mismatch, a service that would not start): every request is
   * then answered with it, and the next request tries again. `verify` false: a service its
   * discovery file names is taken at its word, so the first request is the only round trip;
   * true (after such a service refused the connection): it must answer a health check first,
   * and one is started when it does not.
   */
  connect(check: { verify: boolean }): Promise<Upstream>;
  log: Logger;
  /** The client side. @default stdio of this process */
  client?: Transport;
}

export interface BridgeHandle {
  /** Resolves when the client has gone (stdin closed) and the bridge has shut down. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether the service's process has ended, allowing it a moment: a connection reset can arrive
 * before the process is reaped, and a dead process still counts as alive until then.
 */
async function ended(upstream: Upstream): Promise<boolean> {
  for (let i = 0; i < 10 && upstream.alive(); i++) await new Promise((r) => setTimeout(r, 100));
  return !upstream.alive();
}

/** JSON-RPC's implementation-defined server error range starts here. */
const SERVICE_ERROR = -32000;
/** How often waiting requests check that the service process still runs. */
const LIVENESS_MS = 500;

interface Connection {
  upstream: Upstream;
  transport: StreamableHTTPClientTransport;
  /** Requests relayed on this connection and not yet answered. */
  pending: Set<RequestId>;
  /** Found by a health check; not: taken from the discovery file alone. */
  verified: boolean;
}

/** The connection was refused: nothing listens there, so the request reached no one (a stale discovery file). */
const refused = (e: unknown): boolean => {
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === "ECONNREFUSED";
};

/**
 * Relays MCP between a client on stdio (Claude Desktop) and the local service over Streamable
 * HTTP, message by message: requests, notifications and responses pass both ways unchanged
 * (a 2025-era client's resource subscriptions are also kept here: bridge-subscriptions.ts).
 * The service is found (or started) on the first message, and again after it was lost. A
 * request the service can no longer answer (it died) gets a JSON-RPC error saying so, never
 * silence; so does every request while the service cannot be reached.
 */
export function startBridge(opts: BridgeOptions): BridgeHandle {
  const { log } = opts;
  const client = opts.client ?? new StdioServerTransport();
  let conn: Connection | null = null;
  let connecting: Promise<Connection> | null = null;
  /** The discovery file named a service that refused the connection: check the next one. */
  let verifyNext = false;
  /** Learnt from the client's initialize exchange, and given to every later connection. */
  let protocolVersion: string | null = null;
  const initializeIds = new Set<RequestId>();
  let shutDown: () => void = () => {};
  const closed = new Promise<void>((resolve) => (shutDown = resolve));

  const reply = (message: JSONRPCMessage): void => {
    client.send(message).catch((e: unknown) => log.log("warn", "writing to the client failed", { error: String(e) }));
  };
  const subscriptions = bridgeSubscriptions({ log, notify: (uri) => reply({ jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri } }) });
  const fail = (id: RequestId, message: string) => reply({ jsonrpc: "2.0", id, error: { code: SERVICE_ERROR, message } });

  /** The service went away: each request it still owed gets an error; the next request reconnects. */
  const lose = (c: Connection, why: string) => {
    if (conn === c) conn = null;
    for (const id of c.pending) {
      fail(id, `duely's background service stopped before answering (${c.upstream.label}): ${why}. Your next request starts it again.`);
    }
    c.pending.clear();
    c.transport.close().catch(() => undefined);
  };

  const fromService = (c: Connection, message: JSONRPCMessage) => {
    if (isJSONRPCResponse(message) && message.id !== undefined) {
      c.pending.delete(message.id);
      if (initializeIds.delete(message.id) && isJSONRPCResultResponse(message)) {
        const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
        if (typeof version === "string") {
          protocolVersion = version;
          c.transport.setProtocolVersion(version);
        }
      }
    }
    reply(message);
  };

  const open = async (): Promise<Connection> => {
    const verified = verifyNext;
    const upstream = await opts.connect({ verify: verified });
    verifyNext = false;
    const transport = new StreamableHTTPClientTransport(new URL(upstream.url), { requestInit: { headers: { Authorization: `Bearer ${upstream.token}` } } });
    if (protocolVersion) transport.setProtocolVersion(protocolVersion);
    const c: Connection = { upstream, transport, pending: new Set(), verified };
    transport.onmessage = (m) => fromService(c, m);
    transport.onerror = (e) => {
      log.log("debug", "service connection error", { error: e.message });
      if (c.pending.size > 0 && !upstream.alive()) lose(c, "its process ended");
    };
    await transport.start();
    log.log("info", "bridge connected to the service", { url: upstream.url, service: upstream.label });
    return c;
  };

  const current = async (): Promise<Connection> => {
    if (conn && !conn.upstream.alive()) lose(conn, "its process ended");
    if (conn) return conn;
    connecting ??= open().finally(() => (connecting = null));
    conn = await connecting;
    return conn;
  };

  const relay = async (message: JSONRPCMessage, retried = false): Promise<void> => {
    const request = isJSONRPCRequest(message) ? message : null;
    if (request?.method === "initialize") initializeIds.add(request.id);
    let c: Connection;
    try {
      c = await current();
    } catch (e) {
      if (request) await fail(request.id, e instanceof Error ? e.message : String(e));
      else log.log("warn", "dropped a message: no service", { error: String(e) });
      return;
    }
    if (request) c.pending.add(request.id);
    subscriptions.track(message);
    subscriptions.sync(c.upstream);
    try {
      await c.transport.send(message);
    } catch (e) {
      if (!retried && !c.verified && refused(e)) {
        // A discovery file left by a service that did not stop cleanly, its pid now another
        // process's: the request reached no one, so it goes again, to a checked (or new) service.
        log.log("info", "the service the discovery file names refused the connection; checking it, or starting one", { service: c.upstream.label });
        if (request) c.pending.delete(request.id);
        if (conn === c) conn = null;
        c.transport.close().catch(() => undefined);
        verifyNext = true;
        return relay(message, true);
      }
      log.log("warn", "relaying to the service failed", { error: String(e) });
      const gone = await ended(c.upstream);
      if (request && c.pending.delete(request.id)) {
        const why = e instanceof Error ? e.message : String(e);
        await fail(
          request.id,
          gone
            ? `duely's background service stopped before answering (${c.upstream.label}). Your next request starts it again.`
            : `duely's background service could not be reached (${c.upstream.label}): ${why}. Your next request tries again.`,
        );
      }
      // Dead: the requests it still owed are answered now. Alive (an HTTP error): the next request reconnects.
      if (gone) lose(c, "its process ended");
      else if (conn === c) conn = null;
    }
  };

  const liveness = setInterval(() => {
    if (conn && conn.pending.size > 0 && !conn.upstream.alive()) lose(conn, "its process ended");
  }, LIVENESS_MS);
  liveness.unref();

  const close = async () => {
    clearInterval(liveness);
    await subscriptions.close();
    const c = conn;
    conn = null;
    await c?.transport.close().catch(() => undefined);
    await client.close().catch(() => undefined);
    shutDown();
  };

  client.onmessage = (message: JSONRPCMessage) => {
    relay(message).catch((e: unknown) => log.log("error", "bridge relay failed", { error: String(e) }));
  };
  client.onerror = (e) => log.log("warn", "client transport error", { error: e.message });
  client.onclose = () => {
    close().catch((e: unknown) => log.log("warn", "closing the bridge failed", { error: String(e) }));
  };
  client.start().catch((e: unknown) => log.log("error", "could not start the client transport", { error: String(e) }));
  return { closed, close };
}
