import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Which new clients the built-in authorization server takes (`auth.registration.mode`):
 * - `open`: dynamic client registration (RFC 7591) and Client ID Metadata Documents (an https
 *   URL as the client id, its metadata fetched from there, as the MCP authorization spec prefers);
 * - `metadata-documents-only`: metadata documents only, registration refused: every client is
 *   named by a URL its publisher controls, and nothing accumulates in the store;
 * - `closed`: no new client of either kind; clients registered before keep working.
 */
export const REGISTRATION_MODES = ["open", "metadata-documents-only", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/**
 * The built-in authorization server as the HTTP server mounts it, on the same origin as /mcp:
 * its metadata, endpoints and sign-in pages. What it does with a request is its own business.
 */
export interface AuthorizationServerRoutes {
  /** The issuer: the origin the server is reached at, no path. */
  issuer: string;
  /** True for a path it answers (checked before anything else is tried). */
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}
