import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AuthStore, StoredAuthRecord } from "../../../ports/auth-store.js";
import type { Clock } from "../../../ports/clock.js";

/**
 * oidc-provider's Adapter (one per model: Client, Grant, Session, Interaction,
 * AuthorizationCode, RefreshToken, ReplayDetection…) over the AuthStore port. Expiry travels
 * as seconds from oidc-provider and is kept as epoch ms. A Grant record carries its own id as
 * its grant id, so revoking a grant by id takes the grant with it.
 */
export function storeAdapter(store: AuthStore, clock: Clock, model: string): Adapter {
  const payloadOf = (r: StoredAuthRecord | null): AdapterPayload | undefined => {
    if (!r) return undefined;
    const payload = r.payload as AdapterPayload;
    return r.consumedAt === null ? payload : { ...payload, consumed: Math.floor(r.consumedAt / 1000) };
  };
  return {
    async upsert(id, payload, expiresIn) {
      await store.put({
        kind: model,
        id,
        payload: payload as Record<string, unknown>,
        expiresAt: typeof expiresIn === "number" ? clock.now() + expiresIn * 1000 : null,
        grantId: model === "Grant" ? id : (payload.grantId ?? null),
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
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
