import type { AuthStore, StoredAuthRecord } from "../../ports/auth-store.js";

/** An owner's consent to one client, as `duely owner grants` lists it. */
export interface GrantSummary {
  id: string;
  owner: string;
  clientId: string;
  /** As the client registered it; null for a client that gave none. */
  clientName: string | null;
  /** The scopes granted for /mcp. */
  scopes: string[];
  /** Epoch ms. */
  grantedAt: number;
  expiresAt: number | null;
}

// The Grant and Client records are written by oidc-provider (src/adapters/auth/oidc); these
// are the fields of its payloads read here: accountId, clientId, resources, iat; client_name.
async function summary(store: AuthStore, r: StoredAuthRecord): Promise<GrantSummary> {
  const p = r.payload as { accountId?: string; clientId?: string; resources?: Record<string, string>; iat?: number };
  const clientId = p.clientId ?? "";
  const client = clientId ? await store.get("Client", clientId) : null;
  const name = client?.payload.client_name;
  return {
    id: r.id,
    owner: p.accountId ?? r.accountId ?? "",
    clientId,
    clientName: typeof name === "string" ? name : null,
    scopes: [...new Set(Object.values(p.resources ?? {}).flatMap((s) => s.split(" ").filter(Boolean)))].sort(),
    grantedAt: (p.iat ?? 0) * 1000,
    expiresAt: r.expiresAt,
  };
}

/** The live grants of one owner, or of every owner; oldest first. */
export async function listGrants(store: AuthStore, owner?: string): Promise<GrantSummary[]> {
  const records = await store.list("Grant", owner);
  const grants = await Promise.all(records.map((r) => summary(store, r)));
  return grants.sort((a, b) => a.grantedAt - b.grantedAt || a.id.localeCompare(b.id));
}

/**
 * Revokes a grant: the grant (which /mcp checks on every request, so its access tokens stop
 * working at once), then its refresh tokens and codes. False when there was no such grant.
 */
export async function revokeGrant(store: AuthStore, grantId: string): Promise<boolean> {
  const found = await store.get("Grant", grantId);
  await store.delete("Grant", grantId);
  await store.deleteByGrant(grantId);
  return found !== null;
}

/**
 * Revokes every grant of one owner, or only those given to one client: an app that connected
 * several times (MCP clients send `prompt=consent`, so each connection makes a grant of its
 * own) is cut off whole, refresh tokens included. How many grants went.
 */
export async function revokeGrants(store: AuthStore, owner: string, clientId?: string): Promise<number> {
  const grants = await store.list("Grant", owner);
  const chosen = grants.filter((g) => clientId === undefined || g.payload.clientId === clientId);
  for (const g of chosen) await revokeGrant(store, g.id);
  return chosen.length;
}
