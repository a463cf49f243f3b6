import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { addOwner } from "../adapters/auth/accounts.js";
import { listGrants, revokeGrant } from "../adapters/auth/grants.js";
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

async function withStore<T>(opts: OwnerOptions, env: Record<string, string | undefined>, fn: (store: AuthStore) => Promise<T>): Promise<T> {
  const config = loadConfig(withDb(env, opts.db), opts.config);
  const store = await openAuthStore(config, env);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

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

async function newPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) throw new Error("no terminal to ask for the password on: pipe it in with --password-stdin");
  const first = await askHidden("Password: ");
  if ((await askHidden("Password again: ")) !== first) throw new Error("the two passwords differ; nothing was created");
  return first;
}

export async function runOwnerAdd(name: string, opts: OwnerOptions & { passwordStdin?: boolean }, env: Record<string, string | undefined>): Promise<void> {
  const password = await newPassword(opts.passwordStdin === true);
  await withStore(opts, env, (store) => addOwner(store, name, password, systemClock.now()));
  process.stdout.write(`owner ${name} created; they can now sign in when an app connects to duely\n`);
}

export async function runOwnerGrants(
  name: string | undefined,
  opts: OwnerOptions & { json?: boolean },
  env: Record<string, string | undefined>,
): Promise<void> {
  const grants = await withStore(opts, env, (store) => listGrants(store, name));
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
  const found = await withStore(opts, env, (store) => revokeGrant(store, grantId));
  if (!found) throw new Error(`no grant ${grantId} (see duely owner grants)`);
  process.stdout.write(`grant ${grantId} revoked: its tokens no longer work\n`);
}

/** Old keys stay published until no token they signed can be valid: the longest access-token life plus this. */
const ROTATION_SKEW_MS = 5 * 60_000;

export async function runOwnerRotateKeys(opts: OwnerOptions, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(withDb(env, opts.db), opts.config);
  const ttl = config.auth.kind === "builtin" ? config.auth.access_token_ttl_ms : 86_400_000;
  const { kid, dropped } = await withStore(opts, env, (store) => rotateKeyring(store, systemClock, ttl + ROTATION_SKEW_MS));
  process.stdout.write(`new signing key ${kid}; running servers use it within 30 s${dropped.length ? `; removed old keys ${dropped.join(", ")}` : ""}\n`);
}
