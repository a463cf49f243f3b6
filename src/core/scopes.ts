/**
 * The OAuth scopes duely's tools are guarded by. `tasks:write` includes `tasks:read`: a token
 * that may change tasks may also see them.
 */
export const SCOPES = ["tasks:read", "tasks:write"] as const;
export type Scope = (typeof SCOPES)[number];

/** What the consent page tells the owner each scope allows. */
export const SCOPE_MEANING: Readonly<Record<Scope, string>> = {
  "tasks:read": "See your scheduled tasks and their runs",
  "tasks:write": "Create, change, pause and cancel your scheduled tasks",
};

/** The scopes a token holds, with the ones they include: `tasks:write` brings `tasks:read`. */
export function withImpliedScopes(granted: readonly string[]): string[] {
  const out = new Set(granted);
  if (out.has("tasks:write")) out.add("tasks:read");
  return [...out];
}
