import { createServer, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { shareConnectionsCheck } from "../../src/mcp/connections-check.js";
import type { PeriodicChecks } from "../../src/ports/periodic-checks.js";

// Node's own check of a real HTTP server, moved onto a periodic timer the test runs by hand.

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A PeriodicChecks whose checks run only when the test says. */
function byHand() {
  const checks = new Map<() => void, number>();
  const periodic: PeriodicChecks = {
    every(ms, check) {
      checks.set(check, ms);
      return () => checks.delete(check);
    },
  };
  return {
    periodic,
    checks,
    runAll: () => {
      for (const c of [...checks.keys()]) c();
    },
  };
}

async function listening(checkEveryMs: number): Promise<Server> {
  // Node's timer, were it left running, would close a stalled request within ~60 ms.
  const server = createServer({ connectionsCheckingInterval: checkEveryMs, headersTimeout: 40, requestTimeout: 40 }, (_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return server;
}

/** A connection that sends half a request's headers and then nothing: what the check is for. */
function stalled(server: Server): { socket: Socket; answer: Promise<string> } {
  const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
  cleanups.push(() => socket.destroy());
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  let text = "";
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (d: Buffer) => {
      text += d.toString();
    });
    socket.on("close", () => resolve(text));
  });
  return { socket, answer };
}

describe("the HTTP server's connection check on the process's periodic timer", () => {
  it("moves Node's check off its own timer: a stalled request is closed with a 408 when the periodic check runs, not before", async () => {
    const server = await listening(20);
    const hand = byHand();
    const moved = shareConnectionsCheck(server, hand.periodic, 300_000);
    expect(moved.moved).toBe(true);
    expect([...hand.checks.values()]).toEqual([300_000]);
    const { answer } = stalled(server);
    let closed = false;
    answer.then(
      () => {
        closed = true;
      },
      () => {},
    );
    // Fifteen of Node's 20 ms checks would have closed it by now; with the check moved, none ran.
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    hand.runAll();
    expect(await answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("answers ordinary requests as before, and leaves the periodic timer when the server closes", async () => {
    const server = await listening(300_000);
    const hand = byHand();
    const moved = shareConnectionsCheck(server, hand.periodic, 300_000);
    server.once("close", moved.stop);
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await res.text()).toBe("ok");
    // Nothing stalled: the check closes nothing, and the server stays registered.
    hand.runAll();
    expect(hand.checks.size).toBe(1);
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    expect(hand.checks.size).toBe(0);
  });
});
