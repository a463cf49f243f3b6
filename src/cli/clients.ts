import { listClients, removeClient } from "../adapters/auth/clients.js";
import type { OwnerOptions } from "./owner.js";
import { audited, withAuthStore } from "./owner.js";

export async function runClientsList(opts: OwnerOptions & { json?: boolean }, env: Record<string, string | undefined>): Promise<void> {
  const clients = await withAuthStore(opts, env, (store) => listClients(store));
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(clients, null, 2)}\n`);
    return;
  }
  if (clients.length === 0) process.stdout.write("no registered client\n");
  const when = (ms: number | null) => (ms === null ? "never" : new Date(ms).toISOString());
  for (const c of clients) {
    process.stdout.write(
      `${c.id}  ${c.name ?? "(no name)"}  ${c.redirectUris.join(" ")}  ${c.grants} grant(s)  registered ${when(c.registeredAt)}  expires ${when(c.expiresAt)}\n`,
    );
  }
}

export async function runClientsRemove(clientId: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const grants = await withAuthStore(opts, env, async (store) => {
    const grants = await removeClient(store, clientId);
    if (grants !== null) await audited(store, "revocation", { command: "clients remove", client_id: clientId, grants });
    return grants;
  });
  if (grants === null) throw new Error(`no registered client ${clientId} (see duely clients list)`);
  process.stdout.write(`client ${clientId} removed with ${grants} grant(s): its tokens no longer work\n`);
}
