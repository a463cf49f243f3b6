import { randomBytes, type ScryptOptions, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { DomainError } from "../../core/errors.js";
import type { AuthStore } from "../../ports/auth-store.js";

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

/** Creates an owner account; the name is also the owner of the tasks it creates. */
export async function addOwner(store: AuthStore, name: string, password: string, now: number): Promise<void> {
  if (!OWNER_NAME.test(name)) {
    throw new DomainError("invalid_argument", `owner name ${JSON.stringify(name)} is not allowed`, {
      field: "name",
      expected: "1-64 of A-Z a-z 0-9 . _ @ -, starting with a letter or digit",
    });
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new DomainError("invalid_argument", `the password is too short`, { field: "password", expected: `at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  const payload = { password: await hashPassword(password), createdAt: now };
  if (!(await store.create({ kind: KIND, id: name, accountId: name, payload, expiresAt: null }))) {
    throw new DomainError("conflict", `owner ${name} exists already`, { field: "name" });
  }
}

export async function ownerExists(store: AuthStore, name: string): Promise<boolean> {
  return (await store.get(KIND, name)) !== null;
}

/** The owner's name when the password is theirs, else null. */
export async function checkOwnerPassword(store: AuthStore, name: string, password: string): Promise<string | null> {
  const account = OWNER_NAME.test(name) ? await store.get(KIND, name) : null;
  const stored = typeof account?.payload.password === "string" ? account.payload.password : null;
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const ok = await matches(password, stored ?? (await dummyHash));
  return ok && stored !== null ? name : null;
}

/** Every owner account's name. */
export async function listOwners(store: AuthStore): Promise<string[]> {
  return (await store.list(KIND)).map((r) => r.id).sort();
}
