import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { addOwner, changeOwnerPassword, disableOwner, enableOwner, listOwnerAccounts, removeOwner } from "../adapters/auth/accounts.js";
import { type AuditEventKind, recordAudit } from "../adapters/auth/audit.js";
import { listGrants, revokeGrant, revokeGrants } from "../adapters/auth/grants.js";
import { rotateKeyring } from "../adapters/auth/keyring.js";
import { loadConfig, withDb } from "../config.js";
import { openAuthStore } from "../main.js";
import type { AuthStore } from "../ports/auth-store.js";
import { systemClock } from "../ports/clock.js";

/** Options every `duely owner` command takes; their meaning is in src/cli/main.ts. */
export interface OwnerOptions {
  config?: string;
  db?: string;
}

/** Opens the authorization server's store as the config (or --db) says, runs `fn`, closes it. */
export async function withAuthStore<T>(opts: OwnerOptions, env: Record<string, string | undefined>, fn: (store: AuthStore) => Promise<T>): Promise<T> {
  const config = loadConfig(withDb(env, opts.db), opts.config);
  const store = await openAuthStore(config, env);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Records what an operator's command did in the audit trail (`duely owner audit`). */
export const audited = (store: AuthStore, event: AuditEventKind, data: Record<string, unknown>) =>
  recordAudit(store, systemClock.now(), event, { ...data, by: "cli" });

/** All of stdin, less one trailing newline (what `echo pw |` and `printf` both give). */
async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, "");
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stderr.write(question);
  return new Promise((resolve) =>
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    }),
  );
}

async function newPassword(fromStdin: boolean, unchanged = "nothing was created"): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) throw new Error("no terminal to ask for the password on: pipe it in with --password-stdin");
  const first = await askHidden("Password: ");
  if ((await askHidden("Password again: ")) !== first) throw new Error(`the two passwords differ; ${unchanged}`);
  return first;
}

export async function runOwnerAdd(name: string, opts: OwnerOptions & { passwordStdin?: boolean }, env: Record<string, string | undefined>): Promise<void> {
  const password = await newPassword(opts.passwordStdin === true);
  await withAuthStore(opts, env, (store) => addOwner(store, name, password, systemClock.now()));
  process.stdout.write(`owner ${name} created; they can now sign in when an app connects to duely\n`);
}

export async function runOwnerGrants(
  name: string | undefined,
  opts: OwnerOptions & { json?: boolean },
  env: Record<string, string | undefined>,
): Promise<void> {
  const grants = await withAuthStore(opts, env, (store) => listGrants(store, name));
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(grants, null, 2)}\n`);
    return;
  }
  if (grants.length === 0) {
    process.stdout.write(name ? `${name} has granted no app access\n` : "no app has been granted access\n");
    return;
  }
  for (const g of grants) {
    const client = g.clientName ? `${g.clientName} (${g.clientId})` : g.clientId;
    process.stdout.write(`${g.id}  ${g.owner}  ${client}  ${g.scopes.join(" ") || "(no scopes)"}  since ${new Date(g.grantedAt).toISOString()}\n`);
  }
}

export async function runOwnerRevoke(grantId: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const siblings = await withAuthStore(opts, env, async (store) => {
    const grant = await store.get("Grant", grantId);
    if (!(await revokeGrant(store, grantId)) || !grant) return null;
    const { accountId, clientId } = grant.payload as { accountId?: string; clientId?: string };
    await audited(store, "revocation", { command: "revoke", owner: accountId, client_id: clientId, grant_id: grantId, grants: 1 });
    const left = accountId ? (await listGrants(store, accountId)).filter((g) => g.clientId === clientId) : [];
    return { owner: accountId ?? "", clientId: clientId ?? "", left: left.length };
  });
  if (!siblings) throw new Error(`no grant ${grantId} (see duely owner grants)`);
  process.stdout.write(`grant ${grantId} revoked: its tokens no longer work\n`);
  if (siblings.left > 0) {
    process.stdout.write(
      `${siblings.owner} gave the same app ${siblings.left} more grant(s), still working; \`duely owner revoke-app ${siblings.owner} ${siblings.clientId}\` revokes them all\n`,
    );
  }
}

