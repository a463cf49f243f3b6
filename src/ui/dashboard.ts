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
/** How long the page waits to open the change stream again after it ended (the service restarting, a dropped connection). */
const RECONNECT_MS = 5_000;
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
  followChanges(
    token,
    coalesced(() => view.refresh()),
  );
}

/**
 * `refresh` run for every change, but never twice at once: changes that land while it runs
 * make one more run after it, and changes while the tab is hidden one run when it is shown.
 */
function coalesced(refresh: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (document.visibilityState !== "visible" || running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    refresh()
      .catch((e: unknown) => console.error("duely dashboard:", e))
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  document.addEventListener("visibilitychange", () => {
    if (again) run();
  });
  return run;
}

/**
 * The service's stream of this owner's changes (POST /dashboard/changes, server-sent events):
 * the page reads again when a task changed, in this service, by a tool, a bridge or a run, and
 * not on a timer: every write to the service's file goes through the service while it runs.
 * Its first event, once subscribed, reads again too: a change may have landed since the first
 * read. When the stream ends, it is opened again after a pause; a session that has ended signs out.
 */
function followChanges(token: string, changed: () => void): void {
  const reopen = () => setTimeout(() => followChanges(token, changed), RECONNECT_MS);
  readChanges(token, changed).then((ended) => {
    if (ended === "signed out") signedOut("This dashboard session has ended (the service restarted, or it expired).");
    else reopen();
  }, reopen);
}

async function readChanges(token: string, changed: () => void): Promise<"signed out" | "ended"> {
  const res = await fetch("/dashboard/changes", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  if (res.status === 401) return "signed out";
  if (!res.ok || !res.body) return "ended";
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return "ended";
    buffered += value;
    // Each event ends with a blank line; this page needs only to know that one came.
    let end = buffered.indexOf("\n\n");
    while (end >= 0) {
      buffered = buffered.slice(end + 2);
      changed();
      end = buffered.indexOf("\n\n");
    }
  }
}

main().catch((e: unknown) => signedOut(`The dashboard could not start: ${String(e)}`));
