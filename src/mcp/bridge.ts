import type { Duplex, Readable, Writable } from "node:stream";
import type { Logger } from "../ports/logger.js";

/** A running service the bridge relays to: its relay channel, authenticated. */
export interface Upstream {
  /** Newline-delimited JSON-RPC both ways, an MCP session of the service's owner. */
  stream: Duplex;
  /** Names it in error messages: "pid 1234, log /home/me/.local/share/duely/service.log". */
  label: string;
}

export interface BridgeOptions {
  /**
   * Finds the service, starting it when none runs, and opens its relay channel. Rejects with an
   * Error whose message is written for the user (a version mismatch, a service that would not
   * start): every request is then answered with it, and the next request tries again.
   */
  connect(): Promise<Upstream>;
  log: Logger;
  /** The client's side. @default this process's stdin and stdout */
  input?: Readable;
  output?: Writable;
}

export interface BridgeHandle {
  /** Resolves when the client has gone (its input ended) and the bridge has shut down. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** JSON-RPC's implementation-defined server error range starts here. */
const SERVICE_ERROR = -32000;

/** What the bridge needs to know of a line: the id of a request or response, the method of a request or notification. */
interface Peek {
  id?: string | number;
  method?: string;
  uri?: string;
}

/** A line's id and method, without checking the rest: the service does that. Unparsable: nothing (relayed all the same). */
function peek(line: string): Peek {
  try {
    const m = JSON.parse(line) as { id?: unknown; method?: unknown; params?: { uri?: unknown } } | null;
    if (typeof m !== "object" || m === null || Array.isArray(m)) return {};
    return {
      ...((typeof m.id === "string" || typeof m.id === "number") && { id: m.id }),
      ...(typeof m.method === "string" && { method: m.method }),
      ...(typeof m.params?.uri === "string" && { uri: m.params.uri }),
    };
  } catch {
    return {};
  }
}

/** Calls `onLine` with each newline-terminated line of `stream` (without its newline; empty lines skipped). */
function readLines(stream: Readable, onLine: (line: string) => void): void {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    for (const line of lines) if (line.trim() !== "") onLine(line);
  });
}

interface Connection {
  upstream: Upstream;
  /** Requests relayed on this connection and not yet answered (JSON of their ids). */
  pending: Set<string>;
  /** Ids of the requests the bridge itself sent (a replayed opening): their answers are not the client's. */
  own: Set<string>;
}

/**
 * Relays MCP between a client on stdio (Claude Desktop) and the local service's relay socket,
 * line by line and unchanged: the service runs an ordinary MCP session on that socket. The bridge
 * reads only each line's id and method, for what it does around the relay: the service is found
 * (or started) on the first message, and again after it was lost; a request the service can no
 * longer answer (it stopped) gets a JSON-RPC error saying so, never silence, and so does every
 * request while the service cannot be reached. A new connection after a lost one is opened as the
 * client opened the first (its `initialize` and the 2025-era resource subscriptions, replayed by
 * the bridge, their answers kept from the client), so the client never sees the service change.
 */
export function startBridge(opts: BridgeOptions): BridgeHandle {
  const { log } = opts;
  const input = opts.input ?? process.stdin;
  const output = opts.output ?? process.stdout;
  let conn: Connection | null = null;
  let connecting: Promise<Connection> | null = null;
  /** The client's `initialize` request and `notifications/initialized`, as sent. */
  let opening: { initialize: string | null; initialized: string | null } = { initialize: null, initialized: null };
  /** Whether a connection has already carried the opening: the next one needs it replayed. */
  let openedOnce = false;
  /** The resources the client subscribed to (2025 era), to subscribe again on a new connection. */
  const subscribed = new Set<string>();
  let replayed = 0;
  let chain: Promise<void> = Promise.resolve();
  let closing = false;
  let shutDown: () => void = () => {};
  const closed = new Promise<void>((resolve) => (shutDown = resolve));

  const reply = (message: unknown) => output.write(`${JSON.stringify(message)}\n`);
  const fail = (id: string, message: string) => reply({ jsonrpc: "2.0", id: JSON.parse(id) as unknown, error: { code: SERVICE_ERROR, message } });

  /** The service went away: each request it still owed gets an error; the next request reconnects. */
  const lose = (c: Connection, why: string) => {
    if (conn === c) conn = null;
    // The client has gone: no one is left to answer.
    if (closing) c.pending.clear();
    for (const id of c.pending)
      fail(id, `duely's background service stopped before answering (${c.upstream.label}): ${why}. Your next request starts it again.`);
    c.pending.clear();
    c.upstream.stream.destroy();
  };

  const fromService = (c: Connection, line: string) => {
    const { id, method } = peek(line);
    if (id !== undefined && method === undefined) {
      const key = JSON.stringify(id);
      if (c.own.delete(key)) return;
      c.pending.delete(key);
    }
    output.write(`${line}\n`);
  };

  /** Sends a request of the bridge's own on `c`, its answer kept from the client. */
  const replay = (c: Connection, line: string) => {
    const id = `duely-bridge-${++replayed}`;
    c.own.add(JSON.stringify(id));
    c.upstream.stream.write(`${JSON.stringify({ ...(JSON.parse(line) as object), id })}\n`);
  };

  const open = async (): Promise<Connection> => {
    const upstream = await opts.connect();
    const c: Connection = { upstream, pending: new Set(), own: new Set() };
    readLines(upstream.stream, (line) => fromService(c, line));
    upstream.stream.once("close", () => lose(c, "its connection closed"));
    upstream.stream.on("error", (e) => log.log("debug", "service connection error", { error: e.message }));
    upstream.stream.resume();
    if (openedOnce && opening.initialize) {
      replay(c, opening.initialize);
      if (opening.initialized) upstream.stream.write(`${opening.initialized}\n`);
      for (const uri of subscribed) replay(c, JSON.stringify({ jsonrpc: "2.0", id: 0, method: "resources/subscribe", params: { uri } }));
    }
    log.log("info", "bridge connected to the service", { service: upstream.label });
    return c;
  };

  const relay = async (line: string): Promise<void> => {
    const { id, method, uri } = peek(line);
    const request = id !== undefined && method !== undefined ? JSON.stringify(id) : null;
    if (method === "initialize") opening = { initialize: line, initialized: null };
    else if (method === "notifications/initialized") opening.initialized = line;
    else if (method === "resources/subscribe" && uri !== undefined) subscribed.add(uri);
    else if (method === "resources/unsubscribe" && uri !== undefined) subscribed.delete(uri);
    let c: Connection;
    try {
      if (!conn) {
        connecting ??= open().finally(() => (connecting = null));
        conn = await connecting;
      }
      c = conn;
    } catch (e) {
      if (request) fail(request, e instanceof Error ? e.message : String(e));
      else log.log("warn", "dropped a message: no service", { error: String(e) });
      return;
    }
    if (method === "initialize") openedOnce = true;
    if (request) c.pending.add(request);
    c.upstream.stream.write(`${line}\n`);
  };

  const close = async () => {
    closing = true;
    const c = conn;
    conn = null;
    c?.upstream.stream.end();
    shutDown();
  };

  // A client that stopped reading (its end of the pipe closed) is not a crash of the bridge.
  output.on("error", (e) => log.log("debug", "writing to the client failed", { error: e.message }));
  readLines(input, (line) => {
    chain = chain.then(() => relay(line)).catch((e: unknown) => log.log("error", "bridge relay failed", { error: String(e) }));
  });
  input.once("end", () => {
    chain.then(close).catch((e: unknown) => log.log("warn", "closing the bridge failed", { error: String(e) }));
  });
  return { closed, close };
}
