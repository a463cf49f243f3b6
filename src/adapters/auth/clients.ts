import type { AuthStore } from "../../ports/auth-store.js";
import { revokeGrant } from "./grants.js";

/**
 * Registered clients are kept under this account id so that the store can list them (its
 * `list` lists records that belong to an account). Owner names start with a letter or digit,
 * so no owner can be called this.
 */
export const CLIENTS_LISTING = "~clients";

/** A registered client as `duely clients list` shows it. */
export interface ClientSummary {
  id: string;
  /** As it registered itself; null when it gave none. */
  name: string | null;
  redirectUris: string[];
  /** Epoch ms, from its registration. */
  registeredAt: number | null;
  /** Epoch ms it is deleted at unless it gets a token meanwhile. */
  expiresAt: number | null;
  /** Grants owners gave it. */
  grants: number;
}

// Client records are oidc-provider's metadata (RFC 7591 names): client_name, redirect_uris, client_id_issued_at (s).
export async function listClients(store: AuthStore): Promise<ClientSummary[]> {
  const grants = await store.list("Grant");
  const byClient = new Map<string, number>();
  for (const g of grants) byClient.set(String(g.payload.clientId), (byClient.get(String(g.payload.clientId)) ?? 0) + 1);
  return (await store.list("Client", CLIENTS_LISTING))
    .map((r) => {
      const p = r.payload as { client_name?: unknown; redirect_uris?: unknown; client_id_issued_at?: unknown };
      return {
        id: r.id,
        name: typeof p.client_name === "string" ? p.client_name : null,
        redirectUris: Array.isArray(p.redirect_uris) ? p.redirect_uris.map(String) : [],
        registeredAt: typeof p.client_id_issued_at === "number" ? p.client_id_issued_at * 1000 : null,
        expiresAt: r.expiresAt,
        grants: byClient.get(r.id) ?? 0,
      };
    })
    .sort((a, b) => (a.registeredAt ?? 0) - (b.registeredAt ?? 0) || a.id.localeCompare(b.id));
}

/**
 * Removes a registered client and every grant any owner gave it (its tokens stop at once).
 * It may register again, and owners must allow it again. How many grants went, or null when
 * there was no such client.
 */
export async function removeClient(store: AuthStore, clientId: string): Promise<number | null> {
  const found = await store.get("Client", clientId);
  const grants = (await store.list("Grant")).filter((g) => g.payload.clientId === clientId);
  for (const g of grants) await revokeGrant(store, g.id);
  await store.delete("Client", clientId);
  return found || grants.length > 0 ? grants.length : null;
}
