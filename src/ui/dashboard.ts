import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { h } from "./dom.js";
import type { Envelope } from "./source.js";
import { mountTasksView } from "./view.js";
import "./style.css";

/**
 * The local dashboard: the same tasks view, talking MCP to the local service's own /mcp with a
 * dashboard session token. `duely service open` opens `/#ticket=…`: a one-time ticket in the
 * fragment (never sent in a request line or a Referer), exchanged here for the session token,
 * which is kept in sessionStorage: scoped to this origin, port included, unlike a cookie.
 */
const SESSION_KEY = "duely.dashboard.session";
const POLL_MS = 10_000;
const PROTOCOL = "2026-07-28";
const root = document.getElementById("root")!;

async function sessionToken(): Promise<string | null> {
  const ticket = new URLSearchParams(location.hash.slice(1)).get("ticket");
  if (ticket) {
    history.replaceState(null, "", location.pathname);
    const res = await fetch("/dashboard/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ticket }) });
    if (res.ok) {
      const { token } = (await res.json()) as { token: string };
      sessionStorage.setItem(SESSION_KEY, token);
      return token;
    }
  }
  return sessionStorage.getItem(SESSION_KEY);
}

function signedOut(why: string): void {
  sessionStorage.removeItem(SESSION_KEY);
  root.replaceChildren(
    h("h1", {}, "Scheduled tasks"),
    h("p", { class: "problem", role: "alert" }, why),
    h("p", {}, "Run ", h("code", {}, "duely service open"), " for a new link."),
  );
}

async function main(): Promise<void> {
  const token = await sessionToken();
  if (!token) return signedOut("This page needs a link from duely: the link you used has expired or was already used.");
  // The 2026-07-28 protocol: every call is a POST. A 2025-era client asks for a server stream
  // with a GET after connecting; this stateless service answers 405, as the spec allows, and the
  // browser logs that refusal as an error on every load.
  const client = new Client({ name: "duely-dashboard", version: import.meta.env.DUELY_VERSION }, { versionNegotiation: { mode: { pin: PROTOCOL } } });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", location.origin), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
  } catch {
    return signedOut("This dashboard session has ended (the service restarted, or it expired).");
  }
  const view = mountTasksView(root, {
    async call(tool, args) {
      return (await client.callTool({ name: tool, arguments: args })).structuredContent as unknown as Envelope;
    },
  });
  await view.refresh();
  // Runs finish in the service without telling the page: it reads again every few seconds while shown.
  setInterval(() => {
    if (document.visibilityState === "visible") view.refresh().catch((e: unknown) => console.error("duely dashboard:", e));
  }, POLL_MS);
}

main().catch((e: unknown) => signedOut(`The dashboard could not start: ${String(e)}`));
