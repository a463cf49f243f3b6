import type { Server } from "node:http";
import type { PeriodicChecks } from "../ports/periodic-checks.js";

/** Node's name for the server's own connection-check timer (lib/_http_server.js, Node 18 to 24). */
const CHECK_TIMER = "http.server.connectionsCheckingInterval";

/**
 * Moves a listening server's connection check (Node closes connections past `headersTimeout` or
 * `requestTimeout` with a 408) from Node's own timer onto `periodic`, every `intervalMs`, so it
 * shares the process's other periodic wake-ups instead of waking it on its own. Node offers no
 * way to run the check but its timer, so this takes the timer's callback (the check, bound to
 * the server) and clears the timer; on a Node that keeps it elsewhere, nothing is moved and Node
 * checks on its own timer (every `connectionsCheckingInterval`, as the server was created with).
 * Call after `listen`, which arms Node's timer. Returns what to call when the server closes;
 * whether the check was moved is in `moved`.
 */
export function shareConnectionsCheck(server: Server, periodic: PeriodicChecks, intervalMs: number): { moved: boolean; stop: () => void } {
  const key = Object.getOwnPropertySymbols(server).find((s) => s.description === CHECK_TIMER);
  const timer = key === undefined ? undefined : (server as unknown as Record<symbol, unknown>)[key];
  const check = (timer as { _onTimeout?: unknown } | undefined)?._onTimeout;
  if (typeof check !== "function") return { moved: false, stop: () => {} };
  // Ref'd first: Node keeps a cleared unref'd timer's list queued, and would still wake the
  // process once at its deadline.
  (timer as NodeJS.Timeout).ref();
  clearInterval(timer as NodeJS.Timeout);
  return { moved: true, stop: periodic.every(intervalMs, () => (check as () => void)()) };
}
