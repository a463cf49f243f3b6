import type { Scope } from "../core/scopes.js";
import { TOOLS } from "./tools/index.js";

/** A tool marked readOnlyHint needs `tasks:read`; every other one changes tasks and needs `tasks:write`. */
const TOOL_SCOPE = new Map<string, Scope>(TOOLS.map((t) => [t.name, t.annotations.readOnlyHint ? "tasks:read" : "tasks:write"]));

/**
 * The scopes a JSON-RPC message (or batch) needs. Anything on /mcp needs at least `tasks:read`
 * (listing tools, reading a task's result resource); a call of a write tool needs `tasks:write`.
 * An unknown tool needs only `tasks:read`: the server answers it with -32602 and changes nothing.
 */
export function scopesNeeded(body: unknown): Scope[] {
  const needed = new Set<Scope>(["tasks:read"]);
  for (const message of Array.isArray(body) ? body : [body]) {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (m?.method === "tools/call" && typeof m.params?.name === "string") needed.add(TOOL_SCOPE.get(m.params.name) ?? "tasks:read");
  }
  return [...needed];
}
