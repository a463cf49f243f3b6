import type { IncomingMessage, ServerResponse } from "node:http";

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
