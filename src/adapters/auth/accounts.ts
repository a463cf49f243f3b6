import { randomBytes, type ScryptOptions, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { DomainError } from "../../core/errors.js";
import type { AuthStore } from "../../ports/auth-store.js";
import { revokeGrants } from "./grants.js";

// @types/node's promisify overload of scrypt drops the options argument.
const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

/** N=2^15, r=8, p=1: about 32 MiB and a few tens of ms per check. Stored in the hash, so it can grow later. */
const COST = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/** Owner names become the owner of tasks; kept to characters that read the same everywhere. */
export const OWNER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const MIN_PASSWORD_LENGTH = 10;
const KIND = "Account";

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...COST, maxmem: MAX_MEMORY });
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

async function matches(password: string, stored: string): Promise<boolean> {
  const [tag, N, r, p, salt, hash] = stored.split("$");
  if (tag !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(expected, actual);
}

/** An unknown name costs the same scrypt work as a wrong password, so timing does not tell which names exist. */
let dummyHash: Promise<string> | undefined;

function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new DomainError("invalid_argument", `the password is too short`, { field: "password", expected: `at least ${MIN_PASSWORD_LENGTH} characters` });
  }
}

/** Creates an owner account; the name is also the owner of the tasks it creates. */
export async function addOwner(store: AuthStore, name: string, password: string, now: number): Promise<void> {
  if (!OWNER_NAME.test(name)) {
    throw new DomainError("invalid_argument", `owner name ${JSON.stringify(name)} is not allowed`, {
      field: "name",
      expected: "1-64 of A-Z a-z 0-9 . _ @ -, starting with a letter or digit",
    });
  }
  checkPassword(password);
  const payload = { password: await hashPassword(password), createdAt: now };
  if (!(await store.create({ kind: KIND, id: name, accountId: name, payload, expiresAt: null }))) {
    throw new DomainError("conflict", `owner ${name} exists already`, { field: "name" });
  }
}

/** An owner who may sign in and whose sessions and refresh tokens still count: the account exists and is not disabled. */
export async function ownerExists(store: AuthStore, name: string): Promise<boolean> {
  const account = await store.get(KIND, name);
  return account !== null && account.payload.disabledAt === undefined;
}

/**
 * The owner's name when the password is theirs and the account is enabled, else null. A
 * disabled account costs the same scrypt work, so timing tells nothing either.
 */
export async function checkOwnerPassword(store: AuthStore, name: string, password: string): Promise<string | null> {
  const account = OWNER_NAME.test(name) ? await store.get(KIND, name) : null;
  const stored = typeof account?.payload.password === "string" ? account.payload.password : null;
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const ok = await matches(password, stored ?? (await dummyHash));
  return ok && stored !== null && account?.payload.disabledAt === undefined ? name : null;
}

/** One owner account as `duely owner list` shows it. */
export interface OwnerSummary {
  name: string;
  /** Epoch ms. */
  createdAt: number | null;
  /** Epoch ms it was disabled at; null while it may sign in. */
  disabledAt: number | null;
}

/** Every owner account, by name. */
export async function listOwnerAccounts(store: AuthStore): Promise<OwnerSummary[]> {
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  return (await store.list(KIND))
    .map((r) => ({ name: r.id, createdAt: num(r.payload.createdAt), disabledAt: num(r.payload.disabledAt) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every owner account's name. */
export async function listOwners(store: AuthStore): Promise<string[]> {
  return (await listOwnerAccounts(store)).map((o) => o.name);
}

async function existing(store: AuthStore, name: string) {
  const account = await store.get(KIND, name);
  if (!account) throw new DomainError("not_found", `there is no owner ${name} (see duely owner list)`, { field: "name" });
  return account;
}

/** Sets a new password. Apps already allowed keep their grants (revoke them with `revokeGrants`). */
export async function changeOwnerPassword(store: AuthStore, name: string, password: string): Promise<void> {
  checkPassword(password);
  const account = await existing(store, name);
  await store.put({ ...account, payload: { ...account.payload, password: await hashPassword(password) } });
}

/**
 * Disables an owner: they cannot sign in, their sessions and refresh tokens stop counting
 * (oidc-provider asks `findAccount`, which says no), and their grants are revoked, so access
 * tokens stop at once too. Returns how many grants went. `enableOwner` undoes the first part;
 * apps must ask again.
 */
export async function disableOwner(store: AuthStore, name: string, now: number): Promise<number> {
  const account = await existing(store, name);
  await store.put({ ...account, payload: { ...account.payload, disabledAt: account.payload.disabledAt ?? now } });
  return revokeGrants(store, name);
}

export async function enableOwner(store: AuthStore, name: string): Promise<void> {
  const account = await existing(store, name);
  const { disabledAt: _was, ...payload } = account.payload;
  await store.put({ ...account, payload });
}

/**
 * Deletes the account, its sign-in sessions and its grants (tokens stop at once); the name may
 * be added again. The owner's tasks stay in the task store. Returns how many grants went.
 */
export async function removeOwner(store: AuthStore, name: string): Promise<number> {
  await existing(store, name);
  await store.delete(KIND, name);
  for (const session of await store.list("Session", name)) await store.delete("Session", session.id);
  return revokeGrants(store, name);
}
