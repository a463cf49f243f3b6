import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AuthStore, StoredAuthRecord } from "../../../ports/auth-store.js";
import type { Clock } from "../../../ports/clock.js";
import { CLIENTS_LISTING } from "../clients.js";

/**
 * oidc-provider's Adapter (one per model: Client, Grant, Session, Interaction,
 * AuthorizationCode, RefreshToken, ReplayDetection…) over the AuthStore port. Expiry travels
 * as seconds from oidc-provider and is kept as epoch ms. A Grant record carries its own id as
 * its grant id, so revoking a grant by id takes the grant with it.
 */
export function storeAdapter(store: AuthStore, clock: Clock, model: string, unusedClientTtlMs: number): Adapter {
  const payloadOf = (r: StoredAuthRecord | null): AdapterPayload | undefined => {
    if (!r) return undefined;
    const payload = r.payload as AdapterPayload;
    return r.consumedAt === null ? payload : { ...payload, consumed: Math.floor(r.consumedAt / 1000) };
  };
  return {
    async upsert(id, payload, expiresIn) {
      // oidc-provider gives a registered client no expiry; one never used goes after unusedClientTtlMs (keepClient extends a used one).
      const client = model === "Client";
      const ttlMs = typeof expiresIn === "number" ? expiresIn * 1000 : client ? unusedClientTtlMs : null;
      await store.put({
        kind: model,
        id,
        payload: payload as Record<string, unknown>,
        expiresAt: ttlMs === null ? null : clock.now() + ttlMs,
        grantId: model === "Grant" ? id : (payload.grantId ?? null),
        uid: payload.uid ?? null,
        accountId: client ? CLIENTS_LISTING : (payload.accountId ?? null),
      });
    },
    find: async (id) => payloadOf(await store.get(model, id)),
    findByUid: async (uid) => payloadOf(await store.findByUid(model, uid)),
    // Device flow is off: nothing is ever stored by user code.
    findByUserCode: async () => undefined,
    consume: (id) => store.consume(model, id),
    destroy: (id) => store.delete(model, id),
    async revokeByGrantId(grantId) {
      await store.deleteByGrant(grantId, model);
    },
  };
}
