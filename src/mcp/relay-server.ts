import { timingSafeEqual } from "node:crypto";
import { chmodSync, unlinkSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import type { Logger } from "../ports/logger.js";

export interface RelayServerOptions {
  /** A Unix domain socket's path, or a Windows named pipe's name (paths.ts: relayAddress). */
  address: string;
  /** The per-user secret a bridge must send as its first line. */
  secret: string;
  /** Sent back once the secret matched (`duely <version>`): the bridge's check that it reached this service. */
  version: string;
  log: Logger;
  /** Serves one connection that passed the secret, for as long as it stays open; it reads the socket once this resolves. */
  session(socket: Socket): Promise<{ close(): Promise<void> }>;
  /** A connection that has not sent its secret line by then is closed. @default 5_000 */
  handshakeMs?: number;
}

export interface RelayServerHandle {
  close(): Promise<void>;
}

/** A secret line is 64 hex digits; anything longer without a newline is no bridge. */
const MAX_SECRET_LINE = 128;

/**
 * The local service's channel for the stdio bridges (`duely serve`): a bridge connects, writes
 * the secret and a newline, and then relays its client's newline-delimited JSON-RPC unchanged;
 * `session` serves MCP on the same socket. The secret is compared in constant time; a wrong one,
 * a line too long or none within `handshakeMs` closes the connection at once, unanswered. The
 * socket file is made readable and writable by its owner only (the data dir is 0700 too).
 */
export async function startRelayServer(opts: RelayServerOptions): Promise<RelayServerHandle> {
  const { address, log } = opts;
  const expected = Buffer.from(opts.secret);
  const sockets = new Set<Socket>();
  const isPipe = address.startsWith("\\\\");

  const accept = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    let head = Buffer.alloc(0);
    const refuse = (why: string) => {
      log.log("warn", "refused a connection on the relay socket", { reason: why });
      socket.destroy();
    };
    const timer = setTimeout(() => refuse("no secret in time"), opts.handshakeMs ?? 5_000);
    socket.on("error", (e) => log.log("debug", "relay socket error", { error: e.message }));
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(10);
      if (end < 0) {
        if (head.length > MAX_SECRET_LINE) {
          clearTimeout(timer);
          socket.off("data", onData);
          refuse("no secret line");
        }
        return;
      }
      clearTimeout(timer);
      socket.off("data", onData);
      socket.pause();
      const line = head.subarray(0, end);
      if (line.length !== expected.length || !timingSafeEqual(line, expected)) return refuse("wrong secret");
      const rest = head.subarray(end + 1);
      if (rest.length > 0) socket.unshift(rest);
      socket.write(`duely ${opts.version}\n`);
      const session = opts.session(socket);
      socket.once("close", () => {
        session.then((s) => s.close()).catch((e: unknown) => log.log("debug", "closing a relay session failed", { error: String(e) }));
      });
      // The session's transport has its own reader on the socket now: what arrived after the secret reaches it first.
      session.then(
        () => socket.resume(),
        (e: unknown) => {
          log.log("error", "could not open an MCP session on the relay socket", { error: String(e) });
          socket.destroy();
        },
      );
    };
    socket.on("data", onData);
  };

  const server = createServer(accept);
  // This service holds the data dir's lock: a socket file left there is a crashed predecessor's.
  if (!isPipe) removeStale(address);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      resolve();
    });
  });
  if (!isPipe) chmodSync(address, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Each bridge sees its connection end, answers what it still waited for, and reconnects on the next request.
        for (const s of sockets) s.destroy();
      });
      if (!isPipe) removeStale(address);
    },
  };
}

function removeStale(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}
