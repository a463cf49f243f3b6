import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * CORS for browser-based MCP clients (the MCP Inspector's web UI). /mcp reflects the page's
 * origin: it takes bearer tokens only, never cookies, so a page gains nothing it could not do
 * with the token anyway. The Host and (on loopback binds) Origin checks still run first.
 */

/** Headers a page must be able to read: the 401 challenge names the metadata URL; the session and version headers. */
const EXPOSED = "www-authenticate, mcp-session-id, mcp-protocol-version";

/** Marks a response to a page on `origin` as readable by it. */
export function allowOrigin(req: IncomingMessage, res: ServerResponse, origin: "reflect" | "*"): void {
  const page = req.headers.origin;
  if (!page) return;
  res.setHeader("access-control-allow-origin", origin === "*" ? "*" : page);
  res.setHeader("access-control-expose-headers", EXPOSED);
  res.setHeader("vary", "origin");
}

/**
 * Answers a preflight. The requested headers are reflected: `Authorization` is never covered
 * by `Access-Control-Allow-Headers: *`, and MCP clients send several of their own
 * (mcp-protocol-version, mcp-session-id, last-event-id, and more in newer revisions).
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, methods: string, origin: "reflect" | "*"): void {
  const asked = req.headers["access-control-request-headers"];
  res.writeHead(204, {
    "access-control-allow-origin": origin === "*" ? "*" : (req.headers.origin ?? "*"),
    "access-control-allow-methods": methods,
    ...(asked && { "access-control-allow-headers": asked }),
    "access-control-max-age": "600",
    vary: "origin, access-control-request-headers",
  });
  res.end();
}
