import { connect, type Socket } from "node:net";

/** The relay channel of a running service, authenticated: the socket and the version the service said it runs. */
export interface RelayConnection {
  socket: Socket;
  version: string;
}

const ACK = /^duely (\S+)$/;

/**
 * Connects to the service's relay channel at `address` (a Unix domain socket or a named pipe),
 * sends `secret` as the first line and waits for the service's `duely <version>` line. Rejects
 * when nothing listens there (a discovery file left by a service that did not stop cleanly), when
 * the service closes the connection instead (a wrong secret), or after `timeoutMs` (a frozen
 * service). The socket is handed back paused: its reader starts it.
 */
export function openRelay(address: string, secret: string, timeoutMs = 3_000): Promise<RelayConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    let head = Buffer.alloc(0);
    const fail = (e: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(e);
    };
    const timer = setTimeout(() => fail(new Error(`the service did not answer on ${address} within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(10);
      if (end < 0) return;
      clearTimeout(timer);
      socket.off("data", onData).off("error", fail).off("close", onClose);
      socket.pause();
      const version = ACK.exec(head.subarray(0, end).toString("utf8"))?.[1];
      if (version === undefined) return fail(new Error(`the service answered on ${address} with something other than its version`));
      const rest = head.subarray(end + 1);
      if (rest.length > 0) socket.unshift(rest);
      resolve({ socket, version });
    };
    const onClose = () => fail(new Error(`the service on ${address} closed the connection before answering (it refused this secret)`));
    socket.once("connect", () => socket.write(`${secret}\n`));
    socket.on("data", onData).once("error", fail).once("close", onClose);
  });
}