export async function runOwnerRevokeApp(name: string, clientId: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const n = await withAuthStore(opts, env, async (store) => {
    const n = await revokeGrants(store, name, clientId);
    if (n > 0) await audited(store, "revocation", { command: "revoke-app", owner: name, client_id: clientId, grants: n });
    return n;
  });
  if (n === 0) throw new Error(`${name} has no grant for the app ${clientId} (see duely owner grants ${name})`);
  process.stdout.write(`${n} grant(s) of ${name} to ${clientId} revoked: that app's tokens no longer work\n`);
}

export async function runOwnerRevokeAll(name: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const n = await withAuthStore(opts, env, async (store) => {
    const n = await revokeGrants(store, name);
    await audited(store, "revocation", { command: "revoke-all", owner: name, grants: n });
    return n;
  });
  process.stdout.write(`${n} grant(s) of ${name} revoked: no app's token works for ${name} any more\n`);
}

export async function runOwnerPasswd(name: string, opts: OwnerOptions & { passwordStdin?: boolean }, env: Record<string, string | undefined>): Promise<void> {
  const password = await newPassword(opts.passwordStdin === true, "the password is unchanged");
  await withAuthStore(opts, env, (store) => changeOwnerPassword(store, name, password));
  process.stdout.write(`password of ${name} changed; apps already allowed keep working (\`duely owner revoke-all ${name}\` cuts them off)\n`);
}

export async function runOwnerDisable(name: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const n = await withAuthStore(opts, env, async (store) => {
    const n = await disableOwner(store, name, systemClock.now());
    await audited(store, "revocation", { command: "disable", owner: name, grants: n });
    return n;
  });
  process.stdout.write(`${name} disabled: cannot sign in; ${n} grant(s) revoked, their tokens no longer work\n`);
}

export async function runOwnerEnable(name: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  await withAuthStore(opts, env, (store) => enableOwner(store, name));
  process.stdout.write(`${name} enabled: can sign in again; apps must ask again\n`);
}

export async function runOwnerRemove(name: string, opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const n = await withAuthStore(opts, env, async (store) => {
    const n = await removeOwner(store, name);
    await audited(store, "revocation", { command: "remove", owner: name, grants: n });
    return n;
  });
  process.stdout.write(`${name} removed with ${n} grant(s); their tasks stay in the store\n`);
}

export async function runOwnerList(opts: OwnerOptions & { json?: boolean }, env: Record<string, string | undefined>): Promise<void> {
  const owners = await withAuthStore(opts, env, (store) => listOwnerAccounts(store));
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(owners, null, 2)}\n`);
    return;
  }
  if (owners.length === 0) process.stdout.write("no owner yet: `duely owner add NAME` creates one\n");
  const when = (ms: number | null) => (ms === null ? "?" : new Date(ms).toISOString());
  for (const o of owners)
    process.stdout.write(`${o.name}  since ${when(o.createdAt)}${o.disabledAt === null ? "" : `  disabled since ${when(o.disabledAt)}`}\n`);
}

/** Old keys stay published until no token they signed can be valid: the longest access-token life plus this. */
const ROTATION_SKEW_MS = 5 * 60_000;

export async function runOwnerRotateKeys(opts: OwnerOptions & { retireNow?: boolean }, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(withDb(env, opts.db), opts.config);
  const ttl = config.auth.kind === "builtin" ? config.auth.access_token_ttl_ms : 86_400_000;
  const retireNow = opts.retireNow === true;
  const { kid, dropped } = await withAuthStore(opts, env, async (store) => {
    const rotated = await rotateKeyring(store, systemClock, ttl + ROTATION_SKEW_MS, { retireNow });
    await audited(store, "key_rotation", { kid: rotated.kid, dropped: rotated.dropped, retire_now: retireNow });
    return rotated;
  });
  if (retireNow) {
    process.stdout.write(
      `new signing key ${kid}; retired at once: ${dropped.join(", ") || "no old key"}. Tokens they signed are refused from now on; ` +
        "apps get new ones with their refresh tokens, and owners signing in right now start again. " +
        "If the whole store may have leaked, `duely owner revoke-all NAME` cuts off refresh tokens too\n",
    );
    return;
  }
  process.stdout.write(`new signing key ${kid}; running servers use it within 30 s${dropped.length ? `; removed old keys ${dropped.join(", ")}` : ""}\n`);
}
