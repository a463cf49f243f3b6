import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Change } from "../app/changes.js";
import type { TokenVerifier } from "../ports/token-verifier.js";
import { builtPage } from "./built-pages.js";
import type { DashboardSessions } from "./dashboard-sessions.js";
import { type ParsedJson, parseJsonBody } from "./json-body.js";
import type { ChangeSource } from "./subscriptions.js";

/** The local dashboard's part of the local service's HTTP server. */
export interface Dashboard {
  sessions: DashboardSessions;
  /** Who may ask for a ticket: the service's secret alone (a dashboard session may not). */
  ticketIssuer: TokenVerifier;
}

export const DASHBOARD_PATHS = ["/", "/dashboard/ticket", "/dashboard/session", "/dashboard/changes"] as const;
/** The client id a dashboard session's token carries (dashboard-sessions.ts): the change stream is for the page alone. */
const DASHBOARD_CLIENT = "duely-dashboard";
export const ownsDashboardPath = (path: string): boolean => (DASHBOARD_PATHS as readonly string[]).includes(path);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/** The body as JSON, or why not: too large, malformed, or nested too deep. */
async function readBody(req: IncomingMessage): Promise<ParsedJson> {
  let text = "";
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString("utf8");
    if (text.length > 4096) return { ok: false, problem: "larger than 4096 characters" };
  }
  return parseJsonBody(text);
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The page's CSP: its own inline script and style (by hash) and nothing else, except fetches
 * to its own origin (/mcp). It may not be framed.
 */
function pageHeaders(html: string): Record<string, string> {
  const inline = (tag: string) => [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => hashOf(m[1]!)).join(" ");
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": [
      "default-src 'none'",
      `script-src ${inline("script")}`,
      `style-src ${inline("style")}`,
      "img-src data:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  };
}

/**
 * GET / is the page (it holds no data). POST /dashboard/ticket, with the service's secret as
 * bearer token, gives a one-time ticket (`duely service open` asks for it). POST
 * /dashboard/session trades a ticket for a session token, and only from a page of this very
 * origin: the Origin check before this one compares host names, not ports, and any local
 * program may listen on another port. POST /dashboard/changes, with a session token, is the
 * page's stream of its owner's changes (see streamChanges).
 */
export function dashboardRoutes(
  dashboard: Dashboard,
  origin: string,
  changes: ChangeSource | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  let page: { html: string; headers: Record<string, string> } | null = null;
  return async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path === "/dashboard/changes") return streamChanges(req, res, dashboard, changes);
    if (path !== "/") return serveSession(req, res, path, dashboard, origin);
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { error: "method_not_allowed" }, { allow: "GET, HEAD" });
    if (!page) {
      const html = builtPage("dashboard");
      page = { html, headers: pageHeaders(html) };
    }
    res.writeHead(200, page.headers);
    res.end(req.method === "HEAD" ? undefined : page.html);
  };
}

async function serveSession(req: IncomingMessage, res: ServerResponse, path: string, dashboard: Dashboard, origin: string): Promise<void> {
  if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" }, { allow: "POST" });
  if (path === "/dashboard/ticket") {
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const check = bearer ? await dashboard.ticketIssuer.verify(bearer) : null;
    if (!check?.ok)
      return send(res, 401, { error: "invalid_token", error_description: "Send the service's secret as the bearer token." }, { "www-authenticate": "Bearer" });
    const ticket = dashboard.sessions.issueTicket(check.token.owner);
    return send(res, 200, { ticket, url: `${origin}/#ticket=${ticket}` });
  }
  if (req.headers.origin !== origin) return send(res, 403, { error: "forbidden", error_description: `Only a page of ${origin} may open a session.` });
  const parsed = await readBody(req);
  if (!parsed.ok) return send(res, 400, { error: "invalid_request", error_description: `The body must be JSON {"ticket": "…"}: ${parsed.problem}.` });
  const body = parsed.value as { ticket?: unknown } | null;
  const token = typeof body?.ticket === "string" ? dashboard.sessions.redeem(body.ticket) : null;
  if (!token)
    return send(res, 401, { error: "invalid_ticket", error_description: "The link has expired or was already used: run `duely service open` again." });
  return send(res, 200, { token });
}

/**
 * Server-sent events, one `changed` event per landed transaction that wrote a task of the
 * session's owner (`data`: those tasks' ids), after a first `ready` once subscribed: the page
 * reads again what changed instead of polling. It is a POST read with fetch, not an
 * EventSource: an EventSource cannot send the bearer token, and a token in the URL would be
 * written to logs. Only a dashboard session's token opens it. The stream holds no task data,
 * only which of the owner's tasks changed, and ends when the page or the server closes it, or
 * at the first change after the session has expired.
 */
async function streamChanges(req: IncomingMessage, res: ServerResponse, dashboard: Dashboard, changes: ChangeSource | undefined): Promise<void> {
  if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" }, { allow: "POST" });
  const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const check = bearer ? await dashboard.sessions.verify(bearer) : null;
  if (!check?.ok || check.token.clientId !== DASHBOARD_CLIENT)
    return send(res, 401, { error: "invalid_token", error_description: "Send a dashboard session's token." }, { "www-authenticate": "Bearer" });
  if (!changes) return send(res, 404, { error: "not_found", error_description: "This server announces no changes." });
  const owner = check.token.owner;
  const token = bearer!;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  const event = (name: string, data: unknown) => res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const stop = changes.subscribe((landed) => {
    const tasks = changedTasks(landed, owner);
    if (tasks.length === 0) return;
    // The session is checked again before each event: once it has expired, the stream ends
    // instead of telling the page more (the page then opens a new one and is told to sign in).
    dashboard.sessions.verify(token).then(
      (again) => (again.ok ? event("changed", { tasks }) : res.end()),
      () => res.end(),
    );
  });
  res.on("close", stop);
  event("ready", {});
}

/**
 * The ids of `owner`'s tasks that `changes` wrote, each once: every write the page shows, a
 * task created or advanced, changed by its owner, or a run of it moving (unlike a latest-run
 * resource, which only a finished run or the owner's change updates).
 */
function changedTasks(changes: readonly Change[], owner: string): string[] {
  const ids = changes.flatMap((c) => {
    const task =
      c.type === "job:written" ? c.job : c.type === "job:changed" ? { id: c.entry.job_id, owner: c.owner } : { id: c.run.job_id, owner: c.run.owner };
    return task.owner === owner ? [task.id] : [];
  });
  return [...new Set(ids)];
}
